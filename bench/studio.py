"""The studio beside the guide (issue 40): on a large catalog, how long the studio's list
takes to answer, how long from saving a text to seeing it in the draft preview, how long
from publishing to visitors seeing it, and how much memory the studio adds to what `serve`
holds for the same catalog. The throughput of the public pages while the studio runs is
measured beside nginx in bench.py, with the other throughput rows."""
import http.client
import pathlib
import re
import shutil
import statistics
import subprocess
import time
import urllib.parse

from running import BenchBroken, read_line
from scale import peak_mib

PASSWORD = "bench password 1900"
DEFAULT_CATALOG = pathlib.Path(__file__).resolve().parent.parent / "Sources" / "ExpoCatalog" / "Resources" / "DefaultCatalog"
LIST_RUNS = 7
SETTLE_SECONDS = 8


class Studio:
    """`expo1900 studio` on a free port with one editor's account, and a logged-in client."""

    def __init__(self, binary, catalog, state, *arguments, stderr=None):
        """`stderr`: a file to keep what the studio prints there; by default it is dropped."""
        self.command = [binary, "studio", "--port", "0", "--catalog", str(catalog), "--state", str(state), *arguments]
        self.stderr = stderr
        self.state = state
        self.binary = binary
        self.cookies = {}

    def __enter__(self):
        if self.state.exists():
            shutil.rmtree(self.state)
        subprocess.run([self.binary, "users", "add", "bench", "--role", "editor", "--state", str(self.state)],
                       input=PASSWORD + "\n", text=True, check=True, capture_output=True)
        started = time.perf_counter()
        self.process = subprocess.Popen(self.command, stdout=subprocess.PIPE, stderr=self.stderr or subprocess.DEVNULL)
        try:
            self.url = read_line(self.process, r"Expo1900 is serving (http://\S+)", 300, "expo1900 studio").group(1)
        except BenchBroken:
            self.process.kill()
            raise
        self.seconds = time.perf_counter() - started
        parts = urllib.parse.urlsplit(self.url)
        self.host, self.port = parts.hostname, parts.port
        token = self.token(self.get("/studio/login")[1])
        status, _ = self.post("/studio/login", {"form_token": token, "name": "bench", "password": PASSWORD})
        if status != 303 or "studio_session" not in self.cookies:
            raise BenchBroken(f"expo1900 studio: logging in answered {status}")
        return self

    def __exit__(self, *_):
        self.process.terminate()
        self.process.wait(timeout=30)

    def request(self, method, path, body=None, headers=None):
        connection = http.client.HTTPConnection(self.host, self.port, timeout=60)
        headers = dict(headers or {})
        if self.cookies:
            headers["Cookie"] = "; ".join(f"{name}={value}" for name, value in self.cookies.items())
        connection.request(method, path, body=body, headers=headers)
        response = connection.getresponse()
        text = response.read().decode("utf-8", "replace")
        for header, value in response.getheaders():
            if header.lower() == "set-cookie":
                name, _, rest = value.partition("=")
                self.cookies[name] = rest.split(";", 1)[0]
        connection.close()
        return response.status, text

    def get(self, path):
        return self.request("GET", path)

    def post(self, path, fields):
        return self.request("POST", path, urllib.parse.urlencode(fields),
                            {"Origin": self.url.rstrip("/"), "Content-Type": "application/x-www-form-urlencoded"})

    @staticmethod
    def token(page):
        return re.search(r'name="form_token" value="([^"]*)"', page).group(1)

    def form(self, exhibit):
        """The exhibit's form as its page fills it (hidden values and every text box)."""
        status, page = self.get(f"/studio/exhibits/{exhibit}")
        if status != 200:
            raise BenchBroken(f"expo1900 studio: the form of {exhibit} answered {status}")
        fields = {"form_token": self.token(page)}
        for name, value in re.findall(r'<input type="hidden" name="((?:revision|version\.)[^"]*)" value="([^"]*)"', page):
            fields[name] = value
        for name, value, text in re.findall(
                r'<(?:input|textarea) id="[^"]*" name="(f\.[^"]*)"[^>]*?(?:value="([^"]*)"[^>]*)?>(?:([^<]*)</textarea>)?', page):
            fields[name] = unescape(value or text)
        return fields


def unescape(text):
    return (text.replace("&lt;", "<").replace("&gt;", ">").replace("&quot;", '"').replace("&#39;", "'")
            .replace("&amp;", "&"))


def until(check, timeout, what):
    """Seconds until `check()` holds, looking again at once each time it does not."""
    started = time.perf_counter()
    while time.perf_counter() - started < timeout:
        if check():
            return time.perf_counter() - started
    raise BenchBroken(f"{what}: not within {timeout} s")


def public_page(studio, path):
    connection = http.client.HTTPConnection(studio.host, studio.port, timeout=60)
    connection.request("GET", path)
    response = connection.getresponse()
    text = response.read().decode("utf-8", "replace")
    connection.close()
    return text


