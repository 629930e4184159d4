"""Measurements in Chromium: bytes a fresh visit transfers, and LCP/CLS on a throttled phone."""
import statistics

from playwright.sync_api import sync_playwright

from support import CHROMIUM, IPHONE_UA

TRANSFERRED = """
() => performance.getEntriesByType('navigation').concat(performance.getEntriesByType('resource'))
  .map(entry => ({name: entry.name, type: entry.initiatorType, bytes: entry.transferSize}))
"""

# Installed before any page script: collects LCP and CLS as the page reports them.
OBSERVE_PAINT = """
window.__lcp = 0; window.__cls = 0;
new PerformanceObserver(list => { for (const e of list.getEntries()) window.__lcp = e.startTime; })
  .observe({type: 'largest-contentful-paint', buffered: true});
new PerformanceObserver(list => { for (const e of list.getEntries()) if (!e.hadRecentInput) window.__cls += e.value; })
  .observe({type: 'layout-shift', buffered: true});
"""

# Lighthouse's mobile "slow 4G": 150 ms round trip, 1.6 Mbps down, 750 Kbps up.
SLOW_4G = {"offline": False, "latency": 150, "downloadThroughput": 1_600_000 / 8, "uploadThroughput": 750_000 / 8}


def phone_context(browser, service_workers="allow"):
    return browser.new_context(viewport={"width": 375, "height": 667}, device_scale_factor=2, is_mobile=True,
                               has_touch=True, user_agent=IPHONE_UA, locale="ko-KR", service_workers=service_workers)


def page_weights(base, screens):
    """Every byte a first visit to each screen transfers, by kind (the service worker's
    background caching is not part of the visit and is reported apart)."""
    rows = []
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM)
        for path in screens:
            context = phone_context(browser)
            page = context.new_page()
            page.goto(base + path, wait_until="networkidle")
            entries = page.evaluate(TRANSFERRED)
            by_type = {}
            for entry in entries:
                by_type[entry["type"]] = by_type.get(entry["type"], 0) + entry["bytes"]
            rows.append({"page": path, "bytes": sum(entry["bytes"] for entry in entries), "by_type": by_type,
                         "files": [entry["name"].replace(base, "") for entry in entries]})
            context.close()
        browser.close()
    return rows


def throttled_paint(browser, url, service_workers="allow"):
    """LCP (ms) and CLS of one fresh visit on the throttled phone."""
    context = phone_context(browser, service_workers)
    context.add_init_script(OBSERVE_PAINT)
    page = context.new_page()
    cdp = context.new_cdp_session(page)
    cdp.send("Network.enable")
    cdp.send("Network.emulateNetworkConditions", SLOW_4G)
    cdp.send("Emulation.setCPUThrottlingRate", {"rate": 4})
    page.goto(url, wait_until="load")
    page.wait_for_timeout(1500)
    result = page.evaluate("window.__lcp"), page.evaluate("window.__cls")
    context.close()
    return result


def paint_metrics(base, screens, runs=5):
    rows = []
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM)
        for path in screens:
            lcps, clss = zip(*(throttled_paint(browser, base + path) for _ in range(runs)))
            rows.append({"page": path, "lcp_ms": statistics.median(lcps), "cls": statistics.median(clss),
                         "lcp_runs_ms": [round(value) for value in lcps], "cls_runs": list(clss)})
        browser.close()
    return rows


# Installed before any page script: for each keystroke in the search field, the time from
# the input event to the frame after it (the filtering and the new rows drawn).
OBSERVE_KEYSTROKES = """
window.__keystrokes = [];
document.addEventListener('input', () => {
  const started = performance.now();
  requestAnimationFrame(() => setTimeout(() => window.__keystrokes.push(performance.now() - started), 0));
}, true);
"""
