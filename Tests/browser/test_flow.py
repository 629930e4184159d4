"""The walk a visitor takes: main screen → the button → the list → every exhibit and back."""
import pytest

from support import CATALOG, LANGUAGES, UI, paragraphs


def visible_text(page, selector):
    return page.locator(selector).inner_text().strip()


@pytest.mark.parametrize("language", ["ko", "en"])
def test_visitor_flow(phone, site_url, language):
    exposition, items = CATALOG[language]
    ui = UI[language]
    home = site_url + LANGUAGES[language]
    phone.goto(home)

    title_lines = [line.strip() for line in phone.locator(".exposition-title .title-line").all_inner_texts()]
    expected_title = exposition["title"].split("(", 1)
    assert title_lines == [expected_title[0].strip(), "(" + expected_title[1]], "screen 1 title lines"
    assert phone.locator(".navigation-bar").count() == 0, "screen 1 has no navigation bar"
    facts = phone.locator(".facts li").all_inner_texts()
    visitors = f"{exposition['visitors']:,}"
    assert visitors in facts[0] and exposition["location"] in facts[1] and exposition["duration"] in facts[2], facts
    assert phone.locator(".exposition .prose p, .exposition-text .prose p").all_inner_texts() == paragraphs(exposition["description"])
    assert phone.locator(".call-to-action img.flag").count() == 2, "a flag on each side of the button"

    phone.get_by_role("link", name=ui["button"]).click()
    phone.wait_for_url(home + "items/")
    assert visible_text(phone, "h1") == ui["list_title"]
    assert visible_text(phone, ".back") == ui["back_main"]
    rows = phone.locator(".exhibit-list a.row")
    assert rows.count() == len(items)
    for index, item in enumerate(items):
        row = rows.nth(index)
        assert row.locator(".row-title").inner_text().strip() == item["name"], f"row {index}"
        assert row.locator(".row-subtitle").inner_text().strip() == item["short_desc"], f"row {index}"
        row.click()
        phone.wait_for_url(f"{home}items/{item['image_name']}/")
        assert visible_text(phone, "h1") == item["name"], item["image_name"]
        assert visible_text(phone, ".back") == ui["list_title"], item["image_name"]
        assert phone.locator(".exhibit .prose p").all_inner_texts() == paragraphs(item["desc"]), item["image_name"]
        image = phone.locator(".exhibit-image")
        # The catalog's alt text for the exhibit's own image, else its name.
        own = [entry for entry in item.get("images", []) if entry["name"] == item["image_name"] and entry.get("alt")]
        assert image.get_attribute("alt") == (own[0]["alt"] if own else item["name"]), item["image_name"]
        phone.locator(".back").click()
        phone.wait_for_url(home + "items/")
    phone.locator(".back").click()
    phone.wait_for_url(home)
    assert phone.locator(".exposition-title").is_visible()


def test_language_switch_goes_to_the_same_screen_in_the_other_language(phone, base_url):
    phone.goto(base_url + "/items/jikji/")
    phone.get_by_role("link", name="English").click()
    phone.wait_for_url(base_url + "/en/items/jikji/?lang=en")
    assert visible_text(phone, "h1") == CATALOG["en"][1][0]["name"]
    assert phone.evaluate("document.documentElement.lang") == "en"
    phone.get_by_role("link", name="한국어").click()
    phone.wait_for_url(base_url + "/items/jikji/?lang=ko")
    assert phone.evaluate("document.documentElement.lang") == "ko"


def test_an_unknown_address_shows_the_404_screen_with_a_way_back(phone, site_url):
    response = phone.goto(site_url + "/items/no-such-exhibit/")
    assert response.status == 404
    phone.locator(".not-found a.button").click()
    phone.wait_for_url(site_url + "/")
    response = phone.goto(site_url + "/en/no-such-page")
    assert response.status == 404
    assert phone.evaluate("document.documentElement.lang") == "en"
