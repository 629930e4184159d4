"""WebKit, Safari's engine, on the shipped guide: the walk through the three screens, the
list screen's search (the shipped search.js, on the whole table of cases), the language
switch, the layout at every size at 100 % and 200 % text, and the offline walk."""
import time
import urllib.parse

import pytest

from selenium.common.exceptions import ElementNotInteractableException
from selenium.webdriver.common.action_chains import ActionChains
from selenium.webdriver.support.ui import WebDriverWait

from support import CATALOG, DEFAULT_CATALOG, LANGUAGES, LOAD_ALL_IMAGES, free_port, page_paths, profiles
from test_features import SEARCH_CASES
from test_layout import LAYOUT_PROBLEMS
from test_offline import MISSING_CONTENT, serve_on, stop

# Sets the search field as typing would and waits for the rows and the address to answer.
SEARCH = """
const [query, done] = [arguments[0], arguments[arguments.length - 1]];
const field = document.querySelector('.search-field');
field.value = query;
field.dispatchEvent(new Event('input', {bubbles: true}));
const settled = () => document.querySelector('form.search').dataset.shown === query;
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


@pytest.mark.parametrize("index", ["whole", "sharded"])
def test_search_answers_the_whole_table_in_webkit(webkit, request, index):
    base_url = request.getfixturevalue("base_url" if index == "whole" else "sharded_url")
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


def test_the_language_switch_in_webkit(webkit, base_url):
    webkit.get(base_url + "/items/jikji/")
    assert webkit.execute_script("return document.documentElement.lang") == "ko"
    tap(webkit, webkit.find_element("css selector", ".language-switch a[hreflang='en']"))
    WebDriverWait(webkit, 10).until(lambda d: urllib.parse.urlparse(d.current_url).path == "/en/items/jikji/")
    assert webkit.execute_script("return document.documentElement.lang") == "en"
    assert webkit.find_element("css selector", "h1").text == CATALOG["en"][1][0]["name"]
    # The choice is remembered: the root now leads to the English guide.
    webkit.get(base_url + "/")
    assert urllib.parse.urlparse(webkit.current_url).path == "/en/"


# WebKitGTK's window is at least 447 CSS pixels wide, narrower than the phones. Each page is
# laid out in a frame of the phone's size instead, on a page of the export served by
# nginx (the guide's own server forbids framing, as it should).
HARNESS = "<!doctype html><title>WebKit layout</title><iframe title=page></iframe>\n"

SHOW_IN_FRAME = """
const [src, width, height, done] = arguments;
const frame = document.querySelector('iframe');
frame.width = width; frame.height = height;
frame.addEventListener('load', () => done(true), {once: true});
frame.src = src;
"""

def after_images():
    """A script that scrolls through the page so lazy images load, and returns once all have."""
    return "const done = arguments[0]; (" + LOAD_ALL_IMAGES.strip() + ")().then(() => done(true))"


# Runs LAYOUT_PROBLEMS in the frame, after raising the text size there if asked.
FRAME_PROBLEMS = """
const [percent, done] = [arguments[0], arguments[arguments.length - 1]];
if (percent !== 100) document.documentElement.style.fontSize = percent + '%';
(PROBLEMS)().then(done, error => done(['script error: ' + error]));
"""


@pytest.mark.parametrize("text_size", [100, 200], ids=lambda size: f"text {size}%")
def test_every_screen_lays_out_cleanly_in_webkit(webkit, nginx, exports, text_size):
    (exports / "root" / "webkit-harness.html").write_text(HARNESS)
    paths = ["/", "/items/", "/items/jikji/", "/en/", "/en/items/", "/en/items/najeon/", "/no-such-page/"]
    sizes = [(name, width, height) for name, width, height, _ in profiles()]
    failures = []
    for name, width, height in sizes:
        for path in paths:
            webkit.switch_to.default_content()
            webkit.get(nginx["root"] + "/webkit-harness.html")
            webkit.execute_async_script(SHOW_IN_FRAME, nginx["root"] + path, width, height)
            webkit.switch_to.frame(webkit.find_element("css selector", "iframe"))
            webkit.execute_async_script(after_images())
            for problem in webkit.execute_async_script(FRAME_PROBLEMS.replace("PROBLEMS", LAYOUT_PROBLEMS.strip()), text_size):
                failures.append(f"{path} [{name} {width}×{height}, text {text_size}%]: {problem}")
    webkit.switch_to.default_content()
    assert not failures, "\n".join(failures)


def test_every_screen_shows_offline_in_webkit(webkit, tmp_path):
    """After one visit, with the server gone (WebKit's driver cannot cut the network), every
    screen in both languages comes from the service worker's copy, whole."""
    port = free_port()
    url = f"http://127.0.0.1:{port}"
    server = serve_on(port, DEFAULT_CATALOG)
    try:
        webkit.get(url + "/")
        WebDriverWait(webkit, 20).until(lambda d: d.execute_async_script(
            "const done = arguments[0]; navigator.serviceWorker.ready.then(() => done(true), () => done(false))"))
        webkit.get(url + "/")
        assert webkit.execute_script("return !!navigator.serviceWorker.controller"), "the service worker controls the page"
    finally:
        stop(server)
    failures = []
    for path in page_paths():
        webkit.get(url + path)
        webkit.execute_async_script(after_images())
        missing = webkit.execute_async_script("const done = arguments[0]; (" + MISSING_CONTENT.strip() + ")().then(done)")
        # The browser still thinks it is online (the server is gone, not the network).
        failures += [f"{path} offline in WebKit: {what}" for what in missing if what != "no offline notice"]
    assert not failures, "\n".join(failures)


def test_screens_change_whether_or_not_webkit_has_view_transitions(webkit, base_url):
    """The slide between screens is a cross-document view transition, which some WebKit
    versions lack: a link must then simply go to the next screen, whole and working."""
    webkit.get(base_url + "/")
    supported = webkit.execute_script("return CSS.supports('view-transition-name', 'x') && 'onpagereveal' in window")
    print(f"WebKit {'has' if supported else 'lacks'} cross-document view transitions")
    tap(webkit, webkit.find_element("css selector", ".call-to-action .button"))
    WebDriverWait(webkit, 10).until(lambda d: urllib.parse.urlparse(d.current_url).path == "/items/")
    # The new screen is whole and its script ran: the search field, which only the script
    # shows, is there, and every row is on screen's layout.
    visible_search_field(webkit)
    assert len(webkit.find_elements("css selector", ".exhibit-list a.row")) == len(CATALOG["ko"][1])
    assert webkit.find_element("css selector", ".navigation-title").is_displayed()


PLAY_AND_SEEK = """
const done = arguments[arguments.length - 1];
const audio = document.querySelector('section.audio-guide audio');
const started = Date.now();
const fail = what => done({failed: what, time: audio.currentTime, error: audio.error && audio.error.code});
audio.muted = true;
audio.play().catch(error => fail('play: ' + error));
(function playing() {
  if (audio.currentTime > 0.5) {
    audio.addEventListener('seeked', function landed() {
      const at = audio.currentTime;
      // Counted from the seek, not from the start: on a loaded machine the start alone
      // took most of a budget shared by both, and a recording that went on was called stuck.
      const seeked = Date.now();
      (function onwards() {
        if (audio.currentTime > 20.3) done({landed: at, error: audio.error && audio.error.code});
        else if (Date.now() - seeked > 20000) fail('stuck after seeking');
        else setTimeout(onwards, 100);
      })();
    }, {once: true});
    audio.currentTime = 20;
  } else if (Date.now() - started > 20000) fail('did not start');
  else setTimeout(playing, 100);
})();
"""


@pytest.mark.parametrize("path", ["/items/jikji/", "/en/items/haegeum/"])
def test_a_recording_plays_and_seeks_in_webkit(webkit, base_url, path):
    """Safari's engine plays the m4a the pipeline made and seeks in it, which it does only
    from a server that answers ranges; the page's own player and the transcript are there."""
    webkit.get(base_url + path)
    assert webkit.execute_script("return !document.querySelector('.player').hidden"), "the page's player is hidden"
    assert webkit.execute_script("return document.querySelectorAll('.transcript p[data-start]').length") >= 4
    webkit.set_script_timeout(60)
    result = webkit.execute_async_script(PLAY_AND_SEEK)
    assert "failed" not in result, result
    assert 20 <= result["landed"] < 21.5 and result["error"] is None, result
