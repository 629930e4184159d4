"""Beyond the seed apps: search on the list screen, read aloud, previous/next, sharing.
Each on the server and on both exports; search also offline."""
import json
import urllib.parse

import pytest
from axe_playwright_python.sync_playwright import Axe

from conftest import phone_page, serving_generated
from support import CATALOG, LANGUAGES, REPO, SPEECH_STUB
from test_accessibility import RULES
from test_offline import wait_for_offline_copy

SEARCH_CASES = json.loads((REPO / "Tests" / "Shared" / "search-cases.json").read_text("utf-8"))["cases"]
UI = {
    "ko": {"no_match": "일치하는 출품작이 없습니다", "read": "소리 내어 읽기", "pause": "일시 정지", "resume": "이어서 읽기",
           "copied": "링크를 복사했습니다", "next": "다음 출품작", "previous": "이전 출품작"},
    "en": {"no_match": "No exhibits match", "read": "Read aloud", "pause": "Pause", "resume": "Resume",
           "copied": "Link copied", "next": "Next exhibit", "previous": "Previous exhibit"},
}

ONLY_ENGLISH_VOICES = "window.__voiceLanguages = ['en-GB'];"

# No Web Share (as on desktop Linux), and a clipboard that records what is written.
CLIPBOARD_STUB = """
(() => {
  delete Navigator.prototype.share;
  window.__copied = [];
  Object.defineProperty(navigator, "clipboard", { configurable: true,
    value: { writeText: text => { window.__copied.push(text); return Promise.resolve(); } } });
})();
"""

WEB_SHARE_STUB = """
(() => {
  window.__shared = [];
  Navigator.prototype.share = function (data) { window.__shared.push(data); return Promise.resolve(); };
})();
"""


def list_url(site_url, language):
    return site_url + LANGUAGES[language] + "items/"


def shown_ids(page):
    return page.eval_on_selector_all(".exhibit-list > li", "rows => rows.map(row => row.dataset.id)")


def open_search(page, url):
    page.goto(url)
    page.locator(".search-field").wait_for(state="visible")


def search(page, query):
    """Types the query and waits until the rows answer it."""
    page.fill(".search-field", query)
    page.wait_for_function("q => document.querySelector('form.search').dataset.shown === q", arg=query)


@pytest.mark.parametrize("language", ["ko", "en"])
def test_search_filters_the_rows_as_the_table_says(phone, site_url, language):
    open_search(phone, list_url(site_url, language))
    failures = []
    for case in [case for case in SEARCH_CASES if case["language"] == language]:
        search(phone, case["query"])
        if shown_ids(phone) != case["ids"]:
            failures.append(f"{case['query']!r}: shows {shown_ids(phone)}, expected {case['ids']}")
    search(phone, "")
    assert shown_ids(phone) == [item["image_name"] for item in CATALOG[language][1]], "clearing shows every row again"
    assert not failures, "\n".join(failures)


def test_typing_initial_consonants_one_key_at_a_time(phone, site_url):
    open_search(phone, list_url(site_url, "ko"))
    phone.locator(".search-field").press_sequentially("ㄱㅇㄱ", delay=50)
    phone.wait_for_function("() => document.querySelectorAll('.exhibit-list > li').length === 1")
    assert shown_ids(phone) == ["gayageum"]
    phone.locator(".exhibit-list a.row").click()
    phone.wait_for_url("**/items/gayageum/")
    phone.go_back()
    phone.wait_for_url("**/items/?q=*")
    assert urllib.parse.unquote(phone.url.split("q=")[1]) == "ㄱㅇㄱ", "the back button returns to the search"
    phone.locator(".search-field").wait_for(state="visible")
    phone.wait_for_function("() => document.querySelectorAll('.exhibit-list > li').length === 1")
    assert phone.locator(".search-field").input_value() == "ㄱㅇㄱ"
    assert shown_ids(phone) == ["gayageum"]


def test_a_shared_search_address_restores_the_search(phone, site_url):
    phone.goto(list_url(site_url, "ko") + "?q=" + urllib.parse.quote("ㅈㅈ"))
    phone.locator(".search-field").wait_for(state="visible")
    phone.wait_for_function("() => document.querySelectorAll('.exhibit-list > li').length === 1")
    assert phone.locator(".search-field").input_value() == "ㅈㅈ"
    assert shown_ids(phone) == ["jikji"]


