"""`expo1900 import iiif` brings sound and video: manifests served by a local server, in
the shapes of the IIIF cookbook's audio and video recipes (a choice of formats, captions in
the painting page and beside it, a choice of caption languages in WebVTT and SubRip), become
exhibits whose recording and video play, seek and show their captions in Chromium and
WebKit. Hostile manifests each get one warning and bring nothing: a `Video` body that is an
HTML page, a caption file that is a playlist, a declared duration of ten hours."""
import json
import subprocess

import pytest

from conftest import IMAGE_CACHE, _binary, new_phone
from support import free_port, start_nginx
from test_iiif_import import Site, jpeg, run_import, warnings_of
from test_versions import PLAY_AND_SEEK, autoplay, captions, clip  # noqa: F401 (autoplay: a fixture, used by name)

P3 = "http://iiif.io/api/presentation/3/context.json"
METADATA = [{"label": {"en": ["Date"]}, "value": {"en": ["1935"]}}]


def tone(path, seconds=6):
    subprocess.run(["ffmpeg", "-nostdin", "-v", "error", "-y", "-f", "lavfi", "-i",
                    f"sine=frequency=330:sample_rate=44100:duration={seconds}", "-c:a", "libmp3lame", str(path)], check=True)


def canvas(site, path, bodies, duration, supplementing=(), beside=None, thumbnail=None):
    page = [{"id": site.url(f"{path}/anno/1"), "type": "Annotation", "motivation": "painting", "body": bodies,
             "target": site.url(f"{path}/canvas")}]
    page += [{"id": site.url(f"{path}/anno/s{n}"), "type": "Annotation", "motivation": "supplementing", "body": body,
              "target": site.url(f"{path}/canvas")} for n, body in enumerate(supplementing)]
    result = {"id": site.url(f"{path}/canvas"), "type": "Canvas", "duration": duration,
              "items": [{"id": site.url(f"{path}/page"), "type": "AnnotationPage", "items": page}]}
    if beside:
        result["annotations"] = [{"id": site.url(f"{path}/captions"), "type": "AnnotationPage", "items": [{
            "id": site.url(f"{path}/anno/c"), "type": "Annotation", "motivation": "supplementing", "body": beside,
            "target": site.url(f"{path}/canvas")}]}]
    if thumbnail:
        result["thumbnail"] = [{"id": thumbnail, "type": "Image", "format": "image/jpeg"}]
    return result


def manifest(site, path, label, canvases):
    site.documents[path] = {"@context": P3, "id": site.url(path), "type": "Manifest", "label": label,
                            "metadata": METADATA, "items": canvases}


def text(site, path, body, language, kind="text/vtt"):
    site.images[path] = body.encode()
    return {"id": site.url(path), "type": "Text", "format": kind, "language": language}


