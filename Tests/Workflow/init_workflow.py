#!/usr/bin/env python3
"""Runs the workflow `sitegen init` writes, step by step, on this machine, as GitHub Actions runs
it: from `sitegen init` to `_site/index.html`, then the next morning with the API cache evicted.

Every `run:` step runs for real (bash -eo pipefail, the job's and the step's env, in a clone of the
site's repository): apt-get, the release build of vendor/sitegen, `sitegen build`, the history
commit and its push to the site's "origin" (a bare repository here). Only what exists on GitHub
alone is stubbed: actions/checkout (the clone is made before), actions/cache (a folder of saved
paths, restored by key or restore-keys prefix and saved after a successful job, as the action
does), actions/configure-pages (its base_url output) and actions/upload-pages-artifact (checks
and keeps the folder). KOBIS is the local stand-in (kobis-standin) through KOBIS_BASE_URL: the one
difference from the real run. A `${{ }}` expression or a `uses:` this runner does not know fails
the test, so the workflow cannot grow a step this test silently skips.

Prints each step with its time, then `N passed, M failed`; exits non-zero on any failure.
"""
import datetime
import fnmatch
import hashlib
import os
import re
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import yaml

ROOT = Path(__file__).resolve().parents[2]
SITEGEN = ROOT / ".build" / "debug" / "sitegen"
STANDIN = ROOT / ".build" / "debug" / "kobis-standin"
BASE_URL = "https://example.github.io/site"
results = {"passed": 0, "failed": 0}


def check(condition, message):
    results["passed" if condition else "failed"] += 1
    print(("ok   " if condition else "FAIL ") + message, flush=True)
    return condition


def git(*args, cwd=None):
    return subprocess.run(["git", *args], cwd=cwd, check=True, capture_output=True, text=True).stdout


