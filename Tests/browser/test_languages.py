"""A catalog in more languages than the default two: the default catalog plus Japanese and
Arabic files made by the test. Every screen speaks the page's language, Arabic lays out
right to left, the switch names every language in itself, and search crosses languages."""
import json
import urllib.parse
import urllib.request

import pytest
from axe_playwright_python.sync_playwright import Axe

from conftest import _serve, new_phone, set_text_size
from support import CATALOG, LOAD_ALL_IMAGES, REPO, multilingual_catalog
from test_accessibility import RULES
from test_layout import LAYOUT_PROBLEMS

INTERFACE = REPO / "Sources" / "ExpoCatalog" / "Resources" / "Interface"
LANGUAGE_NAMES = {"ko": "한국어", "ar": "العربية", "en": "English", "ja": "日本語"}
IDS = [item["image_name"] for item in CATALOG["ko"][1]]

# Everything a visitor or a screen reader meets: text, and the attributes read aloud or shown.
VISIBLE_WORDS = """
() => {
  const words = [document.title, document.body.innerText];
  for (const el of document.querySelectorAll('[aria-label], [alt], [placeholder], [title]')) {
    for (const name of ['aria-label', 'alt', 'placeholder', 'title']) {
      if (el.hasAttribute(name)) words.push(el.getAttribute(name));
    }
  }
  // Texts the scripts show later (search counts, viewer buttons, read-aloud states).
  for (const el of document.querySelectorAll('*')) {
    for (const [key, value] of Object.entries(el.dataset)) if (!/index|id|src|href/i.test(key)) words.push(value);
  }
  return words.join('\\n');
}
"""


@pytest.fixture(scope="module")
def multilingual_url(tmp_path_factory):
    folder = multilingual_catalog(tmp_path_factory.mktemp("multilingual") / "catalog")
    server = _serve("--catalog", str(folder))
    yield next(server)
    server.close()


def screens(home):
    return [home, home + "items/", home + "items/jikji/", home + f"items/{IDS[-1]}/", home + "no-such-page/"]


def english_only_texts(language):
    """English interface texts the language has its own words for (names of languages and
    the site's name are the same everywhere)."""
    english = json.loads((INTERFACE / "en.json").read_text("utf-8"))
    own = json.loads((INTERFACE / f"{language}.json").read_text("utf-8"))
    skip = {"language_name", "site_name", "open_graph_locale", "thousands_separator", "date_format", "date_range"}
    return {key: value for key, value in english.items()
            if isinstance(value, str) and key not in skip and own[key] != value and len(value) > 2}


@pytest.mark.parametrize("language", ["ja", "ar"])
def test_every_screen_speaks_the_pages_language(browser, multilingual_url, language):
    english = english_only_texts(language)
    assert len(english) > 50, "the check must cover the interface, not a handful of words"
    context = new_phone(browser)
    page = context.new_page()
    failures = []
    try:
        for url in screens(f"{multilingual_url}/{language}/"):
            page.goto(url)
            assert page.evaluate("document.documentElement.lang") == language
            words = page.evaluate(VISIBLE_WORDS)
            for key, text in english.items():
                # Placeholder-bearing texts are compared by their fixed part.
                fixed = max(text.replace("{", "}").split("}")[::2], key=len).strip()
                if len(fixed) > 2 and fixed in words:
                    failures.append(f"{url}: English {key} {fixed!r} on the page")
    finally:
        context.close()
    assert not failures, "\n".join(failures)


@pytest.mark.parametrize("text_size", [100, 200], ids=lambda size: f"text {size}%")
def test_arabic_lays_out_right_to_left_without_overflow_or_axe_violations(browser, multilingual_url, text_size):
    context = new_phone(browser, 320, 568, 2)
    page = context.new_page()
    set_text_size(context, page, text_size)
    axe = Axe()
    failures = []
    try:
        for url in screens(f"{multilingual_url}/ar/"):
            page.goto(url)
            if page.locator("form.search").count():
                page.locator("form.search").wait_for(state="visible")
            assert page.evaluate("document.documentElement.dir") == "rtl", url
            page.evaluate(LOAD_ALL_IMAGES)
            for problem in page.evaluate(LAYOUT_PROBLEMS):
                failures.append(f"{url} [text {text_size}%]: {problem}")
            if text_size == 100:
                for violation in axe.run(page, options=RULES).response["violations"]:
                    failures.append(f"{url}: axe {violation['id']}: {violation['help']}")
            if "/items/" in url and "no-such-page" not in url:
                # Mirrored: the back link sits at the right, its chevron pointing right.
                back = page.locator(".back").bounding_box()
                assert back["x"] + back["width"] > 320 - 40, f"{url}: the back link is not at the right: {back}"
                # rotate(45deg) draws "<"; mirrored, it turns past 90° and its matrix's first term is negative.
                chevron = page.locator(".back-chevron").evaluate("el => getComputedStyle(el).transform")
                assert float(chevron.split("(")[1].split(",")[0]) < 0, f"{url}: the back chevron still points left ({chevron})"
        # List rows: the thumbnail at the start (right), the chevron at the end (left).
        page.goto(f"{multilingual_url}/ar/items/")
        row = page.locator(".row").first
        thumbnail, chevron = row.locator(".thumbnail").bounding_box(), row.locator(".chevron").bounding_box()
        assert thumbnail["x"] > chevron["x"], "list rows are not mirrored"
    finally:
        context.close()
    assert not failures, "\n".join(failures)


