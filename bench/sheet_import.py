"""A spreadsheet of a whole real collection sent to the studio (issue 58): Tate's 69,202
records, converted to items.csv by the binary's own `convert`, a few rows changed, added and
removed, sent through the import page as an editor sends it. Measured: the studio's peak
memory from start until the import page answered and its preview showed a changed row, and
the times of both. Run twice: items.csv alone, then with exposition.csv beside it (its title
changed), the sheets a museum downloads and sends back together. Skipped, with a line saying
why, when the real collection is not beside the project."""
import csv
import re
import shutil
import time
import uuid

from csv_loading import convert
from running import BenchBroken
from scale import REAL_COLLECTION, peak_mib, real_catalog
from studio import Studio, until

CHANGED, ADDED, REMOVED = 10, 3, 3
TARGET_MB = 500


def edited_sheet(source, target):
    """`source` with CHANGED rows' short texts changed, REMOVED rows left out and ADDED rows
    made from the first one under new ids; returns (rows kept, a changed id and its text)."""
    with open(source, newline="", encoding="utf-8-sig") as file:
        rows = list(csv.reader(file))
    header, body = rows[0], rows[1:]
    key = header.index("image_name")
    text = header.index("short_desc")
    step = len(body) // (CHANGED + REMOVED + 1)
    changed = [body[step * (n + 1)] for n in range(CHANGED)]
    for number, row in enumerate(changed):
        row[text] = f"Changed in the bench, row {number} ({uuid.uuid4().hex[:8]})"
    removed = {body[step * (CHANGED + n + 1)][key] for n in range(REMOVED)}
    body = [row for row in body if row[key] not in removed]
    for number in range(ADDED):
        added = list(body[0])
        added[key] = f"bench-added-{number}"
        body.append(added)
    with open(target, "w", newline="", encoding="utf-8") as file:
        csv.writer(file).writerows([header] + body)
    return len(body), changed[CHANGED // 2][key], changed[CHANGED // 2][text]


def multipart(fields, files):
    """`files`: a dict of field name to (filename, bytes), or a list of such pairs, for a
    field sent more than once."""
    boundary = uuid.uuid4().hex
    parts = []
    for name, value in fields.items():
        parts.append(f'--{boundary}\r\nContent-Disposition: form-data; name="{name}"\r\n\r\n{value}\r\n'.encode())
    for name, (filename, data) in (files.items() if isinstance(files, dict) else files):
        parts.append(f'--{boundary}\r\nContent-Disposition: form-data; name="{name}"; filename="{filename}"\r\n'
                     f"Content-Type: text/csv\r\n\r\n".encode() + data + b"\r\n")
    parts.append(f"--{boundary}--\r\n".encode())
    return b"".join(parts), f"multipart/form-data; boundary={boundary}"


def import_runs(binary, scratch, count=None):
    """Both sendings, each in a studio of its own (a studio's peak is its whole life's)."""
    return {"alone": import_run(binary, scratch, count), "with_exposition": import_run(binary, scratch, count, with_exposition=True)}


def import_run(binary, scratch, count=None, with_exposition=False):
    """`count`: the first so many records (the quick bench's 10,000); all of them by default."""
    source = REAL_COLLECTION
    if not (source / "items.json").exists():
        print(f"  skipped: {source} is not beside the project", flush=True)
        return None
    name = "tate-import-both" if with_exposition else "tate-import"
    folder = scratch / name
    if count is None:
        shutil.copytree(source, folder)
    else:
        real_catalog(folder, count)
    what = f"a spreadsheet import of {count or 'all'} real records"
    sheets = scratch / f"{name}-sheets"
    convert(binary, folder, sheets, 600, what)
    rows, exhibit, text = edited_sheet(sheets / "items.csv", scratch / f"{name}.csv")
    data = (scratch / f"{name}.csv").read_bytes()
    sent = {"items.csv": data}
    if with_exposition:
        exposition = (sheets / "exposition.csv").read_text(encoding="utf-8-sig").splitlines()
        title = next(index for index, line in enumerate(exposition) if line.startswith("title,"))
        exposition[title] = exposition[title].rstrip() + " (sent again)"
        sent["exposition.csv"] = ("\n".join(exposition) + "\n").encode()
    with Studio(binary, folder, scratch / f"{name}-state") as studio:
        # In English, whose counts line this reads.
        english = {"Accept-Language": "en"}
        status, page = studio.request("GET", "/studio/import", None, english)
        if status != 200:
            raise BenchBroken(f"{what}: the import page answered {status}")
        started_mib = peak_mib(studio.process.pid)
        body, kind = multipart({"form_token": studio.token(page)}, [("files", (file, bytes_)) for file, bytes_ in sent.items()])
        started = time.perf_counter()
        status, page = studio.request("POST", "/studio/import", body, {"Origin": studio.url.rstrip("/"), "Content-Type": kind, **english})
        read_s = time.perf_counter() - started
        if status != 200:
            raise BenchBroken(f"{what}: sending the spreadsheet answered {status}: {page[:300]}")
        read_mib = peak_mib(studio.process.pid)
        counts = {kind: int(count) for count, kind in re.findall(r"(\d+) (added|changed|removed)", page.replace(",", ""))}
        started = time.perf_counter()
        until(lambda: text in studio.get(f"/studio/import/preview/items/{exhibit}/")[1], 120, f"{what}: the changed row in the preview")
        preview_s = time.perf_counter() - started
        peak = peak_mib(studio.process.pid)
    row = {"whole": count is None, "sheets": sorted(sent), "rows": rows, "sheet_bytes": len(data), "read_s": read_s, "preview_s": preview_s,
           "peak_before_mib": started_mib, "peak_read_mib": read_mib, "peak_mib": peak, "counts": counts}
    print(f"  {describe_run(row)}", flush=True)
    return row


def describe(runs):
    return [describe_run(row) for row in runs.values() if row]


def describe_run(row):
    counts = row["counts"]
    return (f"{' and '.join(row.get('sheets', ['items.csv']))}, {row['rows']:,} rows ({row['sheet_bytes'] / 1e6:.0f} MB), Tate's records with "
            f"{counts.get('changed', '?')} changed, {counts.get('added', '?')} added and {counts.get('removed', '?')} removed: "
            f"read and shown in {row['read_s']:.1f} s, the preview of a changed row {row['preview_s']:.1f} s after; "
            f"studio peak {row['peak_mib'] * 1.048576:.0f} MB ({row['peak_before_mib'] * 1.048576:.0f} MB before it was sent, "
            f"{row['peak_read_mib'] * 1.048576:.0f} MB once read)")


def targets(runs):
    return [target for row in (runs or {}).values() if row for target in run_targets(row)]


def run_targets(row):
    found = row["counts"]
    both = len(row.get("sheets", [])) > 1
    what = "with exposition.csv" if both else "alone"
    # The exposition's changed title is one changed row more.
    changed = CHANGED + (1 if both else 0)
    # The memory figure is the whole collection's; the quick bench's 10,000 rows check the rest.
    memory = [(row["peak_mib"] * 1.048576 <= TARGET_MB,
               f"a {row['rows']:,}-row spreadsheet import ({what}): studio peak memory <= {TARGET_MB} MB: "
               f"{row['peak_mib'] * 1.048576:.0f} MB")]
    return (memory if row["whole"] else []) + [
        (found.get("changed") == changed and found.get("added") == ADDED and found.get("removed") == REMOVED,
         f"the import ({what}) finds the rows changed, added and removed: {found.get('changed')}/{changed}, "
         f"{found.get('added')}/{ADDED}, {found.get('removed')}/{REMOVED}"),
    ]
