"""The seed app's own Assets.xcassets, served as it is: its texts and photos on all three
screens, the flag from its PDF, and thumbnails that do not cost a phone full-size photos."""
import json

from conftest import REFERENCE_CATALOG, new_phone
from support import LOAD_ALL_IMAGES



def reference_items():
    return json.loads((REFERENCE_CATALOG / "expo_assets" / "items.dataset" / "items.json").read_text("utf-8"))


def test_all_three_screens_show_the_apps_texts_and_photos(browser, reference_url):
    items = reference_items()
    context = new_phone(browser, 375, 667, 3)
    page = context.new_page()
    try:
        page.goto(reference_url + "/")
        images = page.evaluate(LOAD_ALL_IMAGES)
        flags = [image for image in images if image["cls"] == "flag"]
        assert len(flags) == 2 and all(image["width"] > 0 for image in flags), f"the flag from its PDF: {flags}"
        assert all(".svg" in image["src"] for image in flags), "the PDF flag is served as SVG"
        assert any(image["cls"] == "poster" and image["width"] > 0 for image in images), "the poster"

        page.goto(reference_url + "/items/")
        rows = page.locator(".exhibit-list a.row")
        assert rows.count() == 13
        assert page.locator(".row-title").all_inner_texts() == [item["name"] for item in items]
        thumbnails = [image for image in page.evaluate(LOAD_ALL_IMAGES) if image["cls"] == "thumbnail"]
        assert len(thumbnails) == 13
        broken = [image["src"] for image in thumbnails if image["width"] == 0]
        assert not broken, f"thumbnails that did not load: {broken}"

        for item in items:
            page.goto(f"{reference_url}/items/{item['image_name']}/")
            assert page.locator("h1").inner_text().strip() == item["name"]
            assert page.locator(".exhibit .prose p").count() >= 1
            detail = [image for image in page.evaluate(LOAD_ALL_IMAGES) if image["cls"] == "exhibit-image"]
            assert detail and detail[0]["width"] > 0, f"{item['image_name']}: the photo did not load"
    finally:
        context.close()


CHOSEN_THUMBNAILS = """
() => [...document.querySelectorAll('img.thumbnail')].map(img => {
  // The first <source> the browser can show: AVIF in Chromium and Safari.
  const source = img.closest('picture').querySelector('source');
  const candidates = source.srcset.split(',').map(c => c.trim().split(/\\s+/))
    .map(([url, w]) => ({url: new URL(url, location.href).href, width: parseInt(w)}));
  // The slot the sizes attribute promises: 20vw below 30em (480px), else 6rem (96px).
  const slot = innerWidth < 480 ? innerWidth * 0.2 : 96;
  const needed = slot * devicePixelRatio;
  const sufficient = candidates.filter(c => c.width >= needed).sort((a, b) => a.width - b.width);
  const best = sufficient.length ? sufficient[0] : candidates.sort((a, b) => b.width - a.width)[0];
  const chosen = candidates.find(c => c.url === img.currentSrc);
  return {id: img.closest('a').getAttribute('href'), chosen: chosen ? chosen.width : img.currentSrc, best: best.width,
          candidates: candidates.map(c => c.width)};
})
"""

TRANSFERRED = """
() => performance.getEntriesByType('navigation').concat(performance.getEntriesByType('resource'))
        .reduce((sum, entry) => sum + entry.transferSize, 0)
"""


def test_list_thumbnails_use_the_smallest_sufficient_file(browser, reference_url):
    """A thumbnail is about 75 CSS px wide on a phone: the browser must take the smallest
    file at least that wide times the pixel ratio, not the one for the pixel ratio."""
    for width, height, scale in [(375, 667, 2), (430, 932, 3)]:
        context = new_phone(browser, width, height, scale)
        page = context.new_page()
        try:
            page.goto(reference_url + "/items/")
            page.evaluate(LOAD_ALL_IMAGES)
            chosen = page.evaluate(CHOSEN_THUMBNAILS)
            assert len(chosen) == 13
            wrong = [c for c in chosen if c["chosen"] != c["best"]]
            assert not wrong, f"at {width}px, {scale}x: thumbnails larger than needed: {wrong}"
            print(f"list screen at {width}px {scale}x: {page.evaluate(TRANSFERRED):,} bytes transferred")
        finally:
            context.close()