def serve_peak(binary, scratch, folder):
    """`serve`'s peak on `folder`, once it answered and made its indexes in the background."""
    process = subprocess.Popen([binary, "serve", "--port", "0", "--catalog", str(folder), "--image-cache", str(scratch / "image-cache")],
                               stdout=subprocess.PIPE, stderr=subprocess.DEVNULL)
    try:
        url = read_line(process, r"Expo1900 is serving (http://\S+)", 300, "expo1900 serve").group(1)
        parts = urllib.parse.urlsplit(url)
        connection = http.client.HTTPConnection(parts.hostname, parts.port, timeout=60)
        connection.request("GET", "/items/?q=" + urllib.parse.quote("출품작 1"))
        connection.getresponse().read()
        connection.close()
        time.sleep(SETTLE_SECONDS)
        return peak_mib(process.pid)
    finally:
        process.terminate()
        process.wait(timeout=30)


def studio_run(binary, scratch, folder, count):
    """The studio's rows on `folder` (a generated catalog of `count` exhibits, which the run
    edits), beside serve's peak on the same catalog, measured first."""
    serve_peak_mib = serve_peak(binary, scratch, folder)
    exhibit = f"item-{count // 2}"
    with Studio(binary, folder, scratch / "studio-state", "--image-cache", str(scratch / "image-cache")) as studio:
        # The guide makes its search index in the background once it answers; the first
        # search made before then waits for it. Timed on its own, then the list's rows.
        started = time.perf_counter()
        studio.get("/studio/exhibits?q=" + urllib.parse.quote("출품작 1"))
        first_search_ms = (time.perf_counter() - started) * 1000
        list_ms = []
        for query in ["", "?page=1000", "?q=" + urllib.parse.quote(f"출품작 {count - 1}")] * (LIST_RUNS // 3 + 1):
            started = time.perf_counter()
            status, _ = studio.get("/studio/exhibits" + query)
            list_ms.append((time.perf_counter() - started) * 1000)
            if status != 200:
                raise BenchBroken(f"expo1900 studio: the list answered {status}")
        form = studio.form(exhibit)
        text = f"벤치에서 고친 설명 {time.time_ns()}"
        form["f.ko.short_desc"] = text
        started = time.perf_counter()
        status, _ = studio.post(f"/studio/exhibits/{exhibit}", form)
        if status != 303:
            raise BenchBroken(f"expo1900 studio: saving the draft answered {status}")
        until(lambda: text in studio.get(f"/studio/preview/items/{exhibit}/")[1], 30, "the draft in the preview")
        preview_s = time.perf_counter() - started
        # A second save, once the preview's first making is behind it.
        form = studio.form(exhibit)
        again = text + " (2)"
        form["f.ko.short_desc"] = again
        started = time.perf_counter()
        studio.post(f"/studio/exhibits/{exhibit}", form)
        until(lambda: again in studio.get(f"/studio/preview/items/{exhibit}/")[1], 30, "the second draft in the preview")
        preview_again_s = time.perf_counter() - started
        token = studio.token(studio.get("/studio/publish")[1])
        started = time.perf_counter()
        status, page = studio.post("/studio/publish", {"form_token": token, "exhibit": exhibit})
        if status != 200:
            raise BenchBroken(f"expo1900 studio: publishing answered {status}: {page[:300]}")
        until(lambda: again in public_page(studio, f"/items/{exhibit}/"), 30, "the published text on the public page")
        publish_s = time.perf_counter() - started
        # The new guide makes its search and browse indexes in the background after a
        # publish, as after any reload: the peak is read once that is done.
        time.sleep(SETTLE_SECONDS)
        peak = peak_mib(studio.process.pid)
    row = {"exhibits": count, "first_search_ms": first_search_ms, "list_ms_median": statistics.median(list_ms), "list_ms_max": max(list_ms), "list_ms": list_ms,
           "preview_s": preview_s, "preview_again_s": preview_again_s, "publish_s": publish_s,
           "studio_peak_mib": peak, "serve_peak_mib": serve_peak_mib}
    print(f"  {describe(row)}", flush=True)
    return row


def describe(row):
    return (f"{row['exhibits']:,} exhibits: list {row['list_ms_median']:.0f} ms median, {row['list_ms_max']:.0f} ms max "
            f"(the first search after start {row['first_search_ms']:.0f} ms); "
            f"save to preview {row['preview_s']:.2f} s (again {row['preview_again_s']:.2f} s); publish to public page "
            f"{row['publish_s']:.2f} s; peak {row['studio_peak_mib']:.0f} MiB (serve alone {row['serve_peak_mib']:.0f} MiB)")


def targets(row):
    if not row:
        return []
    n = f"studio at {row['exhibits']:,}"
    added = row["studio_peak_mib"] - row["serve_peak_mib"]
    return [
        (max(row["preview_s"], row["preview_again_s"]) <= 1.0,
         f"{n}: a saved text in the draft preview <= 1 s: {row['preview_s']:.2f} s first, {row['preview_again_s']:.2f} s again"),
        (row["publish_s"] <= 2.0, f"{n}: a publish live for visitors <= 2 s: {row['publish_s']:.2f} s"),
        (row["list_ms_max"] <= 200, f"{n}: the list page answers <= 200 ms: {row['list_ms_max']:.0f} ms slowest"),
        (added <= 100, f"{n}: the studio adds <= 100 MiB to serve's peak: {added:+.0f} MiB"),
    ]
