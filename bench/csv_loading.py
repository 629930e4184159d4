"""CSV loading: a generated catalog written as spreadsheets by the binary's own `convert`,
then served and timed as the scale rows time JSON, from the command to the first answer on
`/`, so that the two MB/s figures compare. Every step has a time limit that fails loudly."""
import subprocess
import time

from running import BenchBroken, read_line
from scale import answered, data_bytes
from support import generate_catalog

TARGET_MB_PER_S = 50


def convert(binary, source, folder, timeout, what):
    try:
        finished = subprocess.run([binary, "convert", str(source), "--to", "csv", "--output", str(folder)],
                                  capture_output=True, timeout=timeout)
    except subprocess.TimeoutExpired:
        raise BenchBroken(f"{what}: convert --to csv did not finish within {timeout} s")
    if finished.returncode != 0 or not (folder / "items.csv").exists():
        raise BenchBroken(f"{what}: convert --to csv failed (status {finished.returncode}): "
                          f"{finished.stderr.decode('utf-8', 'replace')[-400:]}")


def csv_run(binary, scratch, count, timeout=600):
    """One row: the generated catalog of `count` exhibits (the scale rows' own when they made
    it) as items.csv and exposition.csv, and how fast the server reads them."""
    what = f"CSV catalog of {count:,} exhibits"
    source = scratch / f"generated-{count}"
    if not source.exists():
        generate_catalog(source, count)
    folder = scratch / f"csv-{count}"
    convert(binary, source, folder, timeout, what)
    started = time.perf_counter()
    server = subprocess.Popen([binary, "serve", "--port", "0", "--catalog", str(folder)],
                              stdout=subprocess.PIPE, stderr=subprocess.DEVNULL)
    try:
        url = read_line(server, r"Expo1900 is serving (http://\S+)", timeout, what).group(1)
        first = answered(url + "/", started + timeout, what) - started
    finally:
        server.terminate()
        try:
            server.wait(timeout=30)
        except subprocess.TimeoutExpired:
            server.kill()
            server.wait()
    size = data_bytes(folder)
    return {"kind": "csv", "exhibits": count, "data_bytes": size, "first_answer_s": first,
            "read_mb_per_s": size / 1e6 / first}


def describe(row):
    return (f"csv       {row['exhibits']:>7,} exhibits ({row['data_bytes'] / 1e6:,.0f} MB of CSV): first answer on / "
            f"{row['first_answer_s']:.2f} s, {row['read_mb_per_s']:.0f} MB/s")


def target(row):
    """(met, line) for the issue's loading target, read as the JSON rows read it."""
    return (row["read_mb_per_s"] >= TARGET_MB_PER_S,
            f"csv {row['exhibits']:,}: data read to first answer >= {TARGET_MB_PER_S} MB/s: {row['read_mb_per_s']:.0f} MB/s")
