#!/usr/bin/env python3
"""Runs the workflow `sitegen init` writes, job by job and step by step, on this machine, as GitHub
Actions runs it: from `sitegen init` to `_site/index.html`, a morning that fails and reports itself
in an issue, the retry later that morning (with the API cache evicted) that closes the issue, and a
retry after a success that does nothing; then the decision, the reports and the keep-alive commit
on their own, in each case the workflow tells apart.

Every `run:` step runs for real (bash -eo pipefail, the job's and the step's env, GITHUB_OUTPUT read
back; the build job in a clone of the site's repository, the others in an empty folder): apt-get,
the release build of vendor/sitegen, `sitegen build`, the history and keep-alive commits and their
push to the site's "origin" (a bare repository here). Jobs run in the order `needs` gives, each when
its `if:` holds. Only what exists on GitHub alone is stubbed: actions/checkout (the clone is made
before), actions/cache (a folder of saved paths, restored by key or restore-keys prefix and saved
after a successful job, as the action does), actions/configure-pages (its base_url output),
actions/upload-pages-artifact (the folder's files as its tar takes them: dot-files left out) and
actions/deploy-pages (needs that upload), each at the one major it stands in for (another major
fails the test: its inputs and outputs may differ, and Tests/Browser/check_workflow.py says which
majors still run on GitHub), and the `gh` command (a stand-in on PATH that records its arguments and
answers as each case says). Each job runs with its own GITHUB_TOKEN, as GitHub gives it: the
permissions the job declares (else the workflow's); gh, the Pages stubs, checkout and a push to
"origin" (a pre-receive hook) refuse what that token does not allow, as GitHub does. KOBIS is the local stand-in (kobis-standin) through KOBIS_BASE_URL: the one difference
from the real run. The fonts are the container's: fontconfig (FONTCONFIG_FILE) sees only the fonts
of the packages the workflow's own apt-get step installs and what they depend on, none before it
runs (swift:6.3.1-bookworm has none), so a site published without share cards fails the test
even on a machine whose own fonts could draw them. A `${{ }}` expression, an `if:` condition or a `uses:` this runner does not know
fails the test, so the workflow cannot grow a step this test silently skips.

Prints each job and step with its time, then `N passed, M failed`; exits non-zero on any failure.
"""
import datetime
import fnmatch
import hashlib
import json
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
SITEGEN_MARKER = ".sitegen"  # the file that marks an output folder as sitegen's (SiteWriter.marker)
results = {"passed": 0, "failed": 0}


def check(condition, message):
    results["passed" if condition else "failed"] += 1
    print(("ok   " if condition else "FAIL ") + message, flush=True)
    return condition


def git(*args, cwd=None, env=None):
    return subprocess.run(["git", *args], cwd=cwd, check=True, capture_output=True, text=True,
                          env={**os.environ, **(env or {})}).stdout


# gh as the workflow's own jobs use it, on PATH before the real one (if any): it records its
# arguments, one JSON list a line, and answers from FAKE_GH_RUNS (the count `gh run list ... --jq
# length` prints; "fail" fails) and FAKE_GH_OPEN_ISSUE (the number `gh issue list ... --jq` prints).
FAKE_GH = r"""#!/usr/bin/env python3
import json, os, sys
if not os.environ.get("GH_TOKEN") or not os.environ.get("GH_REPO"):
    sys.exit("gh: GH_TOKEN and GH_REPO are needed (a job without a checkout)")
with open(os.environ["FAKE_GH_LOG"], "a", encoding="utf-8") as log:
    log.write(json.dumps(sys.argv[1:]) + "\n")
command = sys.argv[1:3]
token = json.loads(os.environ.get("STANDIN_TOKEN_PERMISSIONS", "{}"))
wants = {("run", "list"): ("actions", "read"), ("issue", "list"): ("issues", "read")}.get(tuple(command), ("issues", "write"))
if token.get(wants[0]) not in ((wants[1], "write") if wants[1] == "read" else ("write",)):
    sys.exit(f"HTTP 403: Resource not accessible by integration (the job's token has no {wants[0]}: {wants[1]})")
if command == ["run", "list"]:
    answer = os.environ.get("FAKE_GH_RUNS", "0")
elif command == ["issue", "list"]:
    answer = os.environ.get("FAKE_GH_OPEN_ISSUE", "")
elif command in (["issue", "create"], ["issue", "comment"], ["issue", "close"]):
    answer = ""
else:
    sys.exit(f"gh: this stand-in does not know {' '.join(command)}")
if answer == "fail":
    sys.exit("HTTP 502: Bad Gateway")
if answer:
    print(answer)
"""
GITHUB = {"repository": "example/site", "server_url": "https://github.com", "token": "ghs_stand-in-token"}

# The majors the stubs in Run.uses stand in for.
STUBBED = {"actions/checkout": "v6", "actions/cache": "v5", "actions/configure-pages": "v6",
           "actions/upload-pages-artifact": "v5", "actions/deploy-pages": "v5"}

# A push to the site's "origin" as GitHub takes one from a workflow: refused unless the job's token
# may write contents (the test's own pushes, without a token, are the operator's).
PRE_RECEIVE = r"""#!/usr/bin/env python3
import json, os, sys
token = os.environ.get("STANDIN_TOKEN_PERMISSIONS")
if token is not None and json.loads(token).get("contents") != "write":
    sys.exit("remote: Permission to example/site.git denied to github-actions[bot] (the job's token has no contents: write)")
"""


def guard_pushes(origin):
    hook = origin / "hooks" / "pre-receive"
    hook.write_text(PRE_RECEIVE, encoding="utf-8")
    hook.chmod(0o755)


def allows(token, scope, level):
    """Whether permissions `token` (scope → level) allow `scope: level`."""
    return token.get(scope) == "write" or (level == "read" and token.get(scope) == "read")
STATUS = ("success()", "failure()", "always()")


class Place:
    """What stays from one run to the next: the cache store, HOME, the fake gh, a folder for jobs."""

    def __init__(self, temp, secrets, extra_env):
        self.temp, self.secrets, self.extra_env = temp, secrets, extra_env
        self.store, self.home, self.bin, self.jobs = temp / "cache-store", temp / "home", temp / "bin", temp / "jobs"
        for folder in (self.store, self.home, self.bin, self.jobs):
            folder.mkdir(exist_ok=True)
        (self.bin / "gh").write_text(FAKE_GH, encoding="utf-8")
        (self.bin / "gh").chmod(0o755)
        # The container's fonts: none until the workflow's apt-get step has run (see installed_fonts).
        self.fonts_conf = temp / "fonts.conf"
        write_fonts_conf(self.fonts_conf, [], temp / "fonts")


