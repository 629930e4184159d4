"""A recording's transcript edited beside it, in Chromium and WebKit: the exhibit's form
plays the recording next to its WebVTT file's box, and a button writes the player's
position into the box as a cue's start, then its end."""
import time
import urllib.request

from conftest import new_phone
from test_studio_editing import editing, log_in, log_in_webkit  # noqa: F401 (a fixture, used by name)

BOX = "#i-f-ko-transcript-text"
SEEK = """([seconds]) => new Promise(done => {
    const audio = document.querySelector('.transcript-player audio');
    const go = () => { audio.addEventListener('seeked', () => done(audio.currentTime), {once: true}); audio.currentTime = seconds; };
    if (audio.readyState >= 1) go(); else { audio.addEventListener('loadedmetadata', go, {once: true}); audio.load(); }
})"""


def wait_for_recordings(url, timeout=180):
    """The studio answers before it has made the recordings its cache lacks; they join the
    guide with a reload. The public page has its player once they have."""
    deadline = time.time() + timeout
    while time.time() < deadline:
        if b"<audio" in urllib.request.urlopen(f"{url}/items/jikji/").read():
            return
        time.sleep(0.5)
    raise AssertionError(f"the recordings were not made within {timeout} s")


def test_cue_times_come_from_the_player_in_chromium(browser, editing):
    url, _, _ = editing
    wait_for_recordings(url)
    context = new_phone(browser, width=390, height=844)
    page = context.new_page()
    try:
        log_in(page, url)
        page.goto(f"{url}/studio/exhibits/jikji")
        player = page.locator(".transcript-player[data-for='i-f-ko-transcript-text']")
        assert player.locator("audio").count() == 1, "the Korean recording plays beside its transcript"
        source = player.locator("audio").get_attribute("src")
        assert page.request.get(url + source).status == 200
        page.evaluate(f"document.querySelector('{BOX}').value += '\\n\\n'")
        page.evaluate(f"() => {{ const box = document.querySelector('{BOX}'); box.selectionStart = box.selectionEnd = box.value.length; }}")
        page.evaluate(SEEK, [2.5])
        player.locator(".cue-time").click()
        page.evaluate(SEEK, [4.25])
        player.locator(".cue-time").click()
        text = page.input_value(BOX)
        assert text.rstrip().endswith("00:00:02.500 --> 00:00:04.250"), text[-80:]
    finally:
        context.close()


def test_cue_times_come_from_the_player_in_webkit(webkit, editing):
    from selenium.webdriver.common.by import By

    url, _, _ = editing
    wait_for_recordings(url)
    log_in_webkit(webkit, url)
    webkit.get(f"{url}/studio/exhibits/jikji")
    webkit.set_script_timeout(30)
    webkit.execute_script(f"const box = document.querySelector('{BOX}'); box.value += '\\n\\n'; box.selectionStart = box.selectionEnd = box.value.length;")
    landed = webkit.execute_async_script("const done = arguments[arguments.length - 1];"
                                         "(" + SEEK + ")([1.5]).then(done);")
    assert abs(landed - 1.5) < 0.1, landed
    button = webkit.find_element(By.CSS_SELECTOR, ".transcript-player[data-for='i-f-ko-transcript-text'] .cue-time")
    webkit.execute_script("arguments[0].scrollIntoView({block: 'center'})", button)
    button.click()
    deadline = time.time() + 5
    value = ""
    while time.time() < deadline:
        value = webkit.find_element(By.CSS_SELECTOR, BOX).get_property("value")
        if value.rstrip().endswith("-->"):
            break
        time.sleep(0.05)
    assert value.rstrip().endswith("00:00:01.500 -->"), value[-60:]
