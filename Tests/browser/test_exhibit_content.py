"""An exhibit with several images, facts and descriptions: the gallery, the full-screen
viewer by touch (CDP touch events), keyboard and without JavaScript, and the IIIF
manifests checked with the iiif-prezi3 package."""
import json
import subprocess
import urllib.request

import pytest
from axe_playwright_python.sync_playwright import Axe
from iiif_prezi3 import Collection, Manifest

from conftest import IMAGE_CACHE, _binary, new_phone
from support import free_port, start_nginx

JIKJI = "/en/items/jikji/"


def open_jikji(browser, base_url, **options):
    context = new_phone(browser, **options)
    page = context.new_page()
    page.goto(base_url + JIKJI)
    return context, page


def scale(page):
    return float(page.get_attribute("dialog.viewer", "data-scale"))


def counter(page):
    return page.text_content(".viewer-counter")


def test_the_gallery_shows_every_further_image_with_caption_credit_and_description(browser, base_url):
    context, page = open_jikji(browser, base_url)
    try:
        items = page.locator(".gallery-item")
        assert items.count() == 2
        assert page.get_attribute(".gallery", "aria-label") == "More images"
        assert "The closing page" in items.nth(0).locator("figcaption").text_content()
        assert "Drawing: Expo1900" in items.nth(0).locator(".credit").text_content()
        alts = page.eval_on_selector_all(".exhibit-figure img", "images => images.map(i => i.alt)")
        assert len(alts) == 3 and all(alts) and "Jikji" not in alts, alts
        # The strip scrolls sideways and stops at each image.
        strip = page.eval_on_selector(".gallery-strip", "s => [getComputedStyle(s).scrollSnapType, getComputedStyle(s).overflowX]")
        assert strip[0].startswith("x") and strip[1] == "auto"
        # The description disclosure opens.
        summary = page.locator(".image-description summary").first
        summary.click()
        assert page.locator(".image-description").first.evaluate("d => d.open")
        assert "ink marks" in page.locator(".image-description-text").first.text_content()
        facts = dict(zip(page.locator(".object-facts dt").all_text_contents(), page.locator(".object-facts dd").all_text_contents()))
        assert facts["Date"] == "1377" and facts["Dimensions"] == "24.6 × 17.0 cm" and facts["Surviving"].startswith("The second")
    finally:
        context.close()


def test_the_viewer_works_by_keyboard_and_focus_returns(browser, base_url):
    context, page = open_jikji(browser, base_url)
    try:
        opener = page.locator("a.zoom-link").first
        opener.focus()
        page.keyboard.press("Enter")
        page.wait_for_selector("dialog.viewer[open]")
        assert counter(page) == "1 of 3"
        page.keyboard.press("+")
        assert scale(page) > 1.4
        page.keyboard.press("ArrowLeft")  # pans while zoomed: still the first image
        assert counter(page) == "1 of 3"
        page.keyboard.press("0")
        assert scale(page) == 1
        page.keyboard.press("ArrowRight")
        assert counter(page) == "2 of 3"
        assert page.get_attribute(".viewer-frame img", "alt").startswith("The worn last page")
        page.keyboard.press("-")
        assert scale(page) == 1
        page.keyboard.press("Escape")
        page.wait_for_selector("dialog.viewer:not([open])", state="attached")
        assert page.evaluate("document.activeElement === document.querySelector('a.zoom-link')")
        # The close button does the same, from the second image's link.
        second = page.locator("a.zoom-link").nth(1)
        second.focus()
        page.keyboard.press("Enter")
        assert counter(page) == "2 of 3"
        page.click(".viewer-close")
        assert page.evaluate("document.activeElement === document.querySelectorAll('a.zoom-link')[1]")
    finally:
        context.close()


def touch(cdp, kind, *points):
    cdp.send("Input.dispatchTouchEvent", {"type": kind, "touchPoints": [{"x": x, "y": y, "id": i} for i, (x, y) in enumerate(points)]})


def test_the_viewer_pinches_double_taps_and_swipes_by_touch(browser, base_url):
    context, page = open_jikji(browser, base_url)
    try:
        page.locator("a.zoom-link").first.tap()
        page.wait_for_selector("dialog.viewer[open]")
        cdp = context.new_cdp_session(page)
        # Pinch out from the middle of the screen.
        touch(cdp, "touchStart", (150, 400), (220, 400))
        for step in range(1, 11):
            touch(cdp, "touchMove", (150 - 8 * step, 400), (220 + 8 * step, 400))
        touch(cdp, "touchEnd")
        pinched = scale(page)
        assert pinched > 1.8, pinched
        # Double-tap resets the zoom, a second double-tap zooms in again.
        for _ in range(2):
            touch(cdp, "touchStart", (187, 420))
            touch(cdp, "touchEnd")
        page.wait_for_timeout(50)
        assert scale(page) == 1
        for _ in range(2):
            touch(cdp, "touchStart", (187, 420))
            touch(cdp, "touchEnd")
        assert scale(page) == 2.5
        page.keyboard.press("0")
        # A swipe to the left shows the next image.
        page.wait_for_timeout(400)
        touch(cdp, "touchStart", (300, 420))
        for x in (260, 200, 140, 80):
            touch(cdp, "touchMove", (x, 425))
        touch(cdp, "touchEnd")
        assert counter(page) == "2 of 3"
    finally:
        context.close()


