#!/usr/bin/env python3
"""Share cards as a chat app's link scraper meets them: served by nginx, read back by OCR.

A demo site built with --base-url pointing at a local nginx (under /boxoffice/) is fetched page
by page over HTTP, the way KakaoTalk's, Facebook's and X's scrapers fetch a shared link: the
Open Graph and twitter: tags are read with an HTML parser, the og:image URL is fetched, and the
answer must be a 1200×630 card: a 16-colour PNG served as image/png, or for a film with its poster
a JPEG served as image/jpeg. The day's and a film's card, shrunk to 600 px
wide (about what a phone's chat bubble shows), are read back with tesseract (Korean): the text is
real, legible text. A live build against the local KOBIS and Kakao stand-in shows its poster on
the film's card. Exits non-zero with one line per failure.
"""
import html.parser
import json
import os
import shutil
import struct
import subprocess
import sys
import tempfile
import time
import urllib.request
import zlib
from pathlib import Path

from check_hosting import free_port, live_site_with_posters, nginx_config, status
from common import chart, check, failures, sitegen


class Tags(html.parser.HTMLParser):
    def __init__(self):
        super().__init__()
        self.tags = {}

    def handle_starttag(self, tag, attrs):
        a = dict(attrs)
        key = a.get("property") or a.get("name")
        if tag == "meta" and key and "content" in a:
            self.tags[key] = a["content"]


def fetch(url):
    request = urllib.request.Request(url, headers={"User-Agent": "facebookexternalhit/1.1"})
    with urllib.request.urlopen(request) as response:
        return response.status, response.headers.get("Content-Type", ""), response.read()


def png_size(data):
    if data[:8] != b"\x89PNG\r\n\x1a\n":
        return None
    return struct.unpack(">II", data[16:24])


def card_size(data):
    """A PNG's size, or a JPEG's from its frame header (SOF0…SOF2)."""
    if data[:2] != b"\xff\xd8":
        return png_size(data)
    pos = 2
    while pos + 9 < len(data) and data[pos] == 0xFF:
        marker, length = data[pos + 1], struct.unpack(">H", data[pos + 2:pos + 4])[0]
        if 0xC0 <= marker <= 0xC2:
            height, width = struct.unpack(">HH", data[pos + 5:pos + 9])
            return width, height
        pos += 2 + length
    return None


def as_rgb_png(data, work, name):
    """Any card as an 8-bit RGB PNG (vips decodes palette PNGs and JPEGs), for png_pixels."""
    source, out = work / f"{name}.card", work / f"{name}-rgb.png"
    source.write_bytes(data)
    subprocess.run(["vips", "colourspace", str(source), str(out) + "[compression=1]", "srgb"], check=True)
    return out.read_bytes()


