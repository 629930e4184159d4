"""serve --watch as a curator uses it: an edit saved on disk shows on the open page within
two seconds; a broken edit shows a banner while the guide from before keeps serving; the
fix takes the banner away. Pages of a plain `serve` have none of it."""
import json
import time
import subprocess
import urllib.error
import urllib.request

import pytest

from conftest import _binary, _serve, new_phone

PAGE = "/items/postcard/"


@pytest.fixture
def watched(tmp_path):
    """A new JSON catalog served with --watch; yields (url, folder, terminal output file)."""
    folder = tmp_path / "catalog"
    subprocess.run([_binary(), "new", str(folder), "--format", "json"], check=True, capture_output=True)
    log = open(tmp_path / "stderr.txt", "w+")
    server = _serve("--catalog", str(folder), "--watch", stderr=log)
    yield next(server), folder, tmp_path / "stderr.txt"
    server.close()
    log.close()


def edit_name(folder, old, new):
    path = folder / "items.json"
    items = json.loads(path.read_text())
    assert items[0]["name"] == old
    items[0]["name"] = new
    path.write_text(json.dumps(items, ensure_ascii=False, indent=2))


def open_page(browser, url):
    context = new_phone(browser, locale="en-US")
    page = context.new_page()
    violations = []
    page.on("console", lambda message: violations.append(message.text) if "Content Security Policy" in message.text else None)
    page.goto(url + PAGE)
    # The page is listening once the server has counted its connection.
    page.wait_for_function("() => performance.getEntriesByType('resource').some(e => e.name.includes('/_expo1900/events'))"
                           " || document.readyState === 'complete'")
    page.wait_for_timeout(300)
    return context, page, violations


def test_an_edit_on_disk_shows_on_the_open_page_within_two_seconds(browser, watched):
    url, folder, _ = watched
    context, page, violations = open_page(browser, url)
    try:
        assert page.locator("h1").inner_text() == "Postcard of Main Street"
        edit_name(folder, "Postcard of Main Street", "Postcard of the Market Square")
        page.wait_for_function("() => document.querySelector('h1') && document.querySelector('h1').innerText === "
                               "'Postcard of the Market Square'", timeout=2000)
        assert violations == []
    finally:
        context.close()


def test_a_broken_edit_shows_a_banner_while_the_old_guide_serves_and_the_fix_removes_it(browser, watched):
    url, folder, stderr = watched
    context, page, violations = open_page(browser, url)
    try:
        items = folder / "items.json"
        good = items.read_text()
        items.write_text(good.replace('"name": "Postcard of Main Street",', '"name": "Postcard of Main Street"', 1))
        banner = page.locator(".preview-problem[role=alert]")
        banner.wait_for(timeout=2000)
        assert "items.json:" in banner.inner_text() and "malformed JSON" in banner.inner_text()
        # The page and the server still have the guide from before.
        assert page.locator("h1").inner_text() == "Postcard of Main Street"
        with urllib.request.urlopen(url + PAGE) as answer:
            assert answer.status == 200 and "Postcard of Main Street" in answer.read().decode()
        assert "still serving the guide from before: " in stderr.read_text()
        assert "items.json:" in stderr.read_text()

        items.write_text(good.replace("Postcard of Main Street", "Postcard of the Old Bridge", 1))
        page.wait_for_function("() => document.querySelector('h1').innerText === 'Postcard of the Old Bridge'", timeout=2000)
        assert banner.count() == 0
        assert violations == []
    finally:
        context.close()


def test_a_plain_serve_has_no_live_preview(base_url, phone):
    phone.goto(base_url + "/")
    assert phone.locator("script[data-events]").count() == 0
    assert phone.locator("script[data-service-worker]").count() == 1
    with pytest.raises(urllib.error.HTTPError) as refused:
        urllib.request.urlopen(base_url + "/_expo1900/events")
    assert refused.value.code == 404


def test_the_live_preview_in_webkit(webkit, watched):
    """Safari's engine hears the same events: an edit reloads the page, a broken one shows the banner."""
    from selenium.webdriver.support.ui import WebDriverWait

    url, folder, _ = watched
    webkit.get(url + PAGE)
    WebDriverWait(webkit, 10).until(lambda driver: driver.find_element("css selector", "h1").text == "Postcard of Main Street")
    time.sleep(0.5)
    edit_name(folder, "Postcard of Main Street", "Postcard of the Harbour")
    WebDriverWait(webkit, 2).until(lambda driver: driver.find_element("css selector", "h1").text == "Postcard of the Harbour")
    items = folder / "items.json"
    items.write_text(items.read_text().replace("[", "", 1))
    WebDriverWait(webkit, 2).until(lambda driver: driver.find_elements("css selector", ".preview-problem[role=alert]"))
    assert webkit.find_element("css selector", "h1").text == "Postcard of the Harbour"