@pytest.fixture(scope="module")
def av_site(tmp_path_factory):
    root = tmp_path_factory.mktemp("iiif-av")
    site = Site()
    tone(root / "song.mp3")
    clip(root / "film.mp4", seconds=6, width=640, height=360)
    captions(root / "film.en.vtt", seconds=6, word="Film")
    site.images["/media/song.mp3"] = (root / "song.mp3").read_bytes()
    site.images["/media/film.mp4"] = (root / "film.mp4").read_bytes()
    site.images["/media/page.mp4"] = b"<!doctype html><html><head><title>Sign in</title></head><body>Please sign in</body></html>"
    site.images["/images/song.jpg"] = jpeg("purple")
    site.images["/images/thumb.jpg"] = jpeg("teal")
    label = lambda en, ko: {"en": [en], "ko": [ko]}
    # The cookbook's choice of formats: the first one the guide reads is taken, the others never asked for.
    manifest(site, "/av/song.json", label("A folk song", "민요"), [canvas(
        site, "/av/song", {"type": "Choice", "items": [
            {"id": site.url("/media/song.xyz"), "type": "Sound", "format": "audio/x-unknown", "duration": 6},
            {"id": site.url("/media/song.mp3"), "type": "Sound", "format": "audio/mpeg", "duration": 6},
            {"id": site.url("/media/song.wav"), "type": "Sound", "format": "audio/wav", "duration": 6}]},
        6, supplementing=[[text(site, "/text/song.en.vtt", "WEBVTT\n\n00:00.000 --> 00:03.000\nThe first verse\n\n"
                                "00:03.000 --> 00:06.000\nThe second verse\n", "en")]],
        thumbnail=site.url("/images/song.jpg"))])
    # Captions in the painting page (English WebVTT) and beside it, a choice of Korean SubRip and Italian.
    subrip = "".join(f"{n + 1}\n00:00:0{n},000 --> 00:00:0{n},900\n자막 {n + 1}\n\n" for n in range(6))
    manifest(site, "/av/film.json", label("A newsreel", "뉴스 영화"), [canvas(
        site, "/av/film", [{"id": site.url("/media/film.mp4"), "type": "Video", "format": "video/mp4",
                            "width": 640, "height": 360, "duration": 6}], 6,
        supplementing=[[text(site, "/text/film.en.vtt", (root / "film.en.vtt").read_text(), "en")]],
        beside={"type": "Choice", "items": [text(site, "/text/film.ko.srt", subrip, "ko", "text/plain"),
                                            text(site, "/text/film.it.vtt", "WEBVTT\n\n00:00.000 --> 00:01.000\nCiao\n", "it")]})])
    # Hostile: an HTML page as a video, ten hours declared, a playlist as captions.
    manifest(site, "/av/page.json", label("A page, not a video", "영상 아닌 문서"), [canvas(
        site, "/av/page", {"id": site.url("/media/page.mp4"), "type": "Video", "format": "video/mp4"}, 6,
        thumbnail=site.url("/images/thumb.jpg"))])
    manifest(site, "/av/long.json", label("Ten hours", "열 시간"), [canvas(
        site, "/av/long", {"id": site.url("/media/long.mp4"), "type": "Video", "format": "video/mp4", "duration": 36000}, 36000,
        thumbnail=site.url("/images/thumb.jpg"))])
    manifest(site, "/av/playlist.json", label("Captions that are a playlist", "재생 목록 자막"), [canvas(
        site, "/av/playlist", {"id": site.url("/media/film.mp4"), "type": "Video", "format": "video/mp4"}, 6,
        supplementing=[text(site, "/text/list.vtt", "#EXTM3U\n#EXT-X-VERSION:3\nhttps://example.org/a.vtt\n", "en")],
        thumbnail=site.url("/images/thumb.jpg"))])
    site.documents["/av/collection.json"] = {
        "@context": P3, "id": site.url("/av/collection.json"), "type": "Collection", "label": label("Sound and film", "소리와 영상"),
        "items": [{"id": site.url(f"/av/{name}.json"), "type": "Manifest", "label": {"none": [name]}}
                  for name in ("song", "film", "page", "long", "playlist")]}
    destination = root / "catalog"
    result = run_import(site.url("/av/collection.json"), destination, "--allow-private")
    yield site, root, destination, result
    site.stop()


def items(destination, suffix=""):
    return {item["image_name"]: item for item in json.loads((destination / f"items{suffix}.json").read_text("utf-8"))}


def test_sound_and_video_become_the_exhibits_recording_and_video(av_site):
    site, _, destination, result = av_site
    assert result.returncode == 0, result.stderr
    assert "5 exhibits in en, ko" in result.stdout and "1 recording, 2 videos" in result.stdout, result.stdout
    english, korean = items(destination), items(destination, ".ko")
    assert english["song"]["audio"] == korean["song"]["audio"] == "song-audio.mp3"
    assert english["song"]["transcript"] == "song-audio.en.vtt" and "transcript" not in korean["song"]
    assert english["song"]["image_name"] == "song" and (destination / "song.jpg").exists(), "the thumbnail is its picture"
    assert "/media/song.xyz" not in site.asked and "/media/song.wav" not in site.asked, "only the chosen format is fetched"
    assert english["film"]["video"] == korean["film"]["video"] == "film-video.mp4"
    assert english["film"]["video_captions"] == "film-video.en.vtt"
    assert korean["film"]["video_captions"] == "film-video.ko.vtt"
    converted = (destination / "film-video.ko.vtt").read_text("utf-8")
    assert converted.startswith("WEBVTT") and "00:00:01.000 --> 00:00:01.900" in converted, "SubRip is made WebVTT"
    assert (destination / "film-video.mp4").read_bytes() == site.images["/media/film.mp4"]
    assert english["playlist"]["video"] == "film-video.mp4", "one address is fetched once, whichever manifest names it"
    assert english["page"]["image_name"] == "page" and english["playlist"]["image_name"] == "playlist"
    assert (destination / "page.jpg").read_bytes() == (destination / "playlist.jpg").read_bytes(), \
        "a thumbnail two manifests share is each exhibit's picture, under its own name"
    assert "video_captions" not in english["playlist"]


