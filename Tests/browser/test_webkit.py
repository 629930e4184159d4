"""WebKit, Safari's engine, on the shipped guide: the walk through the three screens and
the list screen's search (the shipped search.js, on the whole table of cases)."""
import time
import urllib.parse

from selenium.common.exceptions import ElementNotInteractableException
from selenium.webdriver.common.action_chains import ActionChains
from selenium.webdriver.support.ui import WebDriverWait

from support import CATALOG, LANGUAGES
from test_features import SEARCH_CASES

# Sets the search field as typing would and waits for the rows and the address to answer.
SEARCH = """
const [query, done] = [arguments[0], arguments[arguments.length - 1]];
const field = document.querySelector('.search-field');
field.value = query;
field.dispatchEvent(new Event('input', {bubbles: true}));
const settled = () => (new URLSearchParams(location.search).get('q') || '') === query.trim() || (!query && !location.search.includes('q='));
const started = Date.now();
(function wait() {
  if (settled() || Date.now() - started > 3000)
    done([...document.querySelectorAll('.exhibit-list > li')].filter(row => !row.hidden).map(row => row.dataset.id));
  else requestAnimationFrame(wait);
})();
"""


def tap(driver, element):
    """Clicks an element once it is scrolled to the middle of the window, clear of the
    sticky navigation bar. While the slide between two screens (a view transition) runs,
    the new page takes no clicks: it is tried again for up to two seconds."""
    driver.execute_script("arguments[0].scrollIntoView({block: 'center'})", element)
    for _ in range(20):
        try:
            element.click()
            return
        except ElementNotInteractableException:
            time.sleep(0.1)
    element.click()


def visible_search_field(driver):
    WebDriverWait(driver, 10).until(lambda d: d.execute_script(
        "const f = document.querySelector('.search-field'); return f && f.offsetParent !== null"))


def test_the_three_screens_in_webkit(webkit, base_url):
    exposition, items = CATALOG["ko"]
    webkit.get(base_url + "/")
    assert webkit.find_element("css selector", "h1").text.replace("\n", "").startswith(exposition["title"].split("(")[0].strip())
    tap(webkit, webkit.find_element("css selector", ".call-to-action .button"))
    WebDriverWait(webkit, 10).until(lambda d: urllib.parse.urlparse(d.current_url).path == "/items/")
    names = [element.text for element in webkit.find_elements("css selector", ".row-title")]
    assert names == [item["name"] for item in items]
    tap(webkit, webkit.find_elements("css selector", ".exhibit-list a.row")[4])
    WebDriverWait(webkit, 10).until(lambda d: urllib.parse.urlparse(d.current_url).path == f"/items/{items[4]['image_name']}/")
    assert webkit.find_element("css selector", "h1").text == items[4]["name"]
    tap(webkit, webkit.find_element("css selector", "a.back"))
    WebDriverWait(webkit, 10).until(lambda d: urllib.parse.urlparse(d.current_url).path == "/items/")


def test_search_answers_the_whole_table_in_webkit(webkit, base_url):
    failures = []
    for language in ["ko", "en"]:
        webkit.get(base_url + LANGUAGES[language] + "items/")
        visible_search_field(webkit)
        for case in [case for case in SEARCH_CASES if case["language"] == language]:
            shown = webkit.execute_async_script(SEARCH, case["query"])
            if shown != case["ids"]:
                failures.append(f"{language} {case['query']!r}: shows {shown}, expected {case['ids']}")
        assert webkit.execute_async_script(SEARCH, "") == [item["image_name"] for item in CATALOG[language][1]]
    assert not failures, "\n".join(failures)


def test_typing_initial_consonants_in_webkit(webkit, base_url):
    webkit.get(base_url + "/items/")
    visible_search_field(webkit)
    field = webkit.find_element("css selector", ".search-field")
    webkit.execute_script("arguments[0].scrollIntoView({block: 'center'}); arguments[0].focus()", field)
    for key in "ㄱㅇㄱ":
        ActionChains(webkit).send_keys(key).perform()
        time.sleep(0.05)
    WebDriverWait(webkit, 10).until(lambda d: len([row for row in d.find_elements("css selector", ".exhibit-list > li")
                                                   if row.is_displayed()]) == 1)
    rows = [row.get_attribute("data-id") for row in webkit.find_elements("css selector", ".exhibit-list > li") if row.is_displayed()]
    assert rows == ["gayageum"]
