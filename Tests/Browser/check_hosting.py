#!/usr/bin/env python3
"""Serves built sites with nginx, configured as static hosts are, and checks them in headless Chromium.

nginx (Debian's nginx-light) is started on free ports with `try_files $uri $uri/ =404` and
`error_page 404`, serving a site at the domain root and under /boxoffice/ (a folder of the host's
root, as GitHub Pages serves a project site), built with and without --base-url. For each:
every page loads its content-hashed stylesheet and scripts (never the plain names), no request
leaves the site's origin, and a missing deep URL (/movie/123/x/) answers 404 with the styled 404
page whose links lead to the site's pages. A live build against the local KOBIS and Kakao stand-in
(Sources/kobis-standin, whose image search answers with real JPEGs) is served too: its pages show
posters as sized WebP files from the site itself, and no request leaves the origin. Exits non-zero
with one line per failure.
"""
import os
import shutil
import socket
import subprocess
import sys
import tempfile
import time
import urllib.error
import urllib.request
from pathlib import Path

from selenium.webdriver.common.by import By

from common import ROOT, browser, check, failures, sitegen, sitegen_command, without_keys


def live_site_with_posters(out, cache, extra=()):
    """A live build against the local KOBIS and Kakao stand-in, whose image search answers with
    real JPEGs it serves itself: the site then has downloaded, resized posters."""
    subprocess.run(["swift", "build", "--product", "kobis-standin"], cwd=ROOT, check=True, capture_output=True)
    standin = subprocess.Popen([str(ROOT / ".build" / "debug" / "kobis-standin")], stdin=subprocess.PIPE,
                               stdout=subprocess.PIPE, text=True)
    try:
        env = without_keys(dict(pair.split("=", 1) for pair in standin.stdout.readline().split()))
        subprocess.run(sitegen_command() + ["build", "--days", "3", "--until", "2024-02-10", "--output", str(out), "--cache", str(cache),
                                  "--quiet", *extra], cwd=ROOT, check=True, env=env)
    finally:
        standin.stdin.close()
        standin.wait(timeout=10)


def free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def nginx_config(work, servers):
    """servers: [(port, host_root, error_page)]"""
    blocks = "".join(f"""
    server {{
        listen 127.0.0.1:{port};
        root {root};
        error_page 404 {error_page};
        location / {{ try_files $uri $uri/ =404; }}
    }}""" for port, root, error_page in servers)
    temp = "".join(f"    {name}_temp_path {work}/{name};\n" for name in ("client_body", "proxy", "fastcgi", "uwsgi", "scgi"))
    user = "user root;\n" if os.getuid() == 0 else ""
    return f"""{user}worker_processes 1;
daemon off;
pid {work}/nginx.pid;
error_log {work}/error.log;
events {{ worker_connections 64; }}
http {{
    include /etc/nginx/mime.types;
    default_type application/octet-stream;
    access_log {work}/access.log;
{temp}{blocks}
}}
"""


def status(url):
    try:
        with urllib.request.urlopen(url) as response:
            return response.status, response.read().decode("utf-8", "replace")
    except urllib.error.HTTPError as error:
        return error.code, error.read().decode("utf-8", "replace")


RESOURCES = "return performance.getEntriesByType('resource').map(e => [e.name, e.responseStatus || 0])"
STYLED = "return getComputedStyle(document.documentElement).getPropertyValue('--accent').trim()"