@pytest.mark.parametrize("language", ["ko", "en"])
def test_no_match_is_shown_and_announced(phone, base_url, language):
    open_search(phone, list_url(base_url, language))
    status = phone.locator(".search-status")
    assert status.get_attribute("role") == "status" and status.get_attribute("aria-live") == "polite"
    search(phone, "qqqqq")
    phone.wait_for_function("t => document.querySelector('.search-status').textContent === t", arg=UI[language]["no_match"])
    assert phone.locator(".search-empty").inner_text() == UI[language]["no_match"]
    assert shown_ids(phone) == []
    search(phone, "g" if language == "en" else "가")
    phone.wait_for_function("() => /\\d/.test(document.querySelector('.search-status').textContent)")
    count = len(shown_ids(phone))
    assert str(count) in status.text_content(), "the live region says how many match"
    assert phone.locator(".search-empty").is_hidden()


def test_without_javascript_the_server_answers_the_form(browser, base_url):
    context = browser.new_context(java_script_enabled=False, viewport={"width": 375, "height": 667})
    page = context.new_page()
    try:
        page.goto(base_url + "/items/")
        field = page.locator(".search-field")
        assert field.is_visible(), "the server answers the form, so it is shown"
        field.fill("현악기")
        field.press("Enter")
        page.wait_for_url("**/items/?q=*")
        assert shown_ids(page) == ["haegeum", "gayageum", "geomungo"]
        assert field.input_value() == "현악기"
        assert "3" in page.locator(".search-found").inner_text()
        page.goto(base_url + "/en/items/?q=" + urllib.parse.quote("없는"))
        assert shown_ids(page) == []
        assert page.locator(".search-empty").inner_text() == UI["en"]["no_match"]
    finally:
        context.close()


def test_without_javascript_an_export_says_search_needs_it(browser, nginx):
    context = browser.new_context(java_script_enabled=False, viewport={"width": 375, "height": 667})
    page = context.new_page()
    try:
        page.goto(nginx["root"] + "/items/?q=" + urllib.parse.quote("가야"))
        assert page.locator(".search-field").is_hidden()
        assert "자바스크립트" in page.locator("noscript").first.inner_text() or "자바스크립트" in page.content()
        assert len(shown_ids(page)) == len(CATALOG["ko"][1]), "a static host shows the whole list"
    finally:
        context.close()


def test_search_finds_exhibits_on_other_pages_of_a_long_list(browser, tmp_path):
    with serving_generated(tmp_path / "long", 150) as url, phone_page(browser) as page:
        open_search(page, url + "/items/")
        assert len(shown_ids(page)) == 100
        search(page, "출품작 142")
        assert shown_ids(page) == ["item-142"], "a row from page 2 appears on page 1"
        assert page.locator(".pagination").is_hidden(), "page links make no sense while searching"
        assert page.locator(".search-more").is_hidden()
        search(page, "출품작")
        assert len(shown_ids(page)) == 12, "a couple of screenfuls of rows at once"
        assert "150" in page.locator(".search-more").inner_text() and page.locator(".search-more").is_visible()
        page.locator(".search-show-more").click()
        page.wait_for_function("() => document.querySelectorAll('.exhibit-list > li').length === 24")
        assert page.evaluate("document.activeElement.closest('li').dataset.id") == shown_ids(page)[12], \
            "focus goes to the first row added"
        search(page, "출품작 142")
        page.locator(".exhibit-list a.row").click()
        page.wait_for_url(url + "/items/item-142/")


def test_search_works_offline(browser, site_url):
    with phone_page(browser) as page:
        page.goto(site_url + "/")
        wait_for_offline_copy(page)
        page.context.set_offline(True)
        page.goto(list_url(site_url, "ko") + "?q=" + urllib.parse.quote("현악기"))
        page.locator(".search-field").wait_for(state="visible")
        page.wait_for_function("() => document.querySelectorAll('.exhibit-list > li').length === 3")
        assert shown_ids(page) == ["haegeum", "gayageum", "geomungo"]


@pytest.mark.parametrize("language", ["ko", "en"])
@pytest.mark.parametrize("screen", ["home", "exhibit"])
def test_read_aloud_speaks_the_page_in_its_language(browser, site_url, language, screen):
    ui = UI[language]
    exposition, items = CATALOG[language]
    with phone_page(browser, SPEECH_STUB) as page:
        if screen == "home":
            page.goto(site_url + LANGUAGES[language])
            expected = [exposition["title"].replace("(", " (")] + [p for p in exposition["description"].split("\n") if p.strip()]
        else:
            page.goto(site_url + LANGUAGES[language] + "items/haegeum/")
            item = next(item for item in items if item["image_name"] == "haegeum")
            expected = [item["name"]] + [p for p in item["desc"].split("\n") if p.strip()]
        toggle = page.locator(".speech-toggle")
        toggle.wait_for(state="visible")
        assert toggle.inner_text() == ui["read"]
        assert page.locator(".speech-stop").is_hidden()
        toggle.click()
        spoken = page.evaluate("window.__speech.spoken")
        assert [part["text"] for part in spoken] == [" ".join(text.split()) for text in expected]
        assert all(part["lang"].lower().startswith(language) for part in spoken), spoken
        assert toggle.inner_text() == ui["pause"]
        assert page.locator(".speech-stop").is_visible()
        toggle.click()
        assert toggle.inner_text() == ui["resume"]
        toggle.click()
        assert toggle.inner_text() == ui["pause"]
        page.locator(".speech-stop").click()
        assert toggle.inner_text() == ui["read"]
        assert page.locator(".speech-stop").is_hidden()
        assert page.evaluate("window.__speech.calls").count("pause") == 1
        assert "resume" in page.evaluate("window.__speech.calls")


