"""Search on a phone (iPhone SE, CPU slowed 4x): the bytes a first query and a further one
transfer, and the time from each keystroke to the next frame, on the default catalog and
on generated catalogs of 10,000 and 100,000 exhibits."""
import gzip
import pathlib
import statistics
import subprocess
import urllib.parse

from playwright.sync_api import sync_playwright

from browser_metrics import OBSERVE_KEYSTROKES, phone_context
from running import read_line
from support import CHROMIUM, generate_catalog

SEARCH_SCRIPT = pathlib.Path(__file__).resolve().parent.parent / "Sources" / "ExpoSite" / "Resources" / "Assets" / "search.js"
FIRST_LIMIT = 300 * 1024
FURTHER_LIMIT = 100 * 1024
FRAME_MEDIAN_LIMIT = 50
FRAME_MAX_LIMIT = 100


def is_search_file(url):
    """A file of the search index: its manifest (`search.json`) or a file in its folder (`search/`)."""
    return "/search" in urllib.parse.urlsplit(url).path


def library_bytes():
    """search.js is part of app.js, which every page loads: its share, compressed alone."""
    return len(gzip.compress(SEARCH_SCRIPT.read_bytes(), 9))


def measure(list_url, first, further):
    """Types `first`, then clears the field and types `further`, one key every 150 ms. Service
    workers are blocked so that every byte of the index shows as the page's own request."""
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM)
        context = phone_context(browser, service_workers="block")
        context.add_init_script(OBSERVE_KEYSTROKES)
        page = context.new_page()
        page.goto(list_url, wait_until="load")
        page.locator(".search-field").wait_for(state="visible")
        cdp = context.new_cdp_session(page)
        cdp.send("Network.enable")
        urls, sizes = {}, {}
        cdp.on("Network.requestWillBeSent", lambda event: urls.__setitem__(event["requestId"], event["request"]["url"]))
        cdp.on("Network.loadingFinished", lambda event: sizes.__setitem__(event["requestId"], event["encodedDataLength"]))
        cdp.send("Emulation.setCPUThrottlingRate", {"rate": 4})

        def typed(query):
            before = set(sizes)
            page.locator(".search-field").press_sequentially(query, delay=150)
            page.wait_for_function("q => document.querySelector('form.search').dataset.shown === q", arg=query, timeout=120_000)
            page.wait_for_timeout(300)
            new = [key for key in sizes if key not in before and is_search_file(urls.get(key, ""))]
            return sum(sizes[key] for key in new), len(new)

        first_bytes, first_files = typed(first)
        page.fill(".search-field", "")
        page.wait_for_function("() => document.querySelector('form.search').dataset.shown === ''")
        further_bytes, further_files = typed(further)
        frames = page.evaluate("window.__keystrokes")
        found = page.eval_on_selector_all(".exhibit-list > li", "rows => rows.length")
        browser.close()
    library = library_bytes()
    return {"first_query": first, "further_query": further, "library_bytes": library,
            "first_bytes": first_bytes + library, "first_files": first_files,
            "further_bytes": further_bytes, "further_files": further_files, "rows_found_last": found,
            "to_next_frame_ms_median": statistics.median(frames), "to_next_frame_ms_max": max(frames), "keystrokes": len(frames),
            "to_next_frame_ms": [round(frame) for frame in frames]}


def serving(binary, folder=None):
    command = [binary, "serve", "--port", "0"] + (["--catalog", str(folder)] if folder else [])
    server = subprocess.Popen(command, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL)
    url = read_line(server, r"Expo1900 is serving (http://\S+)", 600, "search bench server").group(1)
    return server, url


def search_runs(binary, scratch, counts):
    """One row for the default catalog and one per generated catalog of `counts` exhibits
    (made in `scratch` unless the scale rows made it already)."""
    rows = []
    catalogs = [(13, None, "ㄱㅇㄱ", "현악기")]
    for count in counts:
        folder = scratch / f"generated-{count}"
        if not (folder / "items.json").exists():
            generate_catalog(folder, count)
        catalogs.append((count, folder, f"출품작 {count - 1}", f"대한제국관 {count // 2}"))
    for count, folder, first, further in catalogs:
        server, url = serving(binary, folder)
        try:
            row = measure(url + "/items/", first, further)
        finally:
            server.terminate()
            server.wait(timeout=30)
        row["exhibits"] = count
        rows.append(row)
        print(f"  {describe(row)}", flush=True)
    return rows


def describe(row):
    return (f"{row['exhibits']:>7,} exhibits: first query {row['first_query']!r} {row['first_bytes'] / 1024:.1f} KB "
            f"({row['first_files']} files + library {row['library_bytes'] / 1024:.1f} KB), further {row['further_query']!r} "
            f"{row['further_bytes'] / 1024:.1f} KB ({row['further_files']} files); keystroke to next frame "
            f"{row['to_next_frame_ms_median']:.0f} ms median, {row['to_next_frame_ms_max']:.0f} ms max")


def targets(rows):
    lines = []
    for row in rows:
        label = f"search at {row['exhibits']:,} exhibits"
        lines.append((row["first_bytes"] <= FIRST_LIMIT, f"{label}: first query <= 300 KB with the library: {row['first_bytes'] / 1024:.1f} KB"))
        lines.append((row["further_bytes"] <= FURTHER_LIMIT, f"{label}: a further query <= 100 KB: {row['further_bytes'] / 1024:.1f} KB"))
        lines.append((row["to_next_frame_ms_median"] <= FRAME_MEDIAN_LIMIT and row["to_next_frame_ms_max"] <= FRAME_MAX_LIMIT,
                      f"{label}: keystroke to next frame <= 50 ms median, <= 100 ms worst: "
                      f"{row['to_next_frame_ms_median']:.0f} / {row['to_next_frame_ms_max']:.0f} ms"))
    return lines
