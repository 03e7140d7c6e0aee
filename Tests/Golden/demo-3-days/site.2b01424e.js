// Remembers the list/poster choice across visits, as the apps remembered it with UserDefaults.
// Every page works without this script; it only adds the memory.
(function () {
  "use strict";
  var KEY = "sitegen.view";
  function load() { try { return window.localStorage.getItem(KEY); } catch (e) { return null; } }
  function save(view) { try { window.localStorage.setItem(KEY, view); } catch (e) { /* private mode */ } }

  document.addEventListener("click", function (event) {
    var link = event.target.closest ? event.target.closest("a[data-view]") : null;
    if (link) save(link.getAttribute("data-view"));
  });

  // Where the site starts, for the 404 page: a host serves it at any depth, and without
  // --base-url it looks for the root this browser last saw here (404.mustache).
  var rooted = document.querySelector("[data-root]");
  if (rooted && /^https?:$/.test(location.protocol) && !document.body.classList.contains("page-not-found")) {
    try {
      var home = new URL((rooted.getAttribute("data-root") || "") + "index.html", location.href).pathname;
      window.localStorage.setItem("sitegen.root", home.slice(0, home.length - "index.html".length));
    } catch (e) { /* private mode */ }
  }

  // Posters found by image search live on other sites, which may refuse to serve them here:
  // show the drawn placeholder instead of a broken image.
  function fallBack(img) {
    var fallback = img.getAttribute("data-fallback");
    if (fallback && img.getAttribute("src") !== fallback) {
      img.removeAttribute("data-fallback");
      img.src = fallback;
    }
  }
  document.addEventListener("error", function (event) {
    if (event.target && event.target.tagName === "IMG") fallBack(event.target);
  }, true);
  Array.prototype.forEach.call(document.querySelectorAll("img[data-fallback]"), function (img) {
    if (img.complete && img.naturalWidth === 0) fallBack(img);
  });

  // The installable app: a service worker at the site root (wherever that is) keeps the latest
  // days and the pages opened here for reading offline (sw.js). Registered once the page has
  // loaded, so storing those pages never competes with the page being read. The root is the
  // pages' data-root, not the manifest's folder: an edition's manifest is in its own (en/).
  var manifest = document.querySelector('link[rel="manifest"]');
  if (manifest && "serviceWorker" in navigator && /^https?:$/.test(location.protocol) &&
      !document.body.classList.contains("page-not-found")) {
    var register = function () {
      var worker = rooted ? new URL((rooted.getAttribute("data-root") || "") + "sw.js", document.baseURI)
        : new URL("sw.js", manifest.href);
      navigator.serviceWorker.register(worker.href).catch(function () { /* online only */ });
    };
    if (document.readyState === "complete") register(); else window.addEventListener("load", register);
  }

  // The list/poster view is the page's #fragment (the stylesheet does the rest): a chart opened
  // without one shows the view last chosen, and the switch tells screen readers which is on.
  var toggle = document.querySelector(".view-toggle");
  if (!toggle) return;
  function mark() {
    var grid = location.hash === "#posters";
    Array.prototype.forEach.call(toggle.querySelectorAll("a[data-view]"), function (a) {
      if ((a.getAttribute("data-view") === "grid") === grid) a.setAttribute("aria-current", "true");
      else a.removeAttribute("aria-current");
    });
  }
  window.addEventListener("hashchange", mark);
  if (!location.hash && load() === "grid") location.replace("#posters");
  mark();
})();
