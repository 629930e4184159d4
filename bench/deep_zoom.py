"""Issue 44's rows: a 20,000 × 15,000 JPEG cut into deep-zoom tiles, and what the viewer
fetches to show it.

The original is made from the largest photo of the seed app's catalog (test data, beside
the clone) enlarged to 20,000 × 15,000 with sensor-like noise on it, so that its tiles hold
detail at every level; without that catalog, from vips's own noise. It goes through the guide
itself: `expo1900 validate` on a catalog of one exhibit, with an empty image cache, makes its
renditions and its tiles; the time and peak memory are validate's (/usr/bin/time), so they
hold the renditions as well.

Then the exhibit is served and opened on the phone profile on slow 4G: the bytes of the
viewer's first view, and of each zoom step (the + key, ×1.5) until the photo's own pixels,
with the time until every tile the step asked for has arrived.
"""
import pathlib
import re
import subprocess

from playwright.sync_api import sync_playwright

from browser_metrics import CHROMIUM, SLOW_4G, phone_context
from running import ExpoServer

WIDTH, HEIGHT = 20_000, 15_000
SEED = pathlib.Path(__file__).resolve().parents[2] / "shared" / "reference-catalogs"
EXPOSITION = ('{"title":"Deep zoom bench","visitors":1,"location":"Paris","duration":"1900",'
              '"description":"A catalog with one large photo."}')
TINY_SVG = '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10"><rect width="10" height="10"/></svg>'


