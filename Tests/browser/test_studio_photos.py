"""Photos and recordings sent to the studio in Chromium and WebKit, as staff send them:
several at once through the file field (with JavaScript, which shows progress; without it,
as a plain form), or dropped on the form. A photo, an SVG with a script and a WAV end in
the published guide as the folder would make them; hostile files are each refused with a
message naming them, and change nothing."""
import io
import os
import struct
import time
import zlib

import pytest
from PIL import Image

from conftest import new_phone
from test_studio_editing import editing, log_in, log_in_webkit  # noqa: F401 (a fixture, used by name)

EXHIBIT = "najeon"
SVG_WITH_SCRIPT = (b'<svg xmlns="http://www.w3.org/2000/svg" width="120" height="80">'
                   b'<script>document.title="owned"</script><rect width="120" height="80" fill="#2a6"/></svg>')


def jpeg(width=1600, height=1200):
    """A photo with EXIF, as a camera writes one."""
    image = Image.new("RGB", (width, height))
    for x in range(0, width, 40):
        image.paste((x % 256, 90, 160), (x, 0, x + 20, height))
    exif = Image.Exif()
    exif[0x010F] = "Expo1900 test camera"
    out = io.BytesIO()
    image.save(out, "JPEG", quality=85, exif=exif)
    return out.getvalue()


def png_claiming(width, height):
    """A PNG whose header says it is `width` × `height`, with one row of data."""
    def chunk(kind, data):
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data) & 0xFFFFFFFF)
    return (b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0))
            + chunk(b"IDAT", zlib.compress(b"\x00" * 16)) + chunk(b"IEND", b""))


def gallery(page):
    return [name.split(". ", 1)[1] for name in page.locator("ol.gallery .photo-name").all_inner_texts()]


def report(page):
    return page.locator(".upload-report li").all_inner_texts()


