"""Recorded narration on the served default catalog: an exhibit's <audio> plays in
Chromium (its m4a made by ffmpeg from the catalog's Ogg/Opus original), seeks (which needs
the server's Range answers), and has its captions and transcript."""
import pytest
from playwright.sync_api import expect

from support import CHROMIUM, IPHONE_UA

# The narration's player: an exhibit may have a second, its audio description, below it.
NARRATION = "section.audio-guide:not(.guide-version)"


@pytest.fixture(scope="module")
def autoplay_browser(browser):
    # Headless Chromium lets a page start playing without a tap only with this policy. The
    # session's own Playwright launches it: a second one cannot run beside it.
    other = browser.browser_type.launch(executable_path=CHROMIUM, args=["--autoplay-policy=no-user-gesture-required"])
    yield other
    other.close()


@pytest.mark.parametrize("path,language", [("/items/jikji/", "ko"), ("/en/items/haegeum/", "en")])
def test_an_exhibits_recording_plays_and_seeks(autoplay_browser, site_url, path, language):
    """Served, and exported behind nginx (at the root and under a base path)."""
    context = autoplay_browser.new_context(viewport={"width": 375, "height": 667})
    try:
        page = context.new_page()
        page.goto(site_url + path)
        audio = page.locator("section.audio-guide:not(.guide-version) audio")
        assert audio.count() == 1
        assert audio.get_attribute("preload") == "metadata"
        assert audio.get_attribute("src").endswith(".m4a")
        assert page.locator(f"section.audio-guide:not(.guide-version) track[kind=captions][srclang={language}]").count() == 1
        assert page.locator("details.audio-transcript p[data-start]").count() >= 4

        page.evaluate("() => { const a = document.querySelector('section.audio-guide:not(.guide-version) audio'); a.muted = true; return a.play(); }")
        page.wait_for_function("() => document.querySelector('section.audio-guide:not(.guide-version) audio').currentTime > 0.5", timeout=15000)
        duration = page.evaluate("() => document.querySelector('section.audio-guide:not(.guide-version) audio').duration")
        declared = float(audio.get_attribute("data-duration"))
        assert abs(duration - declared) < 0.5, (duration, declared)

        for target in (5, 30):
            landed = page.evaluate("""target => new Promise(resolve => {
                const a = document.querySelector('section.audio-guide:not(.guide-version) audio');
                a.addEventListener('seeked', () => resolve(a.currentTime), { once: true });
                a.currentTime = target;
            })""", target)
            assert target <= landed < target + 1.5, (target, landed)
            page.wait_for_function(f"() => document.querySelector('section.audio-guide:not(.guide-version) audio').currentTime > {target + 0.3}",
                                   timeout=15000)
        assert page.evaluate("() => document.querySelector('section.audio-guide:not(.guide-version) audio').error") is None
        # The captions load and parse, from every host.
        assert page.evaluate("""() => new Promise(resolve => {
            const track = document.querySelector('section.audio-guide:not(.guide-version) track');
            if (track.readyState === 2) resolve(track.track.cues.length);
            track.track.mode = 'hidden';
            track.addEventListener('load', () => resolve(track.track.cues.length));
            track.addEventListener('error', () => resolve(-1));
            setTimeout(() => resolve(track.readyState === 2 ? track.track.cues.length : -2), 5000);
        })""") >= 4
    finally:
        context.close()


def test_an_exhibit_without_a_recording_keeps_read_aloud_only(autoplay_browser, base_url):
    context = autoplay_browser.new_context()
    try:
        page = context.new_page()
        page.goto(base_url + "/items/palman/")
        assert page.locator("audio").count() == 0
        assert page.locator("section.audio-guide:not(.guide-version)").count() == 0
    finally:
        context.close()


AUDIO = "document.querySelector('section.audio-guide:not(.guide-version) audio')"


def seek_with_the_bar(page, seconds):
    page.evaluate("""seconds => {
        const bar = document.querySelector('.player-seek');
        bar.value = String(seconds);
        bar.dispatchEvent(new Event('input', {bubbles: true}));
        bar.dispatchEvent(new Event('change', {bubbles: true}));
    }""", seconds)


