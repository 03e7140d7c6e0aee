// The search box in every page's header: films, people and days as you type, found in the
// browser in search/index.json, which is fetched only once the box is used. Opened straight from
// disk, where browsers refuse fetch(), the same index comes from search/index.js as a script.
// Without this script the form submits to the 가나다 list page.
(function () {
  "use strict";
  var input = document.getElementById("site-search-q");
  if (!input || !window.fetch) return;
  var root = input.getAttribute("data-root") || "";
  // The edition's folder ("" or "en/"): its own index, and links that stay in it.
  var edition = input.getAttribute("data-edition") || "";
  var english = document.documentElement.lang === "en";
  var CHO = "ㄱㄲㄴㄷㄸㄹㅁㅂㅃㅅㅆㅇㅈㅉㅊㅋㅌㅍㅎ";
  var WEEKDAYS = "일월화수목금토";
  var EN_DAYS = ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"];
  var EN_MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];
  // What the script says, in the page's language (the pages' own words are in the strings tables).
  var T = english ? {
    failed: "The search list could not be loaded. Press Search for the full list.",
    dayMeta: "Date · that day's box office", film: "Film", total: " in all", director: "Director", actor: "Actor",
    both: "Director, actor", films: function (n) { return n + (n === 1 ? " film" : " films"); }, sum: "admissions ",
    found: function (n) { return n + (n === 1 ? " result" : " results") + ". Use the up and down arrows, then Enter."; },
    none: "Nothing found.", heading: function (q, n) { return "Results for “" + q + "”: " + n; },
    results: "Search results"
  } : {
    failed: "찾기 목록을 불러오지 못했습니다. 찾기 단추를 누르면 전체 목록으로 갑니다.",
    dayMeta: "날짜 · 그날의 박스오피스", film: "영화", total: "누적 ", director: "감독", actor: "배우", both: "감독·배우",
    films: function (n) { return "영화 " + n + "편"; }, sum: "관객 합계 ",
    found: function (n) { return "결과 " + n + "건. 위아래 화살표로 고르고 Enter로 이동합니다."; },
    none: "찾는 결과가 없습니다.", heading: function (q, n) { return "「" + q + "」 찾기 결과 " + n + "건"; },
    results: "찾기 결과"
  };
  // The combobox's parts are made here, not in every page's HTML: without this script the box is a
  // plain form (30,000 pages times 300 bytes of markup only a script uses). A theme whose header
  // already has them keeps its own.
  function part(tag, id, attributes) {
    var el = document.getElementById(id);
    if (el) return el;
    el = document.createElement(tag);
    el.id = id;
    for (var name in attributes) el.setAttribute(name, attributes[name]);
    input.form.appendChild(el);
    return el;
  }
  var list = part("ul", "site-search-list", { "class": "search-results", role: "listbox", "aria-label": T.results });
  list.hidden = true;
  var status = part("p", "site-search-status", { "class": "sr", role: "status" });
  var combobox = { autocomplete: "off", spellcheck: "false", role: "combobox", "aria-autocomplete": "list",
                   "aria-expanded": "false", "aria-controls": "site-search-list" };
  for (var name in combobox) if (!input.hasAttribute(name)) input.setAttribute(name, combobox[name]);
  var data = null, loading = null, results = [], active = -1, timer = 0;

  // A file:// page may not fetch, but may run a script beside it: the index calls back with itself.
  function viaScript(href) {
    return new Promise(function (resolve, reject) {
      window.sitegenSearchIndex = resolve;
      var script = document.createElement("script");
      script.src = href.replace(/\.json$/, ".js");
      script.onerror = reject;
      document.head.appendChild(script);
    });
  }

  function load() {
    if (!loading) {
      var href = new URL(edition + "search/index.json", new URL(root, document.baseURI)).href;
      loading = (location.protocol === "file:" ? viaScript(href) : fetch(href)
        .then(function (r) { if (!r.ok) throw new Error(r.status); return r.json(); }))
        .then(prepare)
        .catch(function () { loading = null; status.textContent = T.failed; });
    }
    return loading;
  }

  // Spaces and punctuation never matter: 「범죄 도시」 finds 「범죄도시」.
  function fold(s) { return (s || "").toLowerCase().replace(/[\s\p{P}\p{S}]+/gu, ""); }

  function prepare(json) {
    data = {
      range: json.r || null, days: json.ds || null,
      films: (json.f || []).map(function (f) {
        return { code: f[0], title: f[1], year: f[2], total: f[3], keys: [fold(f[1]), fold(f[4]), fold(f[5])], poster: f[6] || "" };
      })
    };
    data.people = (json.p || []).map(function (p) {
      var films = p[3] || [], sum = 0;
      films.forEach(function (i) { sum += data.films[i] ? data.films[i].total : 0; });
      return { id: p[0], name: p[1], role: p[2], films: films, total: sum, keys: [fold(p[1]), fold(p[4]), fold(givenFirst(p[1])), fold(givenFirst(p[4]))], english: p[4] || "" };
    });
  }

  // 「Kim Yoon-won」 written as English speakers say it, 「Yoon-won Kim」, is the same person; a
  // name in Hangul has no such order to swap.
  function givenFirst(name) {
    var parts = (name || "").split(" ");
    return parts.length === 2 && /^[A-Za-z]/.test(parts[0]) ? parts[1] + " " + parts[0] : "";
  }

  function initial(c) {
    var n = c.charCodeAt(0) - 0xAC00;
    return n >= 0 && n < 11172 ? CHO.charAt(Math.floor(n / 588)) : c;
  }

  // Where the query occurs in a folded text, or -1. A bare consonant in the query matches any
  // syllable it begins (초성 search: 「ㅂㅈㄷㅅ」 and 「범죄ㄷㅅ」 both find 「범죄도시」).
  function position(text, q) {
    outer: for (var i = 0; i + q.length <= text.length; i++) {
      for (var j = 0; j < q.length; j++) {
        var a = text.charAt(i + j), b = q.charAt(j);
        if (a !== b && !(CHO.indexOf(b) >= 0 && initial(a) === b)) continue outer;
      }
      return i;
    }
    return -1;
  }

  function best(keys, q) {
    var found = -1;
    keys.forEach(function (k) { var p = k ? position(k, q) : -1; if (p >= 0 && (found < 0 || p < found)) found = p; });
    return found;
  }

  // Floored like the pages: 97,095 is 9.7만, never 10만; 1,299,999 is 1.2M, never 1.3M.
  function compact(n) {
    function tenths(t) { return (Math.floor(t / 10)).toLocaleString("en-US") + (t % 10 ? "." + (t % 10) : ""); }
    if (english) {
      // As EnglishFormat.compact writes it: every figure scaled, so a list reads one way.
      if (n < 1000) return String(n);
      if (n < 100000) return tenths(Math.floor(n / 100)) + "K";
      if (n < 1000000) return Math.floor(n / 1000) + "K";
      if (n < 1000000000) return tenths(Math.floor(n / 100000)) + "M";
      return tenths(Math.floor(n / 100000000)) + "B";
    }
    if (n < 10000) return n.toLocaleString("en-US") + "명";
    if (n < 1000000) return tenths(Math.floor(n / 1000)) + "만 명";
    if (n < 100000000) return Math.floor(n / 10000).toLocaleString("en-US") + "만 명";
    return tenths(Math.floor(n / 10000000)) + "억 명";
  }

  function pad(n) { return (n < 10 ? "0" : "") + n; }

  function dayResult(y, m, d) {
    var date = new Date(Date.UTC(y, m - 1, d));
    if (date.getUTCMonth() !== m - 1 || date.getUTCDate() !== d) return null;
    var iso = y + "-" + pad(m) + "-" + pad(d);
    var known = data.days ? data.days.indexOf(iso) >= 0 : data.range && iso >= data.range[0] && iso <= data.range[1];
    if (!known) return null;
    var title = english ? EN_DAYS[date.getUTCDay()] + ", " + EN_MONTHS[m - 1] + " " + d + ", " + y
      : y + "년 " + m + "월 " + d + "일 (" + WEEKDAYS.charAt(date.getUTCDay()) + ")";
    return { href: root + edition + "date/" + iso + "/index.html", title: title, meta: T.dayMeta, poster: "" };
  }

  // 「2024-02-10」, 「2024.2.10」, 「20240210」, 「2024년 2월 10일」: that day. 「2월 10일」, 「2/10」: that day in every year built.
  function dates(raw) {
    var q = raw.trim(), out = [], m;
    // "Feb 10, 2024", "February 10 2024", "10 Feb 2024": the month's name made a number.
    var named = q.toLowerCase().match(/^(?:(\d{1,2})\s+)?([a-z]{3})[a-z]*\.?\s*(\d{1,2})?(?:,?\s*(\d{4}))?$/);
    if (named && EN_MONTHS.map(function (s) { return s.toLowerCase(); }).indexOf(named[2]) >= 0 && (named[1] || named[3])) {
      var month = EN_MONTHS.map(function (s) { return s.toLowerCase(); }).indexOf(named[2]) + 1;
      q = (named[4] ? named[4] + "-" : "") + month + (named[4] ? "-" : "/") + (named[1] || named[3]);
    }
    if ((m = q.match(/^(\d{4})\s*(?:[-./]|년)?\s*(\d{1,2})\s*(?:[-./]|월)?\s*(\d{1,2})\s*일?$/))) {
      var one = dayResult(+m[1], +m[2], +m[3]);
      if (one) out.push(one);
    } else if ((m = q.match(/^(\d{1,2})\s*(?:\/|월)\s*(\d{1,2})\s*일?$/))) {
      var last = data.range ? +data.range[1].slice(0, 4) : data.days && data.days.length ? +data.days[data.days.length - 1].slice(0, 4) : 0;
      var first = data.range ? +data.range[0].slice(0, 4) : data.days && data.days.length ? +data.days[0].slice(0, 4) : 1;
      for (var y = last; y >= first && out.length < 5; y--) {
        var r = dayResult(y, +m[1], +m[2]);
        if (r) out.push(r);
      }
    }
    return out;
  }

  // A poster served from the site is a path from its root; a hot-linked one is a full URL.
  function posterOf(film) {
    if (!film) return "";
    if (!film.poster) return root + edition + "poster/" + film.code + ".svg";
    return /^https?:/i.test(film.poster) ? film.poster : root + film.poster;
  }

  function search(raw) {
    var q = fold(raw);
    if (!q || !data) return [];
    var out = dates(raw);
    // Its words one by one, in any order, after the whole query: 「chaser return」 finds 「Sea
    // Chaser: The Return」, which it missed for the word between.
    var words = raw.split(/\s+/).map(fold).filter(function (w) { return w; });
    function ranked(items, limit) {
      var hits = [];
      items.forEach(function (item, i) {
        var p = best(item.keys, q), rank = p === 0 ? 0 : 1;
        if (p < 0 && words.length > 1 && words.every(function (w) { return best(item.keys, w) >= 0; })) {
          p = 1; rank = 2;
        }
        if (p >= 0) hits.push([rank, -item.total, i, item]);
      });
      hits.sort(function (a, b) { return a[0] - b[0] || a[1] - b[1] || a[2] - b[2]; });
      return hits.slice(0, limit).map(function (h) { return h[3]; });
    }
    ranked(data.films, 6).forEach(function (f) {
      var total = english ? compact(f.total) + T.total : T.total + compact(f.total);
      out.push({ href: root + edition + "movie/" + f.code + "/index.html", title: f.title,
                 meta: T.film + (f.year ? " · " + f.year : "") + " · " + total, poster: posterOf(f), fallback: root + edition + "poster/" + f.code + ".svg" });
    });
    ranked(data.people, 6).forEach(function (p) {
      var role = p.role === 3 ? T.both : p.role === 1 ? T.director : T.actor;
      var top = data.films[p.films[0]];
      out.push({ href: root + edition + "person/" + p.id + "/index.html", title: p.name,
                 meta: role + " · " + T.films(p.films.length) + " · " + T.sum + compact(p.total), poster: posterOf(top),
                 fallback: top ? root + edition + "poster/" + top.code + ".svg" : "" });
    });
    return out;
  }

  function setActive(i) {
    var options = list.children;
    if (active >= 0 && options[active]) options[active].setAttribute("aria-selected", "false");
    active = i;
    if (active >= 0 && options[active]) {
      options[active].setAttribute("aria-selected", "true");
      input.setAttribute("aria-activedescendant", options[active].id);
      options[active].scrollIntoView({ block: "nearest" });
    } else {
      input.removeAttribute("aria-activedescendant");
    }
  }

  function close() {
    list.hidden = true;
    input.setAttribute("aria-expanded", "false");
    setActive(-1);
  }

  function option(r, i) {
    var li = document.createElement("li");
    li.id = "site-search-option-" + i;
    li.setAttribute("role", "option");
    li.setAttribute("aria-selected", "false");
    var thumb = document.createElement(r.poster ? "img" : "span");
    thumb.className = "search-thumb";
    if (r.poster) {
      thumb.alt = "";
      thumb.width = 30; thumb.height = 43;
      if (r.fallback && r.poster !== r.fallback) thumb.setAttribute("data-fallback", r.fallback);
      thumb.src = r.poster;
    } else {
      thumb.setAttribute("aria-hidden", "true");
      thumb.textContent = "📅";
    }
    var text = document.createElement("span");
    text.className = "search-text";
    var title = document.createElement("span");
    title.className = "search-title";
    title.textContent = r.title;
    var meta = document.createElement("span");
    meta.className = "search-meta";
    meta.textContent = r.meta;
    text.appendChild(title); text.appendChild(meta);
    li.appendChild(thumb); li.appendChild(text);
    li.addEventListener("mousedown", function (e) { e.preventDefault(); });
    li.addEventListener("click", function () { window.location.href = r.href; });
    return li;
  }

  function update() {
    var value = input.value;
    results = search(value);
    list.textContent = "";
    active = -1;
    input.removeAttribute("aria-activedescendant");
    if (!fold(value)) { close(); status.textContent = ""; return; }
    results.forEach(function (r, i) { list.appendChild(option(r, i)); });
    list.hidden = results.length === 0;
    input.setAttribute("aria-expanded", results.length ? "true" : "false");
    // Announced after typing pauses, so a screen reader is not talked over at each key.
    clearTimeout(timer);
    timer = setTimeout(function () {
      status.textContent = results.length ? T.found(results.length) : T.none;
    }, 400);
  }

  input.addEventListener("focus", function () { load(); });
  input.addEventListener("input", function () { load().then(update); });
  input.addEventListener("keydown", function (e) {
    if (e.key === "ArrowDown" || e.key === "ArrowUp") {
      if (list.hidden && results.length) { list.hidden = false; input.setAttribute("aria-expanded", "true"); }
      if (!results.length) return;
      e.preventDefault();
      var n = results.length;
      setActive(e.key === "ArrowDown" ? (active + 1) % n : (active <= 0 ? n - 1 : active - 1));
    } else if (e.key === "Enter" && active >= 0 && !list.hidden) {
      e.preventDefault();
      window.location.href = results[active].href;
    } else if (e.key === "Escape") {
      if (!list.hidden) { e.preventDefault(); close(); }
    }
  });
  input.addEventListener("blur", function () { setTimeout(close, 150); });

  // On the list page, a query submitted without the popup (Enter with nothing chosen) gets its
  // matches as plain links above the 가나다 list.
  var here = document.getElementById("search-page-results");
  var asked = new URLSearchParams(window.location.search).get("q");
  if (here && asked) {
    input.value = asked;
    load().then(function () {
      var found = search(asked);
      var heading = document.createElement("h2");
      heading.textContent = T.heading(asked, found.length);
      here.appendChild(heading);
      var ul = document.createElement("ul");
      ul.className = "az-list";
      found.forEach(function (r) {
        var li = document.createElement("li"), a = document.createElement("a"), meta = document.createElement("span");
        a.href = r.href; a.textContent = r.title;
        meta.className = "muted"; meta.textContent = " " + r.meta;
        li.appendChild(a); li.appendChild(meta); ul.appendChild(li);
      });
      here.appendChild(ul);
    });
  }
})();
