"""Whole collections (issue 58): a catalog of 400,000 real records, served, validated and
exported, with the memory each needs.

The records are the real collections beside the project (Tate's 69,202 and MoMA's 123,919,
see their README), joined as a museum would join them: 193,121 records, then each of them
again under an id of its own (`-b`, then `-c`) until there are 400,000. Real text, real
shapes, each record at most three times.

Measured from outside, as in scale.py: the first answers on /, /items/ and the last exhibit;
serve's peak once the first search has been answered and the server has finished what it
does in the background (its search indexes); validate's and export's time and peak.

Served twice with a catalog cache of its own (`CatalogRunCache`): the first start builds the
compact form from the JSON and keeps it, the second reads it back, as every later start of
a server does. The target is on the second; the first is printed beside it.

Alone: python3 bench/collections_row.py BINARY"""
import json
import os
import pathlib
import subprocess
import sys
import tempfile
import time
import urllib.parse
import urllib.request

HERE = pathlib.Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent / "Tests" / "browser"))
sys.path.insert(0, str(HERE))

from running import print_targets, read_line, run_main  # noqa: E402
from scale import answered, free_port, settle_disk, timed  # noqa: E402
from exhibitions import SOURCES, EXPOSITION, memory_mib, settled  # noqa: E402

RECORDS = 400_000
BUDGET_MIB = 1024
FIRST_ANSWER_S = 5
TIMEOUT = 1800


def build_catalog(folder, count=RECORDS):
    """`count` records in folder/items.json; the number of distinct records used, or None
    when a collection is not beside the project."""
    records = []
    for _, source in SOURCES:
        if not (source / "items.json").exists():
            return None
        records += json.loads((source / "items.json").read_text("utf-8"))
    exposition = json.loads((SOURCES[0][1] / EXPOSITION).read_text("utf-8"))
    items = list(records)
    for suffix in ("b", "c", "d", "e"):
        if len(items) >= count:
            break
        items += [dict(record, image_name=f"{record['image_name']}-{suffix}") for record in records[:count - len(items)]]
    folder.mkdir(parents=True)
    (folder / EXPOSITION).write_text(json.dumps(dict(exposition, title=f"Tate and MoMA, {count:,} records"),
                                                ensure_ascii=False, indent=1), "utf-8")
    (folder / "items.json").write_text(json.dumps(items[:count], ensure_ascii=False), "utf-8")
    return len(records)


def serve_row(binary, folder, last, env):
    """Start to first answers, and the peak once the background work after the first search is done."""
    what = f"the catalog of {RECORDS:,} real records"
    started = time.perf_counter()
    server = subprocess.Popen([binary, "serve", "--port", free_port(), "--catalog", str(folder)],
                              stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, env=env)
    try:
        url = read_line(server, r"Expo1900 is serving (http://\S+)", TIMEOUT, what).group(1)
        deadline = started + TIMEOUT
        answers = {path: answered(url + path, deadline, what) - started for path in ["/", "/items/", f"/items/{last}/"]}
        peak_at_answers, _ = memory_mib(server.pid)
        # The list's search without a script, as a phone that runs none asks it: it waits
        # for the search index, which the server makes in the background.
        urllib.request.urlopen(url + "/items/?q=" + urllib.parse.quote("Untitled"), timeout=TIMEOUT).read()
        settled(server.pid, limit=60)
        peak, now = memory_mib(server.pid)
    finally:
        server.terminate()
        server.wait(timeout=60)
    return {"answers_s": answers, "first_answer_s": max(answers.values()), "peak_at_answers_mib": peak_at_answers,
            "peak_mib": peak, "resident_mib": now}