def test_the_page_s_own_player_plays_skips_seeks_changes_speed_and_follows_the_transcript(autoplay_browser, base_url):
    context = autoplay_browser.new_context(viewport={"width": 375, "height": 667})
    try:
        page = context.new_page()
        page.goto(base_url + "/en/items/haegeum/")
        assert page.locator(NARRATION + " .player").is_visible()
        assert page.evaluate(f"() => {AUDIO}.controls") is False, "the browser's controls stay beside the page's"
        toggle = page.locator(NARRATION + " .player-toggle")
        assert toggle.get_attribute("aria-label") == "Play"
        page.evaluate(f"() => {{ {AUDIO}.muted = true; }}")
        toggle.click()
        page.wait_for_function(f"() => {AUDIO}.currentTime > 0.3", timeout=15000)
        expect(toggle).to_have_attribute("aria-label", "Pause", timeout=5000)

        before = page.evaluate(f"() => {AUDIO}.currentTime")
        page.locator(NARRATION + " .player-forward").click()
        page.wait_for_function(f"before => {AUDIO}.currentTime >= before + 14", arg=before, timeout=5000)
        page.locator(NARRATION + " .player-back").click()
        page.wait_for_function(f"before => {AUDIO}.currentTime < before + 10", arg=before, timeout=5000)

        page.locator(NARRATION + " .player-speed").select_option("1.5")
        assert page.evaluate(f"() => {AUDIO}.playbackRate") == 1.5

        # The third cue starts somewhere inside the recording: seeking there marks it.
        cues = page.locator(NARRATION + " .transcript p[data-start]")
        third = float(cues.nth(2).get_attribute("data-start"))
        seek_with_the_bar(page, int(third) + 1)
        page.wait_for_function("() => document.querySelectorAll('.transcript p[data-start]')[2].getAttribute('aria-current') === 'true'",
                               timeout=5000)
        assert page.locator(NARRATION + ' .transcript p[aria-current="true"]').count() == 1
        value_text = page.locator(NARRATION + " .player-seek").get_attribute("aria-valuetext")
        assert value_text.endswith(f"of {page.locator(NARRATION + ' .player-total').text_content()}"), value_text

        # A tap on a cue plays from it.
        page.locator(NARRATION + " .transcript summary").click()
        cues.nth(0).click()
        page.wait_for_function(f"() => {AUDIO}.currentTime < 3", timeout=5000)

        toggle.click()
        page.wait_for_function(f"() => {AUDIO}.paused", timeout=5000)
        # The button follows the element's pause event, which comes a moment after.
        expect(toggle).to_have_attribute("aria-label", "Play", timeout=5000)
        assert page.evaluate("() => navigator.mediaSession.metadata.title") == "Haegeum"
        assert page.evaluate("() => navigator.mediaSession.metadata.artwork.length") == 1
        # The default catalog's stops are its list's order: the lock screen's next and
        # previous are the pager's.
        section = page.locator("section.audio-guide:not(.guide-version)")
        assert section.get_attribute("data-next") == page.locator("a[rel=next]").get_attribute("href")
        assert section.get_attribute("data-previous") == page.locator("a[rel=prev]").get_attribute("href")
    finally:
        context.close()


KEPT_RECORDINGS = """async () => {
    const kept = [];
    for (const name of await caches.keys()) {
        for (const request of await (await caches.open(name)).keys()) {
            if (new URL(request.url).pathname.endsWith('.m4a')) kept.push(request.url);
        }
    }
    return kept;
}"""