class Job:
    """One run of the `build` job in `workspace`, with a cache store shared between runs."""

    def __init__(self, workflow, workspace, store, secrets, extra_env, home, run_id):
        self.workflow, self.workspace, self.store = workflow, workspace, store
        self.secrets, self.extra_env, self.home, self.run_id = secrets, extra_env, home, run_id
        self.outputs, self.saves, self.logs, self.times = {}, [], {}, {}
        self.artifact = None

    def hash_files(self, patterns):
        digest = hashlib.sha256()
        files = sorted(p for p in self.workspace.rglob("*") if p.is_file() and ".build" not in p.parts
                       and any(fnmatch.fnmatch(str(p.relative_to(self.workspace)), g.replace("/**", "/*")) for g in patterns))
        for path in files:
            digest.update(str(path.relative_to(self.workspace)).encode())
            digest.update(hashlib.sha256(path.read_bytes()).digest())
        return digest.hexdigest() if files else ""

    def expression(self, text):
        inner = text.strip()
        if m := re.fullmatch(r"secrets\.(\w+)", inner):
            return self.secrets.get(m.group(1), "")
        if inner == "github.run_id":
            return str(self.run_id)
        if m := re.fullmatch(r"steps\.([\w-]+)\.outputs\.(\w+)", inner):
            return self.outputs[m.group(1)][m.group(2)]
        if m := re.fullmatch(r"hashFiles\((.*)\)", inner):
            return self.hash_files(re.findall(r"'([^']*)'", m.group(1)))
        raise ValueError(f"this runner does not know the expression ${{{{ {inner} }}}}")

    def substitute(self, value):
        return re.sub(r"\$\{\{(.*?)\}\}", lambda m: self.expression(m.group(1)), str(value))

    def env(self, step):
        env = {k: v for k, v in os.environ.items() if k not in ("KOBIS_API_KEY", "KAKAO_REST_API_KEY")}
        env.update(HOME=str(self.home), GITHUB_WORKSPACE=str(self.workspace), GITHUB_REF_NAME="main",
                   GITHUB_RUN_ID=str(self.run_id), CI="true", GITHUB_ACTIONS="true")
        env.update(self.extra_env)
        for scope in (self.workflow.get("env") or {}, step.get("env") or {}):
            env.update({k: self.substitute(v) for k, v in scope.items()})
        return env

    def uses(self, step):
        action = step["uses"].split("@")[0]
        given = {k: self.substitute(v) for k, v in (step.get("with") or {}).items()}
        if action == "actions/checkout":
            return True  # the workspace is a fresh clone already
        if action == "actions/cache":
            target = self.workspace / given["path"]
            keys = [given["key"]]
            restored = self.store / given["key"]
            if not restored.exists() and given.get("restore-keys"):
                prefixes = [p.strip() for p in given["restore-keys"].splitlines() if p.strip()]
                found = sorted((p for p in self.store.iterdir() if any(p.name.startswith(x) for x in prefixes)),
                               key=lambda p: p.stat().st_mtime)
                restored = found[-1] if found else restored
            if restored.exists():
                shutil.copytree(restored, target, symlinks=True, dirs_exist_ok=True)
            self.outputs.setdefault(step.get("id", "cache"), {})["cache-hit"] = str(restored.name == keys[0] and restored.exists()).lower()
            self.saves.append((given["key"], target))
            return True
        if action == "actions/configure-pages":
            self.outputs[step["id"]] = {"base_url": BASE_URL}
            return True
        if action == "actions/upload-pages-artifact":
            folder = self.workspace / given["path"]
            self.artifact = folder if (folder / "index.html").exists() else None
            return self.artifact is not None
        raise ValueError(f"this runner does not know the action {step['uses']}")

    def run(self):
        steps = self.workflow["jobs"]["build"]["steps"]
        ok = True
        for index, step in enumerate(steps):
            name = step.get("name") or step.get("uses") or f"step {index + 1}"
            condition = str(step.get("if", "success()")).strip()
            if condition not in ("success()", "always()"):
                raise ValueError(f"this runner does not know the condition {condition}")
            if not ok and condition != "always()":
                print(f"  skip {name}", flush=True)
                continue
            started = time.monotonic()
            if "uses" in step:
                passed = self.uses(step)
                log = ""
            else:
                result = subprocess.run(["bash", "--noprofile", "--norc", "-eo", "pipefail", "-c", self.substitute(step["run"])],
                                        cwd=self.workspace, env=self.env(step), capture_output=True, text=True)
                passed, log = result.returncode == 0, result.stdout + result.stderr
            self.times[name] = time.monotonic() - started
            self.logs[name] = log
            print(f"  {'ok' if passed else 'FAILED'} {name} ({self.times[name]:.1f} s)", flush=True)
            if not passed:
                print("    " + log.strip().replace("\n", "\n    ")[-3000:], flush=True)
            ok = ok and passed
        if ok:  # actions/cache saves in its post step, on success, under a key not saved before
            for key, path in self.saves:
                if not (self.store / key).exists() and path.exists():
                    shutil.copytree(path, self.store / key, symlinks=True)
        return ok


def seoul_yesterday():
    return (datetime.datetime.now(datetime.timezone.utc) + datetime.timedelta(hours=9)).date() - datetime.timedelta(days=1)


