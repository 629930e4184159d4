"""Offline: after one visit the service worker has the whole guide; with the network gone,
every screen in both languages still shows all its content."""
from conftest import new_phone, phone_page, serving_generated
from support import LOAD_ALL_IMAGES, page_paths

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


def test_a_new_site_version_replaces_the_cache(browser, base_url):
    """The cache is named after the site's content; the worker deletes any other."""
    context = new_phone(browser)
    page = context.new_page()
    try:
        page.goto(base_url + "/")
        wait_for_offline_copy(page)
        page.evaluate("caches.open('expo1900-an-older-version').then(c => c.put('/old', new Response('old')))")
        names = page.evaluate("caches.keys()")
        assert "expo1900-an-older-version" in names
        # What a new deployment does: a changed worker installs and activates.
        page.evaluate("""navigator.serviceWorker.getRegistration().then(r => r.unregister())""")
        page.reload()
        wait_for_offline_copy(page)
        names = page.evaluate("caches.keys()")
        version = page.evaluate("fetch('/sw.js').then(r => r.text()).then(t => t.match(/expo1900-[0-9a-f]+/)[0])")
        assert names == [version], f"caches after activation: {names}"
    finally:
        context.close()


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
