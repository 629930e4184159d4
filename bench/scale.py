"""Large catalogs, generated and real: how soon the server answers, the memory it needs,
how long validate and export take, and the export's time per exhibit, which must stay the
same from 1,000 to 100,000 exhibits.

Nothing here reads the server's log: the server is ready when it prints its URL on standard
output (the line scripts rely on), and every figure is measured from outside, by asking
for pages and by the operating system's accounting. Every wait has a time limit that ends
the bench with a message saying what did not happen."""
import json
import os
import pathlib
import re
import socket
import subprocess
import time
import urllib.request

from running import BenchBroken, read_line
from support import generate_catalog

REAL_COLLECTION = pathlib.Path(__file__).resolve().parents[2] / "shared" / "real-collections" / "tate-69k"


def answered(url, deadline, what):
    """Waits until `url` answers 200; the time it answered, by perf_counter."""
    while time.perf_counter() < deadline:
        try:
            with urllib.request.urlopen(url, timeout=10) as response:
                response.read()
                if response.status == 200:
                    return time.perf_counter()
        except OSError:
            time.sleep(0.005)
    raise BenchBroken(f"{what}: {url} did not answer 200 in time")


def peak_mib(pid):
    with open(f"/proc/{pid}/status") as status:
        return int(re.search(r"VmHWM:\s+(\d+)", status.read()).group(1)) / 1024


def timed(command, timeout, what, log, env=None):
    """Runs `command`; (seconds, peak MiB of its memory). GNU time reads the peak from the
    kernel: the rusage Python gets counts the bench's own memory, copied into the child
    before it became the program. Its messages go to the file `log` (a pipe nobody reads
    would fill and stop it)."""
    peak = pathlib.Path(str(log) + ".peak")
    started = time.perf_counter()
    with open(log, "wb") as messages:
        process = subprocess.Popen(["/usr/bin/time", "-f", "%U %S %M", "-o", str(peak), *command],
                                   stdout=subprocess.DEVNULL, stderr=messages, env=env)
        try:
            code = process.wait(timeout=timeout)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait()
            raise BenchBroken(f"{what}: did not finish within {timeout} s")
    seconds = time.perf_counter() - started
    if code not in (0, 1):
        raise BenchBroken(f"{what}: exit status {code}: {pathlib.Path(log).read_text('utf-8', 'replace')[-400:]}")
    user, system, kilobytes = peak.read_text().strip().splitlines()[-1].split()
    return seconds, int(kilobytes) / 1024, float(user) + float(system)


def settle_disk(limit=90):
    """Waits (at most `limit` s) until the disk has caught up with what earlier steps wrote:
    an export writes 500,000 files at 100,000 exhibits, and one started while the last
    gigabytes were still going to disk waits for them. The kernel's I/O pressure (the share
    of the last 10 s in which some task waited for the disk) says when it has caught up; the
    seconds waited are kept with the row.

    What this cannot settle: on an ext4 without a journal (this machine's disk), a new file
    skips the inodes freed in the last one to six minutes, one by one, so an export started
    soon after a large folder was removed took 90-150 s instead of 56 s, spending the
    difference in the kernel (`export_cpu_s` shows it). Run the bench a few minutes after
    removing a large export (docs/measuring.md)."""
    started = time.perf_counter()
    os.sync()
    while time.perf_counter() - started < limit:
        try:
            line = pathlib.Path("/proc/pressure/io").read_text().splitlines()[0]
        except OSError:
            break
        if float(re.search(r"avg10=([\d.]+)", line).group(1)) < 5:
            break
        time.sleep(1)
    return time.perf_counter() - started


def data_bytes(folder):
    return sum(path.stat().st_size for path in folder.iterdir() if path.suffix in (".json", ".csv"))


def real_catalog(folder, count):
    """The first `count` records of the real collection, or None when it is not beside the project."""
    source = REAL_COLLECTION
    if not (source / "items.json").exists():
        return None
    folder.mkdir(parents=True)
    items = json.loads((source / "items.json").read_text("utf-8"))
    (folder / "items.json").write_text(json.dumps(items[:count], ensure_ascii=False), "utf-8")
    for path in source.glob("exposition_universelle_1900*.json"):
        (folder / path.name).write_bytes(path.read_bytes())
    return len(items[:count])


def free_port():
    """A port no one listens on now. The server is started on a port of its own, as a
    curator starts it, not on `--port 0`: without a known address it makes no IIIF, and
    building the IIIF collection once cost nearly a second of start that this row did not see."""
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return str(probe.getsockname()[1])


