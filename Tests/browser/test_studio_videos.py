"""Videos sent to the studio in Chromium and WebKit, as staff send them: the video form
takes a video, its captions (SubRip, made WebVTT) and its poster; the video is made in the
background and then plays in the preview with its captions, and a publish puts it before
visitors. A sign-language video goes in the same way."""
import json
import os
import time

from conftest import new_phone
from test_studio_editing import editing, log_in, log_in_webkit  # noqa: F401 (a fixture, used by name)
from test_versions import PLAY_AND_SEEK, autoplay, clip  # noqa: F401 (autoplay: a fixture, used by name)

VIDEO = "section.video-guide:not(.guide-version) video"
SIGN = "section.video-guide[data-version=sign] video"
SUBRIP = "".join(f"{n + 1}\n00:00:0{n},000 --> 00:00:0{n},900\nWords {n + 1}\n\n" for n in range(4))


def wait_for_preview(page, url, path, selector, seconds=90):
    """Reloads the preview until it shows `selector`: the video is made in the background."""
    deadline = time.time() + seconds
    while time.time() < deadline:
        page.goto(url + path)
        if page.locator(selector).count():
            return
        time.sleep(1)
    raise AssertionError(f"{path} showed no {selector} within {seconds} s")


def test_a_video_with_captions_and_a_poster_plays_in_the_preview_and_once_published(autoplay, editing, tmp_path):
    url, catalog, _ = editing
    made = tmp_path / "Talk 01.mp4"
    clip(made, seconds=4, width=640, height=360)
    context = new_phone(autoplay, width=390, height=844)
    page = context.new_page()
    try:
        log_in(page, url)
        page.goto(f"{url}/studio/exhibits/najeon")
        assert page.locator("section.videos h2").inner_text() == "동영상"
        page.select_option("#video-kind", "video")
        page.select_option("#video-language", "en")
        page.set_input_files("#video-file", str(made))
        page.set_input_files("#video-captions", [{"name": "talk.srt", "mimeType": "text/plain", "buffer": SUBRIP.encode()}])
        page.fill("#video-poster", "2")
        page.click("section.videos button[type=submit]")
        page.locator(".upload-report li", has_text="talk.srt").wait_for()
        report = page.inner_text(".upload-report")
        assert "najeon.video.en.mp4" in report and "najeon.video.en.vtt" in report, report
        assert "najeon.video.en.mp4" in page.inner_text("section.videos")
        page.locator("section.videos").screenshot(path=str(tmp_path / "videos-section.png"))

        wait_for_preview(page, url, "/studio/preview/en/items/najeon/", VIDEO)
        result = page.evaluate(PLAY_AND_SEEK, VIDEO)
        assert result["error"] is None and 2.4 <= result["landed"] < 3.5, result
        assert result["kind"] == "captions" and result["captions"] == "showing", result
        assert page.locator(VIDEO).get_attribute("poster").endswith(".jpg")
        # Visitors do not see it before it is published.
        page.goto(f"{url}/en/items/najeon/")
        assert page.locator(VIDEO).count() == 0

        page.goto(f"{url}/studio/exhibits/najeon")
        page.click("form[action='/studio/publish'] button")
        assert "게시했습니다" in page.inner_text("[role=status]")
        assert open(os.path.join(catalog, "najeon.video.en.mp4"), "rb").read() == made.read_bytes()
        assert open(os.path.join(catalog, "najeon.video.en.vtt"), encoding="utf-8").read().startswith("WEBVTT")
        entry = json.load(open(os.path.join(catalog, "items.en.json"), encoding="utf-8"))
        najeon = next(e for e in entry if e.get("image_name") == "najeon" or e.get("id") == "najeon")
        assert (najeon["video"], najeon["video_captions"], najeon["video_poster"]) == ("najeon.video.en.mp4", "najeon.video.en.vtt", "2")
        page.goto(f"{url}/en/items/najeon/")
        result = page.evaluate(PLAY_AND_SEEK, VIDEO)
        assert result["error"] is None and result["captions"] == "showing", result
        cue = page.evaluate(f"() => Array.from(document.querySelector({json.dumps(VIDEO)}).textTracks[0].cues).map(c => c.text)")
        assert cue == ["Words 1", "Words 2", "Words 3", "Words 4"], cue
    finally:
        context.close()


def test_a_sign_language_video_goes_in_through_webkit_and_plays_in_its_preview(webkit, editing, tmp_path):
    from selenium.webdriver.common.by import By
    from selenium.webdriver.support.ui import Select

    url, _, _ = editing
    made = tmp_path / "sign.mov"
    clip(made, seconds=4, width=480, height=640, silent=True)
    log_in_webkit(webkit, url)
    webkit.get(f"{url}/studio/exhibits/bangjja")
    Select(webkit.find_element(By.ID, "video-kind")).select_by_value("sign_video")
    webkit.find_element(By.ID, "video-file").send_keys(str(made))
    webkit.find_element(By.CSS_SELECTOR, "section.videos button[type=submit]").click()
    deadline = time.time() + 30
    while not webkit.find_elements(By.CSS_SELECTOR, ".upload-report li") and time.time() < deadline:
        time.sleep(0.1)
    lines = [e.text for e in webkit.find_elements(By.CSS_SELECTOR, ".upload-report li")]
    assert any("sign.mov" in line and "bangjja.sign.ko.mp4" in line for line in lines), lines
    deadline = time.time() + 90
    while time.time() < deadline:
        webkit.get(f"{url}/studio/preview/items/bangjja/?guide=sign")
        if webkit.find_elements(By.CSS_SELECTOR, SIGN):
            break
        time.sleep(1)
    result = webkit.execute_async_script(
        "const done = arguments[arguments.length - 1];"
        f"({PLAY_AND_SEEK})({json.dumps(SIGN)}).then(done, e => done({{failed: String(e)}}));")
    assert "failed" not in result and result["error"] is None and 2.4 <= result["landed"] < 3.5, result
    assert (result["width"], result["height"]) == (480, 640), result
