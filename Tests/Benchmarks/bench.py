#!/usr/bin/env python3
"""sitegen vs Hugo, side by side on this machine. A benchmark, not a test: it prints figures.

For 30, 365 and 3650 days it builds the demo site with the release binary (timing the whole build
and, from SITEGEN_PROFILE, the render+write part), then builds a Hugo site with the same number of
pages and comparable content (each page a Markdown body with a 10-row table and a paragraph, plus
list pages), and prints wall time, pages per second, peak memory and the sitegen/Hugo ratio.
Each build is repeated (--runs, default 3) and medians are reported. Also measured: a rebuild with
nothing changed and one with one more day (files rewritten), and a cold fetch of 30 days against a
local KOBIS that adds 100 ms to every answer.

    python3 Tests/Benchmarks/bench.py [--runs 3] [--days 30,365,3650] [--skip-fetch]
"""
import argparse
import http.server
import json
import os
import re
import shutil
import statistics
import subprocess
import sys
import tempfile
import threading
import time
import urllib.parse
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
BINARY = ROOT / ".build" / "release" / "sitegen"
UNTIL = "2024-02-10"


CPU = {}


def timed(command, env=None, cwd=None):
    """Runs under GNU time: (wall seconds, peak RSS MB, stderr); CPU seconds go to CPU[command[0]]."""
    result = subprocess.run(["/usr/bin/time", "-f", "TIME %e %M %U %S"] + command, cwd=cwd, env=env,
                            capture_output=True, text=True)
    if result.returncode != 0:
        sys.exit(f"failed: {' '.join(command)}\n{result.stderr[-2000:]}")
    wall, rss, user, system = re.findall(r"TIME ([0-9.]+) ([0-9]+) ([0-9.]+) ([0-9.]+)", result.stderr)[-1]
    CPU.setdefault(Path(command[0]).name, []).append(float(user) + float(system))
    return float(wall), int(rss) / 1024, result.stderr


def sitegen_build(days, out, extra_env=None):
    env = {k: v for k, v in os.environ.items() if k not in ("KOBIS_API_KEY", "KAKAO_REST_API_KEY")}
    env["SITEGEN_PROFILE"] = "1"
    env.update(extra_env or {})
    wall, rss, err = timed([str(BINARY), "build", "--days", str(days), "--until", UNTIL, "--output", str(out)], env=env, cwd=ROOT)
    marks = dict((k, float(v)) for k, v in re.findall(r"profile: (\w+) done at ([0-9.]+) s", err))
    pages = int(re.search(r"(\d+) pages", err + "").group(1)) if re.search(r"(\d+) pages", err) else None
    return wall, rss, marks.get("swap", wall) - marks.get("fetch", 0), pages


