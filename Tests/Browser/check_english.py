#!/usr/bin/env python3
"""The English edition in headless Chromium, served by nginx as a static host serves it, online
and offline: no Korean detour.

Over every English page kind (home, day, day filters, week, weekend, film, person, year, years,
records, archive, search, market, distributors, a distributor, regions, a region, 404, offline)
at 390 and 1280 px:
  - online, light and dark: no Hangul outside elements marked lang="ko" in the text a reader sees
    or hears (visible and screen-reader text) and in alt text (images' alt, aria-label, title, an
    inline chart's <title>); axe-core finds nothing; a screenshot of each goes to
    .build/screenshots/english/;
  - a missing address under en/ gets the host's one 404.html, which shows its English words and
    speaks English, and a missing address elsewhere the Korean ones;
  - en/manifest.webmanifest has no Hangul, is the manifest Chromium finds on English pages, and
    starts the app at en/; the service worker keeps en/ and en/offline/ on the first visit;
  - offline (nginx stopped after the visit), every page opened is shown again with the same
    check, the English latest days (which the English offline page lists) are there unopened, and
    an older English page never opened (or a missing one) gets the English offline page, a Korean
    one the Korean offline page.
Exits non-zero with one line per failure. SITEGEN_BINARY (with SITEGEN_ROOT, its checkout) runs
another build of sitegen, to see the check fail on a commit before these edges were finished.
"""
import json
import os
import shutil
import sys
import tempfile
import time
import re
import urllib.error
import urllib.parse
import urllib.request
from pathlib import Path

from check_app import start_nginx, stop
from check_hosting import free_port
from check_site import axe_source, run_axe
from common import ROOT, browser, chart, check, failures, sitegen

UNTIL = "2024-02-10"
SHOTS = ROOT / ".build" / "screenshots" / "english"
WIDTHS = ((390, 844), (1280, 900))
HANGUL = r"[\u1100-\u11ff\u3130-\u318f\ua960-\ua97f\uac00-\ud7af\ud7b0-\ud7ff]"

# What a reader sees or hears outside elements marked lang="ko": text nodes of rendered elements
# (a screen reader's clipped text included, display:none and visibility:hidden not), the alt text
# of rendered images, aria-label, title and placeholder, and an inline chart's <title>/<desc>.
KOREAN_SHOWN = """
const hangul = new RegExp(arguments[0]), out = [];
const shown = e => e.checkVisibility({visibilityProperty: true});
const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
for (let n = walker.nextNode(); n; n = walker.nextNode()) {
  const e = n.parentElement;
  if (!e || e.closest('script,style,noscript,template,[lang="ko"]') || !hangul.test(n.textContent)) continue;
  const svgText = e.closest('svg title, svg desc');
  if (shown(svgText ? e.closest('svg') : e)) out.push(n.textContent.trim().slice(0, 50));
}
for (const e of document.body.querySelectorAll('[alt],[aria-label],[title],[placeholder]')) {
  if (e.closest('[lang="ko"]') || !shown(e)) continue;
  for (const a of ['alt', 'aria-label', 'title', 'placeholder']) {
    const v = e.getAttribute(a);
    if (v && hangul.test(v)) out.push(a + '=' + v.slice(0, 50));
  }
}
return out;"""

# Resolves once the worker has installed and kept the pages it keeps on the first visit.
KEPT = """
const done = arguments[arguments.length - 1], wanted = arguments[0];
(async () => {
  await navigator.serviceWorker.ready;
  for (let i = 0; i < 150; i++) {
    const names = (await caches.keys()).filter(n => n.startsWith("sitegen-pages-"));
    if (names.length === 1) {
      const keys = (await (await caches.open(names[0])).keys()).map(k => k.url);
      if (wanted.every(w => keys.includes(w))) return done(keys);
    }
    await new Promise(r => setTimeout(r, 100));
  }
  const names = (await caches.keys()).filter(n => n.startsWith("sitegen-pages-"));
  done(names.length ? (await (await caches.open(names[0])).keys()).map(k => k.url) : []);
})().catch(e => done(["error " + e]));
"""


