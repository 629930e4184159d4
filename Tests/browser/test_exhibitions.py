"""Several exhibitions on one server and in one export (issue 57): the museum's front page,
each exhibition whole under its own path, one that cannot be loaded, and nothing of one
leaking into another. Chromium and WebKit, on a phone; words read from the interface files."""
import json
import shutil
import subprocess
import time
import urllib.error
import urllib.request

import pytest
from axe_playwright_python.sync_playwright import Axe

from conftest import IMAGE_CACHE, _binary, _serve, new_phone
from support import DEFAULT_CATALOG, REPO, free_port, start_nginx
from test_accessibility import RULES
from test_labels import decoded_pages, print_to_pdf
from test_studio_editing import webkit_axe_violations
from test_webkit import tap

INTERFACE = REPO / "Sources" / "ExpoCatalog" / "Resources" / "Interface"
WORDS = {code: json.loads((INTERFACE / f"{code}.json").read_text(encoding="utf-8")) for code in ("ko", "en")}
STARTER = REPO / "Sources" / "ExpoCatalog" / "Resources" / "StarterCatalog"
MUSEUM = {"name": {"ko": "시험 박물관", "en": "Test Museum"}, "text": {"ko": "두 전시를 소개합니다.", "en": "Two exhibitions."}}


def build_museum(folder, broken=True):
    """The default catalog as `korea-1900`, the starter catalog as `village`, and, with
    `broken`, a third whose items file is cut short."""
    folder.mkdir(parents=True)
    shutil.copytree(DEFAULT_CATALOG, folder / "korea-1900")
    shutil.copytree(STARTER, folder / "village")
    (folder / "museum.json").write_text(json.dumps(MUSEUM, ensure_ascii=False), encoding="utf-8")
    if broken:
        (folder / "closed").mkdir()
        (folder / "closed" / "exposition_universelle_1900.json").write_text("{}")
        (folder / "closed" / "items.json").write_text("[")
    return folder


@pytest.fixture(scope="module")
def museum_url(tmp_path_factory):
    server = _serve("--catalogs", str(build_museum(tmp_path_factory.mktemp("museum") / "catalogs")))
    yield next(server)
    server.close()


@pytest.fixture(scope="module")
def exported_museum(tmp_path_factory):
    """The museum without its broken exhibition, exported and served by nginx under /museum/."""
    scratch = tmp_path_factory.mktemp("museum-export")
    catalogs = build_museum(scratch / "catalogs", broken=False)
    subprocess.run([_binary(), "export", str(scratch / "site"), "--catalogs", str(catalogs), "--base-path", "/museum/", "--image-cache", IMAGE_CACHE],
                   check=True, capture_output=True, timeout=600)
    port = free_port()
    (scratch / "nginx").mkdir()
    try:
        server = start_nginx(scratch / "nginx", port, scratch / "site", prefixed=("/museum", scratch / "site"))
    except RuntimeError as error:
        pytest.fail(str(error))
    yield f"http://127.0.0.1:{port}/museum"
    server.terminate()
    server.wait(timeout=10)


def status(url):
    try:
        with urllib.request.urlopen(url) as answer:
            return answer.status
    except urllib.error.HTTPError as error:
        return error.code


def check_front(page, base, exhibitions):
    """The front page as a visitor sees it: the museum's name and words, then the
    exhibitions by period, each with its poster drawn and its title."""
    ko = WORDS["ko"]
    page.goto(base + "/")
    assert page.locator("h1").inner_text() == MUSEUM["name"]["ko"]
    assert page.locator(".front-text").inner_text() == MUSEUM["text"]["ko"]
    headings = [text.strip() for text in page.locator(".front-heading").all_text_contents()]
    # The default catalog's 1900 and the starter's dates are both over by now.
    assert headings[0] == ko["front_past"]
    titles = page.locator(".front-section .row-title").all_inner_texts()
    assert "파리 만국박람회 1900" in titles
    assert page.locator("[data-exhibition]").evaluate_all("rows => rows.map(r => r.dataset.exhibition)") == exhibitions
    drawn = page.locator("img.thumbnail").evaluate_all("images => images.map(i => i.complete && i.naturalWidth > 0)")
    assert drawn and all(drawn), "every poster is drawn"
    assert page.evaluate("document.documentElement.scrollWidth <= window.innerWidth"), "the front page is no wider than the phone"


def test_the_front_page_leads_into_each_exhibition_and_back(browser, museum_url):
    context = new_phone(browser)
    page = context.new_page()
    try:
        check_front(page, museum_url, ["village", "korea-1900", "closed"])
        ko = WORDS["ko"]
        closed = page.locator("[data-exhibition='closed']")
        assert closed.locator(".row-subtitle").inner_text() == ko["front_unavailable_message"]
        assert page.locator("#front-unavailable").text_content() == ko["front_unavailable"]
        page.locator("[data-exhibition='korea-1900'] a").click()
        page.wait_for_url(museum_url + "/korea-1900/")
        assert page.locator("h1").inner_text().startswith("파리 만국박람회 1900")
        back = page.locator(".front-link")
        assert back.inner_text() == ko["front_back"]
        # The exhibition's own screens, all under its path.
        page.locator(".call-to-action .button").click()
        page.wait_for_url(museum_url + "/korea-1900/items/")
        assert page.locator(".exhibit-list > li").count() == 13
        page.go_back()
        page.locator(".front-link").click()
        page.wait_for_url(museum_url + "/")
        # The one that cannot be loaded says so, with its own status.
        page.goto(museum_url + "/closed/")
        assert ko["front_unavailable_message"] in page.locator("main").inner_text()
        assert status(museum_url + "/closed/items/") == 503
        # The front page in English, from the language switch.
        page.goto(museum_url + "/")
        page.locator(".language-switch a[hreflang='en']").click()
        page.wait_for_url(museum_url + "/en/?lang=en")
        assert page.locator("h1").inner_text() == MUSEUM["name"]["en"]
        assert page.locator(".front-heading").first.text_content() == WORDS["en"]["front_past"]
    finally:
        context.close()