def png_pixels(data):
    """(width, height, rows of RGB(A) bytes) of an 8-bit RGB or RGBA PNG, decoded here."""
    width, height = png_size(data)
    pos, idat, channels = 8, b"", 3
    while pos < len(data):
        length, kind = struct.unpack(">I4s", data[pos:pos + 8])
        body = data[pos + 8:pos + 8 + length]
        if kind == b"IHDR":
            channels = {2: 3, 6: 4}[body[9]]
        elif kind == b"IDAT":
            idat += body
        pos += 12 + length
    raw = zlib.decompress(idat)
    stride = width * channels
    rows, prev = [], bytearray(stride)
    for y in range(height):
        f = raw[y * (stride + 1)]
        line = bytearray(raw[y * (stride + 1) + 1:(y + 1) * (stride + 1)])
        for i in range(stride):
            a = line[i - channels] if i >= channels else 0
            b = prev[i]
            c = prev[i - channels] if i >= channels else 0
            if f == 1:
                line[i] = (line[i] + a) & 255
            elif f == 2:
                line[i] = (line[i] + b) & 255
            elif f == 3:
                line[i] = (line[i] + (a + b) // 2) & 255
            elif f == 4:
                p = a + b - c
                pa, pb, pc = abs(p - a), abs(p - b), abs(p - c)
                line[i] = (line[i] + (a if pa <= pb and pa <= pc else b if pb <= pc else c)) & 255
        rows.append(bytes(line))
        prev = line
    return width, height, channels, rows


def ocr(png_bytes, work, name):
    source = work / f"{name}.card"
    source.write_bytes(png_bytes)
    small = work / f"{name}-600.png"
    # vips is libvips's own command (libvips-tools); ImageMagick is not needed.
    subprocess.run(["vips", "resize", str(source), str(small), "0.5"], check=True)
    result = subprocess.run(["tesseract", str(small), "-", "-l", "kor+eng", "--psm", "6"],
                            capture_output=True, text=True, check=True)
    return result.stdout


def main():
    for tool in ("nginx", "tesseract", "vips"):
        if not shutil.which(tool) and not Path(f"/usr/sbin/{tool}").exists():
            raise SystemExit(f"{tool} missing: .ci/setup --browser installs it")
    nginx = shutil.which("nginx") or "/usr/sbin/nginx"
    with tempfile.TemporaryDirectory() as temp:
        work = Path(temp)
        os.chmod(work, 0o755)
        port, live_port = free_port(), free_port()
        base = f"http://127.0.0.1:{port}/boxoffice/"
        live_base = f"http://127.0.0.1:{live_port}/boxoffice/"
        site = work / "site"
        sitegen("build", "--days", "14", "--until", "2024-02-10", "--output", str(site), "--base-url", base, "--quiet")
        live = work / "live"
        live_site_with_posters(live, work / "cache", extra=["--base-url", live_base])
        servers = []
        for p, s in ((port, site), (live_port, live)):
            root = work / f"host-{p}"
            root.mkdir()
            (root / "boxoffice").symlink_to(s)
            servers.append((p, root, "/boxoffice/404.html"))
        (work / "nginx.conf").write_text(nginx_config(work, servers))
        server = subprocess.Popen([nginx, "-c", str(work / "nginx.conf"), "-p", str(work)], stderr=subprocess.PIPE)
        try:
            for _ in range(50):
                try:
                    status(base)
                    break
                except OSError:
                    time.sleep(0.1)
            day = chart(site, "2024-02-10")
            first = next(e for e in day["entries"] if e["rank"] == 1)
            movie = first["movieCode"]
            person = sorted(p.name for p in (site / "person").iterdir())[0]
            pages = ["", "date/2024-02-10/", "weekend/2024-02-02/", "week/2024-01-29/",
                     f"movie/{movie}/", f"person/{person}/"]
            cards = {}
            for page in pages:
                code, kind, body = fetch(base + page)
                parser = Tags()
                parser.feed(body.decode("utf-8"))
                tags = parser.tags
                image = tags.get("og:image", "")
                check(image.startswith(base + "card/") and image.endswith((".png", ".jpg")), f"{page or 'home'}: og:image is {image!r}")
                for key in ("og:title", "og:description", "og:url", "og:image:alt", "twitter:image:alt"):
                    check(tags.get(key), f"{page or 'home'}: no {key}")
                check(tags.get("twitter:card") == "summary_large_image", f"{page or 'home'}: twitter:card {tags.get('twitter:card')}")
                check(tags.get("og:image:width") == "1200" and tags.get("og:image:height") == "630", f"{page or 'home'}: size tags")
                if not image:
                    continue
                code, kind, png = fetch(image)
                wanted = "image/png" if image.endswith(".png") else "image/jpeg"
                # No og:image:type tag (optional in Open Graph): the host's Content-Type says what it is.
                check(code == 200 and kind == wanted and "og:image:type" not in tags,
                      f"{page or 'home'}: the card answers {code} {kind} (wanted {wanted}); og:image:type {tags.get('og:image:type')}")
                check(card_size(png) == (1200, 630), f"{page or 'home'}: the card is {card_size(png)}")
                # A card of text is a 16-colour PNG (4 bits a pixel, IHDR's bit depth and palette type).
                if image.endswith(".png"):
                    check(png[24:26] == b"\x04\x03", f"{page or 'home'}: the card is not a 16-colour PNG")
                    check(len(png) < 60_000, f"{page or 'home'}: the card weighs {len(png)} bytes")
                check(len(png) < 300_000, f"{page or 'home'}: the card weighs {len(png)} bytes")
                cards[page] = png
            text = ocr(cards["date/2024-02-10/"], work, "day")
            audience = f"{first['audience']:,}"
            for wanted in ("2024년 2월 10일", first["title"].split()[0], audience):
                check(wanted in text, f"the day's card, read back at 600 px, lacks {wanted!r}: {text!r}")
            film = ocr(cards[f"movie/{movie}/"], work, "film")
            total = json.loads((site / "data" / "movie" / f"{movie}.json").read_text())
            check(first["title"].split()[0] in film and "누적 관객" in film, f"the film's card, read back, lacks its title: {film!r}")
            check("데모" in film, f"the film's card does not say it is demo data: {film!r}")

            # The live build's film card shows the poster (the stand-in's gradient), not the grey box.
            live_movie = sorted(p.name for p in (live / "movie").iterdir())[0]
            parser = Tags()
            parser.feed(fetch(live_base + f"movie/{live_movie}/")[2].decode("utf-8"))
            code, kind, card = fetch(parser.tags["og:image"])
            check(kind == "image/jpeg", f"the live film's card, with its poster, is {kind}, not a JPEG")
            width, height, channels, rows = png_pixels(as_rgb_png(card, work, "live"))
            colours = {rows[y][x * channels:x * channels + 3] for y in range(80, 500, 20) for x in range(80, 380, 20)}
            check(len(colours) > 20, f"the live film's card shows no poster: {len(colours)} colours in the poster's box")
        finally:
            server.terminate()
            server.wait(timeout=10)
    if failures:
        print(f"{len(failures)} failures")
        sys.exit(1)
    print("cards: 0 failures")


if __name__ == "__main__":
    main()
