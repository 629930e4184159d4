"""The server's CPU time per request (user and system, in µs), for one or more builds and for
nginx with two workers serving the same export: `python bench/cpu_per_request.py BINARY [BINARY ...]`.

On two cores shared with wrk, requests per second move by ±10 % between two runs of the same
build, more than most single changes to the server are worth. What a request costs the
server's own process moves far less, so this is how to tell whether a change to serving helps
before the throughput rows can show it. Not a bench row: a tool for the one making the change.
"""
import os
import pathlib
import re
import statistics
import subprocess
import sys
import tempfile

HERE = pathlib.Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent / "Tests" / "browser"))

from running import BenchBroken, ExpoServer, nginx_serving, run, run_main  # noqa: E402
from support import free_port  # noqa: E402

PAGES = ["/", "/items/", "/items/jikji/"]
TICKS = os.sysconf("SC_CLK_TCK")


def cpu_seconds(pids):
    """User and system time of `pids` and their threads so far, from /proc."""
    total = 0
    for pid in pids:
        fields = pathlib.Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
        total += int(fields[11]) + int(fields[12])
    return total / TICKS


def requests(url, gzip, seconds):
    command = ["wrk", "-t2", "-c64", f"-d{seconds}s", url]
    if gzip:
        command[1:1] = ["-H", "Accept-Encoding: gzip"]
    output = subprocess.run(command, capture_output=True, text=True, check=True).stdout
    if "Non-2xx" in output or "Socket errors" in output:
        raise BenchBroken(f"{url}: wrk saw errors:\n{output}")
    return int(re.search(r"(\d+) requests in", output).group(1))


def main(first, argv):
    binaries = [first, *argv]
    for binary in binaries:
        if not os.access(binary, os.X_OK):
            raise BenchBroken(f"{binary}: not an executable expo1900 build")
    rounds = int(os.environ.get("ROUNDS", "3"))
    seconds = int(os.environ.get("SECONDS_EACH", "4"))
    with tempfile.TemporaryDirectory(prefix="expo1900-cpu-") as scratch:
        scratch = pathlib.Path(scratch)
        run([binaries[0], "export", str(scratch / "site")])
        servers = [ExpoServer(binary, "--count", "--state", str(scratch / f"state-{index}")) for index, binary in enumerate(binaries)]
        for server in servers:
            server.__enter__()
        try:
            with nginx_serving(scratch / "nginx", scratch / "site", free_port(), workers=2) as nginx:
                found = subprocess.run(["pgrep", "-f", "nginx: worker process"], capture_output=True, text=True).stdout.split()
                # Only this nginx's workers: their parent is the master started for this run.
                master = int((scratch / "nginx" / "nginx.pid").read_text())
                workers = [int(pid) for pid in found if int(pathlib.Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[1]) == master]
                if not workers:
                    raise BenchBroken("nginx: no worker processes found")
                targets = [(binary, server.url, [server.process.pid]) for binary, server in zip(binaries, servers)]
                targets.append(("nginx (2 workers)", nginx, workers))
                costs = {}
                for round_number in range(rounds):
                    # Alternate the order so that no target always runs on the warmer machine.
                    order = targets if round_number % 2 == 0 else list(reversed(targets))
                    for page in PAGES:
                        for gzip in (False, True):
                            for name, url, pids in order:
                                before = cpu_seconds(pids)
                                count = requests(url + page, gzip, seconds)
                                costs.setdefault((page, gzip, name), []).append((cpu_seconds(pids) - before) / count * 1e6)
        finally:
            for server in servers:
                server.__exit__(None, None, None)
    print(f"Server CPU per request, µs (median of {rounds} rounds of {seconds} s; wrk -t2 -c64)")
    for page in PAGES:
        for gzip in (False, True):
            for name, _, _ in targets:
                values = costs[(page, gzip, name)]
                print(f"  {page:<16}{'gzip' if gzip else 'identity':<10}{name:<40}{statistics.median(values):7.2f}"
                      f"   rounds {', '.join(f'{value:.2f}' for value in values)}")
    # One screen's median moves by up to 7 % between two runs of the same build; a change
    # that helps shows on every screen, and in the mean of all of them.
    print("  every screen and encoding, the mean of all rounds:")
    for name, _, _ in targets:
        every = [value for (page, gzip, target), values in costs.items() if target == name for value in values]
        print(f"  {'':<26}{name:<40}{statistics.mean(every):7.2f}")


if __name__ == "__main__":
    if len(sys.argv) < 2:
        print("usage: python bench/cpu_per_request.py BINARY [BINARY ...]", file=sys.stderr)
        sys.exit(2)
    run_main(main)