def test_each_exhibition_keeps_its_search_stops_labels_and_service_worker(browser, museum_url):
    context = new_phone(browser)
    page = context.new_page()
    try:
        # Search in the village finds nothing of Korea's.
        page.goto(museum_url + "/village/items/")
        page.locator(".search-field").fill("직지")
        page.wait_for_function("q => document.querySelector('form.search').dataset.shown === q", arg="직지")
        assert page.locator(".exhibit-list > li:not([hidden])").count() == 0
        page.goto(museum_url + "/korea-1900/items/")
        page.locator(".search-field").fill("직지")
        page.wait_for_function("q => document.querySelector('form.search').dataset.shown === q", arg="직지")
        assert page.locator(".exhibit-list > li:not([hidden])").count() >= 1
        # A stop number leads into its own exhibition.
        page.goto(museum_url + "/korea-1900/stop/1")
        assert page.url.startswith(museum_url + "/korea-1900/items/")
        # The service worker is the exhibition's, in its own scope; the front page has none.
        page.goto(museum_url + "/korea-1900/")
        scope = page.evaluate("navigator.serviceWorker.ready.then(r => r.scope)")
        assert scope == museum_url + "/korea-1900/"
        page.goto(museum_url + "/")
        assert page.evaluate("navigator.serviceWorker.getRegistration('/').then(r => r ? r.scope : null)") != museum_url + "/"
    finally:
        context.close()


PUBLIC = "https://museum.example"


def test_printed_labels_carry_the_exhibitions_path(browser, tmp_path):
    """The wall labels' codes, printed and read back by zbarimg, lead to the exhibition's own stops."""
    server = _serve("--catalogs", str(build_museum(tmp_path / "catalogs", broken=False)), "--base-url", PUBLIC + "/")
    url = next(server)
    try:
        pdf = tmp_path / "labels.pdf"
        print_to_pdf(browser, url + "/village/labels/", pdf, "A4", "light")
        decoded = [code for page in decoded_pages(pdf, tmp_path, "page") for code in page]
        assert decoded and all(code.startswith(PUBLIC + "/village/stop/") for code in decoded), decoded
    finally:
        server.close()


@pytest.mark.parametrize("path", ["/", "/en/", "/korea-1900/", "/village/", "/closed/", "/nowhere/"])
def test_axe_finds_nothing_on_the_front_and_its_pages(browser, museum_url, path):
    context = new_phone(browser)
    page = context.new_page()
    try:
        page.goto(museum_url + path)
        violations = [f"{v['id']}: {v['help']}" for v in Axe().run(page, options=RULES).response["violations"]]
        assert not violations, violations
    finally:
        context.close()


def test_the_export_is_what_the_server_serves(browser, exported_museum):
    context = new_phone(browser)
    page = context.new_page()
    try:
        check_front(page, exported_museum, ["village", "korea-1900"])
        page.locator("[data-exhibition='village'] a").click()
        page.wait_for_load_state()
        assert page.url.startswith(exported_museum + "/village/")
        assert page.locator(".front-link").get_attribute("href") == "/museum/"
        assert status(exported_museum + "/korea-1900/items/jikji/") == 200
    finally:
        context.close()


def test_the_front_page_in_webkit(webkit, museum_url):
    ko = WORDS["ko"]
    webkit.get(museum_url + "/")
    assert webkit.find_element("css selector", "h1").text == MUSEUM["name"]["ko"]
    headings = [element.get_attribute("textContent") for element in webkit.find_elements("css selector", ".front-heading")]
    assert ko["front_past"] in headings and ko["front_unavailable"] in headings
    drawn = webkit.execute_script("return [...document.querySelectorAll('img.thumbnail')].map(i => i.complete && i.naturalWidth > 0)")
    assert drawn and all(drawn)
    assert webkit.execute_script("return document.documentElement.scrollWidth <= window.innerWidth")
    assert not webkit_axe_violations(webkit, "front")
    tap(webkit, webkit.find_element("css selector", "[data-exhibition='village'] a"))
    deadline = time.time() + 10
    while "/village/" not in webkit.current_url and time.time() < deadline:
        time.sleep(0.1)
    assert "/village/" in webkit.current_url
    tap(webkit, webkit.find_element("css selector", ".front-link"))
    deadline = time.time() + 10
    while webkit.current_url.rstrip("/") != museum_url and time.time() < deadline:
        time.sleep(0.1)
    assert webkit.find_element("css selector", "h1").text == MUSEUM["name"]["ko"]