class Run:
    """One run of the workflow: its jobs in the order `needs` gives, each when its `if:` holds, with
    the contexts GitHub gives them. The build job runs in `workspace`, the others (no checkout) in
    an empty folder. `event` is "schedule" (with the `cron` that fired) or "workflow_dispatch"."""

    def __init__(self, workflow, workspace, place, run_id, event="workflow_dispatch", cron="", secrets=None, gh=None):
        self.workflow, self.workspace, self.place, self.run_id = workflow, workspace, place, run_id
        self.event, self.cron = event, cron
        self.secrets = place.secrets if secrets is None else secrets
        self.gh_log = place.temp / f"gh-{run_id}.log"
        self.gh_log.unlink(missing_ok=True)
        self.gh = {"FAKE_GH_LOG": str(self.gh_log), **(gh or {})}
        self.results, self.job_outputs = {}, {}
        self.outputs, self.saves, self.logs, self.times, self.ran = {}, [], {}, {}, []
        self.artifact, self.current = None, None

    def gh_calls(self):
        """The fake gh's argument lists, in order."""
        return [json.loads(line) for line in self.gh_log.read_text(encoding="utf-8").splitlines()] if self.gh_log.exists() else []

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
        github = {"run_id": str(self.run_id), "workflow": self.workflow["name"], "event_name": self.event, **GITHUB}
        if m := re.fullmatch(r"github\.(\w+)", inner):
            if m.group(1) in github:
                return github[m.group(1)]
        if inner == "github.event.schedule":
            return self.cron if self.event == "schedule" else ""
        if m := re.fullmatch(r"steps\.([\w-]+)\.outputs\.(\w+)", inner):
            steps = self.workflow["jobs"].get(self.current, {}).get("steps") or [] if self.current else []
            if self.current and not any(step.get("id") == m.group(1) for step in steps):
                raise ValueError(f"job {self.current} has no step {m.group(1)}: ${{{{ {inner} }}}}")
            # A step that failed or was skipped set nothing: GitHub gives "".
            return self.outputs.get(m.group(1), {}).get(m.group(2), "")
        if m := re.fullmatch(r"needs\.([\w-]+)\.outputs\.(\w+)", inner):
            if m.group(1) not in self.needs(self.current):
                raise ValueError(f"job {self.current} does not need {m.group(1)}: ${{{{ {inner} }}}}")
            return self.job_outputs.get(m.group(1), {}).get(m.group(2), "")  # GitHub gives "" for an unset output
        if m := re.fullmatch(r"hashFiles\((.*)\)", inner):
            return self.hash_files(re.findall(r"'([^']*)'", m.group(1)))
        raise ValueError(f"this runner does not know the expression ${{{{ {inner} }}}}")

    def substitute(self, value):
        return re.sub(r"\$\{\{(.*?)\}\}", lambda m: self.expression(m.group(1)), str(value))

    def condition(self, text, status):
        """An `if:` as GitHub reads it, in the forms this runner knows: the status functions and
        `<expression> == '<text>'` (or !=), joined by &&; without a status function, success() &&."""
        inner = str(text).strip()
        inner = m.group(1) if (m := re.fullmatch(r"\$\{\{(.*)\}\}", inner)) else inner
        terms = [term.strip() for term in inner.split("&&")]
        if not any(term in STATUS for term in terms):
            terms.insert(0, "success()")
        holds = True
        for term in terms:
            if term in STATUS:
                holds = holds and status[term]
            elif m := re.fullmatch(r"(.+?)\s*(==|!=)\s*'([^']*)'", term):
                holds = holds and ((self.expression(m.group(1)) == m.group(3)) == (m.group(2) == "=="))
            else:
                raise ValueError(f"this runner does not know the condition {term}")
        return holds

    def token(self):
        """The permissions of the current job's GITHUB_TOKEN: its own, else the workflow's (a
        string such as read-all for every scope). With neither, the repository's default; this
        runner takes the restricted one (contents: read) GitHub gives new repositories."""
        job = self.workflow["jobs"].get(self.current, {}) if self.current else {}
        given = job["permissions"] if "permissions" in job else self.workflow.get("permissions", {"contents": "read"})
        if isinstance(given, str):
            level = given.replace("-all", "")
            return {scope: level for scope in ("actions", "contents", "issues", "pages", "id-token")}
        return {str(k): str(v) for k, v in (given or {}).items()}

    def needs(self, name):
        needs = self.workflow["jobs"][name].get("needs", [])
        return [needs] if isinstance(needs, str) else list(needs)

    def ancestors(self, name):
        found = set()
        for need in self.needs(name):
            found |= {need} | self.ancestors(need)
        return found

    def env(self, step, cwd):
        env = {k: v for k, v in os.environ.items() if k not in ("KOBIS_API_KEY", "KAKAO_REST_API_KEY")}
        env.update(HOME=str(self.place.home), GITHUB_WORKSPACE=str(cwd), GITHUB_REF_NAME="main",
                   GITHUB_RUN_ID=str(self.run_id), GITHUB_REPOSITORY=GITHUB["repository"], GITHUB_SERVER_URL=GITHUB["server_url"],
                   GITHUB_EVENT_NAME=self.event, GITHUB_WORKFLOW=self.workflow["name"], CI="true", GITHUB_ACTIONS="true")
        env.update(self.place.extra_env, **self.gh)
        env["STANDIN_TOKEN_PERMISSIONS"] = json.dumps(self.token())
        env["FONTCONFIG_FILE"] = str(self.place.fonts_conf)
        env["PATH"] = f"{self.place.bin}{os.pathsep}{env.get('PATH', '')}"
        for scope in (self.workflow.get("env") or {}, step.get("env") or {}):
            env.update({k: self.substitute(v) for k, v in scope.items()})
        return env

    def uses(self, step):
        """A stubbed action: whether it succeeded, and what it said."""
        action, _, ref = step["uses"].partition("@")
        if action in STUBBED and ref.split(".")[0] != STUBBED[action]:
            raise ValueError(f"this runner stands in for {action}@{STUBBED[action]}, not @{ref}: check the stub against "
                             "that major's inputs and outputs, then change STUBBED")
        given = {k: self.substitute(v) for k, v in (step.get("with") or {}).items()}
        token = self.token()
        needs = {"actions/checkout": [("contents", "read")], "actions/configure-pages": [("pages", "read")],
                 "actions/deploy-pages": [("pages", "write"), ("id-token", "write")]}.get(action, [])
        missing = [f"{scope}: {level}" for scope, level in needs if not allows(token, scope, level)]
        if missing:
            return False, f"HTTP 403: Resource not accessible by integration (the job's token lacks {', '.join(missing)})"
        if action == "actions/checkout":
            return True, ""  # the workspace is a fresh clone already
        if action == "actions/cache":
            target = self.workspace / given["path"]
            keys = [given["key"]]
            restored = self.place.store / given["key"]
            if not restored.exists() and given.get("restore-keys"):
                prefixes = [p.strip() for p in given["restore-keys"].splitlines() if p.strip()]
                found = sorted((p for p in self.place.store.iterdir() if any(p.name.startswith(x) for x in prefixes)),
                               key=lambda p: p.stat().st_mtime)
                restored = found[-1] if found else restored
            if restored.exists():
                shutil.copytree(restored, target, symlinks=True, dirs_exist_ok=True)
            self.outputs.setdefault(step.get("id", "cache"), {})["cache-hit"] = str(restored.name == keys[0] and restored.exists()).lower()
            self.saves.append((given["key"], target))
            return True, ""
        if action == "actions/configure-pages":
            self.outputs[step["id"]] = {"base_url": BASE_URL}
            return True, ""
        if action == "actions/upload-pages-artifact":
            # Its tar: every file under the path but .git, .github and, since v4, any name starting
            # with a dot unless include-hidden-files is true.
            folder = self.workspace / given["path"]
            hidden = given.get("include-hidden-files", "false") == "true"
            files = sorted(str(f.relative_to(folder)) for f in folder.rglob("*") if f.is_file()) if folder.is_dir() else []
            self.artifact = [f for f in files if not any(part in (".git", ".github") or (part.startswith(".") and not hidden)
                                                         for part in f.split("/"))]
            self.artifact = self.artifact if "index.html" in self.artifact else None
            return self.artifact is not None, "" if self.artifact else f"no index.html in {given['path']}"
        if action == "actions/deploy-pages":  # publishes what upload-pages-artifact uploaded in this run
            self.outputs[step["id"]] = {"page_url": BASE_URL + "/"}
            return self.artifact is not None, ""
        raise ValueError(f"this runner does not know the action {step['uses']}")

    def run(self):
        """Every job, each once its needs are done; True when none failed."""
        jobs = list(self.workflow["jobs"])
        while len(self.results) < len(jobs):
            ready = [name for name in jobs if name not in self.results and all(n in self.results for n in self.needs(name))]
            if not ready:
                raise ValueError(f"jobs that need each other or an unknown job: {sorted(set(jobs) - set(self.results))}")
            for name in ready:
                self.job(name)
        return "failure" not in self.results.values()

    def due(self, name):
        """Whether job `name` runs, given the results of the jobs before it."""
        self.current = name
        status = {"success()": all(self.results.get(n) == "success" for n in self.needs(name)),
                  "failure()": any(self.results.get(n) == "failure" for n in self.ancestors(name)), "always()": True}
        return self.condition(self.workflow["jobs"][name].get("if", "success()"), status)

    def job(self, name):
        """One job, if its `if:` holds given the results so far: "success", "failure" or "skipped"."""
        job = self.workflow["jobs"][name]
        if not self.due(name):
            print(f"  skip job {name}", flush=True)
            self.results[name] = "skipped"
            return "skipped"
        print(f"  job {name}", flush=True)
        self.ran.append(name)
        cwd = self.workspace if name == "build" else self.place.jobs / f"{self.run_id}-{name}"
        cwd.mkdir(parents=True, exist_ok=True)
        self.outputs, ok = {}, True
        for index, step in enumerate(job.get("steps") or []):
            label = step.get("name") or step.get("uses") or f"{name} step {index + 1}"
            if not self.condition(step.get("if", "success()"), {"success()": ok, "failure()": not ok, "always()": True}):
                print(f"    skip {label}", flush=True)
                continue
            started = time.monotonic()
            if "uses" in step:
                passed, log = self.uses(step)
            else:
                passed, log = self.shell(step, cwd)
            self.times[label] = time.monotonic() - started
            self.logs[label] = log
            print(f"    {'ok' if passed else 'FAILED'} {label} ({self.times[label]:.1f} s)", flush=True)
            if not passed:
                print("      " + log.strip().replace("\n", "\n      ")[-3000:], flush=True)
            ok = ok and passed
        if ok:  # actions/cache saves in its post step, on success, under a key not saved before
            for key, path in self.saves:
                if not (self.place.store / key).exists() and path.exists():
                    shutil.copytree(path, self.place.store / key, symlinks=True)
        self.saves = []
        self.job_outputs[name] = {k: self.substitute(v) for k, v in (job.get("outputs") or {}).items()}
        self.results[name] = "success" if ok else "failure"
        return self.results[name]

    def shell(self, step, cwd):
        """A `run:` step as the runner runs it (bash -eo pipefail), its GITHUB_OUTPUT read back."""
        output = self.place.temp / "github-output"
        output.write_text("", encoding="utf-8")
        env = self.env(step, cwd)
        env["GITHUB_OUTPUT"] = str(output)
        result = subprocess.run(["bash", "--noprofile", "--norc", "-eo", "pipefail", "-c", self.substitute(step["run"])],
                                cwd=cwd, env=env, capture_output=True, text=True)
        if result.returncode == 0 and "apt-get install" in step["run"]:
            fonts = installed_fonts(apt_packages(step["run"]))
            write_fonts_conf(self.place.fonts_conf, fonts, self.place.temp / "fonts")
            print(f"      the container's fonts now: {len(fonts)} files from the packages the step installs", flush=True)
        for line in output.read_text(encoding="utf-8").splitlines():
            key, _, value = line.partition("=")
            if not _ or "<<" in key:
                raise ValueError(f"this runner reads only name=value lines of GITHUB_OUTPUT, not {line!r}")
            self.outputs.setdefault(step.get("id", ""), {})[key] = value
        return result.returncode == 0, result.stdout + result.stderr


