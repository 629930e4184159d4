"""The reference catalog of photos (the seed app's Assets.xcassets in ../shared): how long
its images take to process the first time and on a warm start, and what each screen
transfers and paints on a throttled phone with the service worker off.

Run on its own with the release binary's path: `python bench/photos.py BINARY`.
"""
import json
import pathlib
import statistics
import subprocess
import sys
import tempfile

HERE = pathlib.Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent / "Tests" / "browser"))
sys.path.insert(0, str(HERE))

from playwright.sync_api import sync_playwright  # noqa: E402

from browser_metrics import TRANSFERRED, phone_context, throttled_paint  # noqa: E402
from running import ExpoServer  # noqa: E402
from support import CHROMIUM  # noqa: E402

REFERENCE = HERE.parent.parent / "shared" / "reference-catalogs" / "seed-app-2023" / "Assets.xcassets"
LIST_BUDGET = 200 * 1024
EXHIBIT_BUDGET = 250 * 1024
LCP_BUDGET_MS = 2500
WARM_START_BUDGET_S = 3.0


def takes_image_cache(binary):
    """Whether this build has the image pipeline (older builds serve the originals)."""
    help_text = subprocess.run([binary, "serve", "--help"], capture_output=True, text=True).stdout
    return "--image-cache" in help_text


def exhibit_ids():
    items = REFERENCE / "expo_assets" / "items.dataset" / "items.json"
    return [item["image_name"] for item in json.loads(items.read_text("utf-8"))]


def measure_screen(browser, url, runs):
    """Bytes a fresh visit transfers (unthrottled, until the network is idle), and LCP and
    CLS on the throttled phone (median of `runs`)."""
    context = phone_context(browser, service_workers="block")
    page = context.new_page()
    page.goto(url, wait_until="networkidle")
    entries = page.evaluate(TRANSFERRED)
    context.close()
    images = [entry for entry in entries if "/images/" in entry["name"]]
    lcps, clss = zip(*(throttled_paint(browser, url, service_workers="block") for _ in range(runs)))
    return {"bytes": sum(entry["bytes"] for entry in entries),
            "image_files": [entry["name"].rsplit("/", 1)[-1] for entry in images],
            "lcp_ms": statistics.median(lcps), "lcp_runs_ms": [round(value) for value in lcps],
            "cls": max(clss)}


def photo_runs(binary, runs=3):
    if not REFERENCE.is_dir():
        return {"skipped": f"the reference catalog is not at {REFERENCE}"}
    pipeline = takes_image_cache(binary)
    with tempfile.TemporaryDirectory(prefix="expo1900-image-cache-") as cache:
        # A build from before the image work serves the originals and has no cache option.
        arguments = ["--catalog", str(REFERENCE)] + (["--image-cache", cache] if pipeline else [])
        with ExpoServer(binary, *arguments) as cold:
            cold_seconds = cold.seconds
        with ExpoServer(binary, *arguments) as server:
            screens = [("/", "/"), ("/items/", "/items/")] + [(f"/items/{id}/", f"/items/{id}/") for id in exhibit_ids()]
            rows = []
            with sync_playwright() as playwright:
                browser = playwright.chromium.launch(executable_path=CHROMIUM)
                for label, path in screens:
                    rows.append({"page": label, **measure_screen(browser, server.url + path, runs)})
                browser.close()
        return {"pipeline": pipeline, "cold_start_s": cold_seconds, "warm_start_s": server.seconds, "screens": rows}


def report(results):
    """Prints the section and returns its targets as (met, line)."""
    print("\nReference catalog of photos (seed app, 15 images): iPhone SE 2x, slow 4G, 4x CPU, service worker off")
    if "skipped" in results:
        print(f"  skipped: {results['skipped']}")
        return []
    print(f"  first start (every image processed): {results['cold_start_s']:.2f} s; warm start: {results['warm_start_s']:.2f} s")
    for row in results["screens"]:
        print(f"  {row['page']:<22}{row['bytes']:>11,} bytes   LCP {row['lcp_ms']:>6.0f} ms   CLS {row['cls']:.4f}")
    screens = results["screens"]
    listing = next(row for row in screens if row["page"] == "/items/")
    exhibits = [row for row in screens if row["page"].startswith("/items/") and row["page"] != "/items/"]
    heaviest = max(exhibits, key=lambda row: row["bytes"])
    slowest = max(screens, key=lambda row: row["lcp_ms"])
    shifting = max(screens, key=lambda row: row["cls"])
    return [
        (listing["bytes"] <= LIST_BUDGET, f"photos: list <= 200 KB transferred: {listing['bytes'] / 1024:.1f} KB"),
        (heaviest["bytes"] <= EXHIBIT_BUDGET,
         f"photos: every exhibit <= 250 KB: heaviest {heaviest['bytes'] / 1024:.1f} KB ({heaviest['page']})"),
        (slowest["lcp_ms"] <= LCP_BUDGET_MS,
         f"photos: LCP <= 2.5 s on every screen: slowest {slowest['lcp_ms'] / 1000:.2f} s ({slowest['page']})"),
        (shifting["cls"] == 0, f"photos: CLS = 0 on every screen: highest {shifting['cls']:.4f} ({shifting['page']})"),
        (results["warm_start_s"] <= WARM_START_BUDGET_S,
         f"photos: warm second start <= 3 s: {results['warm_start_s']:.2f} s"),
    ]


if __name__ == "__main__":
    outcome = photo_runs(sys.argv[1])
    for met, line in report(outcome):
        print(f"  [{'met' if met else 'NOT MET'}] {line}")
    print(json.dumps(outcome, indent=2))