def test_a_saved_exhibit_s_recording_plays_and_seeks_offline(autoplay_browser, base_url):
    context = autoplay_browser.new_context(viewport={"width": 375, "height": 667})
    try:
        page = context.new_page()
        page.goto(base_url + "/items/jikji/")
        page.evaluate("navigator.serviceWorker.ready")
        if not page.evaluate("!!navigator.serviceWorker.controller"):
            page.reload()
        page.evaluate(f"() => {{ {AUDIO}.muted = true; return {AUDIO}.play(); }}")
        page.wait_for_function(f"() => {AUDIO}.currentTime > 0.5", timeout=15000)
        assert page.evaluate(KEPT_RECORDINGS) == [], "a recording was kept without the visitor asking"

        save = page.locator(".offline-save button")
        assert save.is_visible()
        assert "KB)" in save.text_content(), save.text_content()
        save.click()
        saved = page.locator(".offline-save").get_attribute("data-saved")
        page.wait_for_function("text => document.querySelector('.offline-save-status').textContent === text", arg=saved,
                               timeout=30000)
        # The narration and the audio description, in the page's language.
        assert len(page.evaluate(KEPT_RECORDINGS)) == 2

        # The browser's HTTP cache may hold the file from the first play: emptied, so what
        # plays offline can only come from the service worker's saved copy.
        session = context.new_cdp_session(page)
        session.send("Network.clearBrowserCache")
        session.detach()
        context.set_offline(True)
        page.reload()
        expect(page.locator(".offline-notice")).to_be_visible(timeout=5000)
        page.wait_for_function("text => document.querySelector('.offline-save-status').textContent === text", arg=saved,
                               timeout=10000)
        assert page.locator(".offline-save button").is_hidden(), "the page offers to save what is saved"
        page.evaluate(f"() => {{ {AUDIO}.muted = true; return {AUDIO}.play(); }}")
        page.wait_for_function(f"() => {AUDIO}.currentTime > 0.5", timeout=15000)
        landed = page.evaluate("""() => new Promise(resolve => {
            const a = document.querySelector('section.audio-guide:not(.guide-version) audio');
            a.addEventListener('seeked', () => resolve(a.currentTime), { once: true });
            a.currentTime = 30;
        })""")
        assert 30 <= landed < 31.5, landed
        page.wait_for_function(f"() => {AUDIO}.currentTime > 30.3", timeout=15000)
        assert page.evaluate(f"() => {AUDIO}.error") is None
    finally:
        context.close()


def test_offline_an_unsaved_exhibit_still_shows_its_transcript_and_offers_to_save(autoplay_browser, base_url):
    """Whether an unsaved recording plays offline is up to the browser's own HTTP cache
    (a short one may be whole in it after its metadata was read); the guide's part is the
    page, kept by the service worker, with the transcript, and the offer to save."""
    context = autoplay_browser.new_context(viewport={"width": 375, "height": 667})
    try:
        page = context.new_page()
        page.goto(base_url + "/en/items/gayageum/")
        page.evaluate("navigator.serviceWorker.ready")
        if not page.evaluate("!!navigator.serviceWorker.controller"):
            page.reload()
        context.set_offline(True)
        page.reload()
        assert page.locator(".offline-notice").is_visible()
        assert page.locator(NARRATION + " .transcript p").count() >= 3
        assert page.locator(".offline-save button").is_visible()
        assert page.evaluate(KEPT_RECORDINGS) == []
    finally:
        context.close()


def test_the_first_screen_saves_every_recording_of_its_language(autoplay_browser, base_url):
    context = autoplay_browser.new_context(viewport={"width": 375, "height": 667}, user_agent=IPHONE_UA)
    try:
        page = context.new_page()
        page.goto(base_url + "/en/")
        page.evaluate("navigator.serviceWorker.ready")
        box = page.locator(".narration-save")
        expect(box).to_be_visible()
        listed = page.evaluate("() => fetch(document.querySelector('.narration-save').dataset.list).then(r => r.json())")
        # Three narrated stops, each with its narration and its audio description.
        recordings = [url for url in listed if url.endswith(".m4a")]
        assert len(recordings) == 6, listed
        assert "3 stops" in box.text_content()
        # Safari's week: said on an iPhone before saving, so the visitor can add the guide first.
        expect(box.locator(".offline-save-apple")).to_be_visible()
        assert page.evaluate(KEPT_RECORDINGS) == []
        box.locator("button").click()
        saved = box.get_attribute("data-saved")
        page.wait_for_function("text => document.querySelector('.narration-save [role=status]').textContent === text",
                               arg=saved, timeout=30000)
        kept = page.evaluate(KEPT_RECORDINGS)
        assert sorted(url.split("/audio/")[1] for url in kept) == sorted(url.split("/audio/")[1] for url in recordings)
        # Seen again, the offer says it is done rather than offering again.
        page.reload()
        page.wait_for_function("text => document.querySelector('.narration-save [role=status]').textContent === text",
                               arg=saved, timeout=10000)
        expect(box.locator("button")).to_be_hidden()
    finally:
        context.close()


