"""Hostile catalogs that once cost the guide far more than their size (issue 39): the default
catalog with one exhibit named by 5,000 Korean syllables, and with a short text of 1,000,000,
each exported and compared with the default catalog's own export; and a WAV whose header
declares ten hours in 288 KB, validated. Every step has a time limit that fails loudly."""
import json
import pathlib
import random
import shutil
import struct
import subprocess
import tempfile
import time

from running import BenchBroken

DEFAULT = pathlib.Path(__file__).resolve().parent.parent / "Sources" / "ExpoCatalog" / "Resources" / "DefaultCatalog"
SIZE_RATIO = 1.2
LONG_TEXT_SECONDS = 60
LYING_WAV_SECONDS = 10


def syllables(count, seed=None):
    """`count` Korean syllables, one word: a seeded draw from all 11,172 of them, or without
    a seed the same one again and again (가가가…), the worst case for the index, whose inner
    starts all share their letters."""
    if seed is None:
        return "가" * count
    draw = random.Random(seed)
    return "".join(chr(0xAC00 + draw.randrange(11_172)) for _ in range(count))


def catalog(folder, edit=None):
    shutil.copytree(DEFAULT, folder)
    if edit:
        items = folder / "items.json"
        entries = json.loads(items.read_text("utf-8"))
        edit(entries[0], folder)
        items.write_text(json.dumps(entries, ensure_ascii=False), "utf-8")
    return folder


def folder_bytes(folder):
    return sum(path.stat().st_size for path in folder.rglob("*") if path.is_file())


def export(binary, folder, site, cache, timeout, what):
    started = time.perf_counter()
    try:
        finished = subprocess.run([binary, "export", str(site), "--catalog", str(folder), "--image-cache", str(cache)],
                                  capture_output=True, timeout=timeout)
    except subprocess.TimeoutExpired:
        return {"error": f"did not finish within {timeout} s"}
    if finished.returncode != 0:
        # A crash here is what the row measures (the index once overflowed the stack), not a broken bench.
        return {"error": f"export failed with status {finished.returncode}"}
    seconds = time.perf_counter() - started
    search = site / "assets" / "search"
    return {"seconds": seconds, "bytes": folder_bytes(site), "search_bytes": folder_bytes(search),
            "search_files": sum(1 for path in search.rglob("*") if path.is_file())}


def lying_wav(path):
    samples = 288_000
    header = (b"RIFF" + struct.pack("<I", 36 + samples) + b"WAVEfmt " + struct.pack("<IHHIIHH", 16, 1, 1, 8, 8, 1, 8)
              + b"data" + struct.pack("<I", samples))
    path.write_bytes(header + bytes((i * 7) % 256 for i in range(samples)))


def hostile_runs(binary):
    with tempfile.TemporaryDirectory(prefix="expo1900-hostile-") as scratch:
        scratch = pathlib.Path(scratch)
        cache = scratch / "image-cache"
        rows = {}
        base = export(binary, catalog(scratch / "base"), scratch / "base-site", cache, 300, "default catalog")
        if "error" in base:
            raise BenchBroken(f"default catalog: {base['error']}")
        rows["default"] = base

        def long_name(entry, _):
            entry["name"] = syllables(5_000)
        rows["long_name"] = export(binary, catalog(scratch / "long-name", long_name), scratch / "long-name-site", cache, 600,
                                   "5,000-syllable name")

        def long_text(entry, _):
            entry["short_desc"] = syllables(1_000_000, 1900)
        rows["long_text"] = export(binary, catalog(scratch / "long-text", long_text), scratch / "long-text-site", cache,
                                   LONG_TEXT_SECONDS * 5, "1,000,000-syllable short text")

        def lying(entry, folder):
            lying_wav(folder / "lying.wav")
            entry["audio"] = "lying.wav"
        folder = catalog(scratch / "lying", lying)
        started = time.perf_counter()
        try:
            subprocess.run([binary, "validate", str(folder), "--image-cache", str(cache)], capture_output=True, timeout=300)
            rows["lying_wav_s"] = time.perf_counter() - started
        except subprocess.TimeoutExpired:
            rows["lying_wav_s"] = None
        return rows


def describe(rows):
    base, name, text = rows["default"], rows["long_name"], rows["long_text"]
    name = None if "error" in name else name
    text = None if "error" in text else text
    lines = [f"default catalog export: {base['bytes'] / 1e6:.2f} MB, search {base['search_bytes'] / 1e6:.2f} MB "
             f"in {base['search_files']:,} files, {base['seconds']:.1f} s"]
    if name:
        lines.append(f"with a 5,000-syllable name: {name['bytes'] / 1e6:.2f} MB ({name['bytes'] / base['bytes']:.2f}x), "
                     f"search {name['search_bytes'] / 1e6:.2f} MB in {name['search_files']:,} files")
    else:
        lines.append(f"with a 5,000-syllable name: {rows['long_name']['error']}")
    lines.append(f"with a 1,000,000-syllable short text: {text['seconds']:.1f} s, {text['bytes'] / 1e6:.2f} MB" if text
                 else f"with a 1,000,000-syllable short text: {rows['long_text']['error']}")
    wav = rows["lying_wav_s"]
    lines.append(f"validate with a 288 KB WAV declaring 10 hours: {wav:.1f} s" if wav is not None
                 else "validate with a 288 KB WAV declaring 10 hours: did not finish within 300 s")
    return lines


def targets(rows):
    base, name, text, wav = rows["default"], rows["long_name"], rows["long_text"], rows["lying_wav_s"]
    name = None if "error" in name else name
    text = None if "error" in text else text
    ratio = name["bytes"] / base["bytes"] if name else float("inf")
    return [
        (ratio <= SIZE_RATIO, f"export with a 5,000-syllable name <= {SIZE_RATIO} x the default catalog's: {ratio:.2f} x"),
        (text is not None and text["seconds"] < LONG_TEXT_SECONDS,
         f"export with a 1,000,000-syllable short text < {LONG_TEXT_SECONDS} s: "
         + (f"{text['seconds']:.1f} s" if text else rows["long_text"]["error"])),
        (wav is not None and wav < LYING_WAV_SECONDS,
         f"validate with a WAV declaring 10 hours in 288 KB < {LYING_WAV_SECONDS} s: " + (f"{wav:.1f} s" if wav is not None else "did not finish")),
    ]
