"""serve --watch: how long from saving a catalog file to the reload event an open page
hears, and what watching costs while nothing changes (CPU time of the server process,
which then does nothing but look at the catalog's files)."""
import http.client
import json
import os
import pathlib
import re
import shutil
import statistics
import subprocess
import threading
import time
import urllib.parse
import urllib.request

from running import BenchBroken, read_line

HERE = pathlib.Path(__file__).resolve().parent
REFERENCE = HERE.parent.parent / "shared" / "reference-catalogs" / "seed-app-2023"
DEFAULT = HERE.parent / "Sources" / "ExpoCatalog" / "Resources" / "DefaultCatalog"
EDITS = 7
IDLE_SECONDS = 10


class Events:
    """A page's connection to the preview events: records when each generation arrives."""

    def __init__(self, url):
        parts = urllib.parse.urlsplit(url)
        self.connection = http.client.HTTPConnection(parts.hostname, parts.port, timeout=30)
        self.connection.request("GET", "/_expo1900/events")
        self.response = self.connection.getresponse()
        self.generations = []
        self.condition = threading.Condition()
        threading.Thread(target=self._read, daemon=True).start()

    def _read(self):
        event = None
        for raw in self.response:
            line = raw.decode().rstrip("\n")
            if line.startswith("event: "):
                event = line[7:]
            elif line.startswith("data: ") and event == "generation":
                with self.condition:
                    self.generations.append((time.perf_counter(), int(line[6:])))
                    self.condition.notify_all()

    def wait_for_more_than(self, count, timeout=10):
        with self.condition:
            self.condition.wait_for(lambda: len(self.generations) > count, timeout)
            return self.generations[-1] if len(self.generations) > count else None

    def close(self):
        self.connection.close()


def cpu_seconds(pid):
    fields = pathlib.Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def camera_photo(scratch):
    """A 4000 x 3000 JPEG of noise, the hardest kind of photo to encode, made with vips."""
    photo = scratch / "camera.jpg"
    if not photo.exists():
        noise, grey = scratch / "noise.v", scratch / "grey.v"
        subprocess.run(["vips", "gaussnoise", str(noise), "4000", "3000"], check=True)
        subprocess.run(["vips", "cast", str(noise), str(grey), "uchar"], check=True)
        subprocess.run(["vips", "bandjoin", f"{grey} {grey} {grey}", str(photo)], check=True)
    return photo


