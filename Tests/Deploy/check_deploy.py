#!/usr/bin/env python3
"""`sitegen deploy` against a real S3-protocol server on loopback, read back by another client.

The server is moto's server mode (PyPI `moto[server]`), with its IAM authentication switched on so
that signatures are checked (by botocore's own SigV4 code) and a wrong key is refused as S3 refuses
it. What the deploy wrote is read back with Debian's `rclone`, an S3 client that shares no code
with sitegen. The real debug binary deploys small demo sites built into temporary folders:

- a first deploy equals the output folder byte for byte, with each file's Content-Type and
  Cache-Control (`_headers`'s rules: hashed assets immutable, pages `no-cache`);
- a no-op deploy sends nothing; the next morning's sends exactly the files that changed (counted
  against the two folders) and deletes exactly the ones that went;
- a deploy cut off midway (a proxy that drops every connection after N requests) fails with one
  line; run again, it ends equal to the folder and sends only what had not landed;
- deletes past --max-deletes stop with nothing sent or deleted; --allow-deletes deletes them;
  objects outside the prefix, objects it did not write and an object someone changed are never touched;
- a wrong key, a wrong secret, a missing bucket and a refused connection each give one line and
  change nothing; a server answering 500 twice, then 200, is retried and the deploy ends whole;
- the key is never printed, nor stored in the bucket.

Without moto or rclone it says why and skips, except under CI=true, where it fails. Exits
non-zero with one line per failure. About 20 seconds once sitegen is built.
"""
import hashlib
import http.client
import http.server
import json
import os
import shutil
import socket
import subprocess
import sys
import tempfile
import threading
import time
import urllib.request
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
failures = []
BUCKET = "site"
PREFIX = "box/"
NOT_SENT = {".sitegen", ".nojekyll", "_headers", "_redirects"}


def check(condition, message):
    if not condition:
        failures.append(message)
        print(f"FAIL {message}", flush=True)


def missing_tools():
    missing = []
    try:
        import moto.server  # noqa: F401
        import boto3  # noqa: F401
    except ImportError:
        missing.append("moto[server] (pip install 'moto[server]')")
    if not shutil.which("rclone"):
        missing.append("rclone (apt-get install rclone)")
    return missing


def free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def sitegen_binary():
    binary = Path(os.environ.get("SITEGEN_BINARY", ROOT / ".build" / "debug" / "sitegen"))
    if not binary.exists():
        subprocess.run(["swift", "build", "--product", "sitegen"], cwd=ROOT, check=True)
    return str(binary)


def demo_env():
    return {k: v for k, v in os.environ.items() if not k.startswith(("KOBIS_", "KAKAO_", "AWS_"))}


def build(out, until):
    subprocess.run([sitegen_binary(), "build", "--since", "2024-02-08", "--until", until, "--output", str(out),
                    "--cache", str(out.parent / "cache"), "--quiet"], cwd=out.parent, check=True, env=demo_env())


def site_files(folder):
    """key → md5 of every file a deploy sends."""
    files = {}
    for path in sorted(Path(folder).rglob("*")):
        relative = path.relative_to(folder).as_posix()
        if path.is_file() and relative.split("/")[0] not in NOT_SENT:
            files[relative] = hashlib.md5(path.read_bytes()).hexdigest()
    return files