def test_each_hostile_file_is_one_warning_and_nothing_is_kept(av_site):
    site, _, destination, result = av_site
    warnings = warnings_of(result)
    expected = {
        '"A newsreel": the manifest paints no image and has no thumbnail; the exhibit shows a placeholder',
        '"A newsreel": captions in it for its video: the catalog has no it; not brought',
        f'"A page, not a video": video: "{site.url("/media/page.mp4")}": its bytes are not those of a video the guide reads '
        '(MP4, QuickTime, WebM, Matroska or AVI); the exhibit has no video',
        f'"Ten hours": its video "{site.url("/media/long.mp4")}" plays for 10 h 0 min, as the manifest says, longer than '
        'the 2 h 0 min the guide makes; not fetched',
        f'"Captions that are a playlist": captions: "{site.url("/text/list.vtt")}" is a playlist of other files, not captions; not brought',
    }
    assert set(warnings) == expected and len(warnings) == len(expected), warnings
    assert "/media/long.mp4" not in site.asked, "a declared ten hours is refused before any byte is fetched"
    english = items(destination)
    assert "video" not in english["page"] and "video" not in english["long"]
    kept = sorted(path.name for path in destination.iterdir() if not path.name.startswith("."))
    assert not [name for name in kept if name.startswith(("page-video", "long-video"))], kept
    assert not list((destination / ".iiif-import").glob("arriving-*")), "nothing half-fetched is left"
    assert "Traceback" not in result.stderr and "Fatal error" not in result.stderr


def test_a_second_run_fetches_no_media_again(av_site):
    site, _, destination, _ = av_site
    site.asked.clear()
    again = run_import(site.url("/av/collection.json"), destination, "--allow-private")
    assert again.returncode == 0 and "(0 fetched now)" in again.stdout, again.stdout
    assert not [path for path in site.asked if path.startswith(("/media/film", "/media/song", "/text/film", "/text/song"))], site.asked


@pytest.fixture(scope="module")
def av_export(av_site):
    _, root, destination, _ = av_site
    check = subprocess.run([_binary(), "validate", str(destination), "--image-cache", IMAGE_CACHE],
                           capture_output=True, text=True, timeout=600)
    assert check.returncode == 0, check.stdout + check.stderr
    out = root / "site"
    export = subprocess.run([_binary(), "export", str(out), "--catalog", str(destination), "--image-cache", IMAGE_CACHE],
                            capture_output=True, text=True, timeout=900)
    assert export.returncode == 0, export.stderr
    port = free_port()
    (root / "nginx").mkdir()
    nginx = start_nginx(root / "nginx", port, out)
    yield f"http://127.0.0.1:{port}"
    nginx.terminate()
    nginx.wait(timeout=10)


VIDEO = "section.video-guide:not(.guide-version) video"
AUDIO = "section.audio-guide:not(.guide-version) audio"


def test_the_imported_video_and_recording_play_with_captions_in_chromium(autoplay, av_export):
    context = new_phone(autoplay, locale="en-GB")
    try:
        page = context.new_page()
        for path, language in (("/items/film/", "en"), ("/ko/items/film/", "ko")):
            page.goto(av_export + path)
            result = page.evaluate(PLAY_AND_SEEK, VIDEO)
            assert result["error"] is None and 2.4 <= result["landed"] < 3.5, (path, result)
            assert result["kind"] == "captions" and result["captions"] == "showing", (path, result)
            assert page.locator(f"{VIDEO} track[srclang={language}]").count() == 1, path
        page.goto(av_export + "/items/song/")
        assert page.locator(AUDIO).get_attribute("src").endswith(".m4a")
        assert page.evaluate(PLAY_AND_SEEK, AUDIO)["error"] is None
        assert page.locator("details.audio-transcript p[data-start]").count() == 2
        assert "The second verse" in page.locator("details.audio-transcript").text_content(), "the transcript, closed until asked for"
    finally:
        context.close()


def test_the_imported_video_and_recording_play_in_webkit(webkit, av_export):
    for path, selector, captioned in (("/items/film/", VIDEO, True), ("/ko/items/film/", VIDEO, True), ("/items/song/", AUDIO, False)):
        webkit.get(av_export + path)
        result = webkit.execute_async_script(
            "const done = arguments[arguments.length - 1];"
            f"({PLAY_AND_SEEK})({json.dumps(selector)}).then(done, e => done({{failed: String(e)}}));")
        assert "failed" not in result, (path, result)
        assert result["error"] is None and 2.4 <= result["landed"] < 3.5, (path, result)
        if captioned:
            assert result["captions"] == "showing", (path, result)