@pytest.fixture(scope="module")
def originals(tmp_path_factory):
    """A catalog whose recordings come as a curator's would: WAV, FLAC and Ogg/Opus (a
    25-second tone each, made by ffmpeg), and one broken file named .wav. Served; yields
    (url, what the server printed)."""
    import json
    import os
    import subprocess

    from conftest import _serve
    from support import generate_catalog

    folder = tmp_path_factory.mktemp("originals") / "catalog"
    generate_catalog(folder, 4, languages=("ko",))
    tone = ["ffmpeg", "-nostdin", "-v", "error", "-f", "lavfi", "-i", "sine=frequency=330:duration=25"]
    for name, codec in [("tone.wav", ["-c:a", "pcm_s16le"]), ("tone.flac", ["-c:a", "flac"]), ("tone.ogg", ["-c:a", "libopus"])]:
        subprocess.run(tone + codec + [str(folder / name)], check=True)
    (folder / "broken.wav").write_bytes(os.urandom(4096))
    items = json.loads((folder / "items.json").read_text("utf-8"))
    for item, name in zip(items, ["tone.wav", "tone.flac", "tone.ogg", "broken.wav"]):
        item["audio"] = name
        item["transcript"] = f"A tone from {name}."
    (folder / "items.json").write_text(json.dumps(items, ensure_ascii=False), "utf-8")
    log = tmp_path_factory.mktemp("originals-log") / "serve.txt"
    with open(log, "w") as printed:
        server = _serve("--catalog", str(folder), stderr=printed)
        url = next(server)
        yield url, log
        server.close()


@pytest.mark.parametrize("item", [1, 2, 3], ids=["wav", "flac", "ogg"])
def test_a_wav_a_flac_and_an_ogg_original_play_and_seek_in_chromium(autoplay_browser, originals, item):
    url, _ = originals
    context = autoplay_browser.new_context()
    try:
        page = context.new_page()
        page.goto(f"{url}/items/item-{item}/")
        page.evaluate(f"() => {{ {AUDIO}.muted = true; return {AUDIO}.play(); }}")
        page.wait_for_function(f"() => {AUDIO}.currentTime > 0.5", timeout=15000)
        assert abs(page.evaluate(f"() => {AUDIO}.duration") - 25) < 0.5
        landed = page.evaluate(f"""() => new Promise(resolve => {{
            const a = {AUDIO};
            a.addEventListener('seeked', () => resolve(a.currentTime), {{ once: true }});
            a.currentTime = 20;
        }})""")
        assert 20 <= landed < 21.5, landed
    finally:
        context.close()


def test_a_wav_a_flac_and_an_ogg_original_play_and_seek_in_webkit(webkit, originals):
    from test_webkit import PLAY_AND_SEEK
    url, _ = originals
    webkit.set_script_timeout(60)
    for item in (1, 2, 3):
        webkit.get(f"{url}/items/item-{item}/")
        result = webkit.execute_async_script(PLAY_AND_SEEK)
        assert "failed" not in result and 20 <= result["landed"] < 21.5, (item, result)


def test_a_broken_original_is_one_warning_naming_it_and_the_rest_serves(autoplay_browser, originals):
    url, log = originals
    printed = log.read_text("utf-8")
    naming = [line for line in printed.splitlines() if "broken.wav" in line]
    assert len(naming) == 1, printed
    assert "warning" in naming[0].lower(), naming
    context = autoplay_browser.new_context()
    try:
        page = context.new_page()
        page.goto(f"{url}/items/item-4/")
        assert page.locator("h1").text_content().strip()
        assert page.locator("section.audio-guide:not(.guide-version)").count() == 0
        page.goto(f"{url}/items/item-3/")
        assert page.locator("section.audio-guide:not(.guide-version) audio").count() == 1
    finally:
        context.close()