def measure(binary, label, folder, items_file, scratch, swap=None):
    process = subprocess.Popen([binary, "serve", "--port", "0", "--watch", "--catalog", str(folder),
                                "--image-cache", str(scratch / "image-cache")],
                               stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
    try:
        url = re.match(r"Expo1900 is serving (http://\S+)", process.stdout.readline()).group(1)
        events = Events(url)
        events.wait_for_more_than(0)
        time.sleep(1)
        before, started = cpu_seconds(process.pid), time.perf_counter()
        time.sleep(IDLE_SECONDS)
        idle = (cpu_seconds(process.pid) - before) / (time.perf_counter() - started)
        delays = []
        items = json.loads(items_file.read_text())
        for edit in range(EDITS):
            items[0]["name"] = f"{items[0]['name'].split(' #')[0]} #{edit}"
            seen = len(events.generations)
            saved = time.perf_counter()
            items_file.write_text(json.dumps(items, ensure_ascii=False, indent=2))
            arrived = events.wait_for_more_than(seen)
            delays.append((arrived[0] - saved) * 1000 if arrived else float("inf"))
            time.sleep(0.4)
        photo_ms = None
        if swap:
            # A drawing replaced by a camera's photo: shown at once as a draft.
            seen = len(events.generations)
            saved = time.perf_counter()
            (folder / f"{swap}.svg").unlink()
            shutil.copy(camera_photo(scratch), folder / f"{swap}.jpg")
            # The generation that shows the photo (the removal alone may make one first).
            arrived = None
            while (arrived := events.wait_for_more_than(seen)) is not None:
                seen = len(events.generations)
                with urllib.request.urlopen(f"{url}/items/{swap}/") as page:
                    if f"/images/{swap}-" in page.read().decode():
                        break
            photo_ms = (arrived[0] - saved) * 1000 if arrived else float("inf")
        events.close()
        files = sum(1 for path in folder.rglob("*") if path.is_file() and not any(part.startswith(".") for part in path.parts))
        return {"catalog": label, "files": files, "idle_cpu_percent": idle * 100,
                "reload_ms_median": statistics.median(delays), "reload_ms_max": max(delays), "reload_ms": [round(d) for d in delays],
                "photo_swap_ms": photo_ms}
    finally:
        process.terminate()
        process.wait(timeout=30)


def measure_large(binary, folder, count):
    """An edit to one exhibit's name in a catalog of `count` exhibits, saved as editors do
    (written beside the file, then renamed over it): from the rename to the reload event.
    The last exhibit's entry, so that the edit is read on its own (the first entries tell
    the language); the file keeps its formatting, so no other entry changes."""
    process = subprocess.Popen([binary, "serve", "--port", "0", "--watch", "--catalog", str(folder)],
                               stdout=subprocess.PIPE, stderr=subprocess.DEVNULL)
    what = f"serve --watch on {count:,} exhibits"
    try:
        url = read_line(process, r"Expo1900 is serving (http://\S+)", 300, what).group(1)
        events = Events(url)
        if events.wait_for_more_than(0, timeout=60) is None:
            raise BenchBroken(f"{what}: no first generation event")
        time.sleep(1)
        before, started = cpu_seconds(process.pid), time.perf_counter()
        time.sleep(IDLE_SECONDS)
        idle = (cpu_seconds(process.pid) - before) / (time.perf_counter() - started)
        items_file = folder / "items.json"
        text = items_file.read_text("utf-8")
        old = f'"name": "출품작 {count}"'
        if old not in text:
            raise BenchBroken(f"{what}: the generated catalog has no {old}")
        delays = []
        for edit in range(EDITS):
            new = f'"name": "출품작 {count} #{edit}"'
            text = text.replace(old, new, 1)
            old = new
            seen = len(events.generations)
            saving = folder / ".items.json.saving"
            saving.write_text(text, "utf-8")
            os.replace(saving, items_file)
            saved = time.perf_counter()
            arrived = events.wait_for_more_than(seen, timeout=30)
            delays.append((arrived[0] - saved) * 1000 if arrived else float("inf"))
            time.sleep(0.4)
        events.close()
        return {"catalog": f"generated, {count:,} exhibits", "files": sum(1 for _ in folder.iterdir()),
                "idle_cpu_percent": idle * 100, "reload_ms_median": statistics.median(delays), "reload_ms_max": max(delays),
                "reload_ms": [round(d) for d in delays], "photo_swap_ms": None}
    finally:
        process.terminate()
        process.wait(timeout=30)


def watch_runs(binary, scratch, large=None):
    """`large`: a generated catalog's folder and its number of exhibits, edited in place."""
    rows = []
    default = scratch / "watch-default"
    shutil.copytree(DEFAULT, default)
    rows.append(measure(binary, "default (13 drawings)", default, default / "items.json", scratch, swap="jikji"))
    if REFERENCE.exists():
        reference = scratch / "watch-reference"
        shutil.copytree(REFERENCE, reference)
        items = next(reference.rglob("items.json"))
        rows.append(measure(binary, "reference (13 photos, app project)", reference, items, scratch))
    if large:
        rows.append(measure_large(binary, *large))
    return rows


def report(rows):
    print(f"\nserve --watch: saving items.json to the page's reload event ({EDITS} edits), and idle cost ({IDLE_SECONDS} s)")
    for row in rows:
        print(f"{row['catalog']:<36}{row['files']:>4} files   reload {row['reload_ms_median']:>5.0f} ms median, "
              f"{row['reload_ms_max']:>5.0f} ms max   idle CPU {row['idle_cpu_percent']:.2f} % of one core"
              + (f"   a drawing replaced by a 12 MP photo: {row['photo_swap_ms']:.0f} ms" if row["photo_swap_ms"] else ""))
    worst = max([row["reload_ms_max"] for row in rows] + [row["photo_swap_ms"] for row in rows if row["photo_swap_ms"]])
    return [(worst <= 1000, f"serve --watch re-renders within 1 s of a saved edit or image: slowest {worst / 1000:.2f} s")]