def check_pages(driver, label, base, pages):
    origin = base.split("/", 3)[:3]
    origin = "/".join(origin)
    for page in pages:
        driver.get(base + page)
        time.sleep(0.2)
        entries = driver.execute_script(RESOURCES)
        names = [name for name, _ in entries]
        for kind, pattern in (("stylesheet", "/style."), ("script", "/site."), ("search script", "/search.")):
            hashed = [n for n, s in entries if pattern in n and n.rsplit("/", 1)[1].count(".") == 2]
            check(hashed and all(s == 200 for n, s in entries if n in hashed), f"{label} {page}: no hashed {kind} loaded ({names})")
        check(not any(n.endswith(("/style.css", "/site.js", "/search.js")) for n in names), f"{label} {page}: a plain asset name was loaded")
        check(all(n.startswith(origin + "/") for n in names), f"{label} {page}: a request left the site's origin: {[n for n in names if not n.startswith(origin)]}")
        check(driver.execute_script(STYLED) == "#c8102e", f"{label} {page}: not styled")
        broken = driver.execute_script("return [...document.images].filter(i => i.complete && i.naturalWidth === 0).map(i => i.src)")
        check(not broken, f"{label} {page}: broken images {broken}")


def check_404(driver, label, base, missing):
    code, body = status(base + missing)
    check(code == 404 and "페이지를 찾을 수 없습니다" in body, f"{label} {missing}: HTTP {code}, not the site's 404 page")
    driver.get(base + missing)
    time.sleep(0.2)
    check(driver.execute_script(STYLED) == "#c8102e", f"{label} {missing}: the 404 page is not styled")
    check(driver.find_element(By.CSS_SELECTOR, ".not-found h1").is_displayed(), f"{label} {missing}: no heading")
    origin = "/".join(base.split("/", 3)[:3])
    names = [n for n, _ in driver.execute_script(RESOURCES)]
    check(all(n.startswith(origin + "/") for n in names), f"{label} {missing}: a request left the origin: {names}")
    buttons = driver.find_elements(By.CSS_SELECTOR, ".not-found a.button")
    hrefs = [b.get_attribute("href") for b in buttons]
    # 날짜별 보기 opens the calendar at the latest month (#latest), as on every page.
    check(hrefs == [base + "index.html", base + "archive/index.html#latest"], f"{label} {missing}: 404 links {hrefs}")
    nav = [a.get_attribute("href") for a in driver.find_elements(By.CSS_SELECTOR, ".site-nav a")]
    check(nav and all(h.startswith(base) for h in nav), f"{label} {missing}: header links {nav}")
    for i, expected in ((0, base + "index.html"), (1, base + "archive/index.html#latest")):
        driver.get(base + missing)
        time.sleep(0.1)
        driver.find_elements(By.CSS_SELECTOR, ".not-found a.button")[i].click()
        time.sleep(0.3)
        check(driver.current_url == expected and "페이지를 찾을 수 없습니다" not in driver.title,
              f"{label} {missing}: button {i} led to {driver.current_url} ({driver.title})")
        check(driver.execute_script(STYLED) == "#c8102e", f"{label}: {expected} is not styled")


def check_404_stays_home(driver, label, base):
    """An address that starts with two slashes ("//other.example/movie/x/") must not make the 404
    page load its scripts from the host named there."""
    origin = "/".join(base.split("/", 3)[:3])
    missing = origin + "//other.example/movie/x/"
    driver.get(missing)
    time.sleep(0.2)
    base_uri = driver.execute_script("return document.baseURI")
    names = [n for n, _ in driver.execute_script(RESOURCES)]
    check(base_uri.startswith(origin + "/"), f"{label} {missing}: the page's base is {base_uri}")
    check(all(n.startswith(origin + "/") for n in names), f"{label} {missing}: a request left the origin: {names}")