FONT_SUFFIXES = (".ttf", ".otf", ".ttc", ".otc", ".pfb", ".pfa", ".pcf.gz", ".woff", ".woff2")


def apt_packages(script):
    """The package names an `apt-get install` line of a step names (options left out)."""
    names = []
    for line in script.splitlines():
        if "apt-get install" in line:
            words = line.split("apt-get install", 1)[1].split(">")[0].split("&&")[0].split()
            names += [w for w in words if not w.startswith("-")]
    return names


def installed_fonts(packages):
    """The font files of `packages` and of every installed package they depend on (Pre-Depends and
    Depends, an alternative counted when installed): what a bare container has after installing them."""
    status = subprocess.run(["dpkg-query", "-W", "-f", "${Package}\t${db:Status-Abbrev}\t${Provides}\t${Pre-Depends}, ${Depends}\n"],
                            capture_output=True, text=True, check=True).stdout
    installed, provides, depends = set(), {}, {}
    for line in status.splitlines():
        name, state, provided, needed = (line.split("\t") + ["", "", ""])[:4]
        name = name.split(":")[0]
        if not state.startswith("ii"):
            continue
        installed.add(name)
        depends[name] = needed
        for item in provided.split(","):
            if item.strip():
                provides.setdefault(item.split()[0].split(":")[0], set()).add(name)
    seen, todo = set(), [p for p in packages]
    while todo:
        name = todo.pop()
        for real in ({name} if name in installed else provides.get(name, set())):
            if real in seen:
                continue
            seen.add(real)
            for group in depends.get(real, "").split(","):
                for choice in group.split("|"):
                    choice = choice.strip().split(" ")[0].split(":")[0]
                    if choice and (choice in installed or choice in provides):
                        todo.append(choice)
                        break
    fonts = []
    for name in sorted(seen):
        # dpkg's own lists of each package's files (what `dpkg -L` prints, without a process each).
        listing = [line for path in Path("/var/lib/dpkg/info").glob(f"{name}*.list") if path.name.split(".list")[0].split(":")[0] == name
                   for line in path.read_text(encoding="utf-8", errors="replace").splitlines()]
        fonts += [f for f in listing if f.startswith("/usr/share/fonts/") and f.endswith(FONT_SUFFIXES) and os.path.isfile(f)]
    return sorted(set(fonts))