def main():
    temp = Path(tempfile.mkdtemp(prefix="sitegen-workflow-"))
    standin = subprocess.Popen([str(STANDIN)], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
    try:
        stand_env = dict(pair.split("=", 1) for pair in standin.stdout.readline().split())
        # No Kakao secret: the site uses placeholders, so every request counted below is KOBIS's.
        secrets = {"KOBIS_API_KEY": stand_env["KOBIS_API_KEY"]}
        extra = {"KOBIS_BASE_URL": stand_env["KOBIS_BASE_URL"]}
        home = temp / "home"
        home.mkdir()
        since = (seoul_yesterday() - datetime.timedelta(days=9)).isoformat()

        # A new user: init, commit, push to the site's repository.
        site = temp / "site"
        made = subprocess.run([str(SITEGEN), "init", str(site), "--since", since], capture_output=True, text=True)
        check(made.returncode == 0, f"sitegen init --since {since}: {made.stderr.strip()}")
        origin = temp / "origin.git"
        git("init", "-q", "--bare", "-b", "main", str(origin))
        git("init", "-q", "-b", "main", cwd=site)
        git("add", "-A", cwd=site)
        git("-c", "user.name=t", "-c", "user.email=t@example.com", "commit", "-q", "-m", "init", cwd=site)
        git("push", "-q", str(origin), "main", cwd=site)
        workflow = yaml.safe_load((site / ".github" / "workflows" / "sitegen.yml").read_text(encoding="utf-8"))
        check(workflow["env"]["SITEGEN_SINCE"] == since, "the workflow keeps every day from init's --since")

        # The workspace path is the same every morning, as on GitHub's runners (SwiftPM's build
        # folder names absolute paths, so a restored build is reused only there).
        workspace = temp / "work" / "site"
        store = temp / "cache-store"
        store.mkdir()

        def morning(run_id):
            shutil.rmtree(workspace, ignore_errors=True)
            workspace.parent.mkdir(exist_ok=True)
            git("clone", "-q", str(origin), str(workspace))
            job = Job(workflow, workspace, store, secrets, extra, home, run_id)
            return job, job.run()

        print("first morning", flush=True)
        first, ok = morning(1)
        check(ok, "every step of the first morning succeeded")
        index = workspace / "_site" / "index.html"
        check(first.artifact is not None and index.exists(), "_site/index.html was built and uploaded")
        html = index.read_text(encoding="utf-8") if index.exists() else ""
        check("데모 데이터" not in html and "demo-banner" not in html, "the site is KOBIS data, not the demo")
        check((workspace / "vendor" / "sitegen" / ".build" / "release" / "sitegen").exists()
              and (workspace / ".sitegen-bin" / "sitegen").exists(), "sitegen was built from vendor/sitegen")
        pushed = git("log", "main", "--name-only", "--format=%s", cwd=origin)
        check("history: " in pushed and "history/daily/" in pushed, "history/ was committed and pushed to the site's repository")
        print(f"  the release build of vendor/sitegen took {first.times.get('Build sitegen', 0):.0f} s", flush=True)

        # The next morning, after GitHub evicted the API cache; the sitegen build's cache stays.
        for entry in store.iterdir():
            if entry.name.startswith("sitegen-cache-"):
                shutil.rmtree(entry)
        print("next morning, API cache evicted", flush=True)
        second, ok = morning(2)
        check(ok, "every step of the next morning succeeded")
        build_log = second.logs.get("Build sitegen", "")
        check("the cached build of vendor/sitegen" in build_log and "Compiling" not in build_log,
              f"the sitegen build came from the cache ({second.times.get('Build sitegen', 0):.1f} s)")
        fetch = re.search(r"fetch: \d+ items, \d+ from the cache, (\d+) requests? over the network", second.logs.get("Build the site", ""))
        asked = int(fetch.group(1)) if fetch else -1
        check(0 <= asked <= 5, f"the history refilled the cache: {asked} KOBIS requests (the days not yet final)")
        check((workspace / "_site" / "index.html").exists() and second.artifact is not None, "the next morning's site was published")

        # A forgotten secret fails at once, with one line that names it.
        step = next(s for s in workflow["jobs"]["build"]["steps"] if s.get("name") == "Check the secret")
        for empty in ("", "  "):
            job = Job(workflow, workspace, store, {"KOBIS_API_KEY": empty}, extra, home, 3)
            result = subprocess.run(["bash", "--noprofile", "--norc", "-eo", "pipefail", "-c", step["run"]],
                                    cwd=workspace, env=job.env(step), capture_output=True, text=True)
            lines = (result.stdout + result.stderr).strip().splitlines()
            check(result.returncode != 0 and len(lines) == 1 and lines[0].startswith("::error::") and "KOBIS_API_KEY" in lines[0],
                  f"an empty secret ({empty!r}) fails with one line naming KOBIS_API_KEY")
    finally:
        standin.stdin.close()
        standin.wait(timeout=30)
        shutil.rmtree(temp, ignore_errors=True)
    print(f"{results['passed']} passed, {results['failed']} failed", flush=True)
    return 1 if results["failed"] else 0


if __name__ == "__main__":
    sys.exit(main())