def main():
    if not shutil.which("nginx") and not Path("/usr/sbin/nginx").exists():
        raise SystemExit("nginx missing: apt-get install nginx-light (or .ci/setup --browser)")
    nginx = shutil.which("nginx") or "/usr/sbin/nginx"
    with tempfile.TemporaryDirectory() as temp:
        work = Path(temp)
        os.chmod(work, 0o755)
        sites = {}
        for name, base_url in (("plain", None), ("root", "https://example.org/"), ("sub", "https://example.org/boxoffice/")):
            out = work / f"site-{name}"
            extra = ["--base-url", base_url] if base_url else []
            sitegen("build", "--days", "10", "--until", "2024-02-10", "--output", str(out), "--quiet", *extra)
            sites[name] = out
        sites["posters"] = work / "site-posters"
        live_site_with_posters(sites["posters"], work / "cache")
        poster_files = sorted((sites["posters"] / "poster" / "img").glob("*.webp"))
        # The stand-in answers every film with the same JPEG, so content addressing leaves one copy
        # per width: 200 and 400 px for the grid, 260 and 520 px for film pages.
        widths = sorted({int(p.stem.rsplit("-", 1)[1]) for p in poster_files})
        check(widths == [200, 260, 400, 520], f"the live build's poster copies have widths {widths}")
        # A host whose root holds the site in a folder: https://host/boxoffice/.
        scenarios = []
        servers = []
        for label, site, sub in (("root, no --base-url", "plain", False), ("/boxoffice/, no --base-url", "plain", True),
                                 ("root, --base-url", "root", False), ("/boxoffice/, --base-url", "sub", True),
                                 ("posters from the site, /boxoffice/", "posters", True)):
            port = free_port()
            if sub:
                host_root = work / f"host-{port}"
                host_root.mkdir()
                (host_root / "boxoffice").symlink_to(sites[site])
                servers.append((port, host_root, "/boxoffice/404.html"))
                scenarios.append((label, f"http://127.0.0.1:{port}/boxoffice/"))
            else:
                servers.append((port, sites[site], "/404.html"))
                scenarios.append((label, f"http://127.0.0.1:{port}/"))
        (work / "nginx.conf").write_text(nginx_config(work, servers))
        server = subprocess.Popen([nginx, "-c", str(work / "nginx.conf"), "-p", str(work)], stderr=subprocess.PIPE)
        try:
            for _ in range(50):
                try:
                    status(scenarios[0][1])
                    break
                except OSError:
                    time.sleep(0.1)
            else:
                raise SystemExit(f"nginx did not start: {(work / 'error.log').read_text() if (work / 'error.log').exists() else ''}")
            movie = sorted(p.name for p in (sites["plain"] / "movie").iterdir())[0]
            pages = ["", "index.html", "index.html#posters", "date/2024-02-10/", "date/2024-02-10/filters/", f"movie/{movie}/", "archive/",
                     "search/"]
            live_movie = sorted(p.name for p in (sites["posters"] / "movie").iterdir())[0]
            driver = browser()
            try:
                for label, base in scenarios:
                    print(f"checking {label} at {base}", flush=True)
                    if label.startswith("posters"):
                        # Every poster comes from the site itself: sized WebP files, same origin.
                        check_pages(driver, label, base, ["#posters", f"movie/{live_movie}/"])
                        driver.get(base + "#posters")
                        # The posters load lazily: bring each into view.
                        driver.execute_script("document.querySelectorAll('.bo img').forEach(i => i.scrollIntoView())")
                        time.sleep(0.5)
                        images = driver.execute_script("return [...document.images].map(i => [i.currentSrc, i.naturalWidth])")
                        check(len(images) == 10 and all("/poster/img/" in src and src.endswith(".webp") and width > 0 for src, width in images),
                              f"{label}: the posters are not the site's sized copies: {images[:3]}")
                        continue
                    check_pages(driver, label, base, pages)
                    check_404(driver, label, base, "movie/123/x/")
                    check_404(driver, label, base, "date/1999-01-01/")
                    # Not one of the site's folders: with a known root it still holds; without
                    # one, the root this browser saw on the pages above is used.
                    check_404(driver, label, base, "no/such/page/")
                    check_404_stays_home(driver, label, base)
            finally:
                driver.quit()
        finally:
            server.terminate()
            server.wait(timeout=10)
    if failures:
        print(f"{len(failures)} failures")
        sys.exit(1)
    print("hosting: 0 failures")


if __name__ == "__main__":
    main()
