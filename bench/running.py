"""Starting and stopping what the benchmark measures."""
import contextlib
import re
import subprocess
import time

from support import start_nginx


def run(command):
    subprocess.run(command, check=True, capture_output=True)


class ExpoServer:
    """`expo1900 serve` on a free port; its access log goes nowhere, as behind a proxy that logs.
    `seconds` is the time from the command to its URL, catalog and image work included."""

    def __init__(self, binary, *arguments):
        self.command = [binary, "serve", "--port", "0", *arguments]

    def __enter__(self):
        started = time.perf_counter()
        self.process = subprocess.Popen(self.command, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
        line = self.process.stdout.readline()
        match = re.match(r"Expo1900 is serving (http://\S+)", line)
        if not match:
            self.process.kill()
            raise RuntimeError(f"expo1900 did not start: {line!r}")
        self.url = match.group(1)
        self.seconds = time.perf_counter() - started
        return self

    def __exit__(self, *_):
        self.process.terminate()
        self.process.wait(timeout=30)


@contextlib.contextmanager
def nginx_serving(prefix, root, port):
    prefix.mkdir(parents=True, exist_ok=True)
    server = start_nginx(prefix, port, root)
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
    raise RuntimeError(f"{url} did not answer within {timeout} s")