def write_fonts_conf(conf, fonts, folder):
    """A fontconfig configuration that knows exactly `fonts` (linked into `folder`, since a package's
    folder may hold other packages' fonts too) and nothing of the machine's own."""
    shutil.rmtree(folder, ignore_errors=True)
    folder.mkdir(parents=True)
    for index, font in enumerate(fonts):
        (folder / f"{index:04d}-{os.path.basename(font)}").symlink_to(font)
    conf.write_text(f"""<?xml version="1.0"?>
<!DOCTYPE fontconfig SYSTEM "fonts.dtd">
<fontconfig><dir>{folder}</dir><cachedir>{folder}.cache</cachedir></fontconfig>
""", encoding="utf-8")


def seoul_yesterday():
    return (datetime.datetime.now(datetime.timezone.utc) + datetime.timedelta(hours=9)).date() - datetime.timedelta(days=1)


def utc_today():
    return datetime.datetime.now(datetime.timezone.utc).date().isoformat()


def crons(workflow):
    return [entry["cron"] for entry in workflow[True]["schedule"]]  # YAML 1.1 reads a bare `on` as true


def quiet_repository(temp, name, days):
    """A bare "origin" whose main branch's one commit is `days` old, and a fresh clone of it."""
    origin, seed, clone = temp / f"{name}.git", temp / f"{name}-seed", temp / name
    git("init", "-q", "--bare", "-b", "main", str(origin))
    guard_pushes(origin)
    git("init", "-q", "-b", "main", str(seed))
    (seed / "README.md").write_text("a site\n", encoding="utf-8")
    git("add", "-A", cwd=seed)
    then = (datetime.datetime.now(datetime.timezone.utc) - datetime.timedelta(days=days)).strftime("%Y-%m-%dT%H:%M:%S+0000")
    git("-c", "user.name=t", "-c", "user.email=t@example.com", "commit", "-q", "-m", "init", cwd=seed,
        env={"GIT_AUTHOR_DATE": then, "GIT_COMMITTER_DATE": then})
    git("push", "-q", str(origin), "main", cwd=seed)
    git("clone", "-q", str(origin), str(clone))
    return origin, clone


def check_keep_alive(workflow, place):
    """The build job on a repository quiet for 60 days makes and pushes one empty commit, even when
    the build fails (here at the secret), and rebases it when someone pushed meanwhile; after 10
    quiet days it makes none."""
    keep_alive = "sitegen <sitegen@users.noreply.github.com>|keep the morning schedule alive [skip ci]"
    for days, meanwhile, expected in ((60, False, [keep_alive]), (60, True, [keep_alive, "t <t@example.com>|meanwhile"]), (10, False, [])):
        name = f"quiet-{days}{'-pushed' if meanwhile else ''}"
        origin, clone = quiet_repository(place.temp, name, days)
        before = git("rev-parse", "main", cwd=origin).strip()
        if meanwhile:  # after the checkout, before the job pushes
            git("-c", "user.name=t", "-c", "user.email=t@example.com", "commit", "-q", "--allow-empty", "-m", "meanwhile", cwd=place.temp / f"{name}-seed")
            git("push", "-q", str(origin), "main", cwd=place.temp / f"{name}-seed")
        run = Run(workflow, clone, place, 100 + days + meanwhile, "schedule", crons(workflow)[0], secrets={"KOBIS_API_KEY": ""})
        run.results["decide"], run.job_outputs["decide"] = "success", {"build": "true"}
        result = run.job("build")
        log = git("log", "--format=%an <%ae>|%s", f"{before}..main", cwd=origin).splitlines()
        changed = git("diff", "--name-only", before, "main", cwd=origin).strip()
        check(result == "failure" and log == expected and not changed,
              f"quiet for {days} days{', someone pushing meanwhile' if meanwhile else ''}, a failed build pushed"
              f" {'one empty keep-alive commit by sitegen' if expected else 'no keep-alive commit'}: {log}")