def measure(binary, folder, count, kind, scratch, timeout):
    """One row: start-up to first answers, memory, validate and export."""
    what = f"{kind} catalog of {count:,} exhibits"
    last = json.loads((folder / "items.json").read_text("utf-8"))[-1]["image_name"]
    started = time.perf_counter()
    server = subprocess.Popen([binary, "serve", "--port", free_port(), "--catalog", str(folder)],
                              stdout=subprocess.PIPE, stderr=subprocess.DEVNULL)
    try:
        url = read_line(server, r"Expo1900 is serving (http://\S+)", timeout, what).group(1)
        ready = time.perf_counter()
        deadline = started + timeout
        answers = {path: answered(url + path, deadline, what) - started
                   for path in ["/", "/items/", f"/items/{last}/"]}
        serve_peak = peak_mib(server.pid)
    finally:
        server.terminate()
        server.wait(timeout=30)
    validate_s, validate_peak, _ = timed([binary, "validate", str(folder)], timeout, f"validate of the {what}",
                                      scratch / f"validate-{kind}-{count}.log")
    settled_s = settle_disk()
    export_s, export_peak, export_cpu_s = timed([binary, "export", str(scratch / f"export-{kind}-{count}"), "--catalog", str(folder)],
                                  timeout, f"export of the {what}", scratch / f"export-{kind}-{count}.log")
    size = data_bytes(folder)
    return {"kind": kind, "exhibits": count, "data_bytes": size, "url_s": ready - started,
            "first_answer_s": max(answers.values()), "answers_s": answers,
            "read_mb_per_s": size / 1e6 / answers["/"], "serve_peak_mib": serve_peak,
            "validate_s": validate_s, "validate_peak_mib": validate_peak,
            "export_s": export_s, "export_peak_mib": export_peak, "export_cpu_s": export_cpu_s, "settle_s": settled_s, "export_ms_per_exhibit": export_s * 1000 / count}


def scale_runs(binary, scratch, counts, real_counts=(), timeout=600):
    rows = []
    for count in counts:
        folder = scratch / f"generated-{count}"
        generate_catalog(folder, count)
        rows.append(measure(binary, folder, count, "generated", scratch, timeout))
        print(f"  {describe(rows[-1])}", flush=True)
    for count in real_counts:
        folder = scratch / f"real-{count}"
        found = real_catalog(folder, count)
        if found is None:
            print(f"  real collection not found at {REAL_COLLECTION}: its rows are left out", flush=True)
            break
        rows.append(measure(binary, folder, found, "real", scratch, timeout))
        print(f"  {describe(rows[-1])}", flush=True)
    return rows


def describe(row):
    answers = ", ".join(f"{path} {seconds:.2f} s" for path, seconds in row["answers_s"].items())
    return (f"{row['kind']:<9} {row['exhibits']:>7,} exhibits ({row['data_bytes'] / 1e6:,.0f} MB of data): "
            f"first answers {answers}; serve peak {row['serve_peak_mib']:.0f} MiB; "
            f"validate {row['validate_s']:.1f} s ({row['validate_peak_mib']:.0f} MiB); "
            f"export {row['export_s']:.1f} s ({row['export_cpu_s']:.0f} s of processor, {row['export_peak_mib']:.0f} MiB, "
            f"{row['export_ms_per_exhibit']:.2f} ms per exhibit; disk settled in {row['settle_s']:.0f} s first)")


def targets(rows):
    """(met, line) for each target the issue on whole collections names."""
    lines = []
    for kind in ("generated", "real"):
        measured = [row for row in rows if row["kind"] == kind]
        if len(measured) >= 2:
            small, large = measured[0], measured[-1]
            ratio = large["export_ms_per_exhibit"] / small["export_ms_per_exhibit"]
            lines.append((ratio <= 1.5, f"{kind}: export time per exhibit at {large['exhibits']:,} / at {small['exhibits']:,} "
                                        f"<= 1.5: {ratio:.2f}"))
        for row in measured:
            if row["exhibits"] < 50_000:
                continue
            name = f"{kind} {row['exhibits']:,}"
            lines += [
                (row["first_answer_s"] <= 5, f"{name}: first answer on /, /items/ and the last exhibit <= 5 s: {row['first_answer_s']:.2f} s"),
                (row["serve_peak_mib"] <= 1024, f"{name}: serve peak memory <= 1 GiB: {row['serve_peak_mib']:.0f} MiB"),
                (row["validate_s"] <= 10, f"{name}: validate <= 10 s: {row['validate_s']:.1f} s"),
                (row["export_s"] <= 60, f"{name}: export <= 60 s: {row['export_s']:.1f} s"),
                (row["read_mb_per_s"] >= 50, f"{name}: data read to first answer >= 50 MB/s: {row['read_mb_per_s']:.0f} MB/s"),
            ]
    return lines
