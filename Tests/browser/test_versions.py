"""Video, sign language, audio description and easy read, in Chromium and WebKit, on an
export served by nginx: videos made from MOV, WebM and HEVC originals play and seek with
their captions on by default, and a saved one plays offline; the version chosen on screen 1
(or carried by a QR address) holds on the next stops, through a tour and after a reload;
without JavaScript every version is on the page; axe finds nothing with each version chosen."""
import json
import shutil
import subprocess

import pytest
from axe_playwright_python.sync_playwright import Axe
from playwright.sync_api import expect

from conftest import IMAGE_CACHE, _binary, new_phone
from support import CHROMIUM, REPO, free_port, start_nginx
from test_accessibility import RULES
from test_studio_editing import webkit_axe_violations

DEFAULT = REPO / "Sources" / "ExpoCatalog" / "Resources" / "DefaultCatalog"

# Which exhibit shows which original: a curator's talk in each format, and one sign video.
VIDEOS = {"jikji": ("talk.mov", {}), "haegeum": ("talk.webm", {}), "gayageum": ("talk-hevc.mp4", {"hevc": True})}
SIGN = ("woodshoes", "sign.mp4")


def clip(path, seconds=4, width=1280, height=720, hevc=False, silent=False):
    """ffmpeg's test source with a tone, in the container the name says."""
    arguments = ["ffmpeg", "-nostdin", "-v", "error", "-y", "-f", "lavfi", "-i", f"testsrc2=size={width}x{height}:rate=30:duration={seconds}"]
    if not silent:
        arguments += ["-f", "lavfi", "-i", f"sine=frequency=440:sample_rate=48000:duration={seconds}"]
    if path.suffix == ".webm":
        arguments += ["-c:v", "libvpx-vp9", "-deadline", "realtime", "-cpu-used", "8", "-b:v", "300k", "-c:a", "libopus"]
    elif hevc:
        arguments += ["-c:v", "libx265", "-preset", "ultrafast", "-x265-params", "log-level=error", "-tag:v", "hvc1", "-c:a", "aac"]
    else:
        arguments += ["-c:v", "libx264", "-preset", "ultrafast", "-pix_fmt", "yuv420p"] + ([] if silent else ["-c:a", "aac"])
    subprocess.run(arguments + ([] if silent else ["-shortest"]) + [str(path)], check=True)


def captions(path, seconds=4, word="Caption"):
    path.write_text("WEBVTT\n" + "".join(f"\n00:0{s}.000 --> 00:0{s}.900\n{word} {s + 1}\n" for s in range(seconds)), "utf-8")


@pytest.fixture(scope="module")
def versions_site(tmp_path_factory):
    """The default catalog with a captioned video on three exhibits (MOV, WebM, HEVC) and a
    sign-language video on a fourth, exported with the image cache and served by nginx."""
    root = tmp_path_factory.mktemp("versions")
    catalog = root / "catalog"
    shutil.copytree(DEFAULT, catalog)
    items = json.loads((catalog / "items.json").read_text("utf-8"))
    for entry in items:
        if entry["image_name"] in VIDEOS:
            name, options = VIDEOS[entry["image_name"]]
            clip(catalog / name, **options)
            captions(catalog / (name + ".vtt"))
            entry["video"], entry["video_captions"] = name, name + ".vtt"
        if entry["image_name"] == SIGN[0]:
            clip(catalog / SIGN[1], seconds=3, silent=True)
            captions(catalog / "sign.vtt", seconds=3, word="Sign")
            entry["sign_video"], entry["sign_video_captions"] = SIGN[1], "sign.vtt"
    (catalog / "items.json").write_text(json.dumps(items, ensure_ascii=False, indent=2), "utf-8")
    site = root / "site"
    subprocess.run([_binary(), "export", str(site), "--catalog", str(catalog), "--image-cache", IMAGE_CACHE],
                   check=True, capture_output=True, timeout=900)
    port = free_port()
    (root / "nginx").mkdir()
    nginx = start_nginx(root / "nginx", port, site)
    yield f"http://127.0.0.1:{port}"
    nginx.terminate()
    nginx.wait(timeout=10)


@pytest.fixture(scope="module")
def autoplay(browser):
    other = browser.browser_type.launch(executable_path=CHROMIUM, args=["--autoplay-policy=no-user-gesture-required"])
    yield other
    other.close()


PLAY_AND_SEEK = """async selector => {
    const video = document.querySelector(selector);
    video.muted = true;
    await video.play();
    await new Promise(resolve => { const t = () => video.currentTime > 0.3 ? resolve() : setTimeout(t, 50); t(); });
    const landed = await new Promise(resolve => {
        video.addEventListener('seeked', () => resolve(video.currentTime), { once: true });
        video.currentTime = 2.5;
    });
    const track = video.textTracks[0];
    return { landed, error: video.error && video.error.code, width: video.videoWidth, height: video.videoHeight,
             captions: track ? track.mode : null, kind: track ? track.kind : null };
}"""


