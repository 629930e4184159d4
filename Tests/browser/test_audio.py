"""Recorded narration on the served default catalog: an exhibit's <audio> plays in
Chromium (its m4a made by ffmpeg from the catalog's Ogg/Opus original), seeks (which needs
the server's Range answers), and has its captions and transcript."""
import pytest
from playwright.sync_api import sync_playwright

from support import CHROMIUM


@pytest.fixture(scope="module")
def autoplay_browser():
    # Headless Chromium lets a page start playing without a tap only with this policy.
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=["--autoplay-policy=no-user-gesture-required"])
        yield browser
        browser.close()


@pytest.mark.parametrize("path,language", [("/items/jikji/", "ko"), ("/en/items/haegeum/", "en")])
def test_an_exhibits_recording_plays_and_seeks(autoplay_browser, base_url, path, language):
    context = autoplay_browser.new_context(viewport={"width": 375, "height": 667})
    try:
        page = context.new_page()
        page.goto(base_url + path)
        audio = page.locator("section.audio-guide audio")
        assert audio.count() == 1
        assert audio.get_attribute("preload") == "metadata"
        assert audio.get_attribute("src").endswith(".m4a")
        assert page.locator(f"section.audio-guide track[kind=captions][srclang={language}]").count() == 1
        assert page.locator("details.audio-transcript p[data-start]").count() >= 4

        page.evaluate("() => { const a = document.querySelector('section.audio-guide audio'); a.muted = true; return a.play(); }")
        page.wait_for_function("() => document.querySelector('section.audio-guide audio').currentTime > 0.5", timeout=15000)
        duration = page.evaluate("() => document.querySelector('section.audio-guide audio').duration")
        declared = float(audio.get_attribute("data-duration"))
        assert abs(duration - declared) < 0.5, (duration, declared)

        for target in (5, 30):
            landed = page.evaluate("""target => new Promise(resolve => {
                const a = document.querySelector('section.audio-guide audio');
                a.addEventListener('seeked', () => resolve(a.currentTime), { once: true });
                a.currentTime = target;
            })""", target)
            assert target <= landed < target + 1.5, (target, landed)
            page.wait_for_function(f"() => document.querySelector('section.audio-guide audio').currentTime > {target + 0.3}",
                                   timeout=15000)
        assert page.evaluate("() => document.querySelector('section.audio-guide audio').error") is None
    finally:
        context.close()


def test_an_exhibit_without_a_recording_keeps_read_aloud_only(autoplay_browser, base_url):
    context = autoplay_browser.new_context()
    try:
        page = context.new_page()
        page.goto(base_url + "/items/palman/")
        assert page.locator("audio").count() == 0
        assert page.locator("section.audio-guide").count() == 0
    finally:
        context.close()