def test_read_aloud_is_not_offered_without_a_voice_for_the_language(browser, base_url):
    with phone_page(browser, ONLY_ENGLISH_VOICES, SPEECH_STUB) as page:
        page.goto(base_url + "/items/jikji/")
        page.wait_for_load_state("load")
        assert page.locator(".speech").is_hidden(), "a Korean page without a Korean voice"
        page.goto(base_url + "/en/items/jikji/")
        page.locator(".speech-toggle").wait_for(state="visible")


@pytest.mark.parametrize("language", ["ko", "en"])
def test_previous_and_next_walk_the_whole_catalog(phone, site_url, language):
    items = CATALOG[language][1]
    home = site_url + LANGUAGES[language]
    phone.goto(f"{home}items/{items[0]['image_name']}/")
    assert phone.locator("a[rel=prev]").count() == 0, "the first exhibit has no previous"
    seen = [items[0]["image_name"]]
    while phone.locator("a[rel=next]").count():
        link = phone.locator("a[rel=next]")
        name = link.locator(".pager-name").inner_text()
        assert link.locator(".pager-label").inner_text() == UI[language]["next"]
        link.click()
        phone.wait_for_function("n => document.querySelector('h1').textContent.trim() === n", arg=name)
        seen.append(phone.url.rstrip("/").split("/")[-1])
    assert seen == [item["image_name"] for item in items]
    back = []
    while phone.locator("a[rel=prev]").count():
        assert phone.locator("a[rel=prev] .pager-label").inner_text() == UI[language]["previous"]
        phone.locator("a[rel=prev]").click()
        phone.wait_for_load_state("load")
        back.append(phone.url.rstrip("/").split("/")[-1])
    assert back == [item["image_name"] for item in items][-2::-1]


def test_share_copies_the_link_where_there_is_no_web_share(browser, site_url):
    with phone_page(browser, CLIPBOARD_STUB) as page:
        page.goto(site_url + "/items/jikji/?lang=ko")
        page.locator(".share-button").click()
        page.wait_for_function("() => document.querySelector('.share-status').textContent.length > 0")
        assert page.locator(".share-status").inner_text() == UI["ko"]["copied"]
        assert page.evaluate("window.__copied") == [page.url.split("?")[0]], "the page's address, without its query"


def test_share_uses_the_system_sheet_where_there_is_one(browser, base_url):
    with phone_page(browser, WEB_SHARE_STUB) as page:
        page.goto(base_url + "/en/items/gayageum/")
        page.locator(".share-button").click()
        shared = page.evaluate("window.__shared")
        item = next(item for item in CATALOG["en"][1] if item["image_name"] == "gayageum")
        assert shared == [{"title": item["name"], "text": item["short_desc"], "url": base_url + "/en/items/gayageum/"}]
        assert page.locator(".share-status").inner_text() == ""


def test_axe_finds_no_violations_with_the_new_controls_showing(browser, base_url):
    axe = Axe()
    failures = []
    with phone_page(browser, SPEECH_STUB, CLIPBOARD_STUB) as page:
        for path, action in [("/items/", "search"), ("/en/items/", "search"), ("/", "speak"), ("/items/jikji/", "speak and share"),
                             ("/en/items/jikji/", "speak and share")]:
            page.goto(base_url + path)
            if action == "search":
                page.locator(".search-field").wait_for(state="visible")
                search(page, "qqqq")
                page.wait_for_function("() => document.querySelector('.search-status').textContent.length > 0")
            else:
                page.locator(".speech-toggle").click()
                if "share" in action:
                    page.locator(".share-button").click()
                    page.wait_for_function("() => document.querySelector('.share-status').textContent.length > 0")
            for violation in axe.run(page, options=RULES).response["violations"]:
                targets = ", ".join(str(node["target"]) for node in violation["nodes"][:3])
                failures.append(f"{path} ({action}): {violation['id']}: {violation['help']} at {targets}")
    assert not failures, "\n".join(failures)