def test_untranslated_text_is_marked_with_the_main_language(phone, multilingual_url):
    phone.goto(f"{multilingual_url}/ar/items/{IDS[-1]}/")
    title = phone.locator(".navigation-title")
    assert title.get_attribute("lang") == "ko" and title.inner_text() == CATALOG["ko"][1][-1]["name"]
    assert phone.locator(".exhibit .prose").get_attribute("lang") == "ko"
    phone.goto(f"{multilingual_url}/ar/items/jikji/")
    assert phone.locator(".navigation-title").get_attribute("lang") is None
    # The Arabic file gives Jikji no image texts: the Korean alt and captions are marked Korean.
    assert phone.locator("img.exhibit-image").get_attribute("lang") == "ko"
    assert phone.locator(".exhibit figcaption").first.get_attribute("lang") == "ko"
    phone.goto(f"{multilingual_url}/en/items/jikji/")
    assert phone.locator("img.exhibit-image").get_attribute("lang") is None


def test_the_switch_lists_every_language_by_its_own_name(browser, multilingual_url):
    context = new_phone(browser)
    page = context.new_page()
    try:
        for code, home in [("ko", "/"), ("ar", "/ar/"), ("en", "/en/"), ("ja", "/ja/")]:
            page.goto(multilingual_url + home + "items/")
            menu = page.locator(".language-menu")
            assert page.locator(".language-menu ul").is_hidden()
            # By keyboard: Tab reaches the menu's button, Enter opens it, Esc closes it.
            page.locator(".language-menu summary").focus()
            page.keyboard.press("Enter")
            links = menu.locator("a")
            assert links.all_inner_texts() == [LANGUAGE_NAMES[c] for c in ["ko", "ar", "en", "ja"]]
            assert [links.nth(i).get_attribute("lang") for i in range(4)] == ["ko", "ar", "en", "ja"]
            current = menu.locator("a[aria-current=true]")
            assert current.count() == 1 and current.get_attribute("lang") == code
            assert page.locator("nav.language-switch").get_attribute("aria-label")
            page.keyboard.press("Escape")
            assert page.locator(".language-menu ul").is_hidden()
            assert page.evaluate("document.activeElement.tagName") == "SUMMARY"
        page.locator(".language-menu summary").click()
        page.locator(".language-menu a[lang=ja]").click()
        page.wait_for_url("**/ja/items/**")
        assert page.evaluate("document.documentElement.lang") == "ja"
    finally:
        context.close()


@pytest.mark.parametrize("header,expected", [("ja-JP,ja;q=0.9,en;q=0.5", "/ja/"), ("ar-EG", "/ar/"),
                                             ("fr-FR,en;q=0.8", "/en/"), ("de-DE", "/")])
def test_accept_language_picks_the_first_visits_language(multilingual_url, header, expected):
    request = urllib.request.Request(multilingual_url + "/", headers={"Accept-Language": header})
    with urllib.request.urlopen(request) as response:
        assert urllib.parse.urlparse(response.url).path == expected


def test_metadata_and_manifest_follow_the_language(phone, multilingual_url):
    phone.goto(f"{multilingual_url}/ar/items/jikji/")
    assert phone.locator("meta[property='og:locale']").get_attribute("content") == "ar_AR"
    alternates = sorted(el.get_attribute("content") for el in phone.locator("meta[property='og:locale:alternate']").all())
    assert alternates == ["en_US", "ja_JP", "ko_KR"]
    hreflangs = sorted(el.get_attribute("hreflang") for el in phone.locator("link[rel=alternate][hreflang]").all())
    assert hreflangs == ["ar", "en", "ja", "ko"]
    manifest = json.loads(urllib.request.urlopen(phone.locator("link[rel=manifest]").evaluate("el => el.href")).read())
    assert (manifest["lang"], manifest["dir"]) == ("ar", "rtl")


@pytest.mark.parametrize("home,query", [("/en/", "직지"), ("/", "Jikji"), ("/ja/", "Jikji"), ("/ar/", "직지심체요절")])
def test_search_finds_an_exhibit_by_its_name_in_another_language(phone, multilingual_url, home, query):
    phone.goto(multilingual_url + home + "items/")
    phone.locator("form.search").wait_for(state="visible")
    phone.locator(".search-field").fill(query)
    # A function, not an expression: the answer now comes after fetching a shard, so the
    # wait polls, and polling an expression needs eval, which the pages' policy forbids.
    phone.wait_for_function("q => document.querySelector('form.search').dataset.shown === q", arg=query)
    assert [row.get_attribute("data-id") for row in phone.locator(".exhibit-list li").all()] == ["jikji"]
