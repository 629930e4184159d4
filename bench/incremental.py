"""A publish that rewrites only what changed (issue 58): on 100,000 real records (Tate's
69,202 then MoMA's first 30,798), exported once with `expo1900 export`, then served by
`studio --export` into the same folder. One exhibit's short text is changed and published:
how long until the static export holds it, and how many files of the export were written
(every file whose modification time is after the publish, found by walking the folder)."""
import json
import os
import pathlib
import subprocess
import time

from running import BenchBroken
from studio import Studio

COLLECTIONS = pathlib.Path(__file__).resolve().parents[2] / "shared" / "real-collections"
SOURCES = [COLLECTIONS / "tate-69k", COLLECTIONS / "moma-124k"]
EXPOSITION = "exposition_universelle_1900.json"
COUNT = 100_000
TIMEOUT = 120


def real_catalog(folder, count):
    """The first `count` records of Tate then MoMA, with Tate's exposition file; None when
    the collections are not beside the project."""
    if not all((source / "items.json").exists() for source in SOURCES):
        return None
    items = []
    for source in SOURCES:
        items += json.loads((source / "items.json").read_text("utf-8"))[:count - len(items)]
    folder.mkdir(parents=True)
    (folder / "items.json").write_text(json.dumps(items, ensure_ascii=False), "utf-8")
    (folder / EXPOSITION).write_bytes((SOURCES[0] / EXPOSITION).read_bytes())
    return items


def written_since(root, since):
    """Files under `root` modified at or after `since` (seconds since the epoch), and all files."""
    written, total, folders = [], 0, [str(root)]
    while folders:
        with os.scandir(folders.pop()) as entries:
            for entry in entries:
                if entry.is_dir(follow_symlinks=False):
                    folders.append(entry.path)
                elif entry.is_file(follow_symlinks=False):
                    total += 1
                    if entry.stat(follow_symlinks=False).st_mtime >= since:
                        written.append(os.path.relpath(entry.path, root))
    return written, total


def publish_run(binary, scratch, count=COUNT):
    folder = scratch / f"incremental-{count}"
    items = real_catalog(folder, count)
    if items is None:
        print(f"  real collections not found in {COLLECTIONS}: this row is left out", flush=True)
        return None
    export = scratch / f"incremental-{count}-export"
    started = time.perf_counter()
    subprocess.run([binary, "export", str(export), "--catalog", str(folder)], check=True,
                   stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, timeout=900)
    whole_s = time.perf_counter() - started
    exhibit = items[len(items) // 2]["image_name"]
    page = export / "items" / exhibit / "index.html"
    log = scratch / f"incremental-{count}-studio.log"
    with log.open("w") as stderr, Studio(binary, folder, scratch / f"incremental-{count}-state", "--export", str(export),
                                         stderr=stderr) as studio:
        # A curator publishes once the studio has started: it has then looked at the export
        # and found it to hold the guide it serves (or not, and the publish writes it whole).
        waited = time.perf_counter()
        while "the guide as served now" not in log.read_text("utf-8", "replace"):
            if time.perf_counter() - waited > TIMEOUT:
                raise BenchBroken(f"expo1900 studio said nothing of its export within {TIMEOUT} s (log in {log})")
            time.sleep(0.1)
        form = studio.form(exhibit)
        field = next(name for name in form if name.endswith(".short_desc"))
        text = f"Changed by the bench {time.time_ns()}"
        form[field] = text
        status, _ = studio.post(f"/studio/exhibits/{exhibit}", form)
        if status != 303:
            raise BenchBroken(f"expo1900 studio: saving the draft answered {status}")
        token = studio.token(studio.get("/studio/publish")[1])
        # Whole seconds: some file systems keep modification times to the second.
        time.sleep(1.0 - time.time() % 1.0)
        since = time.time()
        started = time.perf_counter()
        status, answer = studio.post("/studio/publish", {"form_token": token, "exhibit": exhibit})
        if status != 200:
            raise BenchBroken(f"expo1900 studio: publishing answered {status}: {answer[:300]}")
        while text not in (page.read_text("utf-8", "replace") if page.exists() else ""):
            if time.perf_counter() - started > TIMEOUT:
                raise BenchBroken(f"the published text did not reach {page} within {TIMEOUT} s")
            time.sleep(0.05)
        publish_s = time.perf_counter() - started
        # The export's last step, the marker, follows the pages: wait for it before counting.
        marker = export / ".expo1900-export"
        while "being updated" in marker.read_text("utf-8") and time.perf_counter() - started < TIMEOUT:
            time.sleep(0.05)
    written, total = written_since(export, int(since))
    row = {"exhibits": len(items), "whole_export_s": whole_s, "publish_s": publish_s, "written": len(written),
           "files": total, "written_sample": sorted(written)[:20]}
    print(f"  {describe(row)}", flush=True)
    return row


def describe(row):
    return (f"{row['exhibits']:,} real records: one text published reached the static export in {row['publish_s']:.2f} s, "
            f"{row['written']:,} of {row['files']:,} files written (the whole export took {row['whole_export_s']:.1f} s)")


def targets(row):
    if not row:
        return []
    n = f"{row['exhibits']:,} real"
    return [
        (row["publish_s"] <= 5.0, f"{n}: a one-text publish in the static export <= 5 s: {row['publish_s']:.2f} s"),
        (row["written"] <= 100, f"{n}: a one-text publish writes <= 100 files: {row['written']:,} of {row['files']:,}"),
    ]
