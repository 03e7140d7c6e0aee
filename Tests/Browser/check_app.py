#!/usr/bin/env python3
"""The installable app, served by nginx as a static host serves it, in headless Chromium.

For a site at the domain root and one under /boxoffice/ (each a fresh browser profile):
  - Chromium finds it installable: DevTools' Page.getInstallabilityErrors is empty, the manifest
    parses without errors, and its start_url and scope are the site's root;
  - the service worker takes the whole site as its scope and keeps the home page and the latest
    7 days on the first visit;
  - with nginx stopped, the home page, the latest day and a film page the reader opened still
    show their charts; a day never opened shows the offline page, whose links lead into the site;
  - a new morning's build (one day more) is seen at once, and its worker replaces yesterday's store;
  - with JavaScript off, pages are what they were: the chart is there, and no worker is installed.
Exits non-zero with one line per failure.
"""
import os
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from selenium.webdriver.common.by import By

from check_hosting import free_port, nginx_config, status
from common import browser, check, failures, sitegen

UNTIL = "2024-02-10"
NEXT = "2024-02-11"

# Resolves once the worker controls nothing yet but has installed and kept its pages (the home
# page, the offline page and the latest 7 days: 9).
KEPT = """
const done = arguments[arguments.length - 1];
(async () => {
  const reg = await navigator.serviceWorker.ready;
  for (let i = 0; i < 100; i++) {
    const names = (await caches.keys()).filter(n => n.startsWith("sitegen-pages-"));
    if (names.length === 1) {
      const keys = await (await caches.open(names[0])).keys();
      if (keys.length >= 9) return done({scope: reg.scope, cache: names[0], keys: keys.map(k => k.url), all: await caches.keys()});
    }
    await new Promise(r => setTimeout(r, 100));
  }
  done({scope: reg.scope, cache: null, keys: [], all: await caches.keys()});
})().catch(e => done({error: String(e)}));
"""


def start_nginx(nginx, work, servers):
    (work / "nginx.conf").write_text(nginx_config(work, servers))
    server = subprocess.Popen([nginx, "-c", str(work / "nginx.conf"), "-p", str(work)], stderr=subprocess.PIPE)
    for _ in range(50):
        try:
            status(f"http://127.0.0.1:{servers[0][0]}/")
            return server
        except OSError:
            time.sleep(0.1)
    raise SystemExit("nginx did not start")


def stop(server):
    server.terminate()
    server.wait(timeout=10)


def text(driver):
    return driver.find_element(By.TAG_NAME, "body").text