def collections_run(binary, scratch, quick):
    if quick:
        why = "the 400,000-record row runs only in the full bench (an export of it takes minutes)"
        print(f"  not measured: {why}", flush=True)
        return {"measured": False, "why": why}
    folder = pathlib.Path(scratch) / f"collections-{RECORDS}"
    started = time.perf_counter()
    distinct = build_catalog(folder)
    if distinct is None:
        why = "the real collections (tate-69k and moma-124k) are not beside the project"
        print(f"  not measured: {why}", flush=True)
        return {"measured": False, "why": why}
    size = (folder / "items.json").stat().st_size
    print(f"  {RECORDS:,} records ({distinct:,} distinct, {size / 1e6:,.0f} MB of JSON) written in "
          f"{time.perf_counter() - started:.1f} s", flush=True)
    last = json.loads((folder / "items.json").read_text("utf-8"))[-1]["image_name"]
    row = {"measured": True, "records": RECORDS, "distinct": distinct, "data_bytes": size}
    # A cache of the row's own, empty at first; the bench's other rows start without one.
    env = {key: value for key, value in os.environ.items() if key != "EXPO1900_NO_CATALOG_CACHE"}
    env["XDG_CACHE_HOME"] = str(pathlib.Path(scratch) / "collections-cache")
    row["first_start"] = serve_row(binary, folder, last, env)
    print(f"  serve, first start (the compact form built and kept): first answers {row['first_start']['first_answer_s']:.2f} s, "
          f"peak {row['first_start']['peak_mib']:.0f} MiB", flush=True)
    row["serve"] = serve_row(binary, folder, last, env)
    print(f"  serve: first answers {row['serve']['first_answer_s']:.2f} s, peak {row['serve']['peak_at_answers_mib']:.0f} MiB "
          f"then, {row['serve']['peak_mib']:.0f} MiB once its search index is made", flush=True)
    row["validate_s"], row["validate_peak_mib"], _ = timed([binary, "validate", str(folder)], TIMEOUT, "validate of 400,000",
                                                         pathlib.Path(scratch) / "collections-validate.log", env=env)
    print(f"  validate: {row['validate_s']:.1f} s, peak {row['validate_peak_mib']:.0f} MiB", flush=True)
    settle_disk()
    target = pathlib.Path(scratch) / f"collections-export-{RECORDS}"
    row["export_s"], row["export_peak_mib"], row["export_cpu_s"] = timed(
        [binary, "export", str(target), "--catalog", str(folder)], TIMEOUT, "export of 400,000",
        pathlib.Path(scratch) / "collections-export.log", env=env)
    print(f"  export: {row['export_s']:.1f} s ({row['export_cpu_s']:.0f} s of processor), peak {row['export_peak_mib']:.0f} MiB",
          flush=True)
    subprocess.run(["rm", "-rf", str(target), str(folder)], check=False)
    return row


def report(row):
    """Prints the row; (met, line) for each of the issue's targets."""
    print(f"\nWhole collections ({RECORDS:,} real records: Tate and MoMA, each record at most three times)")
    if not row or not row.get("measured"):
        why = row["why"] if row else "not run"
        print(f"  not measured: {why}")
        return [] if row and "full bench" in row.get("why", "") else [(False, f"{RECORDS:,} real records: not measured ({why})")]
    serve = row["serve"]
    answers = ", ".join(f"{path} {seconds:.2f} s" for path, seconds in serve["answers_s"].items())
    if "first_start" in row:
        print(f"  first start, building the compact form: first answers {row['first_start']['first_answer_s']:.2f} s, "
              f"peak {row['first_start']['peak_mib']:.0f} MiB; the starts after it read it back:")
    print(f"  serve: first answers {answers}; peak {serve['peak_at_answers_mib']:.0f} MiB then, {serve['peak_mib']:.0f} MiB once "
          f"its search index is made; validate {row['validate_s']:.1f} s ({row['validate_peak_mib']:.0f} MiB); export "
          f"{row['export_s']:.1f} s ({row['export_peak_mib']:.0f} MiB, {row['export_s'] * 1000 / row['records']:.2f} ms per record)")
    name = f"{RECORDS:,} real records"
    return [
        (serve["first_answer_s"] <= FIRST_ANSWER_S, f"{name}: first answer on /, /items/ and the last exhibit <= {FIRST_ANSWER_S} s "
                                                    f"(a start with its compact form kept): "
                                                    f"{serve['first_answer_s']:.2f} s"),
        (serve["peak_mib"] <= BUDGET_MIB, f"{name}: serve peak <= 1 GiB, its search index made: {serve['peak_mib']:.0f} MiB"),
        (row["validate_peak_mib"] <= BUDGET_MIB, f"{name}: validate peak <= 1 GiB: {row['validate_peak_mib']:.0f} MiB"),
        (row["export_peak_mib"] <= BUDGET_MIB, f"{name}: export peak <= 1 GiB: {row['export_peak_mib']:.0f} MiB"),
    ]


def main(binary, argv):
    os.environ["EXPO1900_NO_CATALOG_CACHE"] = "1"
    with tempfile.TemporaryDirectory(prefix="expo1900-bench-") as scratch:
        row = collections_run(binary, scratch, "--quick" in argv)
    print_targets(report(row))


if __name__ == "__main__":
    run_main(main)