def hugo_site(folder, pages):
    """A Hugo site with `pages` pages of comparable weight: one list page per 30 posts stands in
    for sitegen's archive/grid pages, the rest are posts with a 10-row table and prose."""
    (folder / "layouts" / "_default").mkdir(parents=True)
    (folder / "content" / "posts").mkdir(parents=True)
    (folder / "config.toml").write_text(
        'baseURL = "https://example.com/"\nlanguageCode = "ko"\ntitle = "bench"\n'
        'disableKinds = ["taxonomy", "term", "RSS", "sitemap", "robotsTXT", "404"]\n'
        '[pagination]\npagerSize = 30\n', encoding="utf-8")
    layouts = folder / "layouts" / "_default"
    (layouts / "baseof.html").write_text(
        '<!doctype html><html lang="ko"><head><meta charset="utf-8"><title>{{ .Title }}</title>'
        '<link rel="stylesheet" href="{{ "style.css" | relURL }}"></head><body><header><a href="{{ "/" | relURL }}">home</a></header>'
        '<main>{{ block "main" . }}{{ end }}</main><footer>자료: 데모</footer></body></html>', encoding="utf-8")
    (layouts / "single.html").write_text(
        '{{ define "main" }}<h1>{{ .Title }}</h1><p>{{ .Date.Format "2006-01-02" }}</p>{{ .Content }}'
        '{{ with .PrevInSection }}<a href="{{ .RelPermalink }}">prev</a>{{ end }}'
        '{{ with .NextInSection }}<a href="{{ .RelPermalink }}">next</a>{{ end }}{{ end }}', encoding="utf-8")
    (layouts / "list.html").write_text(
        '{{ define "main" }}<h1>{{ .Title }}</h1><ol>{{ range .Paginator.Pages }}<li><a href="{{ .RelPermalink }}">{{ .Title }}</a> '
        '{{ .Date.Format "2006-01-02" }}</li>{{ end }}</ol>{{ end }}', encoding="utf-8")
    posts = max(1, pages - pages // 31)
    row = "| {r} | ▲1 | 영화 제목 {r} | 2024.01.{r:02d} | 123,456 | +1,234 | 1,234,567 | 1,234,567,890 | 12.3% |\n"
    for i in range(posts):
        table = "| 순위 | 증감 | 영화명 | 개봉일 | 관객수 | 증감 | 누적 | 매출액 | 점유율 |\n|---|---|---|---|---|---|---|---|---|\n"
        table += "".join(row.format(r=r) for r in range(1, 11))
        body = (f"+++\ntitle = \"{i}일차 박스오피스\"\ndate = \"2015-01-01T00:00:00+09:00\"\n+++\n\n"
                f"상위 10편 관객 **273,069명** · 매출액 31.3억 원. *노트* 문단입니다.\n\n{table}\n"
                "수집 시각 2024-02-11 09:00 KST · [JSON](data.json)\n")
        (folder / "content" / "posts" / f"p{i:05d}.md").write_text(body, encoding="utf-8")


def hugo_build(folder):
    public = folder / "public"
    shutil.rmtree(public, ignore_errors=True)
    wall, rss, err = timed(["hugo", "--quiet", "--source", str(folder), "--destination", str(public)])
    count = sum(1 for _ in public.rglob("*.html"))
    return wall, rss, count


class SlowKOBIS(http.server.BaseHTTPRequestHandler):
    """KOBIS-shaped answers after 100 ms, as over a real network."""
    chart = movie = b""

    def do_GET(self):
        time.sleep(0.1)
        if "searchDailyBoxOfficeList" in self.path:
            body = SlowKOBIS.chart
        else:  # the movie asked for, so nothing is retried
            code = urllib.parse.parse_qs(urllib.parse.urlparse(self.path).query).get("movieCd", [""])[0]
            body = SlowKOBIS.movie.replace(b'"movieCd":"20230001"', f'"movieCd":"{code}"'.encode())
        self.send_response(200)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)

    def log_message(self, *args):
        pass


def fetch_benchmark(jobs):
    fixtures = ROOT / "Tests" / "SitegenModelTests" / "Fixtures"
    SlowKOBIS.chart = (fixtures / "daily-quirks.json").read_bytes()
    SlowKOBIS.movie = (fixtures / "movie-info.json").read_bytes()
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), SlowKOBIS)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    with tempfile.TemporaryDirectory() as temp:
        env = dict(os.environ, KOBIS_API_KEY="bench-key-0000", KOBIS_BASE_URL=f"http://127.0.0.1:{server.server_address[1]}")
        env.pop("KAKAO_REST_API_KEY", None)
        start = time.monotonic()
        result = subprocess.run([str(BINARY), "fetch", "--days", "30", "--until", UNTIL, "--cache", temp, "--jobs", str(jobs)],
                                env=env, capture_output=True, text=True)
        wall = time.monotonic() - start
    server.shutdown()
    match = re.search(r"(\d+) requests? over the network \((\d+) retr", result.stderr)
    requests, retries = (int(match.group(1)), int(match.group(2))) if match else (0, 0)
    return wall, requests, retries


