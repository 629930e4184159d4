"""The studio's translations page in Chromium and WebKit: for each language, the count of
texts it lacks is the one `expo1900 validate --format json` gives, on the default catalog
and once texts have been taken out of the English file; each listed text links to the box
that edits it beside the Korean."""
import json
import os
import re
import subprocess

from conftest import _binary, new_phone
from test_studio_editing import editing, log_in, log_in_webkit  # noqa: F401 (a fixture, used by name)


def validate_counts(catalog):
    report = json.loads(subprocess.run([_binary(), "validate", catalog, "--format", "json"], capture_output=True, text=True).stdout)
    return {language["code"]: language["missing_texts"] for language in report["languages"] if not language["main"]}


def shown_counts(page):
    counts = {}
    for section in page.locator("main section").all():
        code = re.search(r"\((\w+)\)", section.locator("h2").inner_text()).group(1)
        counts[code] = int(re.search(r"(\d+)", section.locator("p.counts").inner_text()).group(1))
    return counts


def test_the_counts_are_validates_before_and_after_texts_are_taken_out(browser, editing):
    url, catalog, _ = editing
    context = new_phone(browser)
    page = context.new_page()
    try:
        log_in(page, url)
        page.goto(f"{url}/studio/translations")
        assert shown_counts(page) == validate_counts(catalog)
        # Take two English texts out, as a translator's slip would, and let the guide read it again.
        path = os.path.join(catalog, "items.en.json")
        items = json.load(open(path, encoding="utf-8"))
        del items[0]["desc"]
        del items[1]["short_desc"]
        json.dump(items, open(path, "w", encoding="utf-8"), ensure_ascii=False, indent=2)
        # The studio watches the catalog's files: it reads the change within a moment.
        for _ in range(50):
            page.goto(f"{url}/studio/translations")
            if shown_counts(page) == validate_counts(catalog) and shown_counts(page).get("en", 0) >= 2:
                break
            page.wait_for_timeout(200)
        assert shown_counts(page) == validate_counts(catalog)
        link = page.locator("#t-en ~ ul a, section:has(#t-en) ul a").first
        href = link.get_attribute("href")
        assert "#i-f-en-" in href, href
        link.click()
        anchor = href.split("#", 1)[1]
        assert page.locator(f"#{anchor}").count() == 1, "the link leads to the English box"
    finally:
        context.close()


def test_the_page_shows_in_webkit(webkit, editing):
    from selenium.webdriver.common.by import By

    url, catalog, _ = editing
    log_in_webkit(webkit, url)
    webkit.get(f"{url}/studio/translations")
    counts = {}
    for section in webkit.find_elements(By.CSS_SELECTOR, "main section"):
        code = re.search(r"\((\w+)\)", section.find_element(By.TAG_NAME, "h2").text).group(1)
        counts[code] = int(re.search(r"(\d+)", section.find_element(By.CSS_SELECTOR, "p.counts").text).group(1))
    assert counts == validate_counts(catalog)