def check_git_trust(workflow, place, origin):
    """In the container the checkout belongs to the runner's user, not root, and git refuses a
    repository of another owner; each step that runs git trusts the checkout for itself only. Here
    a clone owned by nobody (when this runs as root, as .ci/run does), with a HOME of its own: the
    history is committed and pushed, and ~/.gitconfig is neither written nor needed."""
    if os.geteuid() != 0:
        print("  (not root: the checkout of another owner is not made; ~/.gitconfig is still checked)", flush=True)
    clone = place.temp / "foreign-checkout"
    git("clone", "-q", str(origin), str(clone))
    (clone / "history" / "daily").mkdir(parents=True, exist_ok=True)
    (clone / "history" / "daily" / "trust.json").write_text("{}\n", encoding="utf-8")
    home = place.temp / "own-home"
    home.mkdir(exist_ok=True)
    if os.geteuid() == 0:
        subprocess.run(["chown", "-R", "65534:65534", str(clone)], check=True)
    names = ("Commit the history", "Keep the schedule alive", "Push the commits")
    steps = [s for s in workflow["jobs"]["build"]["steps"] if s.get("name") in names]
    run = Run(workflow, clone, place, 7)
    run.current = "build"  # its steps, with its token
    outcomes = []
    for step in steps:
        env = dict(run.env(step, clone), HOME=str(home))
        result = subprocess.run(["bash", "--noprofile", "--norc", "-eo", "pipefail", "-c", run.substitute(step["run"])],
                                cwd=clone, env=env, capture_output=True, text=True)
        outcomes.append((step["name"], result.returncode, (result.stdout + result.stderr).strip()[-200:]))
    pushed = git("log", "main", "-1", "--name-only", "--format=%s", cwd=origin)
    check(len(steps) == 3 and all(code == 0 for _, code, _ in outcomes) and "history/daily/trust.json" in pushed,
          f"in a checkout of another owner the history steps commit and push: {outcomes}")
    check(list(home.iterdir()) == [], f"and write nothing in HOME (no ~/.gitconfig): {sorted(p.name for p in home.iterdir())}")
    if os.geteuid() == 0:
        subprocess.run(["chown", "-R", f"{os.getuid()}:{os.getgid()}", str(clone)], check=True)


def check_tokens(workflow, place, origin):
    """Each job runs with only its own token here, so the runs above prove each has what it uses.
    That this runner refuses what a token lacks, as GitHub does, is shown by taking away one job's
    permissions at a time: the retry decision cannot see today's runs (and builds anyway, as it
    does when gh fails), the deploy and the report fail, the build's push is refused."""
    def narrowed(name, permissions):
        return {**workflow, "jobs": {**workflow["jobs"], name: {**workflow["jobs"][name], "permissions": permissions}}}

    run = Run(narrowed("decide", {}), place.temp, place, 400, "schedule", crons(workflow)[-1], gh={"FAKE_GH_RUNS": "1"})
    run.job("decide")
    check(run.job_outputs["decide"].get("build") == "true" and "could not list today's runs" in run.logs.get("Decide", ""),
          f"job decide without actions: read cannot list today's runs: {run.logs.get('Decide', '').strip()[-160:]}")
    for number, name in enumerate(("deploy", "report-success")):
        run = Run(narrowed(name, {}), place.temp, place, 401 + number, gh={"FAKE_GH_OPEN_ISSUE": "7"})
        run.results.update({"decide": "success", "build": "success", **({"deploy": "success"} if name != "deploy" else {})})
        run.artifact = ["index.html"]  # what the build uploaded
        outcome = run.job(name)
        said = " ".join(run.logs.values()).strip()
        check(outcome == "failure" and "403" in said, f"job {name} without its permissions fails: {outcome}, {said[-160:]}")
    clone = place.temp / "token-checkout"
    git("clone", "-q", str(origin), str(clone))
    git("-c", "user.name=t", "-c", "user.email=t@example.com", "commit", "-q", "--allow-empty", "-m", "unpushed", cwd=clone)
    before = git("rev-parse", "main", cwd=origin)
    run = Run(narrowed("build", {"contents": "read", "pages": "read"}), clone, place, 403)
    run.current = "build"
    step = next(s for s in workflow["jobs"]["build"]["steps"] if s.get("name") == "Push the commits")
    result = subprocess.run(["bash", "--noprofile", "--norc", "-eo", "pipefail", "-c", run.substitute(step["run"])],
                            cwd=clone, env=run.env(step, clone), capture_output=True, text=True)
    check(git("rev-parse", "main", cwd=origin) == before and "contents: write" in result.stdout + result.stderr,
          f"the build's push without contents: write is refused: {(result.stdout + result.stderr).strip()[-200:]}")


def check_decide(workflow, place, workspace):
    """The decide job's own script, with gh answering how many runs succeeded today: the first cron
    and "Run workflow" always build; a retry builds only after no success today, or when gh fails."""
    first, retries = crons(workflow)[0], crons(workflow)[1:]
    if not check(len(retries) >= 1 and "decide" in workflow["jobs"], f"a failed morning is retried by a later cron, if job decide says so: {crons(workflow)}"):
        return
    cases = [("schedule", first, "1", True, False), ("workflow_dispatch", "", "1", True, False)]
    cases += [("schedule", cron, runs, runs != "1", True) for cron in retries for runs in ("1", "0", "fail")]
    for number, (event, cron, runs, builds, asks) in enumerate(cases):
        run = Run(workflow, workspace, place, 200 + number, event, cron, gh={"FAKE_GH_RUNS": runs})
        decided = run.job("decide") == "success" and run.due("build")
        listed = [call for call in run.gh_calls() if call[:2] == ["run", "list"]]
        asked = listed == [] if not asks else (
            len(listed) == 1 and all(pair in zip(listed[0], listed[0][1:]) for pair in
                                     (("--workflow", workflow["name"]), ("--status", "success"), ("--created", f">={utc_today()}"), ("--jq", "length"))))
        check(decided == builds and asked,
              f"{event} {cron!r}, gh {'failing' if runs == 'fail' else f'counting {runs} successes today'}: the build {'runs' if builds else 'is skipped'}"
              f"{' (gh asked for successes since today, UTC)' if asks else ' (gh not asked)'}: {listed}")


