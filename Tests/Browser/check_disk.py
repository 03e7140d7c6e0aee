#!/usr/bin/env python3
"""The site opened straight from disk (file://), as the README says it works: the search box finds
films and people and the search page lists a submitted query's matches. Browsers refuse fetch()
to file:// pages, so the index comes from search/index.js there; over http it is still fetched as
search/index.json (check_site.py). Both editions. Prints what failed; exits non-zero if anything did.
"""
import json
import subprocess
import sys
import tempfile
import urllib.parse
from pathlib import Path

from selenium.webdriver.common.by import By

sys.path.insert(0, str(Path(__file__).resolve().parent))
from common import browser, check, failures, sitegen_command, without_keys  # noqa: E402


def results(driver, query):
    """What the search box shows for `query`, once its index has loaded."""
    box = driver.find_element(By.ID, "site-search-q")
    box.clear()
    box.send_keys(query)
    return driver.execute_script(
        "return new Promise(r => setTimeout(() => { const l = document.getElementById('site-search-list');"
        " r(l.hidden ? [] : [...l.querySelectorAll('[role=option]')].map(o => o.querySelector('.search-title').textContent)); }, 800))")


def main():
    with tempfile.TemporaryDirectory() as temp:
        site = Path(temp) / "site"
        subprocess.run(sitegen_command() + ["build", "--demo", "--days", "20", "--until", "2024-02-10", "--english",
                                            "--output", str(site), "--quiet"], check=True, env=without_keys(), cwd=temp)
        index = json.loads((site / "search" / "index.json").read_text(encoding="utf-8"))
        script = (site / "search" / "index.js").read_text(encoding="utf-8")
        check(script.startswith("sitegenSearchIndex(") and json.loads(script[len("sitegenSearchIndex("):-3]) == index,
              "search/index.js holds the same index as search/index.json")
        film, person = index["f"][0][1], index["p"][0][1]
        driver = browser(console_log=True)
        try:
            for edition, title in (("", film), ("en/", None)):
                home = (site / edition / "index.html").as_uri()
                driver.get(home)
                if title is None:  # the English edition's own index names the film in English
                    title = json.loads((site / "en" / "search" / "index.json").read_text(encoding="utf-8"))["f"][0][1]
                shown = results(driver, title)
                check(title in shown, f"from disk, the {edition or 'Korean '}search box finds {title!r}: {shown}")
                status = driver.find_element(By.ID, "site-search-status").text
                check("불러오지 못했습니다" not in status and "could not be loaded" not in status, f"the index loaded from disk: {status!r}")
            driver.get((site / "index.html").as_uri())
            check(person in results(driver, person), f"from disk, the search box finds the person {person!r}")
            page = (site / "search" / "index.html").as_uri() + "?q=" + urllib.parse.quote(film)
            driver.get(page)
            heading = driver.execute_script(
                "return new Promise(r => setTimeout(() => { const h = document.querySelector('#search-page-results h2');"
                " r(h && h.textContent); }, 800))")
            check(heading is not None and "0건" not in heading and film in heading,
                  f"from disk, the search page lists the matches of 「{film}」: {heading!r}")
            links = driver.execute_script("return document.querySelectorAll('#search-page-results a').length")
            check(links >= 1, f"from disk, the search page links {links} matches")
        finally:
            driver.quit()
    print(f"check_disk: {len(failures)} problems", flush=True)
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
