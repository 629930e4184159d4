"""Stop numbers: the go-to-stop form with and without JavaScript, served and exported, and
`/stop/N` as an address, served (a redirect) and exported (a page per stop)."""
import urllib.request

import pytest
from axe_playwright_python.sync_playwright import Axe

from conftest import new_phone
from support import CATALOG
from test_accessibility import RULES
from test_html import check_pages

# The default catalog gives no stops: each exhibit is numbered by its place in the list.
STOPS = {index + 1: item["image_name"] for index, item in enumerate(CATALOG["ko"][1])}


def exhibit_url(site, stop, language_prefix=""):
    return f"{site}{language_prefix}/items/{STOPS[stop]}/"


def go_to_stop(page, number):
    field = page.get_by_label("번호로 찾아가기")
    field.fill(str(number))
    field.press("Enter")


def test_the_form_is_a_labelled_numeric_field_with_a_button(browser, base_url):
    context = new_phone(browser)
    page = context.new_page()
    try:
        page.goto(base_url + "/items/")
        field = page.get_by_label("번호로 찾아가기")
        assert field.is_visible() and page.locator(".stop-form-label").is_visible()
        # A phone shows its number pad for this field.
        assert field.get_attribute("inputmode") == "numeric"
        assert field.get_attribute("pattern") == "[0-9]*"
        form = page.locator("form.stop-form")
        assert form.get_attribute("method") == "get"
        assert form.locator("button[type=submit]").is_visible()
        # Only on the list's first page, which every visit starts from.
        assert page.locator("form.stop-form").count() == 1
    finally:
        context.close()


@pytest.mark.parametrize("script", [True, False], ids=["with JavaScript", "without JavaScript"])
def test_the_form_takes_a_number_to_its_exhibit(browser, site_url, script, request):
    exported = request.node.callspec.params["site_url"] != "server"
    context = new_phone(browser) if script else browser.new_context(java_script_enabled=False, viewport={"width": 375, "height": 667})
    page = context.new_page()
    try:
        page.goto(site_url + "/items/")
        go_to_stop(page, 5)
        if exported and not script:
            # A static host cannot look the number up: its stop/ page lists every stop and
            # says how to type one into the address.
            page.wait_for_url(site_url + "/stop/?n=5")
            assert "같은 주소에 번호를 넣어" in page.locator("noscript").first.inner_text() or "같은 주소에 번호를 넣어" in page.content()
            page.locator('a[data-stop="5"]').click()
        # A server redirects; an export's script sends the visitor on.
        page.wait_for_url(exhibit_url(site_url, 5))
        assert page.locator(".exhibit-stop").inner_text() == "5번"
    finally:
        context.close()


def test_a_server_answers_the_form_without_javascript(browser, base_url):
    context = browser.new_context(java_script_enabled=False, viewport={"width": 375, "height": 667})
    page = context.new_page()
    try:
        page.goto(base_url + "/en/items/")
        field = page.get_by_label("Go to stop")
        field.fill("3")
        page.get_by_role("button", name="Go", exact=True).click()
        page.wait_for_url(exhibit_url(base_url, 3, "/en"))
        page.goto(base_url + "/en/items/")
        page.get_by_label("Go to stop").fill("999")
        page.get_by_label("Go to stop").press("Enter")
        assert page.locator(".not-found").inner_text().count("No stop 999 in this guide") == 1
        page.locator(".not-found a").click()
        page.wait_for_url(base_url + "/en/items/")
    finally:
        context.close()


@pytest.mark.parametrize("script", [True, False], ids=["with JavaScript", "without JavaScript"])
def test_a_stop_address_leads_to_its_exhibit(browser, request, site_url, script):
    """Served, /stop/N is a redirect (in any language's folder); exported, a page in the main
    language's folder that refreshes to the exhibit."""
    context = new_phone(browser) if script else browser.new_context(java_script_enabled=False, viewport={"width": 375, "height": 667})
    page = context.new_page()
    served = request.node.callspec.params["site_url"] == "server"
    try:
        for stop, prefix in [(1, ""), (13, "")] + ([(7, "/en")] if served else []):
            page.goto(f"{site_url}{prefix}/stop/{stop}/")
            page.wait_for_url(exhibit_url(site_url, stop, prefix))
    finally:
        context.close()