def check_reports(workflow, place, workspace):
    """The report jobs' own scripts, with gh recording what they ask: a failed run opens the issue,
    or comments on the open one; a good run closes it; a run that built nothing does neither."""
    title = "The morning build failed"
    link = f"{GITHUB['server_url']}/{GITHUB['repository']}/actions/runs/"
    if not check({"report-failure", "report-success"} <= set(workflow["jobs"]), "the jobs report-failure and report-success report the run"):
        return
    cases = [  # results, the open issue's number, the jobs that run, what gh must have been asked to do
        ({"build": "failure", "deploy": "skipped"}, "", ["report-failure"], ["issue", "create", "--title", title]),
        ({"build": "success", "deploy": "failure"}, "7", ["report-failure"], ["issue", "comment", "7"]),
        ({"decide": "failure", "build": "skipped", "deploy": "skipped"}, "", ["report-failure"], ["issue", "create", "--title", title]),
        ({"build": "success", "deploy": "success"}, "7", ["report-success"], ["issue", "close", "7", "--comment"]),
        ({"build": "success", "deploy": "success"}, "", ["report-success"], None),
        ({"build": "skipped", "deploy": "skipped"}, "7", [], None),
    ]
    for number, (results, open_issue, jobs, asked) in enumerate(cases):
        run = Run(workflow, workspace, place, 300 + number, gh={"FAKE_GH_OPEN_ISSUE": open_issue})
        run.results.update({"decide": "success", **results})
        for name in ("report-failure", "report-success"):
            run.job(name)
        calls = [call for call in run.gh_calls() if call[:2] != ["issue", "list"]]
        searched = all(call[:2] == ["issue", "list"] and ("--state", "open") in zip(call, call[1:]) and title in " ".join(call)
                       for call in run.gh_calls() if call not in calls)
        told = (asked is None and calls == []) or (len(calls) == 1 and calls[0][:len(asked)] == asked
                                                  and f"{link}{run.run_id}" in " ".join(calls[0]))
        check(run.ran == jobs and searched and told and all(run.results[j] == "success" for j in jobs),
              f"results {results}, open issue {open_issue or 'none'}: {jobs or 'no report job'} ran, gh {calls or 'left alone'}")