def pages(site):
    """Every English page kind, by the address a reader opens (the folder, as the worker keys it)."""
    movie = chart(site, UNTIL)["entries"][0]["movieCode"]
    people = json.loads((site / "en" / "search" / "index.json").read_text(encoding="utf-8"))["p"]
    person = max(people, key=lambda p: len(p[3]))[0]
    distributors = sorted(p.name for p in (site / "en" / "distributor").iterdir() if p.is_dir())
    distributor = distributors[0]
    # A company KOBIS names only in Korean: its name stays Korean, marked, inside English sentences.
    korean_named = next(d for d in distributors
                        if '<h1 lang="ko">' in (site / "en" / "distributor" / d / "index.html").read_text(encoding="utf-8"))
    region = sorted(p.name for p in (site / "en" / "region").iterdir() if p.is_dir())[0]
    return {
        "home": "en/", "day": "en/date/2024-02-03/", "day-filters": "en/date/2024-02-03/filters/",
        "week": "en/week/2024-01-29/", "week-filters": "en/week/2024-01-29/filters/",
        "weekend": "en/weekend/2024-02-02/", "film": f"en/movie/{movie}/", "person": f"en/person/{person}/",
        "year": "en/year/2024/", "years": "en/year/", "records": "en/records/", "archive": "en/archive/",
        "search": "en/search/", "market": "en/market/", "distributors": "en/distributor/",
        "distributor": f"en/distributor/{distributor}/", "distributor-korean-name": f"en/distributor/{korean_named}/",
        "regions": "en/region/", "region": f"en/region/{region}/",
        "offline": "en/offline/",
    }


def korean_shown(driver, label):
    found = driver.execute_script(KOREAN_SHOWN, HANGUL)
    check(not found, f"{label}: Hangul outside lang=ko: {found[:4]}")


def look(driver, label, width, height):
    """The whole page in one picture, then the window back to its size."""
    full = driver.execute_script("return document.documentElement.scrollHeight")
    driver.set_window_size(width, min(max(full, height), 6000))
    driver.save_screenshot(str(SHOTS / f"{label}.png"))
    driver.set_window_size(width, height)


def check_404(driver, base, width):
    """The host's one 404.html: English words under en/, Korean ones elsewhere."""
    driver.get(base + "en/no-such/page/")
    state = driver.execute_script(
        "const h = [...document.querySelectorAll('h1')].find(h => h.checkVisibility());"
        "return [document.documentElement.lang, document.title, h ? h.textContent : null,"
        " [...document.querySelectorAll('a[href]')].filter(a => a.checkVisibility()).map(a => a.href)]")
    lang, title, heading, links = state
    check(lang == "en", f"404 under en/ at {width}: the page speaks {lang!r}")
    check(heading and not any("\uac00" <= c <= "\ud7a3" for c in heading + title),
          f"404 under en/ at {width}: heading {heading!r}, title {title!r}")
    check(links and all("/en/" in href for href in links), f"404 under en/ at {width}: links leave en/: {links[:3]}")
    korean_shown(driver, f"404 under en/ at {width}")
    driver.get(base + "no-such/page/")
    lang, heading = driver.execute_script(
        "const h = [...document.querySelectorAll('h1')].find(h => h.checkVisibility());"
        "return [document.documentElement.lang, h ? h.textContent : null]")
    check(lang == "ko" and heading and "페이지" in heading, f"404 outside en/ at {width}: {lang!r} {heading!r}")


def check_manifest(driver, base):
    """The English manifest: no Hangul, English names, the app starting at en/; the one Chromium
    finds on an English page, the site still installable."""
    try:
        with urllib.request.urlopen(base + "en/manifest.webmanifest") as response:
            text = response.read().decode("utf-8")
    except urllib.error.HTTPError as error:
        check(False, f"en/manifest.webmanifest: HTTP {error.code}")
        return
    check(not re.search(HANGUL, text), f"en/manifest.webmanifest has Hangul: {re.findall(HANGUL + '+', text)[:3]}")
    manifest = json.loads(text)
    url = base + "en/manifest.webmanifest"
    resolve = urllib.parse.urljoin
    check(manifest.get("lang") == "en", f"en/manifest.webmanifest: lang {manifest.get('lang')!r}")
    check(resolve(url, manifest.get("start_url", "")) == base + "en/", f"the English app starts at {manifest.get('start_url')!r}")
    check(resolve(url, manifest.get("scope", "")) == base + "en/", f"the English app's scope is {manifest.get('scope')!r}")
    for icon in manifest.get("icons", []):
        with urllib.request.urlopen(resolve(url, icon["src"])) as response:
            check(response.status == 200, f"the English manifest's icon {icon['src']} is missing")
    driver.get(base + "en/")
    found = driver.execute_cdp_cmd("Page.getAppManifest", {})
    check(found.get("url") == url, f"Chromium finds the manifest {found.get('url')} on the English home")
    check(found.get("errors") == [], f"the English manifest has errors: {found.get('errors')}")
    errors = driver.execute_cdp_cmd("Page.getInstallabilityErrors", {}).get("installabilityErrors")
    check(errors == [], f"Chromium finds the English edition not installable: {errors}")


