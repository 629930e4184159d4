"""Offline: after one visit the service worker has the whole guide; with the network gone,
every screen in both languages still shows all its content."""
import json
import re
import shutil
import subprocess
import time
import urllib.request

from conftest import IMAGE_CACHE, _binary, make_recordings, new_phone, phone_page, serving_generated
from support import DEFAULT_CATALOG, LOAD_ALL_IMAGES, free_port, page_paths

# Runs in the page: what is missing from the screen, if anything.
MISSING_CONTENT = """
async () => {
  const missing = [];
  if (!document.querySelector('h1') || !document.querySelector('h1').textContent.trim()) missing.push('no title');
  if (!document.querySelector('main') || document.querySelector('main').textContent.trim().length < 20) missing.push('no content');
  if (!document.styleSheets.length || !getComputedStyle(document.body).getPropertyValue('container-type').includes('inline-size')) missing.push('no stylesheet');
  for (const img of document.images) if (!img.naturalWidth) missing.push('image ' + img.getAttribute('src'));
  const notice = document.querySelector('.offline-notice');
  if (!notice || notice.hidden) missing.push('no offline notice');
  return missing;
}
"""


def kept_paths(page):
    """The path of every request the page's origin keeps, in all its caches."""
    return page.evaluate("""async () => {
      const paths = [];
      for (const name of await caches.keys()) {
        for (const request of await (await caches.open(name)).keys()) paths.push(new URL(request.url).pathname);
      }
      return paths;
    }""")


def wait_for_offline_copy(page):
    """Until the service worker has installed (its install step fills the cache) and
    controls the page."""
    page.evaluate("navigator.serviceWorker.ready")
    if not page.evaluate("!!navigator.serviceWorker.controller"):
        page.reload()
    assert page.evaluate("!!navigator.serviceWorker.controller"), "the service worker does not control the page"


def test_every_screen_shows_offline_after_one_visit(browser, site_url):
    context = new_phone(browser)
    page = context.new_page()
    failures = []
    try:
        page.goto(site_url + "/")
        assert page.locator(".offline-notice").is_hidden(), "the offline notice shows while online"
        wait_for_offline_copy(page)
        context.set_offline(True)
        for path in page_paths():
            try:
                page.goto(site_url + path)
            except Exception as error:  # the browser's own offline error page
                failures.append(f"{path} offline: did not load ({str(error).splitlines()[0]})")
                continue
            page.evaluate(LOAD_ALL_IMAGES)
            missing = page.evaluate(MISSING_CONTENT)
            failures += [f"{path} offline: {what}" for what in missing]
    finally:
        context.close()
    assert not failures, "\n".join(failures)


def serve_on(port, catalog):
    """`expo1900 serve` on a given port, as a deployment on a fixed address is."""
    make_recordings(catalog)
    server = subprocess.Popen([_binary(), "serve", "--port", str(port), "--catalog", str(catalog), "--image-cache", IMAGE_CACHE],
                              stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
    line = server.stdout.readline()
    assert line.startswith("Expo1900 is serving"), f"the server did not start: {line!r}"
    return server


def stop(server):
    server.terminate()
    server.wait(timeout=10)


def cache_names(page):
    return page.evaluate("caches.keys()")


def test_a_new_deployment_replaces_the_offline_copy_whole(browser, tmp_path):
    """Version A is served and kept; the network goes; version B is deployed at the same
    address; back online, the visitor gets B's pages, and offline afterwards B's again,
    never a mix, and A's cache is gone."""
    versions = {}
    for version, name in [("a", "직지심체요절"), ("b", "직지심체요절 (새 판)")]:
        folder = tmp_path / version
        shutil.copytree(DEFAULT_CATALOG, folder)
        items = folder / "items.json"
        items.write_text(items.read_text("utf-8").replace('"직지심체요절"', json.dumps(name, ensure_ascii=False)), "utf-8")
        versions[version] = (folder, name)
    port = free_port()
    url = f"http://127.0.0.1:{port}"
    context = new_phone(browser)
    page = context.new_page()
    server = serve_on(port, versions["a"][0])
    try:
        page.goto(url + "/")
        wait_for_offline_copy(page)
        first = cache_names(page)
        assert len(first) == 1
        stop(server)
        context.set_offline(True)
        page.goto(url + "/items/jikji/")
        assert page.locator("h1").inner_text().strip() == versions["a"][1], "version A offline"

        server = serve_on(port, versions["b"][0])
        context.set_offline(False)
        page.goto(url + "/items/")
        assert page.locator(".row-title").first.inner_text().strip() == versions["b"][1], "online: B's page at once"
        # The browser finds the changed worker; it installs B's copy, then removes A's.
        with urllib.request.urlopen(url + "/sw.js") as response:
            deployed = re.search(r"expo1900-[0-9a-f]+", response.read().decode()).group(0)
        deadline = time.time() + 20
        while cache_names(page) != [deployed] and time.time() < deadline:
            page.wait_for_timeout(200)
        second = cache_names(page)
        assert second == [deployed] and second != first, f"only the new deployment's cache: {first} → {second}"
        stop(server)
        context.set_offline(True)
        for path in ["/", "/items/", "/items/jikji/", "/en/items/jikji/"]:
            page.goto(url + path)
            page.evaluate(LOAD_ALL_IMAGES)
            assert not page.evaluate(MISSING_CONTENT), f"{path} offline after the update: {page.evaluate(MISSING_CONTENT)}"
        page.goto(url + "/items/")
        assert page.locator(".row-title").first.inner_text().strip() == versions["b"][1], "offline: B's list"
        page.goto(url + "/items/jikji/")
        assert page.locator("h1").inner_text().strip() == versions["b"][1], "offline: B's exhibit"
    finally:
        context.close()
        if server.poll() is None:
            stop(server)


def test_a_large_site_keeps_the_pages_a_visitor_saw(browser, tmp_path):
    """Past the precache budget only the shell is fetched ahead; each page visited online is
    kept and shows offline, and a page never visited is not there."""
    with serving_generated(tmp_path / "large", 1500) as url, phone_page(browser) as page:
        page.goto(url + "/")
        wait_for_offline_copy(page)
        page.goto(url + "/items/item-700/")
        page.wait_for_timeout(300)  # the worker stores its copy after answering
        page.context.set_offline(True)
        page.goto(url + "/items/item-700/")
        assert page.locator("h1").inner_text().strip() == "출품작 700"
        page.goto(url + "/items/")
        assert page.locator(".exhibit-list a.row").count() == 100
        try:
            page.goto(url + "/items/item-701/")
            shown = page.locator("h1").count() and page.locator("h1").inner_text().strip() == "출품작 701"
        except Exception:
            shown = False
        assert not shown, "a page never visited showed offline: the large site was precached whole"
