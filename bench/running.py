"""Starting and stopping what the benchmark measures."""
import contextlib
import os
import re
import selectors
import subprocess
import sys
import time

from support import start_nginx


class BenchBroken(RuntimeError):
    """The bench could not measure what it set out to: it must fail loudly, never hang."""


def print_targets(targets):
    """One line for each (met, line) target."""
    for met, line in targets:
        print(f"  [{'met' if met else 'NOT MET'}] {line}")


def run_main(main):
    """Runs a bench's `main(binary, argv)` from the command line: when it cannot measure, it
    says why and ends with status 2."""
    try:
        main(sys.argv[1], sys.argv[2:])
    except BenchBroken as broken:
        print(f"\nbench: BROKEN: {broken}", file=sys.stderr)
        sys.exit(2)


def read_line(process, pattern, timeout, what):
    """The first line of `process`'s standard output that matches, within `timeout` seconds."""
    selector = selectors.DefaultSelector()
    selector.register(process.stdout, selectors.EVENT_READ)
    deadline = time.perf_counter() + timeout
    buffer = b""
    while time.perf_counter() < deadline:
        if not selector.select(timeout=max(0.0, deadline - time.perf_counter())):
            break
        chunk = os.read(process.stdout.fileno(), 4096)
        if not chunk:
            raise BenchBroken(f"{what}: the program ended (status {process.wait()}) before printing {pattern!r}")
        buffer += chunk
        for line in buffer.decode("utf-8", "replace").splitlines():
            match = re.search(pattern, line)
            if match:
                return match
    raise BenchBroken(f"{what}: no line matching {pattern!r} within {timeout} s")


def run(command):
    subprocess.run(command, check=True, capture_output=True)


class ExpoServer:
    """`expo1900 serve` on a free port; its access log goes nowhere, as behind a proxy that logs.
    `seconds` is the time from the command to its URL, catalog and image work included."""

    def __init__(self, binary, *arguments, log=None):
        self.command = [binary, "serve", "--port", "0", *arguments]
        # A file for the log, when the bench waits for a line of it.
        self.log = log

    def __enter__(self):
        started = time.perf_counter()
        self.log_file = open(self.log, "wb") if self.log else None
        self.process = subprocess.Popen(self.command, stdout=subprocess.PIPE, stderr=self.log_file or subprocess.DEVNULL)
        try:
            self.url = read_line(self.process, r"Expo1900 is serving (http://\S+)", 300, "expo1900 serve").group(1)
        except BenchBroken:
            self.process.kill()
            raise
        self.seconds = time.perf_counter() - started
        return self

    def __exit__(self, *_):
        self.process.terminate()
        self.process.wait(timeout=30)
        if self.log_file:
            self.log_file.close()

    def wait_for_log(self, pattern, timeout, what):
        """Seconds from now until a line of the log matches `pattern`."""
        started = time.perf_counter()
        while time.perf_counter() - started < timeout:
            if re.search(pattern, self.log.read_text("utf-8", "replace")):
                return time.perf_counter() - started
            if self.process.poll() is not None:
                raise BenchBroken(f"{what}: the server ended (status {self.process.returncode}) before logging {pattern!r}")
            time.sleep(0.2)
        raise BenchBroken(f"{what}: no log line matching {pattern!r} within {timeout} s")


@contextlib.contextmanager
def nginx_serving(prefix, root, port, workers=1):
    prefix.mkdir(parents=True, exist_ok=True)
    server = start_nginx(prefix, port, root, workers=workers)
    try:
        yield f"http://127.0.0.1:{port}"
    finally:
        server.terminate()
        server.wait(timeout=10)


def wait_for_answer(url, timeout=60):
    """Seconds until `url` answers 200, polling every 5 ms."""
    import urllib.request
    started = time.perf_counter()
    while time.perf_counter() - started < timeout:
        try:
            with urllib.request.urlopen(url, timeout=5) as response:
                if response.status == 200:
                    return time.perf_counter() - started
        except OSError:
            time.sleep(0.005)
    raise BenchBroken(f"{url} did not answer within {timeout} s")