def check_offline_page(driver, address, english, label):
    """A page the worker never kept: the offline page of the address's edition."""
    driver.get(address)
    lang, title = driver.execute_script("return [document.documentElement.lang, document.title]")
    if english:
        check(lang == "en" and title.startswith("Offline"), f"offline, {label} shows {title!r} ({lang})")
        korean_shown(driver, f"offline, {label}")
        links = driver.execute_script(
            "return [...document.querySelectorAll('main a[href]')].map(a => a.href)")
        check(links and all("/en/" in href for href in links), f"offline, {label}: links leave en/: {links[:3]}")
    else:
        check(lang == "ko" and "오프라인" in title, f"offline, {label} shows {title!r} ({lang})")


def main():
    nginx = shutil.which("nginx") or "/usr/sbin/nginx"
    if not Path(nginx).exists():
        raise SystemExit("nginx missing: apt-get install nginx-light (or .ci/setup --browser)")
    SHOTS.mkdir(parents=True, exist_ok=True)
    axe = axe_source()
    with tempfile.TemporaryDirectory() as temp:
        work = Path(temp)
        os.chmod(work, 0o755)
        site = work / "site"
        # 45 days: two years, weeks and weekends, regions, every page kind.
        sitegen("build", "--days", "45", "--until", UNTIL, "--output", str(site), "--english", "--regions", "--quiet")
        kinds = pages(site)
        port = free_port()
        base = f"http://127.0.0.1:{port}/"
        server = start_nginx(nginx, work, [(port, site, "/404.html")])
        driver = browser()
        driver.set_script_timeout(30)
        try:
            driver.set_window_size(*WIDTHS[0])
            driver.get(base + "en/")
            kept = driver.execute_async_script(KEPT, [base + "en/", base + "en/offline/"])
            for page in ("en/", "en/offline/"):
                check(base + page in kept, f"the worker did not keep {page} ({len(kept)} kept)")
            check_manifest(driver, base)
            for width, height in WIDTHS:
                driver.set_window_size(width, height)
                check_404(driver, base, width)
                for scheme in ("light", "dark"):
                    driver.execute_cdp_cmd("Emulation.setEmulatedMedia",
                                           {"features": [{"name": "prefers-color-scheme", "value": scheme}]})
                    for name, path in kinds.items():
                        label = f"{name}-{width}" + ("-dark" if scheme == "dark" else "")
                        driver.get(base + path)
                        lang = driver.execute_script("return document.documentElement.lang")
                        check(lang == "en", f"{path}: lang is {lang!r}")
                        korean_shown(driver, f"{path} at {width}")
                        for rule, impact, targets in run_axe(driver, axe):
                            check(False, f"axe {rule} ({impact}) on {path} at {width} {scheme}: {targets}")
                        look(driver, label, width, height)
                    driver.get(base + "en/no-such/page/")
                    look(driver, f"404-{width}" + ("-dark" if scheme == "dark" else ""), width, height)
                    for rule, impact, targets in run_axe(driver, axe):
                        check(False, f"axe {rule} ({impact}) on the 404 under en/ at {width} {scheme}: {targets}")
            driver.execute_cdp_cmd("Emulation.setEmulatedMedia", {"features": []})
            time.sleep(0.5)  # the worker stores the last page it served

            stop(server)
            server = None
            for width, height in WIDTHS:
                driver.set_window_size(width, height)
                for name, path in kinds.items():
                    driver.get(base + path)
                    lang, title = driver.execute_script("return [document.documentElement.lang, document.title]")
                    check(lang == "en", f"offline, {path} at {width}: lang is {lang!r}")
                    if name != "offline":
                        check(not title.startswith("Offline"), f"offline, {path} at {width}: the page opened is not kept")
                    korean_shown(driver, f"offline, {path} at {width}")
                    look(driver, f"offline-{name}-{width}", width, height)
                # A latest English day never opened: kept once the reader was on en/.
                driver.get(base + "en/date/2024-02-08/")
                lang, title = driver.execute_script("return [document.documentElement.lang, document.title]")
                check(lang == "en" and "Feb 8, 2024" in title, f"offline, an English latest day never opened shows {title!r} ({lang})")
                korean_shown(driver, f"offline, en/date/2024-02-08/ at {width}")
                check_offline_page(driver, base + "en/date/2024-01-05/", True, f"an English day never opened at {width}")
                check_offline_page(driver, base + "en/no-such/page/", True, f"a missing English address at {width}")
                check_offline_page(driver, base + "date/2024-01-05/", False, f"a Korean day never opened at {width}")
        finally:
            driver.quit()
            if server:
                stop(server)
    print(f"english: {len(failures)} failures; screenshots in {SHOTS.relative_to(ROOT)}/", flush=True)
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
