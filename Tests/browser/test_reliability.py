"""The server under stress, over real sockets: reload on SIGHUP, a clean stop on SIGTERM
under load, and hostile request paths."""
import http.client
import os
import random
import re
import shutil
import signal
import socket
import subprocess
import threading
import time
import urllib.request
from concurrent.futures import ThreadPoolExecutor

import pytest

from conftest import IMAGE_CACHE, _binary, make_recordings
from support import DEFAULT_CATALOG


class Server:
    """expo1900 serve on a free port with its own copy of the default catalog."""

    def __init__(self, catalog):
        make_recordings(catalog)
        self.process = subprocess.Popen([_binary(), "serve", "--port", "0", "--catalog", str(catalog), "--image-cache", IMAGE_CACHE],
                                        stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
        line = self.process.stdout.readline()
        match = re.match(r"Expo1900 is serving http://127\.0\.0\.1:(\d+)", line)
        assert match, f"the server did not start: {line!r}"
        self.port = int(match.group(1))
        self.errors = []
        threading.Thread(target=self._read_errors, daemon=True).start()

    def _read_errors(self):
        for line in self.process.stderr:
            if "expo1900:" in line:
                self.errors.append(line.strip())

    def get(self, path):
        with urllib.request.urlopen(f"http://127.0.0.1:{self.port}{path}", timeout=10) as response:
            return response.read().decode("utf-8")

    def signal(self, number):
        self.process.send_signal(number)

    def stop(self):
        if self.process.poll() is None:
            self.process.send_signal(signal.SIGTERM)
            try:
                self.process.wait(timeout=15)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait()
        return self.process.returncode

    def rss_kib(self):
        with open(f"/proc/{self.process.pid}/status") as status:
            return int(re.search(r"VmRSS:\s+(\d+)", status.read()).group(1))


@pytest.fixture
def catalog(tmp_path):
    folder = tmp_path / "catalog"
    shutil.copytree(DEFAULT_CATALOG, folder)
    return folder


@pytest.fixture
def server(catalog):
    running = Server(catalog)
    yield running
    running.stop()


def wait_until(condition, what, timeout=15):
    deadline = time.time() + timeout
    while time.time() < deadline:
        if condition():
            return
        time.sleep(0.05)
    raise AssertionError(f"timed out waiting until {what}")


def test_sighup_reloads_and_a_broken_catalog_keeps_the_old_site(server, catalog):
    items = catalog / "items.json"
    original = items.read_text("utf-8")
    assert "해금 (奚琴)" not in server.get("/items/")
    items.write_text(original.replace('"name": "해금"', '"name": "해금 (奚琴)"'), "utf-8")
    server.signal(signal.SIGHUP)
    wait_until(lambda: "해금 (奚琴)" in server.get("/items/"), "the reloaded name shows")
    wait_until(lambda: any("reloaded the catalog (13 exhibits)" in e for e in server.errors), "the reload is reported")

    items.write_text(original[:200], "utf-8")  # cut off mid-way: malformed
    server.signal(signal.SIGHUP)
    wait_until(lambda: any("reload failed" in e for e in server.errors), "the failed reload is reported")
    failure = next(e for e in server.errors if "reload failed" in e)
    assert "items.json:" in failure and "malformed JSON" in failure, failure
    assert "해금 (奚琴)" in server.get("/items/"), "the previous site keeps serving"
    assert server.stop() == 0


def test_sigterm_under_load_finishes_what_it_started_and_exits_0(server):
    expected = len(server.get("/items/jikji/").encode("utf-8"))
    stopped = threading.Event()
    failures, completed = [], [0]

    def client():
        while True:
            connection = http.client.HTTPConnection("127.0.0.1", server.port, timeout=10)
            try:
                while True:
                    connection.request("GET", "/items/jikji/")
                    response = connection.getresponse()
                    body = response.read()
                    if response.status != 200 or len(body) != expected:
                        failures.append(f"status {response.status}, {len(body)} of {expected} bytes")
                    completed[0] += 1
            except (ConnectionRefusedError, ConnectionResetError, http.client.RemoteDisconnected, BrokenPipeError):
                # No response had begun: the server had closed the connection or stopped listening.
                if not stopped.is_set():
                    failures.append("connection dropped before the stop")
                if stopped.is_set():
                    return
            except http.client.IncompleteRead as error:
                failures.append(f"a response was cut off: {error}")
                return
            finally:
                connection.close()

    threads = [threading.Thread(target=client) for _ in range(16)]
    for thread in threads:
        thread.start()
    time.sleep(2)
    before = completed[0]
    stopped.set()
    server.signal(signal.SIGTERM)
    for thread in threads:
        thread.join(timeout=30)
    assert server.process.wait(timeout=30) == 0, "exit status after SIGTERM"
    assert before > 100, f"only {before} requests before the stop: no load"
    assert not failures, "\n".join(failures[:20])


def hostile_paths(count, seed=1900):
    """Paths an attacker or a fuzzer would send: traversal in every encoding, control
    characters, overlong segments, odd unicode; reproducible from the seed."""
    rng = random.Random(seed)
    targets = ["Package.swift", "etc/passwd", "secret.txt", "proc/self/environ", "items.json"]
    dots = ["..", "%2e%2e", "%2E%2E", ".%2e", "%2e.", "%252e%252e", "..%c0%af", "..\\", "%c0%ae%c0%ae", "....//"]
    slashes = ["/", "%2f", "%2F", "\\", "%5c", "//", "/./", "%252f"]
    pieces = ["items", "en", "images", "assets", "jikji", "index.html", "sw.js", "%00", "%0a", "%0d%0a",
              "é", "%e2%80%ae", "한국", "\u202e", "%ff%fe", ";", "?", "#", "~", "$", "%", "%%", "*"]
    paths = []
    for _ in range(count):
        kind = rng.randrange(5)
        if kind == 0:
            path = "/" + "".join(rng.choice(dots) + rng.choice(slashes) for _ in range(rng.randint(1, 8))) + rng.choice(targets)
        elif kind == 1:
            path = "/" + "/".join(rng.choice(pieces) for _ in range(rng.randint(1, 6)))
        elif kind == 2:
            path = "/" + rng.choice(pieces) + "/" + "a" * rng.choice([255, 1024, 4096, 7000])
        elif kind == 3:
            path = "/" + "".join(chr(rng.randrange(1, 32)) if rng.random() < 0.3 else rng.choice("abc/.%") for _ in range(rng.randint(1, 40)))
        else:
            code_points = (rng.randrange(0x80, 0x10FFFF) for _ in range(rng.randint(1, 10)))
            path = "/" + "".join(chr(point) for point in code_points if not 0xD800 <= point <= 0xDFFF)
        paths.append(path)
    return paths


def raw_get(port, path):
    """Sends the path as raw bytes, exactly as given, and returns (status or None, body)."""
    request = b"GET " + path.encode("utf-8", "surrogatepass") + b" HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n"
    with socket.create_connection(("127.0.0.1", port), timeout=10) as connection:
        connection.sendall(request)
        chunks = []
        while True:
            chunk = connection.recv(65536)
            if not chunk:
                break
            chunks.append(chunk)
    response = b"".join(chunks)
    match = re.match(rb"HTTP/1\.[01] (\d{3})", response)
    return (int(match.group(1)) if match else None), response


def test_ten_thousand_hostile_paths_never_5xx_nor_a_byte_from_outside(catalog):
    secret = "expo1900-secret-" + os.urandom(8).hex()
    (catalog / "secret.txt").write_text(secret)
    (catalog.parent / "secret.txt").write_text(secret)
    outside = [secret.encode(), b"PackageDescription", b"root:x:0:0", b'"image_name"', b"PATH="]
    server = Server(catalog)
    failures = []
    try:
        def check(path):
            try:
                status, response = raw_get(server.port, path)
            except OSError as error:
                return f"{path!r}: {error}"
            if status is not None and status >= 500:
                return f"{path!r}: status {status}"
            leaked = [marker for marker in outside if marker in response]
            if leaked:
                return f"{path!r}: answered with bytes from outside the site ({leaked})"
            return None

        with ThreadPoolExecutor(max_workers=16) as pool:
            failures = [failure for failure in pool.map(check, hostile_paths(10_000)) if failure]
        assert server.process.poll() is None, "the server died"
    finally:
        server.stop()
    assert not failures, f"{len(failures)} of 10,000 paths failed:\n" + "\n".join(failures[:20])


def test_256_connections_for_30_seconds_no_errors_no_timeouts_memory_flat(server):
    wrk = shutil.which("wrk")
    if wrk is None:
        pytest.fail("wrk is missing: apt-get install wrk")
    samples = []
    done = threading.Event()

    def sample():
        while not done.is_set():
            samples.append(server.rss_kib())
            time.sleep(1)

    sampler = threading.Thread(target=sample)
    sampler.start()
    try:
        result = subprocess.run([wrk, "-t2", "-c256", "-d30s", "--timeout", "5s",
                                 f"http://127.0.0.1:{server.port}/items/jikji/"],
                                capture_output=True, text=True, timeout=120)
    finally:
        done.set()
        sampler.join()
    report = result.stdout
    requests = int(re.search(r"(\d+) requests in", report).group(1))
    assert requests > 10_000, f"only {requests} requests in 30 s:\n{report}"
    assert "Socket errors" not in report, f"socket errors or timeouts:\n{report}"
    assert "Non-2xx or 3xx responses" not in report, f"error responses:\n{report}"
    assert server.process.poll() is None, "the server died under load"
    # Flat: after the first seconds of warm-up, resident memory may wobble but not climb.
    warm = samples[5:]
    growth = (max(warm) - warm[0]) / 1024
    assert growth < 32, f"memory grew {growth:.1f} MiB under load (samples in KiB: {samples})"
    print(f"\n{requests:,} requests in 30 s; resident memory {warm[0] / 1024:.1f} → {warm[-1] / 1024:.1f} MiB")