class Moto:
    def __init__(self, workdir):
        self.port = free_port()
        self.url = f"http://127.0.0.1:{self.port}"
        self.log = open(workdir / "moto.log", "w")
        self.process = subprocess.Popen([sys.executable, "-m", "moto.server", "-H", "127.0.0.1", "-p", str(self.port)],
                                        stdout=self.log, stderr=subprocess.STDOUT)
        for _ in range(200):
            try:
                urllib.request.urlopen(self.url + "/moto-api/", timeout=1)
                break
            except OSError:
                time.sleep(0.05)
        import boto3
        iam = boto3.client("iam", endpoint_url=self.url, region_name="us-east-1",
                           aws_access_key_id="setup", aws_secret_access_key="setup")
        iam.create_user(UserName="deployer")
        iam.put_user_policy(UserName="deployer", PolicyName="s3", PolicyDocument=json.dumps(
            {"Version": "2012-10-17", "Statement": [{"Effect": "Allow", "Action": "s3:*", "Resource": "*"}]}))
        key = iam.create_access_key(UserName="deployer")["AccessKey"]
        self.key_id, self.secret = key["AccessKeyId"], key["SecretAccessKey"]
        self.s3 = boto3.client("s3", endpoint_url=self.url, region_name="us-east-1",
                               aws_access_key_id=self.key_id, aws_secret_access_key=self.secret)
        self.s3.create_bucket(Bucket=BUCKET)
        # Someone else's objects: outside the prefix, and inside it but not written by a deploy.
        self.s3.put_object(Bucket=BUCKET, Key="outside/keep.txt", Body=b"not the site's")
        self.s3.put_object(Bucket=BUCKET, Key=PREFIX + "not-ours.txt", Body=b"someone else's")
        # From here every request must be signed with a key moto knows, and is checked.
        urllib.request.urlopen(urllib.request.Request(self.url + "/moto-api/reset-auth", data=b"0", method="POST",
                                                      headers={"Content-Type": "text/plain"}))

    def stop(self):
        self.process.terminate()
        self.process.wait(timeout=10)
        self.log.close()


class Proxy:
    """An HTTP proxy in front of moto that fails on purpose: `drop_after` requests answered, then
    every connection closed unanswered (a deploy cut off); or the first `errors` requests answered
    500 (a server's bad moment). The Host header goes through as signed."""

    def __init__(self, upstream_port, drop_after=None, errors=0):
        proxy = self
        self.answered = 0
        self.lock = threading.Lock()

        class Handler(http.server.BaseHTTPRequestHandler):
            protocol_version = "HTTP/1.1"

            def log_message(self, *args):
                pass

            def handle_one(self):
                length = int(self.headers.get("Content-Length") or 0)
                body = self.rfile.read(length) if length else b""
                with proxy.lock:
                    proxy.answered += 1
                    n = proxy.answered
                if drop_after is not None and n > drop_after:
                    self.close_connection = True
                    self.connection.shutdown(socket.SHUT_RDWR)
                    return
                if n <= errors:
                    payload = b"<Error><Code>InternalError</Code><Message>try again</Message></Error>"
                    self.send_response(500)
                    self.send_header("Content-Length", str(len(payload)))
                    self.end_headers()
                    self.wfile.write(payload)
                    return
                upstream = http.client.HTTPConnection("127.0.0.1", upstream_port, timeout=30)
                upstream.request(self.command, self.path, body=body, headers=dict(self.headers.items()))
                answer = upstream.getresponse()
                data = answer.read()
                self.send_response(answer.status)
                for name, value in answer.getheaders():
                    if name.lower() not in ("content-length", "transfer-encoding", "connection", "server", "date"):
                        self.send_header(name, value)
                self.send_header("Content-Length", str(len(data)))
                self.end_headers()
                self.wfile.write(data)
                upstream.close()

            do_GET = do_PUT = do_DELETE = do_HEAD = do_POST = handle_one

        self.server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.url = f"http://127.0.0.1:{self.server.server_address[1]}"
        threading.Thread(target=self.server.serve_forever, daemon=True).start()

    def stop(self):
        self.server.shutdown()
        self.server.server_close()


def main():
    missing = missing_tools()
    if missing:
        if os.environ.get("CI") == "true":
            print(f"FAIL the deploy check needs {', '.join(missing)}; .ci/setup --browser installs them", flush=True)
            return 1
        print(f"skipped: the deploy check needs {', '.join(missing)}", flush=True)
        return 0
    work = Path(tempfile.mkdtemp(prefix="sitegen-deploy-"))
    moto = Moto(work)
    try:
        run_checks(work, moto)
    finally:
        moto.stop()
        shutil.rmtree(work, ignore_errors=True)
    if failures:
        print(f"{len(failures)} deploy check(s) failed", flush=True)
        return 1
    print("deploy checks passed", flush=True)
    return 0


