#!/usr/bin/env python3
"""What a reader on a phone waits for: LCP, CLS and bytes transferred, in Chromium. A benchmark,
not a test: it prints figures.

A fresh demo build (`--days 45 --until 2024-02-03`, the market view on) is served over HTTP from
127.0.0.1 as a static host would (Python's http.server, gzip off: the figures are the worst case).
Each page is loaded cold (cache disabled) in headless Chromium at 390×844, 3× pixels, with the CPU
slowed 4× (`Emulation.setCPUThrottlingRate`) and a slow 4G link (`Network.emulateNetworkConditions`:
150 ms, 1.6 Mbps down, 750 kbps up). A PerformanceObserver reads the largest contentful paint and
the layout shifts (buffered, so nothing before the script ran is missed); Resource Timing gives the
bytes. Medians of --runs loads. The service worker is bypassed, so every load is a first visit's.

    python3 Tests/Benchmarks/reader_speed.py [--runs 3]

Goals (issue 28): home, grid, day, film and archive LCP ≤ 1.0 s, CLS ≤ 0.02, ≤ 150 KB each.
"""
import argparse
import functools
import http.server
import statistics
import subprocess
import sys
import tempfile
import threading
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "Browser"))
from common import ROOT, chart, sitegen_command, without_keys  # noqa: E402
from selenium import webdriver  # noqa: E402
from selenium.webdriver.chrome.service import Service  # noqa: E402

PAGES = [
    ("home", ""),
    ("posters", "#posters"),
    ("day", "date/2024-02-03/"),
    ("film", None),
    ("archive", "archive/"),
    ("market", "market/"),
    ("filters", "date/2024-02-03/filters/"),
]
GOAL_PAGES = {"home", "posters", "day", "film", "archive"}

MEASURE = """
const done = arguments[arguments.length - 1];
let lcp = 0, cls = 0;
new PerformanceObserver(list => { for (const e of list.getEntries()) lcp = Math.max(lcp, e.startTime); })
  .observe({type: 'largest-contentful-paint', buffered: true});
new PerformanceObserver(list => { for (const e of list.getEntries()) if (!e.hadRecentInput) cls += e.value; })
  .observe({type: 'layout-shift', buffered: true});
setTimeout(() => {
  const nav = performance.getEntriesByType('navigation')[0];
  let bytes = nav ? nav.transferSize : 0;
  for (const r of performance.getEntriesByType('resource')) bytes += r.transferSize;
  done({lcp, cls, bytes});
}, 1500);
"""


class Quiet(http.server.SimpleHTTPRequestHandler):
    def log_message(self, *args):
        pass


def browser():
    options = webdriver.ChromeOptions()
    for flag in ("--headless=new", "--no-sandbox", "--disable-dev-shm-usage", "--hide-scrollbars", "--lang=ko-KR"):
        options.add_argument(flag)
    options.binary_location = "/usr/bin/chromium"
    driver = webdriver.Chrome(service=Service("/usr/bin/chromedriver"), options=options)
    driver.set_script_timeout(30)
    driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride",
                           {"width": 390, "height": 844, "deviceScaleFactor": 3, "mobile": True})
    driver.execute_cdp_cmd("Emulation.setCPUThrottlingRate", {"rate": 4})
    driver.execute_cdp_cmd("Network.enable", {})
    driver.execute_cdp_cmd("Network.setCacheDisabled", {"cacheDisabled": True})
    # A first visit: the service worker the first page installs would otherwise serve the next
    # pages' assets from its store, and the figures would be a returning reader's.
    driver.execute_cdp_cmd("Network.setBypassServiceWorker", {"bypass": True})
    driver.execute_cdp_cmd("Network.emulateNetworkConditions", {
        "offline": False, "latency": 150,
        "downloadThroughput": 1_600_000 / 8, "uploadThroughput": 750_000 / 8})
    return driver


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--runs", type=int, default=3)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as temp:
        site = Path(temp) / "_site"
        subprocess.run(sitegen_command() + ["build", "--days", "45", "--until", "2024-02-03", "--output", str(site),
                                            "--cache", str(Path(temp) / "cache"), "--quiet"],
                       cwd=ROOT, check=True, env=without_keys())
        latest = chart(site, "2024-02-03")
        film = f"movie/{latest['entries'][0]['movieCode']}/"
        server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), functools.partial(Quiet, directory=str(site)))
        threading.Thread(target=server.serve_forever, daemon=True).start()
        base = f"http://127.0.0.1:{server.server_address[1]}/"
        driver = browser()
        print("Chromium, 390×844 @3x, CPU 4× slower, 150 ms / 1.6 Mbps; demo site of 45 days, cold loads, "
              f"medians of {args.runs}")
        print(f"{'page':8} {'LCP s':>6} {'CLS':>6} {'KB':>6}  goal")
        met = True
        try:
            for name, path in PAGES:
                url = base + (path if path is not None else film)
                runs = []
                for _ in range(args.runs):
                    driver.get("about:blank")
                    driver.get(url)
                    runs.append(driver.execute_async_script(MEASURE))
                lcp = statistics.median(r["lcp"] for r in runs) / 1000
                cls = statistics.median(r["cls"] for r in runs)
                kb = statistics.median(r["bytes"] for r in runs) / 1024
                goal = ""
                if name in GOAL_PAGES:
                    ok = lcp <= 1.0 and cls <= 0.02 and kb <= 150
                    met = met and ok
                    goal = "≤ 1.0 s, ≤ 0.02, ≤ 150 KB " + ("✓" if ok else "✗")
                print(f"{name:8} {lcp:>6.2f} {cls:>6.3f} {kb:>6.0f}  {goal}", flush=True)
        finally:
            driver.quit()
            server.shutdown()
        print("goals met" if met else "goals not met")


if __name__ == "__main__":
    main()