def check_app(nginx, work, label, site, sub):
    port = free_port()
    if sub:
        host_root = work / f"host-{port}"
        host_root.mkdir()
        (host_root / "boxoffice").symlink_to(site)
        servers, base = [(port, host_root, "/boxoffice/404.html")], f"http://127.0.0.1:{port}/boxoffice/"
    else:
        servers, base = [(port, site, "/404.html")], f"http://127.0.0.1:{port}/"
    server = start_nginx(nginx, work, servers)
    driver = browser()
    driver.set_script_timeout(30)
    try:
        driver.get(base)
        kept = driver.execute_async_script(KEPT)
        check(kept.get("scope") == base, f"{label}: the worker's scope is {kept.get('scope')}, not {base}")
        keys = kept.get("keys", [])
        for page in ["", f"date/{UNTIL}/", "date/2024-02-04/", "offline/"]:
            check(base + page in keys, f"{label}: the worker did not keep {page or 'the home page'} ({len(keys)} kept)")
        check(base + "date/2024-02-03/" not in keys, f"{label}: the worker kept an eighth day")

        errors = driver.execute_cdp_cmd("Page.getInstallabilityErrors", {}).get("installabilityErrors")
        check(errors == [], f"{label}: Chromium finds the site not installable: {errors}")
        manifest = driver.execute_cdp_cmd("Page.getAppManifest", {})
        check(manifest.get("errors") == [], f"{label}: the manifest has errors: {manifest.get('errors')}")
        check(manifest.get("url") == base + "manifest.webmanifest", f"{label}: the manifest is at {manifest.get('url')}")
        resolved = driver.execute_script(
            "const m = arguments[0]; return fetch(m).then(r => r.json()).then(j => "
            "[new URL(j.start_url, m).href, new URL(j.scope, m).href, j.short_name, j.icons.map(i => i.purpose + ' ' + i.sizes)])",
            base + "manifest.webmanifest")
        check(resolved[:3] == [base, base, "박스오피스"], f"{label}: start_url, scope, short_name are {resolved[:3]}")
        check(resolved[3] == ["any 192x192", "any 512x512", "maskable 512x512"], f"{label}: icons {resolved[3]}")

        movie = sorted(p.name for p in (site / "movie").iterdir())[0]
        driver.get(base + f"movie/{movie}/")
        film_title = driver.find_element(By.TAG_NAME, "h1").text
        time.sleep(0.5)  # the worker stores the page it just served

        stop(server)
        server = None
        driver.get(base)
        rows = driver.find_elements(By.CSS_SELECTOR, "main ol > li, main table tbody tr")
        check(len(rows) >= 10, f"{label}: offline, the home page shows {len(rows)} chart rows")
        check("2024년 2월 10일" in text(driver), f"{label}: offline, the home page is not the latest day")
        driver.get(base + f"date/{UNTIL}/")
        check("2024년 2월 10일" in text(driver) and "오프라인" not in driver.title,
              f"{label}: offline, the latest day is missing: {driver.title}")
        driver.get(base + f"date/2024-02-06/index.html")
        check("2024년 2월 6일" in text(driver), f"{label}: offline, a kept day by its index.html name is missing")
        driver.get(base + f"movie/{movie}/")
        check(film_title and film_title in text(driver) and "오프라인" not in driver.title,
              f"{label}: offline, the film page the reader opened is missing ({driver.title})")
        driver.get(base + "date/2024-02-01/")
        check("오프라인" in driver.title, f"{label}: offline, a day never opened does not show the offline page: {driver.title}")
        home = driver.find_element(By.PARTIAL_LINK_TEXT, "홈").get_attribute("href")
        check(home == base + "index.html", f"{label}: the offline page's home link leads to {home}")
        styled = driver.execute_script("return getComputedStyle(document.documentElement).getPropertyValue('--accent').trim()")
        check(styled != "", f"{label}: offline, the offline page is unstyled")

        # The next morning: one day more, published in place while the reader's worker holds the old one.
        sitegen("build", "--days", "10", "--until", NEXT, "--output", str(site), "--quiet")
        server = start_nginx(nginx, work, servers)
        driver.get(base)
        check("2024년 2월 11일" in text(driver), f"{label}: the new morning's home page is hidden behind the old one")
        after = driver.execute_async_script(KEPT.replace("names.length === 1", "names.length === 1 && names[0] !== arguments[0]"), kept.get("cache"))
        check(after.get("cache") not in (None, kept.get("cache")), f"{label}: the new build's worker did not take over: {after.get('all')}")
        check(base + f"date/{NEXT}/" in after.get("keys", []), f"{label}: the new worker does not keep the new day")
        stale = [n for n in after.get("all", []) if n.startswith("sitegen-pages-") and n != after.get("cache")]
        check(stale == [], f"{label}: yesterday's store is still there: {stale}")
    finally:
        driver.quit()
        if server:
            stop(server)
    return port


def check_without_javascript(nginx, work, site):
    port = free_port()
    server = start_nginx(nginx, work, [(port, site, "/404.html")])
    driver = browser(javascript=False)
    try:
        base = f"http://127.0.0.1:{port}/"
        driver.get(base + f"date/{UNTIL}/")
        rows = driver.find_elements(By.CSS_SELECTOR, "main ol > li, main table tbody tr")
        check(len(rows) >= 10, f"JavaScript off: the day shows {len(rows)} rows")
        workers = driver.execute_cdp_cmd("Storage.getUsageAndQuota", {"origin": base.rstrip("/")})
        usage = {u["storageType"]: u["usage"] for u in workers.get("usageBreakdown", [])}
        check(usage.get("service_workers", 0) == 0 and usage.get("cache_storage", 0) == 0,
              f"JavaScript off: a worker or a store appeared: {usage}")
    finally:
        driver.quit()
        stop(server)


def main():
    nginx = shutil.which("nginx") or "/usr/sbin/nginx"
    if not Path(nginx).exists():
        raise SystemExit("nginx missing: apt-get install nginx-light (or .ci/setup --browser)")
    with tempfile.TemporaryDirectory() as temp:
        work = Path(temp)
        os.chmod(work, 0o755)
        for label, sub in (("root", False), ("/boxoffice/", True)):
            site = work / f"site-{'sub' if sub else 'root'}"
            sitegen("build", "--days", "10", "--until", UNTIL, "--output", str(site), "--quiet")
            print(f"checking the app at {label}", flush=True)
            check_app(nginx, work, label, site, sub)
        site = work / "site-plain"
        sitegen("build", "--days", "10", "--until", UNTIL, "--output", str(site), "--quiet")
        check_without_javascript(nginx, work, site)
    if failures:
        print(f"{len(failures)} failures")
        sys.exit(1)
    print("app: 0 failures")


if __name__ == "__main__":
    main()