@pytest.mark.parametrize("exhibit", sorted(VIDEOS))
def test_a_video_from_each_format_plays_and_seeks_with_captions_showing_in_chromium(autoplay, versions_site, exhibit):
    context = new_phone(autoplay)
    try:
        page = context.new_page()
        page.goto(versions_site + f"/items/{exhibit}/")
        video = page.locator("section.video-guide:not(.guide-version) video")
        assert video.get_attribute("preload") == "none"
        assert video.get_attribute("src").endswith(".mp4")
        result = page.evaluate(PLAY_AND_SEEK, "section.video-guide:not(.guide-version) video")
        assert result["error"] is None
        assert 2.4 <= result["landed"] < 3.5, result
        assert (result["width"], result["height"]) == (960, 540), result
        assert result["kind"] == "captions" and result["captions"] == "showing", result
    finally:
        context.close()


def test_videos_from_each_format_play_and_seek_in_webkit(webkit, versions_site):
    """WebKitGTK plays MP4 through GStreamer; each video, made from MOV, WebM and HEVC, plays, seeks and shows its captions."""
    for exhibit in sorted(VIDEOS) + [SIGN[0]]:
        webkit.get(versions_site + f"/items/{exhibit}/")
        selector = "section.video-guide video"
        result = webkit.execute_async_script(
            "const done = arguments[arguments.length - 1];"
            f"({PLAY_AND_SEEK})({json.dumps(selector)}).then(done, e => done({{failed: String(e)}}));")
        assert "failed" not in result, (exhibit, result)
        assert result["error"] is None and 2.4 <= result["landed"] < 3.5, (exhibit, result)
        assert result["captions"] == "showing", (exhibit, result)


def test_a_saved_video_plays_offline(autoplay, versions_site):
    context = new_phone(autoplay)
    try:
        page = context.new_page()
        page.goto(versions_site + "/items/jikji/")
        page.evaluate("navigator.serviceWorker.ready")
        if not page.evaluate("!!navigator.serviceWorker.controller"):
            page.reload()
        save = page.locator(".offline-save button")
        assert "MB)" in save.text_content() or "KB)" in save.text_content(), save.text_content()
        save.click()
        saved = page.locator(".offline-save").get_attribute("data-saved")
        page.wait_for_function("text => document.querySelector('.offline-save-status').textContent === text", arg=saved,
                               timeout=60000)
        session = context.new_cdp_session(page)
        session.send("Network.clearBrowserCache")
        session.detach()
        context.set_offline(True)
        page.reload()
        expect(page.locator(".offline-notice")).to_be_visible(timeout=5000)
        result = page.evaluate(PLAY_AND_SEEK, "section.video-guide video")
        assert result["error"] is None and 2.4 <= result["landed"] < 3.5, result
    finally:
        context.close()


def test_a_choice_on_screen_1_holds_on_the_next_stops_through_a_tour_and_after_a_reload(browser, versions_site):
    context = new_phone(browser)
    try:
        page = context.new_page()
        page.goto(versions_site + "/")
        choice = page.locator("fieldset.guide-choice")
        expect(choice).to_be_visible()
        assert page.locator("input[name=guide]").evaluate_all("inputs => inputs.map(i => i.value)") == \
            ["standard", "description", "easy", "sign"]
        page.get_by_role("radio", name="쉬운 글").check()
        expect(page.locator(".guide-choice-status")).not_to_be_empty()
        # Screen 1 itself now shows its easy read in place of the long text.
        assert page.locator(".exposition-text .prose").is_hidden()
        expect(page.locator(".exposition-text .easy-read")).to_be_visible()
        for exhibit in ["jikji", "haegeum", "gayageum"]:
            page.goto(versions_site + f"/items/{exhibit}/")
            first = page.locator(".exhibit-text .guide-version").first
            assert first.get_attribute("data-version") == "easy", exhibit
            assert "guide-chosen" in first.get_attribute("class")
            assert page.locator(".exhibit-text .prose").is_hidden(), exhibit
            page.locator(".full-text-toggle").click()
            assert page.locator(".exhibit-text .prose").is_visible(), "the full text opens on demand"
        tour = json.loads((DEFAULT / "tours.json").read_text("utf-8"))[0]
        page.goto(versions_site + f"/tours/{tour['id']}/1/")
        assert page.locator(".exhibit-text .guide-version").first.get_attribute("data-version") == "easy"
        page.reload()
        assert page.locator(".exhibit-text .prose").is_hidden()
        # Chosen back to standard, the long text returns everywhere.
        page.goto(versions_site + "/items/")
        page.get_by_role("radio", name="기본").check()
        page.goto(versions_site + "/items/jikji/")
        assert page.locator(".exhibit-text .prose").is_visible()
        assert page.locator(".guide-chosen").count() == 0
    finally:
        context.close()