def test_the_open_viewer_has_no_axe_violations(browser, base_url):
    context, page = open_jikji(browser, base_url)
    try:
        page.locator("a.zoom-link").first.click()
        page.wait_for_selector("dialog.viewer[open]")
        violations = Axe().run(page).response["violations"]
        assert violations == [], [(v["id"], [n["target"] for n in v["nodes"]]) for v in violations]
    finally:
        context.close()


def test_without_javascript_each_image_links_to_its_largest_file(browser, base_url):
    context = new_phone(browser)
    context.close()
    context = browser.new_context(java_script_enabled=False, viewport={"width": 375, "height": 667})
    page = context.new_page()
    try:
        page.goto(base_url + JIKJI)
        hrefs = page.eval_on_selector_all("a.zoom-link", "links => links.map(a => a.href)")
        assert len(hrefs) == 3
        with page.expect_navigation():
            page.locator("a.zoom-link").nth(2).click()
        assert "/images/jikji-type." in page.url
        response = page.request.get(page.url)
        assert response.status == 200 and response.headers["content-type"].startswith("image/")
    finally:
        context.close()


@pytest.fixture(scope="module")
def iiif_export(tmp_path_factory):
    """The default catalog exported for http://127.0.0.1:PORT/ and served there by nginx."""
    folder = tmp_path_factory.mktemp("iiif")
    port = free_port()
    origin = f"http://127.0.0.1:{port}"
    subprocess.run([_binary(), "export", str(folder / "site"), "--base-url", origin + "/", "--image-cache", IMAGE_CACHE], check=True, capture_output=True)
    (folder / "nginx").mkdir()
    server = start_nginx(folder / "nginx", port, folder / "site")
    try:
        yield origin, folder / "site"
    finally:
        server.terminate()
        server.wait(timeout=10)


def fetch(url):
    with urllib.request.urlopen(url) as response:
        return response.headers, json.loads(response.read())


def test_every_iiif_manifest_is_valid_presentation_3(iiif_export):
    origin, folder = iiif_export
    assert "Access-Control-Allow-Origin: *" in (folder / "_headers").read_text()
    headers, data = fetch(origin + "/iiif/collection.json")
    assert headers["Access-Control-Allow-Origin"] == "*"
    collection = Collection.model_validate(data)
    assert collection.id == origin + "/iiif/collection.json"
    assert len(data["items"]) == 13
    for item in data["items"]:
        headers, manifest = fetch(item["id"])
        assert headers["Access-Control-Allow-Origin"] == "*"
        Manifest.model_validate(manifest)
        assert manifest["@context"] == "http://iiif.io/api/presentation/3/context.json"
        assert manifest["type"] == "Manifest" and manifest["id"] == item["id"]
        assert set(manifest["label"]) == {"ko", "en"}
        assert manifest["items"], f"{item['id']} has no canvas"
        for canvas in manifest["items"]:
            annotation = canvas["items"][0]["items"][0]
            assert annotation["motivation"] == "painting" and annotation["target"] == canvas["id"]
            if "duration" in canvas:
                # A recording's canvas: as long as it plays, with the image beside it.
                assert canvas["duration"] > 1 and annotation["body"]["type"] == "Sound"
                assert canvas["accompanyingCanvas"]["width"] > 0
                with urllib.request.urlopen(annotation["body"]["id"]) as sound:
                    # nginx's own mime.types names .m4a audio/x-m4a, the server audio/mp4.
                    assert sound.status == 200 and sound.headers["Content-Type"].startswith("audio/")
                continue
            assert canvas["type"] == "Canvas" and canvas["width"] > 0 and canvas["height"] > 0
            with urllib.request.urlopen(annotation["body"]["id"]) as image:
                assert image.status == 200
                assert image.headers["Content-Type"].split(";")[0] == annotation["body"]["format"]
    _, jikji = fetch(origin + "/iiif/jikji/manifest.json")
    # Three views, and the narration and the audio description in Korean and in English.
    assert len(jikji["items"]) == 7 and sum("duration" in canvas for canvas in jikji["items"]) == 4
    assert [canvas["id"].rsplit("/", 1)[1] for canvas in jikji["items"][3:]] == ["audio-ko", "description-ko", "audio-en", "description-en"]
    assert jikji["rights"] == "https://creativecommons.org/publicdomain/mark/1.0/"
    assert jikji["requiredStatement"]["value"]["en"] == ["Bibliothèque nationale de France (second volume)"]
    labels = [entry["label"]["en"][0] for entry in jikji["metadata"]]
    assert labels[:5] == ["Date", "Maker", "Material", "Dimensions", "Place"] and "Surviving" in labels


def test_each_exhibit_page_links_its_manifest(iiif_export):
    origin, folder = iiif_export
    page = (folder / "en" / "items" / "jikji" / "index.html").read_text()
    assert '<a href="/iiif/jikji/manifest.json"' in page
    assert 'rel="alternate" type="application/ld+json;profile=' in page
    structured = json.loads(page.split('<script type="application/ld+json">')[1].split("</script>")[0])
    assert structured["@type"] == "VisualArtwork"
    assert structured["dateCreated"] == "1377" and structured["artMedium"].startswith("Paper")
    assert structured["license"] == "https://creativecommons.org/publicdomain/mark/1.0/"
    assert len(structured["image"]) == 3 and all(i["contentUrl"].endswith(".jpg") for i in structured["image"])
    assert f'<meta property="og:image" content="{origin}/images/jikji-1200.' in page