def original(path, scratch):
    photos = sorted((p for p in SEED.rglob("*") if p.suffix.lower() in (".jpg", ".jpeg", ".png")), key=lambda p: p.stat().st_size)
    base = scratch / "base.v"
    if photos:
        subprocess.run(["vips", "thumbnail", str(photos[-1]), str(base), str(WIDTH), "--height", str(HEIGHT),
                        "--size", "force"], check=True)
    else:
        subprocess.run(["vips", "gaussnoise", str(base), str(WIDTH // 8), str(HEIGHT // 8), "--sigma", "60", "--mean", "128"], check=True)
        subprocess.run(["vips", "resize", str(base), str(scratch / "big.v"), "8"], check=True)
        base = scratch / "big.v"
    noise = scratch / "noise.v"
    subprocess.run(["vips", "gaussnoise", str(noise), str(WIDTH), str(HEIGHT), "--sigma", "6", "--mean", "0"], check=True)
    subprocess.run(["vips", "add", str(base), str(noise), str(scratch / "sum.v")], check=True)
    subprocess.run(["vips", "cast", str(scratch / "sum.v"), str(path) + "[Q=92]", "uchar"], check=True)
    for temporary in [base, noise, scratch / "sum.v", scratch / "big.v"]:
        temporary.unlink(missing_ok=True)


def catalog(folder, scratch):
    folder.mkdir(parents=True)
    (folder / "items.json").write_text('[{"name":"A large photo","image_name":"large","short_desc":"s","desc":"d"}]')
    (folder / "exposition_universelle_1900.json").write_text(EXPOSITION)
    for name in ["poster.svg", "flag.svg"]:
        (folder / name).write_text(TINY_SVG)
    original(folder / "large.jpg", scratch)


def tiling_run(binary, scratch):
    folder = scratch / "deep-zoom-catalog"
    catalog(folder, scratch)
    cache = scratch / "deep-zoom-cache"
    result = subprocess.run(["/usr/bin/time", "-v", str(binary), "validate", str(folder), "--image-cache", str(cache)],
                            capture_output=True, text=True)
    wall = re.search(r"Elapsed \(wall clock\) time \(h:mm:ss or m:ss\): (?:(\d+):)?(\d+):([\d.]+)", result.stderr)
    seconds = (int(wall.group(1) or 0) * 3600 + int(wall.group(2)) * 60 + float(wall.group(3))) if wall else None
    peak = re.search(r"Maximum resident set size \(kbytes\): (\d+)", result.stderr)
    tiles = list(cache.glob("*/tiles/**/default.jpg"))
    return {"folder": folder, "cache": cache, "seconds": seconds, "peak_mib": int(peak.group(1)) / 1024 if peak else None,
            "tiles": len(tiles), "tile_bytes": sum(t.stat().st_size for t in tiles),
            "original_bytes": (folder / "large.jpg").stat().st_size}


# Waits until the viewer has settled after `since` (performance.now() before the step): no
# resource asked for in the last 600 ms and every tile and picture in it loaded; then answers
# what was fetched from `since` on: bytes transferred, tiles, and when the last tile arrived.
SETTLED = """
(since) => new Promise(done => {
  const started = performance.now();
  (function check() {
    const entries = performance.getEntriesByType('resource').filter(entry => entry.startTime >= since);
    const last = Math.max(since, ...entries.map(entry => entry.responseEnd || entry.startTime));
    const images = [...document.querySelectorAll('dialog.viewer[open] .viewer-frame img')];
    const loaded = images.every(image => image.complete);
    const now = performance.now();
    if ((!loaded || now - last < 600 || now - since < 400) && now - started < 30000) return setTimeout(check, 50);
    const tiles = entries.filter(entry => entry.name.includes('/tiles/'));
    done({bytes: entries.reduce((sum, entry) => sum + entry.transferSize, 0), files: entries.length, tiles: tiles.length,
          seconds: tiles.length ? (Math.max(...tiles.map(entry => entry.responseEnd)) - since) / 1000 : 0,
          scale: Number(document.querySelector('dialog.viewer').dataset.scale || 0)});
  })();
})
"""


def viewing_run(binary, folder, cache, steps=12):
    rows = []
    with ExpoServer(binary, "--catalog", str(folder), "--image-cache", str(cache)) as server, sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM)
        context = phone_context(browser, service_workers="block")
        page = context.new_page()
        cdp = context.new_cdp_session(page)
        cdp.send("Network.enable")
        cdp.send("Network.emulateNetworkConditions", SLOW_4G)
        # The first view: the exhibit's page as a phone opens it, then the viewer on its photo.
        page.goto(server.url + "/items/large/", wait_until="networkidle")
        page.click("a.zoom-link")
        first = page.evaluate(SETTLED, 0)
        rows.append({"step": "first view", "bytes": first["bytes"], "files": first["files"]})
        for step in range(1, steps + 1):
            since = page.evaluate("performance.now()")
            page.keyboard.press("+")
            # Sharp once the last tile the step asked for has arrived (0 when none was needed).
            settled = page.evaluate(SETTLED, since)
            rows.append({"step": f"zoom {step}", "scale": settled["scale"], "bytes": settled["bytes"], "tiles": settled["tiles"],
                         "seconds": settled["seconds"]})
        context.close()
        browser.close()
    return rows


def deep_zoom_run(binary, scratch):
    scratch = pathlib.Path(scratch)
    tiled = tiling_run(binary, scratch)
    views = viewing_run(binary, tiled["folder"], tiled["cache"])
    return {key: value for key, value in tiled.items() if key not in ("folder", "cache")} | {"views": views}


def describe(result):
    lines = [f"a {WIDTH:,} × {HEIGHT:,} JPEG ({result['original_bytes'] / 1e6:.0f} MB): renditions and {result['tiles']:,} tiles "
             f"({result['tile_bytes'] / 1e6:.0f} MB) in {result['seconds']:.1f} s, peak {result['peak_mib']:.0f} MiB"]
    for row in result["views"]:
        lines.append(f"  {row['step']}: {row['bytes'] / 1000:.0f} KB" + (f" ({row['tiles']} tiles, at ×{row['scale']:.1f}, "
                                                                        f"all in {row['seconds']:.2f} s)" if "tiles" in row else ""))
    return lines


def targets(result):
    if not result:
        return []
    steps = [row for row in result["views"] if "tiles" in row]
    worst = max(steps, key=lambda row: row["bytes"]) if steps else None
    slowest = max(steps, key=lambda row: row["seconds"]) if steps else None
    if not result["tiles"]:
        return [(False, f"a {WIDTH:,} × {HEIGHT:,} JPEG tiled: no tiles were made")]
    return [
        (result["seconds"] is not None and result["seconds"] <= 30, f"a {WIDTH:,} × {HEIGHT:,} JPEG tiled <= 30 s: {result['seconds']:.1f} s"),
        (result["peak_mib"] is not None and result["peak_mib"] <= 500, f"... with <= 500 MiB peak memory: {result['peak_mib']:.0f} MiB"),
        (result["views"][0]["bytes"] <= 300_000, f"its first view in the viewer <= 300 KB: {result['views'][0]['bytes'] / 1000:.0f} KB"),
        (worst is not None and worst["bytes"] <= 200_000, f"each further zoom step <= 200 KB: worst {worst['bytes'] / 1000:.0f} KB ({worst['step']})" if worst else "no zoom step measured"),
        (slowest is not None and slowest["seconds"] <= 1.0, f"each zoom step sharp within 1 s on slow 4G: slowest {slowest['seconds']:.2f} s" if slowest else "no zoom step measured"),
    ]