def test_a_qr_address_sets_the_choice_and_it_is_kept(browser, versions_site):
    context = new_phone(browser)
    try:
        page = context.new_page()
        page.goto(versions_site + "/items/jikji/?guide=description")
        first = page.locator(".exhibit-text .guide-version").first
        assert first.get_attribute("data-version") == "description"
        page.goto(versions_site + "/items/woodshoes/?guide=sign")
        assert page.locator(".exhibit-text .guide-version").first.get_attribute("data-version") == "sign"
        page.goto(versions_site + "/items/haegeum/?guide=easy")
        page.goto(versions_site + "/items/palman/")
        assert page.locator(".exhibit-text .guide-version").first.get_attribute("data-version") == "easy"
        page.goto(versions_site + "/")
        assert page.locator("input[name=guide][value=easy]").is_checked()
    finally:
        context.close()


def test_a_qr_address_sets_the_choice_in_webkit(webkit, versions_site):
    webkit.get(versions_site + "/items/jikji/?guide=easy")
    webkit.get(versions_site + "/items/haegeum/")
    assert webkit.execute_script("return document.querySelector('.exhibit-text .guide-version').dataset.version") == "easy"
    assert webkit.execute_script("return document.querySelector('.exhibit-text .prose').hidden") is True
    webkit.get(versions_site + "/items/jikji/?guide=standard")


def test_without_javascript_every_version_is_on_the_page_in_a_fixed_order(browser, versions_site):
    context = browser.new_context(java_script_enabled=False)
    try:
        page = context.new_page()
        page.goto(versions_site + "/items/jikji/")
        headings = page.locator(".exhibit-text h2").all_text_contents()
        order = [heading for heading in headings if heading.strip() in {"오디오 가이드", "영상", "쉬운 글", "음성 해설"}]
        assert [h.strip() for h in order] == ["오디오 가이드", "영상", "쉬운 글", "음성 해설"], headings
        assert page.locator(".exhibit-text .prose").is_visible()
        assert page.locator("fieldset.guide-choice").count() == 0 or not page.locator("fieldset.guide-choice").is_visible()
        page.goto(versions_site + "/items/woodshoes/")
        assert page.locator("section.video-guide[data-version=sign] h2").text_content().strip() == "수어"
        page.goto(versions_site + "/")
        assert not page.locator("fieldset.guide-choice").is_visible(), "a chooser that can keep nothing is not shown"
        assert page.locator(".exposition-text .easy-read").is_visible()
    finally:
        context.close()


@pytest.mark.parametrize("version", ["standard", "description", "easy", "sign"])
def test_axe_finds_nothing_with_each_version_chosen(browser, versions_site, version):
    axe = Axe()
    context = new_phone(browser)
    failures = []
    try:
        page = context.new_page()
        for path in ["/", "/items/", "/items/jikji/", "/items/woodshoes/", "/en/items/haegeum/"]:
            page.goto(versions_site + path + f"?guide={version}")
            for violation in axe.run(page, options=RULES).response["violations"]:
                failures.append(f"{path} [{version}]: {violation['id']}: {violation['help']}")
    finally:
        context.close()
    assert not failures, "\n".join(failures)


def test_axe_finds_nothing_in_webkit_with_sign_language_chosen(webkit, versions_site):
    found = []
    for path in ["/", "/items/woodshoes/", "/items/jikji/"]:
        webkit.get(versions_site + path + "?guide=sign")
        found += webkit_axe_violations(webkit, path)
    webkit.get(versions_site + "/?guide=standard")
    assert not found, "\n".join(found)


def test_labels_show_each_stops_versions_and_a_sheet_per_version(browser, versions_site):
    """Without --base-url the labels have no codes; their symbols and sheets are there all the same."""
    context = new_phone(browser)
    try:
        page = context.new_page()
        page.goto(versions_site + "/labels/")
        label = page.locator(".wall-label", has=page.locator(".wall-label-name", has_text="직지"))
        assert "음성 해설" in label.locator(".wall-label-versions").text_content()
        assert label.locator(".wall-label-versions svg.version-symbol").count() == 2
        links = page.locator(".label-versions a").all_text_contents()
        assert links == ["기본", "음성 해설", "쉬운 글", "수어"], links
        page.goto(versions_site + "/labels/sign/")
        assert page.locator(".label-versions a[aria-current=page]").text_content() == "수어"
    finally:
        context.close()