def check_mornings(workflow, place, origin, first_day):
    """The mornings of a new site, each a whole run of the workflow, then its parts on their own."""
    # The workspace path is the same every morning, as on GitHub's runners (SwiftPM's build
    # folder names absolute paths, so a restored build is reused only there).
    workspace = place.temp / "work" / "site"
    first_cron, retry_cron = crons(workflow)[0], crons(workflow)[-1]

    def morning(run_id, **given):
        shutil.rmtree(workspace, ignore_errors=True)
        workspace.parent.mkdir(exist_ok=True)
        git("clone", "-q", str(origin), str(workspace))
        run = Run(workflow, workspace, place, run_id, **given)
        return run, run.run()

    print("first morning", flush=True)
    first, ok = morning(1, event="schedule", cron=first_cron)
    check(ok and first.results == {"decide": "success", "build": "success", "deploy": "success",
                                   "report-failure": "skipped", "report-success": "success"},
          f"every job of the first morning succeeded, and no failure was reported: {first.results}")
    check([call[:2] for call in first.gh_calls()] == [["issue", "list"]], "the first cron built without asking gh; no issue was open to close")
    index = workspace / "_site" / "index.html"
    check(first.artifact is not None and index.exists(), "_site/index.html was built, uploaded and deployed")
    # upload-pages-artifact leaves dot-files out (since v4): only those Pages does not need may be
    # among them (.nojekyll matters only to a site published from a branch, which Jekyll builds).
    site = workspace / "_site"
    left_out = sorted(str(f.relative_to(site)) for f in site.rglob("*") if f.is_file()) if site.is_dir() else []
    left_out = [f for f in left_out if f not in set(first.artifact or [])]
    check(set(left_out) <= {".nojekyll", SITEGEN_MARKER}, f"the uploaded artifact has every file of _site but {left_out}")
    html = index.read_text(encoding="utf-8") if index.exists() else ""
    check("데모 데이터" not in html and "demo-banner" not in html, "the site is KOBIS data, not the demo")
    days = sorted(p.name for p in (workspace / "_site" / "date").iterdir()) if (workspace / "_site" / "date").exists() else []
    check(days[:1] == [first_day], f"the site starts at sitegen.toml's since ({first_day}), the one place the first day lives: {days[:1]}")
    # Share cards on the published site, drawn with only the fonts the workflow installs.
    cards = sorted((workspace / "_site" / "card").glob("*.png")) if (workspace / "_site" / "card").exists() else []
    og = re.search(r'<meta property="og:image" content="([^"]+)"', html)
    check(len(cards) > 0 and og is not None and og.group(1).startswith(BASE_URL + "/card/")
          and (workspace / "_site" / og.group(1)[len(BASE_URL) + 1:]).exists(),
          f"the published site has share cards ({len(cards)}) and the home page's og:image is one: "
          f"{og.group(1) if og else 'none'}; {first.logs.get('Build the site', '').strip()[-300:]}")
    # The steps that run git trust the checkout for themselves only: nobody's ~/.gitconfig changes.
    gitconfig = place.home / ".gitconfig"
    check(not gitconfig.exists() or "safe" not in gitconfig.read_text(encoding="utf-8"),
          f"no step edited ~/.gitconfig: {gitconfig.read_text(encoding='utf-8').strip() if gitconfig.exists() else 'none'}")
    check((workspace / "vendor" / "sitegen" / ".build" / "release" / "sitegen").exists()
          and (workspace / ".sitegen-bin" / "sitegen").exists(), "sitegen was built from vendor/sitegen")
    pushed = git("log", "main", "--name-only", "--format=%s", cwd=origin)
    check("history: " in pushed and "history/daily/" in pushed, "history/ was committed and pushed to the site's repository")
    check("keep the morning schedule alive" not in pushed, "a repository with fresh commits gets no keep-alive commit")
    print(f"  the release build of vendor/sitegen took {first.times.get('Build sitegen', 0):.0f} s", flush=True)

    # A morning that fails (here: the secret went missing) reports itself in an issue.
    print("a failed morning", flush=True)
    head = git("rev-parse", "main", cwd=origin)
    failed, ok = morning(2, event="schedule", cron=first_cron, secrets={"KOBIS_API_KEY": ""})
    check(not ok and failed.results["build"] == "failure" and failed.results["deploy"] == "skipped"
          and failed.results["report-failure"] == "success" and failed.results["report-success"] == "skipped",
          f"the failed build skipped the deploy and ran the failure report: {failed.results}")
    created = [call for call in failed.gh_calls() if call[:2] == ["issue", "create"]]
    check(len(created) == 1 and "The morning build failed" in created[0]
          and any(f"{GITHUB['server_url']}/{GITHUB['repository']}/actions/runs/2" in arg for arg in created[0]),
          f"it opened the issue with a link to the run: {created}")
    check(git("rev-parse", "main", cwd=origin) == head, "the failed morning pushed nothing (nothing new, not quiet)")

    # The retry later that morning, after GitHub evicted the API cache; the sitegen build's cache stays.
    for entry in place.store.iterdir():
        if entry.name.startswith("sitegen-cache-"):
            shutil.rmtree(entry)
    print(f"the retry at {retry_cron!r}, API cache evicted", flush=True)
    second, ok = morning(3, event="schedule", cron=retry_cron, gh={"FAKE_GH_RUNS": "0", "FAKE_GH_OPEN_ISSUE": "7"})
    check(ok and second.results["build"] == "success" and second.results["report-success"] == "success",
          f"every job of the retry succeeded: {second.results}")
    closed = [call for call in second.gh_calls() if call[:2] == ["issue", "close"]]
    check(len(closed) == 1 and closed[0][2] == "7" and any(f"actions/runs/3" in arg for arg in closed[0]),
          f"the good run closed the open issue with a link to itself: {closed}")
    build_log = second.logs.get("Build sitegen", "")
    check("the cached build of vendor/sitegen" in build_log and "Compiling" not in build_log,
          f"the sitegen build came from the cache ({second.times.get('Build sitegen', 0):.1f} s)")
    fetch = re.search(r"fetch: \d+ items, \d+ from the cache, (\d+) requests? over the network", second.logs.get("Build the site", ""))
    asked = int(fetch.group(1)) if fetch else -1
    # The days not yet final (at most 5); on a Monday (KST), the week and the weekend yesterday
    # completed, each in the four charts the market view publishes, until they are final too (8);
    # and today's film list for the openings page, which the history never keeps (at most 2 pages
    # of the stand-in's year, twice around New Year). The whole range again would be about 45.
    check(0 <= asked <= 5 + 8 + 4, f"the history refilled the cache: {asked} KOBIS requests (the days and "
          "periods not yet final, today's film list)")
    check((workspace / "_site" / "index.html").exists() and second.artifact is not None, "the retry's site was published")

    # A later retry, once a run has succeeded today, does nothing.
    print(f"the retry at {retry_cron!r} after a success today", flush=True)
    idle, ok = morning(4, event="schedule", cron=retry_cron, gh={"FAKE_GH_RUNS": "1"})
    check(ok and idle.ran == ["decide"] and not idle.times.get("Build sitegen"),
          f"only the decision ran, every other job was skipped: {idle.results}")

    print("the decision, the reports and the keep-alive commit", flush=True)
    check_decide(workflow, place, workspace)
    check_reports(workflow, place, workspace)
    check_keep_alive(workflow, place)
    check_git_trust(workflow, place, origin)
    check_tokens(workflow, place, origin)

    # A forgotten secret fails at once, with one line that names it.
    step = next(s for s in workflow["jobs"]["build"]["steps"] if s.get("name") == "Check the secret")
    for empty in ("", "  "):
        run = Run(workflow, workspace, place, 5, secrets={"KOBIS_API_KEY": empty})
        run.outputs["target"] = {"bucket": ""}  # GitHub Pages, as "Read the target" says of this site
        result = subprocess.run(["bash", "--noprofile", "--norc", "-eo", "pipefail", "-c", step["run"]],
                                cwd=workspace, env=run.env(step, workspace), capture_output=True, text=True)
        lines = (result.stdout + result.stderr).strip().splitlines()
        check(result.returncode != 0 and len(lines) == 1 and lines[0].startswith("::error::") and "KOBIS_API_KEY" in lines[0],
              f"an empty secret ({empty!r}) fails with one line naming KOBIS_API_KEY")

    # A site over GitHub Pages' 1 GB stops before the upload, with one line naming what shrinks it;
    # the limit is lowered to a small site's size here instead of building a gigabyte.
    step = next(s for s in workflow["jobs"]["build"]["steps"] if s.get("name") == "Check the size")
    site = workspace / "_site"
    shutil.rmtree(site, ignore_errors=True)
    (site / "date" / "2024-02-10").mkdir(parents=True)
    (site / "index.html").write_bytes(b"x" * 70_000)
    (site / "date" / "2024-02-10" / "index.html").write_bytes(b"y" * 12_000)
    built = sum(f.stat().st_size for f in site.rglob("*") if f.is_file())
    for limit, passes in ((built, True), (built - 1, False)):
        run = Run(workflow, workspace, place, 6)
        env = dict(run.env(step, workspace), SITEGEN_PAGES_LIMIT=str(limit))
        result = subprocess.run(["bash", "--noprofile", "--norc", "-eo", "pipefail", "-c", step["run"]],
                                cwd=workspace, env=env, capture_output=True, text=True)
        lines = (result.stdout + result.stderr).strip().splitlines()
        if passes:
            check(result.returncode == 0 and lines[-1].startswith("_site: ") and "in 2 files" in lines[-1],
                  f"a site at the limit is uploaded: {lines}")
        else:
            check(result.returncode != 0 and len(lines) == 1 and lines[0].startswith("::error::_site is ")
                  and "over GitHub Pages' limit" in lines[0] and "since" in lines[0] and "english = false" in lines[0],
                  f"a site over the limit stops with one line: {lines}")
    upload = next(i for i, s in enumerate(workflow["jobs"]["build"]["steps"]) if "upload-pages-artifact" in s.get("uses", ""))
    check(workflow["jobs"]["build"]["steps"][upload - 1] is step, "the size is checked just before the upload")
    check("publish to a bucket" in "".join(lines) and "deploy = \\\"s3://BUCKET\\\"" in step["run"],
          "the size stop names the bucket as the way past it")

    check_bucket_morning(workflow, place, origin)