def test_an_exported_stop_page_has_a_link_and_a_canonical_address(nginx):
    page_url = nginx["prefixed"] + "/stop/4/"
    with urllib.request.urlopen(page_url) as response:
        html = response.read().decode("utf-8")
    exhibit = f"/expo1900/items/{STOPS[4]}/"
    assert f'<meta http-equiv="refresh" content="0; url={exhibit}">' in html
    assert f'<a href="{exhibit}">' in html
    assert '<link rel="canonical"' in html


def test_an_unknown_number_in_an_export_is_said_on_the_stop_page(browser, nginx):
    context = new_phone(browser)
    page = context.new_page()
    try:
        page.goto(nginx["root"] + "/items/")
        go_to_stop(page, 999)
        message = page.locator(".stop-message")
        message.wait_for()
        assert message.inner_text() == "이 안내서에는 999번이 없습니다"
        assert message.get_attribute("role") == "alert"
        assert page.get_by_label("번호로 찾아가기").input_value() == "999", "left in the field to correct"
    finally:
        context.close()


@pytest.mark.parametrize("color_scheme", ["light", "dark"])
def test_axe_finds_no_violations_on_the_list_with_the_form_and_the_stop_pages(browser, base_url, nginx, color_scheme):
    axe = Axe()
    context = new_phone(browser, color_scheme=color_scheme)
    page = context.new_page()
    failures = []
    try:
        for url in [base_url + "/items/", base_url + "/en/items/", base_url + "/stop/", base_url + "/en/stop/999",
                    nginx["root"] + "/stop/?n=999"]:
            page.goto(url)
            for violation in axe.run(page, options=RULES).response["violations"]:
                targets = ", ".join(str(node["target"]) for node in violation["nodes"][:3])
                failures.append(f"{url} [{color_scheme}]: {violation['id']} ({violation['impact']}): {violation['help']} at {targets}")
    finally:
        context.close()
    assert not failures, "\n".join(failures)


def test_nu_checker_finds_no_errors_on_the_stop_pages(base_url, nginx, tmp_path):
    for folder in ("served", "exported"):
        (tmp_path / folder).mkdir()
    check_pages(base_url, ["/stop/", "/en/stop/", "/en/stop/999"], tmp_path / "served")
    check_pages(nginx["root"], ["/stop/3/", "/stop/12/"], tmp_path / "exported")


def test_in_a_large_export_the_form_of_another_language_stays_in_it(browser, tmp_path):
    """Past 500 stops the export's stop/ page lists none: the script reads the main
    language's page of the stop, which names the exhibit in every language."""
    import functools
    import http.server
    import subprocess
    import threading

    from conftest import IMAGE_CACHE, _binary
    from support import generate_catalog

    generate_catalog(tmp_path / "catalog", 501)
    subprocess.run([_binary(), "export", str(tmp_path / "site"), "--catalog", str(tmp_path / "catalog"),
                    "--image-cache", IMAGE_CACHE], check=True, capture_output=True)
    handler = functools.partial(http.server.SimpleHTTPRequestHandler, directory=str(tmp_path / "site"))
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    site = f"http://127.0.0.1:{server.server_address[1]}"
    context = new_phone(browser)
    page = context.new_page()
    try:
        page.goto(site + "/en/items/")
        page.get_by_label("Go to stop").fill("321")
        page.get_by_label("Go to stop").press("Enter")
        page.wait_for_url(site + "/en/items/item-321/")
        page.goto(site + "/en/items/")
        page.get_by_label("Go to stop").fill("999")
        page.get_by_label("Go to stop").press("Enter")
        message = page.locator(".stop-message")
        message.wait_for()
        assert message.inner_text() == "No stop 999 in this guide"
    finally:
        context.close()
        server.shutdown()