def test_photos_go_in_with_progress_and_hostile_files_are_refused_in_chromium(browser, editing):
    url, catalog, export = editing
    context = new_phone(browser, width=390, height=844)
    page = context.new_page()
    try:
        log_in(page, url)
        page.goto(f"{url}/studio/exhibits/{EXHIBIT}")
        before = gallery(page)
        photo = jpeg()
        # Hostile first: each named in its refusal, and the gallery as it was.
        page.set_input_files("#photo-files", [
            {"name": "page.png", "mimeType": "image/png", "buffer": b"<!doctype html><script>alert(1)</script>"},
            {"name": "cut.jpg", "mimeType": "image/jpeg", "buffer": photo[: len(photo) // 3]},
            {"name": "giant.png", "mimeType": "image/png", "buffer": png_claiming(100_000, 100_000)},
            {"name": "../../evil.png", "mimeType": "image/png", "buffer": b"GIF89a not really"},
        ])
        page.click("section.photos:not(.recordings) form.upload:not(.replace) button[type=submit]")
        page.wait_for_selector(".upload-report")
        lines = report(page)
        assert len(lines) == 4, lines
        for name in ["page.png", "cut.jpg", "giant.png", "evil.png"]:
            assert any(name in line for line in lines), (name, lines)
        assert all("받지 않음" in line for line in lines), lines
        assert gallery(page) == before, "nothing changed"
        assert not os.path.exists(os.path.join(catalog, f"{EXHIBIT}-2.jpg"))

        # A photo and an SVG with a script, sent at once through the script's upload, with progress.
        page.set_input_files("#photo-files", [
            {"name": "IMG_2041.JPG", "mimeType": "image/jpeg", "buffer": photo},
            {"name": "drawing.svg", "mimeType": "image/svg+xml", "buffer": SVG_WITH_SCRIPT},
        ])
        page.evaluate("""() => { window.progressSeen = false;
            document.querySelector('section.photos:not(.recordings) form.upload:not(.replace) progress').addEventListener('change', () => {});
            const bar = document.querySelector('section.photos:not(.recordings) form.upload:not(.replace) progress');
            new MutationObserver(() => { if (!bar.hidden) window.progressSeen = true; }).observe(bar, {attributes: true}); }""")
        page.click("section.photos:not(.recordings) form.upload:not(.replace) button[type=submit]")
        page.locator(".upload-report li", has_text="IMG_2041.JPG").wait_for()
        assert page.evaluate("window.progressSeen"), "the progress bar showed while sending"
        assert page.evaluate("document.activeElement.id") == "photos-heading", "focus goes to the photos' heading"
        assert gallery(page) == before + [f"{EXHIBIT}-2", f"{EXHIBIT}-3"], gallery(page)
        # Each new photo asks for its alt text, and the link leads to the box.
        needs = page.locator(".gallery a.needs")
        assert needs.count() >= 2
        page.fill(f"[name='f.ko.images.{EXHIBIT}-2.alt']", "자개 상자 뚜껑의 확대 사진")
        page.fill(f"[name='f.ko.images.{EXHIBIT}-3.alt']", "초록 사각형 그림")
        page.click("form.exhibit button[type=submit]")
        # Seen in the preview, not by visitors.
        page.goto(f"{url}/studio/preview/items/{EXHIBIT}/")
        assert page.locator(f"img[src*='{EXHIBIT}-2']").count() >= 1
        page.goto(f"{url}/items/{EXHIBIT}/")
        assert page.locator(f"img[src*='{EXHIBIT}-2']").count() == 0

        page.goto(f"{url}/studio/exhibits/{EXHIBIT}")
        page.click("form[action='/studio/publish'] button")
        assert "게시했습니다" in page.inner_text("[role=status]")
        page.goto(f"{url}/items/{EXHIBIT}/")
        assert page.locator(f"img[src*='{EXHIBIT}-2']").count() >= 1
        assert page.locator("img[alt='자개 상자 뚜껑의 확대 사진']").count() >= 1
        assert page.title() != "owned"
        assert os.path.exists(os.path.join(catalog, f"{EXHIBIT}-2.jpg")) and os.path.exists(os.path.join(catalog, f"{EXHIBIT}-3.svg"))
        # The published SVG is the safe one, and the photos' renditions carry no camera metadata.
        for root, _, names in os.walk(export):
            for name in names:
                path = os.path.join(root, name)
                if name.startswith(f"{EXHIBIT}-3") and name.endswith(".svg"):
                    assert b"<script" not in open(path, "rb").read(), path
                if name.startswith(f"{EXHIBIT}-2") and name.endswith((".jpg", ".webp")):
                    assert b"Expo1900 test camera" not in open(path, "rb").read(), path
    finally:
        context.close()


def test_a_photo_goes_in_without_javascript_and_by_dropping_it(browser, editing):
    url, catalog, _ = editing
    context = browser.new_context(java_script_enabled=False)
    page = context.new_page()
    try:
        log_in(page, url)
        page.goto(f"{url}/studio/exhibits/gayageum")
        before = gallery(page)
        page.set_input_files("#photo-files", [{"name": "a.png", "mimeType": "image/png", "buffer": png_bytes()}])
        page.click("section.photos:not(.recordings) form.upload:not(.replace) button[type=submit]")
        assert gallery(page) == before + ["gayageum-2"], gallery(page)
        assert any("gayageum-2" in line for line in report(page))
    finally:
        context.close()
    context = browser.new_context()
    page = context.new_page()
    try:
        log_in(page, url)
        page.goto(f"{url}/studio/exhibits/gayageum")
        page.evaluate("""([bytes]) => {
            const file = new File([new Uint8Array(bytes)], 'dropped.png', {type: 'image/png'});
            const data = new DataTransfer();
            data.items.add(file);
            document.querySelector('section.photos:not(.recordings) form.upload:not(.replace)').dispatchEvent(new DragEvent('drop', {dataTransfer: data, bubbles: true, cancelable: true}));
        }""", [list(png_bytes(20, 10))])
        page.locator(".upload-report li").first.wait_for()
        assert gallery(page)[-1] == "gayageum-3", gallery(page)
    finally:
        context.close()


def png_bytes(width=48, height=32):
    out = io.BytesIO()
    Image.new("RGB", (width, height), (200, 120, 40)).save(out, "PNG")
    return out.getvalue()


def test_photos_go_in_in_webkit(webkit, editing, tmp_path):
    from selenium.webdriver.common.by import By

    url, _, _ = editing
    log_in_webkit(webkit, url)
    webkit.get(f"{url}/studio/exhibits/haegeum")
    before = [e.text.split(". ", 1)[1] for e in webkit.find_elements(By.CSS_SELECTOR, "ol.gallery .photo-name")]
    good, bad, sound = tmp_path / "haegeum photo.jpg", tmp_path / "notes.png", tmp_path / "tune.wav"
    good.write_bytes(jpeg(800, 600))
    bad.write_bytes(b"<html>not a picture</html>")
    sound.write_bytes(wav_bytes())
    # A recording sent through the photos' field is taken as the main language's recording.
    webkit.find_element(By.ID, "photo-files").send_keys(f"{good}\n{bad}\n{sound}")
    webkit.find_element(By.CSS_SELECTOR, "section.photos:not(.recordings) form.upload:not(.replace) button[type=submit]").click()
    deadline = time.time() + 20
    while len(webkit.find_elements(By.CSS_SELECTOR, ".upload-report li")) < 3 and time.time() < deadline:
        time.sleep(0.1)
    lines = [e.text for e in webkit.find_elements(By.CSS_SELECTOR, ".upload-report li")]
    assert len(lines) == 3, lines
    assert any("tune.wav" in line and "haegeum.ko.wav" in line for line in lines), lines
    assert any("haegeum photo.jpg" in line and "haegeum-2" in line for line in lines), lines
    assert any("notes.png" in line and "받지 않음" in line for line in lines), lines
    after = [e.text.split(". ", 1)[1] for e in webkit.find_elements(By.CSS_SELECTOR, "ol.gallery .photo-name")]
    assert after == before + ["haegeum-2"], after


def wav_bytes(seconds=3, rate=22050):
    import math
    import wave
    out = io.BytesIO()
    with wave.open(out, "wb") as file:
        file.setnchannels(1)
        file.setsampwidth(2)
        file.setframerate(rate)
        file.writeframes(b"".join(struct.pack("<h", int(6000 * math.sin(2 * math.pi * 330 * n / rate))) for n in range(seconds * rate)))
    return out.getvalue()


def test_a_recording_goes_in_for_its_language_and_plays_once_published(browser, editing):
    url, catalog, _ = editing
    context = new_phone(browser)
    page = context.new_page()
    try:
        log_in(page, url)
        page.goto(f"{url}/studio/exhibits/bangjja")
        page.select_option("#recording-language", "en")
        page.set_input_files("#recording-file", [{"name": "Voice Memo.wav", "mimeType": "audio/wav", "buffer": wav_bytes()}])
        page.click("section.recordings button[type=submit]")
        page.locator(".upload-report li", has_text="Voice Memo.wav").wait_for()
        assert "bangjja.en.wav" in page.inner_text(".upload-report")
        assert "bangjja.en.wav" in page.inner_text("section.recordings")
        page.click("form[action='/studio/publish'] button")
        assert "게시했습니다" in page.inner_text("[role=status]")
        assert open(os.path.join(catalog, "bangjja.en.wav"), "rb").read() == wav_bytes()
        page.goto(f"{url}/en/items/bangjja/")
        duration = page.evaluate("""() => new Promise(done => {
            const audio = document.querySelector('audio');
            if (audio.readyState >= 1) return done(audio.duration);
            audio.addEventListener('loadedmetadata', () => done(audio.duration));
            audio.load(); })""")
        assert 2.5 < duration < 3.5, duration
    finally:
        context.close()