def lap(label, started=[time.monotonic()]):
    """Each part's time, so a slow one is seen (the whole check is meant to take well under a minute)."""
    now = time.monotonic()
    print(f"  {label}: {now - started[0]:.1f} s", flush=True)
    started[0] = now


def run_checks(work, moto):
    lap("moto started")
    site = work / "_site"
    env = {**demo_env(), "RCLONE_CONFIG": "/dev/null", "AWS_ACCESS_KEY_ID": moto.key_id, "AWS_SECRET_ACCESS_KEY": moto.secret,
           "RCLONE_CONFIG_MOTO_TYPE": "s3", "RCLONE_CONFIG_MOTO_PROVIDER": "Other",
           "RCLONE_CONFIG_MOTO_ENDPOINT": moto.url, "RCLONE_CONFIG_MOTO_REGION": "us-east-1",
           "RCLONE_CONFIG_MOTO_ACCESS_KEY_ID": moto.key_id, "RCLONE_CONFIG_MOTO_SECRET_ACCESS_KEY": moto.secret,
           "RCLONE_CONFIG_MOTO_FORCE_PATH_STYLE": "true"}

    def deploy(*args, endpoint=None, extra_env=None, target=f"s3://{BUCKET}/{PREFIX}"):
        command = [sitegen_binary(), "deploy", "--output", str(site), "--to", target,
                   "--endpoint", endpoint or moto.url, *args]
        result = subprocess.run(command, cwd=work, env={**env, **(extra_env or {})}, capture_output=True, text=True,
                                timeout=120)
        for stream in (result.stdout, result.stderr):
            check(moto.secret not in stream, f"deploy {args} printed the secret key")
        return result

    def counts(result):
        """uploaded, deleted, unchanged from the summary line."""
        line = result.stdout.strip().splitlines()[-1] if result.stdout.strip() else ""
        words = line.replace(",", "").split()
        try:
            up = int(words[words.index("uploaded") + 1]) if "uploaded" in words else int(words[words.index("upload") + 1])
            deleted = int(words[words.index("deleted") + 1]) if "deleted" in words else int(words[words.index("delete") + 1])
            unchanged = int(words[words.index("unchanged") + 1])
            return up, deleted, unchanged
        except (ValueError, IndexError):
            check(False, f"no summary line in {result.stdout!r} {result.stderr!r}")
            return -1, -1, -1

    def remote(metadata=False):
        """key → (md5, content-type, cache-control) as rclone lists the prefix (the headers only
        with `metadata`, which costs a HEAD an object)."""
        # The whole bucket in one listing (--fast-list at its root): moto's signature check
        # misreads a listing's "prefix=box%2F", which rclone sends for a folder.
        listing = subprocess.run(["rclone", "lsjson", "-R", "--fast-list", "--hash", "--files-only",
                                  *(["-M"] if metadata else []), f"moto:{BUCKET}"],
                                 env=env, capture_output=True, text=True, check=True)
        out = {}
        for item in json.loads(listing.stdout):
            meta = item.get("Metadata") or {}
            if item["Path"].startswith(PREFIX):
                out[item["Path"][len(PREFIX):]] = ((item.get("Hashes") or {}).get("md5"), meta.get("content-type"),
                                                   meta.get("cache-control"))
        return out

    def bucket_state():
        return {o["Key"]: o["ETag"] for o in moto.s3.list_objects_v2(Bucket=BUCKET).get("Contents", [])}

    def equals_folder(label, whole=False):
        """The prefix holds exactly the site's files (besides the manifest and someone else's object), byte for byte."""
        ours = site_files(site)
        seen = remote(metadata=whole)
        theirs = {k for k in seen if k not in ours}
        check(theirs == {".sitegen-deploy.json", "not-ours.txt"}, f"{label}: unexpected objects {sorted(theirs)[:5]}")
        wrong = [k for k, md5 in ours.items() if seen.get(k, (None,))[0] != md5]
        check(not wrong, f"{label}: {len(wrong)} objects differ from the folder, e.g. {wrong[:3]}")
        if not whole:
            return seen
        # Byte for byte, through rclone's own download.
        copy = work / f"readback-{label}"
        subprocess.run(["rclone", "copy", "--fast-list", "--include", f"/{PREFIX}**", f"moto:{BUCKET}", str(copy)],
                       env=env, check=True)
        for key in ours:
            if (copy / PREFIX / key).read_bytes() != (site / key).read_bytes():
                check(False, f"{label}: {key} read back differs")
                break
        return seen

    # A first deploy.
    build(site, "2024-02-10")
    first_files = site_files(site)
    dry = deploy("--dry-run")
    check(dry.returncode == 0, f"dry run failed: {dry.stderr.strip()}")
    check(counts(dry)[0] == len(first_files) and "would upload box/index.html" in dry.stderr,
          f"the dry run lists what it would send: {dry.stdout.strip()}")
    check(set(bucket_state()) == {"outside/keep.txt", PREFIX + "not-ours.txt"}, "the dry run sent something")
    first = deploy()
    check(first.returncode == 0, f"first deploy failed: {first.stderr.strip()}")
    check(counts(first) == (len(first_files), 0, 0), f"first deploy counts {counts(first)}, files {len(first_files)}")
    seen = equals_folder("first", whole=True)
    css = next(k for k in first_files if k.startswith("style.") and k.count(".") == 2)
    check(seen.get(css, (0, 0, 0))[1:] == ("text/css; charset=utf-8", "public, max-age=31536000, immutable"),
          f"a hashed stylesheet's headers: {seen.get(css)}")
    check(seen.get("index.html", (0, 0, 0))[1:] == ("text/html; charset=utf-8", "no-cache"),
          f"a page's headers: {seen.get('index.html')}")
    check(seen.get("manifest.webmanifest", (0, 0, 0))[1] == "application/manifest+json",
          f"_headers's Content-Type: {seen.get('manifest.webmanifest')}")
    manifest = moto.s3.get_object(Bucket=BUCKET, Key=PREFIX + ".sitegen-deploy.json")["Body"].read().decode()
    check(moto.secret not in manifest and moto.key_id not in manifest, "the manifest holds the key")

    lap("first deploy")

    # A no-op sends nothing.
    before = bucket_state()
    again = deploy()
    check(again.returncode == 0 and counts(again) == (0, 0, len(first_files)), f"no-op deploy: {again.stdout.strip()}")
    check(bucket_state() == before, "the no-op deploy changed the bucket")

    lap("no-op")

    # The next morning: exactly the changed, new and removed files.
    build(site, "2024-02-11")
    morning_files = site_files(site)
    changed = [k for k, md5 in morning_files.items() if first_files.get(k) != md5]
    removed = [k for k in first_files if k not in morning_files]
    morning = deploy()
    check(morning.returncode == 0, f"morning deploy failed: {morning.stderr.strip()}")
    check(counts(morning) == (len(changed), len(removed), len(morning_files) - len(changed)),
          f"morning deploy counts {counts(morning)}; changed {len(changed)}, removed {len(removed)}")
    check(0 < len(changed) < len(morning_files), f"the morning changed {len(changed)} of {len(morning_files)} files")
    equals_folder("morning")

    lap("next morning")

    # Cut off midway, then run again: ends whole, sends nothing twice.
    build(site, "2024-02-12")
    next_files = site_files(site)
    changed = [k for k, md5 in next_files.items() if morning_files.get(k) != md5]
    proxy = Proxy(moto.port, drop_after=4 + len(changed) // 2)
    cut = deploy(endpoint=proxy.url)
    proxy.stop()
    lap("the cut-off run")
    check(cut.returncode == 1, f"a deploy cut off exits 1, got {cut.returncode}")
    lines = [line for line in cut.stderr.splitlines() if line.strip()]
    check(len(lines) == 1 and lines[0].startswith("error: ") and "run the deploy again" in lines[0],
          f"a deploy cut off says one line: {cut.stderr.strip()!r}")
    landed = {k for k, v in remote().items() if k in changed and v[0] == next_files[k]}
    check(0 < len(landed) < len(changed), f"the cut-off run landed {len(landed)} of {len(changed)}")
    resumed = deploy()
    lap("the resumed run")
    check(resumed.returncode == 0, f"the resumed deploy failed: {resumed.stderr.strip()}")
    check(counts(resumed)[0] == len(changed) - len(landed),
          f"the resumed deploy sent {counts(resumed)[0]}, not the {len(changed) - len(landed)} that had not landed")
    equals_folder("resumed", whole=True)

    lap("cut off and resumed")

    # A server answering 500, then 200: retried, one run, whole.
    (site / "robots.txt").write_text("User-agent: *\nAllow: /\n# changed\n")
    proxy = Proxy(moto.port, errors=2)
    flaky = deploy(endpoint=proxy.url)
    proxy.stop()
    check(flaky.returncode == 0 and counts(flaky)[0] == 1 and "2 requests retried" in flaky.stdout,
          f"500 then 200: {flaky.stdout.strip()} {flaky.stderr.strip()}")
    equals_folder("after-500")

    lap("500 then 200")

    # Wrong key, wrong secret, missing bucket, nobody listening: one line each, nothing changed.
    (site / "robots.txt").write_text("User-agent: *\n# changed again\n")
    before = bucket_state()
    for label, kwargs, expected in [
        ("wrong key", {"extra_env": {"AWS_ACCESS_KEY_ID": "AKIAWRONGWRONGWRONG1"}}, "InvalidAccessKeyId"),
        ("wrong secret", {"extra_env": {"AWS_SECRET_ACCESS_KEY": "x" * 40}}, "SignatureDoesNotMatch"),
        ("missing bucket", {"target": "s3://no-such-bucket/box"}, "NoSuchBucket"),
        ("refused connection", {"endpoint": f"http://127.0.0.1:{free_port()}"}, "connection refused"),
    ]:
        result = deploy(**kwargs)
        lines = [line for line in result.stderr.splitlines() if line.strip()]
        check(result.returncode == 1 and len(lines) == 1 and expected in lines[0],
              f"{label}: exit {result.returncode}, {result.stderr.strip()!r}")
        check("x" * 40 not in result.stderr, f"{label}: the secret was printed")
    check(bucket_state() == before, "a failed deploy changed the bucket")

    lap("refusals")

    # Deletes: past the cap nothing happens; an object someone changed is left; theirs are never touched.
    deploy()
    pages = sorted(k for k in site_files(site) if k.startswith("date/") and k.endswith(".html"))[:4]
    moto.s3.put_object(Bucket=BUCKET, Key=PREFIX + pages[0], Body=b"changed by someone")
    for key in pages:
        (site / key).unlink()
    (site / "robots.txt").write_text("User-agent: *\n# and again\n")
    before = bucket_state()
    capped = deploy("--max-deletes", "2")
    check(capped.returncode == 1 and "more than --max-deletes 2" in capped.stderr and "nothing was sent or deleted"
          in capped.stderr, f"past the cap: {capped.stderr.strip()!r}")
    check(bucket_state() == before, "a deploy stopped at the cap changed the bucket")
    allowed = deploy("--max-deletes", "2", "--allow-deletes")
    check(allowed.returncode == 0 and counts(allowed)[:2] == (1, 3) and "left 1 changed by others" in allowed.stdout,
          f"--allow-deletes: {allowed.stdout.strip()} {allowed.stderr.strip()}")
    after = bucket_state()
    check(PREFIX + pages[0] in after and all(PREFIX + k not in after for k in pages[1:]),
          "the deletes were not exactly ours and unchanged")
    check(moto.s3.get_object(Bucket=BUCKET, Key="outside/keep.txt")["Body"].read() == b"not the site's"
          and moto.s3.get_object(Bucket=BUCKET, Key=PREFIX + "not-ours.txt")["Body"].read() == b"someone else's",
          "an object the deploy did not write was touched")
    lap("deletes")


if __name__ == "__main__":
    sys.exit(main())
