#!/usr/bin/env python3
"""What the real-sized world weighs as published: a range built through the local KOBIS and Kakao
stand-in at KOBIS's scale (`kobis-standin --world real`: about 410 films a year on the charts the
site publishes, every film its own photographic poster), with posters, share cards and a base URL
as the workflow builds, then measured part by part (every file and byte a host counts).

    python3 Tests/Benchmarks/footprint.py --since 2025-01-01 --until 2025-12-31 [--english] [--keep DIR]

Prints each part's files and bytes (pages by kind, data, posters, cards, …), the totals, the
figures per year of history, and what `PublishedSize` predicted for the same range and options.
Uses the release binaries (`swift build -c release` first). Nothing here is a test: the footprint
test in Tests/SitegenBuildTests holds the budget; this prints the figures docs/performance.md
and docs/deploy.md give.
"""
import argparse
import collections
import datetime
import os
import re
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
RELEASE = ROOT / ".build" / "release"


def part(relative):
    """The part a published file belongs to."""
    parts = relative.split("/")
    edition = ""
    if parts[0] == "en":
        edition, parts = "en/", parts[1:]
    head = parts[0]
    if head == "poster" and len(parts) > 1 and parts[1] == "img":
        return "posters (copies)"
    if head == "data" and len(parts) > 1 and parts[1] == "movie":
        return "data/movie (film JSON)"
    if head == "card":
        return edition + "card (share cards)"
    if len(parts) == 1:
        return edition + "(root files)"
    return edition + head + "/"


def measure(folder):
    sizes = collections.defaultdict(lambda: [0, 0])
    for dirpath, _, names in os.walk(folder):
        for name in names:
            path = Path(dirpath) / name
            if not path.is_file() or path.is_symlink():
                continue
            key = part(str(path.relative_to(folder)))
            sizes[key][0] += 1
            sizes[key][1] += path.stat().st_size
    return sizes


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--since", default="2025-01-01")
    parser.add_argument("--until", default="2025-12-31")
    parser.add_argument("--english", action="store_true")
    parser.add_argument("--no-cards", action="store_true")
    parser.add_argument("--keep", help="build in this folder and keep it (default: a temporary one)")
    args = parser.parse_args()
    for product in ("sitegen", "kobis-standin"):
        if not (RELEASE / product).exists():
            sys.exit(f"footprint.py: {RELEASE / product} is missing; run `swift build -c release` first")
    work = Path(args.keep) if args.keep else Path(tempfile.mkdtemp(prefix="sitegen-footprint-"))
    work.mkdir(parents=True, exist_ok=True)
    standin = subprocess.Popen([str(RELEASE / "kobis-standin"), "--world", "real"], stdin=subprocess.PIPE,
                               stdout=subprocess.PIPE, text=True)
    try:
        env = {k: v for k, v in os.environ.items() if k not in ("KOBIS_API_KEY", "KAKAO_REST_API_KEY")}
        env.update(dict(pair.split("=", 1) for pair in standin.stdout.readline().split()))
        days = (datetime.date.fromisoformat(args.until) - datetime.date.fromisoformat(args.since)).days + 1
        common = ["--since", args.since, "--until", args.until, "--cache", str(work / "cache"), "--budget", "1000000",
                  "--jobs", "6"]
        # A whole history's posters take longer than the default poster stage (12 network timeouts).
        env["SITEGEN_NETWORK_TIMEOUT"] = "300"
        fetch = subprocess.run([str(RELEASE / "sitegen"), "fetch"] + common, env=env, cwd=work,
                               capture_output=True, text=True)
        if fetch.returncode != 0:
            sys.exit("fetch failed:\n" + fetch.stderr[-2000:])
        plan_line = next((l for l in fetch.stderr.splitlines() if "published, the range" in l), "")
        build = [str(RELEASE / "sitegen"), "build", "--output", str(work / "_site"),
                 "--base-url", "https://example.org/"] + common + (["--english"] if args.english else [])
        if args.no_cards:
            build.append("--no-cards")
        started = datetime.datetime.now()
        run = subprocess.run(build, env=env, cwd=work, capture_output=True, text=True)
        seconds = (datetime.datetime.now() - started).total_seconds()
        if run.returncode != 0:
            sys.exit("build failed:\n" + run.stderr[-2000:])
        summary = next((l for l in (run.stdout + run.stderr).splitlines() if l.startswith("built ")), "")
    finally:
        standin.stdin.close()
        standin.wait()
    sizes = measure(work / "_site")
    years = days / 365.25
    total_files = sum(v[0] for v in sizes.values())
    total_bytes = sum(v[1] for v in sizes.values())
    print(f"real-sized world, {args.since} – {args.until} ({days} days, {years:.2f} years), "
          f"{'both editions' if args.english else 'Korean edition'}, posters, "
          f"{'no cards' if args.no_cards else 'share cards'}, --base-url; build {seconds:.1f} s")
    print(f"{'part':<28}{'files':>9}{'MB':>10}{'files/yr':>10}{'MB/yr':>9}")
    for key in sorted(sizes, key=lambda k: -sizes[k][1]):
        files, size = sizes[key]
        print(f"{key:<28}{files:>9,}{size / 1e6:>10.1f}{files / years:>10,.0f}{size / 1e6 / years:>9.1f}")
    print(f"{'total':<28}{total_files:>9,}{total_bytes / 1e6:>10.1f}{total_files / years:>10,.0f}"
          f"{total_bytes / 1e6 / years:>9.1f}")
    print("summary: " + summary)
    print("plan:    " + plan_line.strip())
    films = re.search(r"([\d,]+) movies", summary)
    if films:
        print(f"films with a page: {films.group(1)} ({int(films.group(1).replace(',', '')) / years:,.0f} a year)")
    if not args.keep:
        shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    main()
