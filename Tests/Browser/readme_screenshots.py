#!/usr/bin/env python3
"""The README's pictures of the site, made from a fresh demo build in headless Chromium.

    python3 Tests/Browser/readme_screenshots.py      # writes docs/images/*.webp

Rerun it when the theme changes, and commit the images. Each picture is a real page of a demo build
(`--days 60 --until 2025-12-31`, build time fixed), served over HTTP as a host would, at a phone's
size (390×844, 2× pixels) or a desktop's (1280×800), light or dark; WebP keeps them small.
"""
import functools
import http.server
import io
import os
import shutil
import subprocess
import tempfile
import threading
from pathlib import Path

from PIL import Image

from common import ROOT, browser, sitegen_command, without_keys

SHOTS = [
    # (file name, page, width, height, scale, dark, mobile)
    ("phone-day.webp", "date/2025-12-31/", 390, 844, 2, False, True),
    ("phone-grid-dark.webp", "date/2025-12-31/#posters", 390, 844, 2, True, True),
    ("phone-film.webp", None, 390, 844, 2, False, True),
    ("phone-market.webp", "market/", 390, 844, 2, True, True),
    ("desktop-home.webp", "", 1280, 800, 1, False, False),
]


def build(folder):
    out = folder / "_site"
    env = without_keys({"SOURCE_DATE_EPOCH": "1767225600"})
    subprocess.run(sitegen_command() + ["build", "--days", "60", "--until", "2025-12-31", "--output", str(out), "--quiet",
                                        "--templates", str(ROOT / "Templates"), "--public", str(ROOT / "Public"),
                                        "--cache", str(folder / "cache")], cwd=ROOT, check=True, env=env)
    return out


def first_film(site):
    """The number-one film of the last day: its page is the film picture."""
    page = (site / "date" / "2025-12-31" / "index.html").read_text(encoding="utf-8")
    start = page.index('href="../../movie/') + len('href="../../')
    return page[start:page.index('"', start)]


class QuietHandler(http.server.SimpleHTTPRequestHandler):
    def log_message(self, *args):
        pass


def serve(site):
    handler = functools.partial(QuietHandler, directory=str(site))
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return server


def main():
    images = ROOT / "docs" / "images"
    images.mkdir(parents=True, exist_ok=True)
    folder = Path(tempfile.mkdtemp(prefix="sitegen-shots-"))
    try:
        site = build(folder)
        server = serve(site)
        base = f"http://127.0.0.1:{server.server_address[1]}/"
        driver = browser()
        try:
            for name, page, width, height, scale, dark, mobile in SHOTS:
                driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride",
                                       {"width": width, "height": height, "deviceScaleFactor": scale, "mobile": mobile})
                driver.execute_cdp_cmd("Emulation.setEmulatedMedia",
                                       {"features": [{"name": "prefers-color-scheme", "value": "dark" if dark else "light"}]})
                driver.get(base + (page if page is not None else first_film(site)))
                driver.execute_script("return document.fonts.ready")
                png = driver.get_screenshot_as_png()
                Image.open(io.BytesIO(png)).convert("RGB").save(images / name, "WEBP", quality=72, method=6)
                print(f"{name}: {(images / name).stat().st_size // 1024} KB")
        finally:
            driver.quit()
            server.shutdown()
    finally:
        shutil.rmtree(folder, ignore_errors=True)


if __name__ == "__main__":
    main()
