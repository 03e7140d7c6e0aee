"""What the browser checks share: the repository, the failure list, running sitegen, Chromium."""
import os
import subprocess
from pathlib import Path

from selenium import webdriver
from selenium.webdriver.chrome.service import Service

ROOT = Path(__file__).resolve().parents[2]
failures = []


def check(condition, message):
    if not condition:
        failures.append(message)
        print(f"FAIL {message}", flush=True)


def sitegen_command():
    # SITEGEN_BINARY: another build of sitegen, to see a check fail on an earlier commit.
    binary = Path(os.environ.get("SITEGEN_BINARY", ROOT / ".build" / "debug" / "sitegen"))
    return [str(binary)] if binary.exists() else ["swift", "run", "sitegen"]


def without_keys(extra=None):
    """The environment without API keys (demo builds), plus `extra`."""
    env = {k: v for k, v in os.environ.items() if k not in ("KOBIS_API_KEY", "KAKAO_REST_API_KEY")}
    env.update(extra or {})
    return env


def sitegen(*args):
    # Run in the checkout whose templates the binary expects (SITEGEN_ROOT, with SITEGEN_BINARY).
    subprocess.run(sitegen_command() + list(args), cwd=os.environ.get("SITEGEN_ROOT", ROOT), check=True, env=without_keys())


def browser(console_log=False, javascript=True):
    """Debian's headless Chromium, Korean, without scrollbars (so widths are the page's own)."""
    options = webdriver.ChromeOptions()
    for flag in ("--headless=new", "--no-sandbox", "--disable-dev-shm-usage", "--hide-scrollbars", "--lang=ko-KR"):
        options.add_argument(flag)
    options.binary_location = "/usr/bin/chromium"
    if not javascript:
        options.add_experimental_option("prefs", {"profile.managed_default_content_settings.javascript": 2})
    if console_log:
        options.set_capability("goog:loggingPrefs", {"browser": "ALL"})
    return webdriver.Chrome(service=Service("/usr/bin/chromedriver"), options=options)


# A filter's CSV columns, by the names its JSON rows would have.
CSV_COLUMNS = {"날짜": "date", "시작일": "start", "순위": "rank", "영화코드": "movieCode", "영화명": "title",
               "관객수": "audience", "누적관객수": "audienceTotal"}


def chart(site, iso, kind=None, scope=None):
    """One chart as its year's data file holds it: a day's from data/2024.json, a week's or
    weekend's (by its first day) from data/week/2024.json, a filter's from its CSV under
    data/korean/ (a filter's year is published as CSV only)."""
    import csv
    import json
    folder = Path(site) / "data"
    if scope:
        folder = folder / scope
    if kind:
        folder = folder / kind
    if scope:
        with open(folder / f"{iso[:4]}.csv", encoding="utf-8-sig", newline="") as f:
            rows = [{CSV_COLUMNS[k]: (int(v) if CSV_COLUMNS[k] in ("rank", "audience", "audienceTotal") else v)
                     for k, v in row.items() if k in CSV_COLUMNS} for row in csv.DictReader(f)]
        key = "start" if kind else "date"
        return {key: iso, "entries": [r for r in rows if r[key] == iso]}
    year = json.loads((folder / f"{iso[:4]}.json").read_text(encoding="utf-8"))
    found = next(c for c in year["charts"] if c["start" if kind else "date"] == iso)
    # Each row as the object it stands for, the file's columns its keys.
    found["entries"] = [{k: v for k, v in zip(year["columns"], row) if v is not None} for row in found["rows"]]
    return found