def test_a_new_version_of_the_guide_keeps_the_recording_saved_under_the_old_one(autoplay_browser, tmp_path):
    """The service worker's cache is named after the site's content: a new deployment
    replaces it, and the recordings a visitor saved must move into the new one. The server
    is told to read its catalog again (SIGHUP) after an edit, as a curator's redeploy does."""
    import re
    import shutil
    import signal
    import subprocess
    import time
    import urllib.request

    from conftest import IMAGE_CACHE, _binary
    from support import REPO, wait_for_recordings

    catalog = tmp_path / "catalog"
    shutil.copytree(REPO / "Sources" / "ExpoCatalog" / "Resources" / "DefaultCatalog", catalog)
    log = tmp_path / "serve.log"
    server = subprocess.Popen([_binary(), "serve", "--port", "0", "--image-cache", IMAGE_CACHE, "--catalog", str(catalog)],
                              stdout=subprocess.PIPE, stderr=log.open("w"), text=True)
    context = autoplay_browser.new_context(viewport={"width": 375, "height": 667})
    try:
        match = re.match(r"Expo1900 is serving (http://\S+)", server.stdout.readline())
        assert match, "the server did not start"
        wait_for_recordings(log)
        url = match.group(1)
        page = context.new_page()
        page.goto(url + "/items/jikji/")
        page.evaluate("navigator.serviceWorker.ready")
        if not page.evaluate("!!navigator.serviceWorker.controller"):
            page.reload()
        old_cache = page.evaluate("async () => (await caches.keys()).filter(n => n.startsWith('expo1900-'))")
        assert len(old_cache) == 1, old_cache
        page.locator(".offline-save button").click()
        saved = page.locator(".offline-save").get_attribute("data-saved")
        page.wait_for_function("text => document.querySelector('.offline-save-status').textContent === text", arg=saved,
                               timeout=30000)
        # The narration and the audio description.
        recording = page.evaluate(KEPT_RECORDINGS)
        assert len(recording) == 2

        items = catalog / "items.json"
        items.write_text(items.read_text("utf-8").replace("팔만대장경", "팔만대장경 (八萬大藏經)", 1), "utf-8")
        server.send_signal(signal.SIGHUP)
        # The server says when the new version is in place; every page then names the new cache.
        deadline = time.time() + 60
        while time.time() < deadline:
            with urllib.request.urlopen(url + "/sw.js") as answer:
                version = answer.read().decode("utf-8")
            if old_cache[0] not in version:
                break
            time.sleep(0.2)
        else:
            raise AssertionError(f"the server did not take up the edited catalog within 60 s: {log.read_text()}")

        page.reload()  # a navigation makes the browser look for a new service worker
        caches = """async () => {
            const names = (await caches.keys()).filter(n => n.startsWith('expo1900-'));
            const kept = [];
            for (const name of names) {
                for (const request of await (await caches.open(name)).keys()) {
                    if (new URL(request.url).pathname.endsWith('.m4a')) kept.push(name + ' ' + request.url);
                }
            }
            return { names, kept };
        }"""
        deadline = time.time() + 60
        state = page.evaluate(caches)
        while time.time() < deadline and (state["names"] == old_cache or len(state["names"]) != 1):
            time.sleep(0.2)
            state = page.evaluate(caches)
        assert len(state["names"]) == 1 and state["names"] != old_cache, f"the new version did not replace the old: {state}"
        assert sorted(state["kept"]) == sorted(f"{state['names'][0]} {url}" for url in recording), state
        # The page says so: the recording is saved, under the new version too.
        page.reload()
        page.wait_for_function("text => document.querySelector('.offline-save-status').textContent === text", arg=saved,
                               timeout=10000)
    finally:
        context.close()
        server.terminate()
        server.wait(timeout=10)