def check_bucket_morning(workflow, place, origin):
    """deploy = "s3://…" in sitegen.toml: the build job builds with the site file's base_url and runs
    `sitegen deploy` with the secrets AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY, to moto's S3 server
    here (as Tests/Deploy/check_deploy.py starts it); no Pages step uploads or deploys anything, and
    a missing AWS secret fails the run with one line naming it."""
    sys.path.insert(0, str(ROOT / "Tests" / "Deploy"))
    import check_deploy
    missing = check_deploy.missing_tools()
    if missing:
        check(os.environ.get("CI") != "true", f"the bucket morning needs {', '.join(missing)}")
        print(f"skipped the bucket morning: it needs {', '.join(missing)}", flush=True)
        return
    print("a morning to a bucket", flush=True)
    moto = check_deploy.Moto(place.temp)
    try:
        edit = place.temp / "edit"
        git("clone", "-q", str(origin), str(edit))
        toml = edit / "sitegen.toml"
        bucket = f"s3://{check_deploy.BUCKET}/{check_deploy.PREFIX}"
        toml.write_text(f'base_url = "https://boxoffice.example.org/"\ndeploy = "{bucket}"\n'
                        + toml.read_text(encoding="utf-8") + f'\n[s3]\nendpoint = "{moto.url}"\nregion = "us-east-1"\n',
                        encoding="utf-8")
        git("-c", "user.name=t", "-c", "user.email=t@example.com", "commit", "-qam", "publish to a bucket", cwd=edit)
        git("push", "-q", "origin", "main", cwd=edit)
        workspace = place.temp / "work" / "site"
        keys = {"AWS_ACCESS_KEY_ID": moto.key_id, "AWS_SECRET_ACCESS_KEY": moto.secret}
        for run_id, secrets in ((8, {**place.secrets, "AWS_ACCESS_KEY_ID": moto.key_id}), (9, {**place.secrets, **keys})):
            shutil.rmtree(workspace, ignore_errors=True)
            git("clone", "-q", str(origin), str(workspace))
            run = Run(workflow, workspace, place, run_id, secrets=secrets)
            ok = run.run()
            if run_id == 8:
                lines = run.logs.get("Check the secret", "").strip().splitlines()
                check(not ok and run.results["build"] == "failure" and len(lines) == 1
                      and "AWS_SECRET_ACCESS_KEY" in lines[0] and bucket in lines[0],
                      f"a bucket without its secret fails with one line naming it: {lines}")
                continue
            log = run.logs.get("Deploy to the bucket", "")
            check(ok and run.results["deploy"] == "success" and run.artifact is None
                  and "Build the site for the bucket" in run.logs and "Build the site" not in run.logs,
                  f"the bucket morning built with the site file's address, uploaded no Pages artifact: {run.results}")
            objects = {o["Key"] for o in moto.s3.list_objects_v2(Bucket=check_deploy.BUCKET).get("Contents", [])}
            index = moto.s3.get_object(Bucket=check_deploy.BUCKET, Key=check_deploy.PREFIX + "index.html")["Body"].read()
            check(f"deployed _site to {bucket}: uploaded" in log and check_deploy.PREFIX + "index.html" in objects
                  and index == (workspace / "_site" / "index.html").read_bytes()
                  and b"https://boxoffice.example.org/" in index and moto.secret not in log,
                  f"sitegen deploy sent the site to the bucket: {log.strip()[-300:]}")
    finally:
        moto.stop()


def main():
    temp = Path(tempfile.mkdtemp(prefix="sitegen-workflow-"))
    standin = subprocess.Popen([str(STANDIN)], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
    try:
        stand_env = dict(pair.split("=", 1) for pair in standin.stdout.readline().split())
        # No Kakao secret: the site uses placeholders, so every request counted below is KOBIS's.
        place = Place(temp, {"KOBIS_API_KEY": stand_env["KOBIS_API_KEY"]}, {"KOBIS_BASE_URL": stand_env["KOBIS_BASE_URL"]})
        since = (seoul_yesterday() - datetime.timedelta(days=9)).isoformat()

        # A new user: init, commit, push to the site's repository.
        site = temp / "site"
        made = subprocess.run([str(SITEGEN), "init", str(site), "--since", since], capture_output=True, text=True)
        check(made.returncode == 0, f"sitegen init --since {since}: {made.stderr.strip()}")
        # The operator changes the first day where the README points: sitegen.toml. The workflow
        # must follow it (the first day lives in that one place), not keep init's.
        first_day = (seoul_yesterday() - datetime.timedelta(days=6)).isoformat()
        settings = site / "sitegen.toml"
        text = settings.read_text(encoding="utf-8")
        check(f"\nsince = {since}\n" in text, f"sitegen.toml keeps init's --since {since}")
        settings.write_text(text.replace(f"\nsince = {since}\n", f"\nsince = {first_day}\n"), encoding="utf-8")
        origin = temp / "origin.git"
        git("init", "-q", "--bare", "-b", "main", str(origin))
        guard_pushes(origin)
        git("init", "-q", "-b", "main", cwd=site)
        git("add", "-A", cwd=site)
        git("-c", "user.name=t", "-c", "user.email=t@example.com", "commit", "-q", "-m", "init", cwd=site)
        git("push", "-q", str(origin), "main", cwd=site)
        written = (site / ".github" / "workflows" / "sitegen.yml").read_text(encoding="utf-8")
        workflow = yaml.safe_load(written)
        source = (ROOT / "docs" / "deploy" / "github-pages.yml").read_text(encoding="utf-8")
        if check(written == source, "init writes docs/deploy/github-pages.yml as it is (else .build/debug/sitegen embeds an older one: rebuild it)"):
            check_mornings(workflow, place, origin, first_day)
    finally:
        standin.stdin.close()
        standin.wait(timeout=30)
        shutil.rmtree(temp, ignore_errors=True)
    print(f"{results['passed']} passed, {results['failed']} failed", flush=True)
    return 1 if results["failed"] else 0


if __name__ == "__main__":
    sys.exit(main())