def mtimes(folder):
    return {str(p.relative_to(folder)): p.stat().st_mtime_ns for p in folder.rglob("*") if p.is_file()}


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--days", default="30,365,3650")
    parser.add_argument("--skip-fetch", action="store_true")
    parser.add_argument("--disk", action="store_true",
                        help="write the sites to the disk instead of tmpfs (/dev/shm); small-file I/O on a VM disk is noisy")
    args = parser.parse_args()
    print("building the release binary…", flush=True)
    subprocess.run(["swift", "build", "-c", "release", "--product", "sitegen"], cwd=ROOT, check=True, capture_output=True)
    print(f"machine: {os.cpu_count()} cores; {subprocess.run(['hugo', 'version'], capture_output=True, text=True).stdout.split(' BuildDate')[0]}")
    print(f"medians of {args.runs} runs\n")
    header = (f"{'days':>5} {'pages':>6} | {'sitegen s':>9} {'render+write s':>14} {'CPU s':>6} {'pages/s':>8} {'peak MB':>8} | "
              f"{'hugo s':>7} {'CPU s':>6} {'pages/s':>8} {'peak MB':>8} | {'ratio':>6} {'r+w ratio':>9}")
    print(header)
    print("-" * len(header))
    scratch = None if args.disk or not Path("/dev/shm").is_dir() else "/dev/shm"
    print(f"output on {'tmpfs (/dev/shm)' if scratch else 'the disk'}; CPU is user+sys seconds\n")
    with tempfile.TemporaryDirectory(dir=scratch) as temp:
        temp = Path(temp)
        for days in [int(d) for d in args.days.split(",")]:
            walls, rws, rsss = [], [], []
            CPU.clear()
            out = temp / f"site-{days}"
            pages = None
            for _ in range(args.runs):
                shutil.rmtree(out, ignore_errors=True)
                wall, rss, rw, _ = sitegen_build(days, out)
                walls.append(wall); rws.append(rw); rsss.append(rss)
            pages = sum(1 for _ in out.rglob("*.html"))
            hugo_folder = temp / f"hugo-{days}"
            hugo_site(hugo_folder, pages)
            hwalls, hrss = [], []
            hugo_pages = 0
            for _ in range(args.runs):
                wall, rss, hugo_pages = hugo_build(hugo_folder)
                hwalls.append(wall); hrss.append(rss)
            s, rw, h = statistics.median(walls), statistics.median(rws), statistics.median(hwalls)
            print(f"{days:>5} {pages:>6} | {s:>9.2f} {rw:>14.2f} {statistics.median(CPU['sitegen']):>6.2f} {pages / s:>8.0f} "
                  f"{statistics.median(rsss):>8.0f} | {h:>7.2f} {statistics.median(CPU['hugo']):>6.2f} {hugo_pages / h:>8.0f} "
                  f"{statistics.median(hrss):>8.0f} | {s / h:>6.2f} {rw / h:>9.2f}", flush=True)

        # Incremental: nothing changed, then one more day.
        days = int(args.days.split(",")[-1])
        out = temp / "incremental"
        sitegen_build(days, out)
        before = mtimes(out)
        sitegen_build(days, out)
        same = mtimes(out)
        unchanged_rewrites = sum(1 for k, v in same.items() if before.get(k) != v)
        last = time.strftime("%Y-%m-%d", time.strptime(UNTIL, "%Y-%m-%d"))
        next_day = subprocess.run(["date", "-d", f"{last} +1 day", "+%Y-%m-%d"], capture_output=True, text=True).stdout.strip()
        env = {k: v for k, v in os.environ.items() if k not in ("KOBIS_API_KEY", "KAKAO_REST_API_KEY")}
        # The daily rebuild: the same number of days, ending one day later.
        subprocess.run([str(BINARY), "build", "--days", str(days), "--until", next_day, "--output", str(out), "--quiet"], env=env, check=True)
        after = mtimes(out)
        rewritten = sum(1 for k, v in after.items() if same.get(k) != v)
        print(f"\nrebuild of {days} days, nothing changed: {unchanged_rewrites} of {len(same)} files rewritten")
        print(f"rebuild with one more day (--until +1): {rewritten} of {len(after)} files written")

    if not args.skip_fetch:
        for jobs in (1, 6):
            wall, requests, retries = fetch_benchmark(jobs)
            print(f"cold fetch of 30 days, 100 ms per answer, --jobs {jobs}: {requests} requests ({retries} retries) in {wall:.2f} s "
                  f"≈ {wall / 0.1:.0f} round trips; requests ÷ jobs = {requests / jobs:.1f} (+1 for the first request, which goes alone)")


if __name__ == "__main__":
    main()
