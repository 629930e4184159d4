"""A revert in the studio puts the catalog folder back as it was, files included, in
Chromium and WebKit: a picture replaced by a photo of another format, and a recording, are
published and then reverted from the exhibit's history; the catalog, kept in git, shows
nothing in `git status`, and visitors see the picture they saw before."""
import os
import shutil
import subprocess
import tempfile
import time

import pytest

from conftest import _binary, new_phone, running_studio
from test_studio_editing import PASSWORD, copy_in_git, git, log_in, log_in_webkit
from test_studio_photos import jpeg, wav_bytes


@pytest.fixture(scope="module")
def reverting():
    """`expo1900 studio` on a copy of the default catalog kept in git; yields (URL, catalog)."""
    root = tempfile.mkdtemp(prefix="expo1900-studio-revert-")
    catalog, state = os.path.join(root, "catalog"), os.path.join(root, "state")
    copy_in_git(catalog)
    subprocess.run([_binary(), "users", "add", "김민지", "--role", "editor", "--state", state],
                   input=PASSWORD + "\n", text=True, check=True, capture_output=True)
    try:
        with running_studio("--catalog", catalog, "--state", state) as url:
            yield url, catalog
    finally:
        shutil.rmtree(root, ignore_errors=True)


def status(catalog):
    return sorted(git(catalog, "status", "--porcelain", "--untracked-files=all").splitlines())


def test_a_published_photo_and_recording_are_reverted_file_by_file_in_chromium(browser, reverting):
    url, catalog = reverting
    context = new_phone(browser, width=390, height=844)
    page = context.new_page()
    try:
        log_in(page, url)
        page.goto(f"{url}/items/jikji/")
        picture = page.locator("main img").first.get_attribute("src")
        page.goto(f"{url}/studio/exhibits/jikji")
        page.set_input_files("form.upload.replace:has(input[name=replace][value=jikji]) input[type=file]",
                             [{"name": "scan.jpg", "mimeType": "image/jpeg", "buffer": jpeg(800, 600)}])
        page.click("form.upload.replace:has(input[name=replace][value=jikji]) button[type=submit]")
        page.locator(".upload-report li", has_text="scan.jpg").wait_for()
        page.select_option("#recording-language", "en")
        page.set_input_files("#recording-file", [{"name": "voice.wav", "mimeType": "audio/wav", "buffer": wav_bytes()}])
        page.click("section.recordings button[type=submit]")
        page.locator(".upload-report li", has_text="voice.wav").wait_for()
        page.click("form[action='/studio/publish'] button")
        assert "게시했습니다" in page.inner_text("[role=status]")
        assert status(catalog) == [" D jikji.svg", " M items.en.json", "?? jikji.en.wav", "?? jikji.jpg"], status(catalog)
        page.goto(f"{url}/items/jikji/")
        assert page.locator("main img").first.get_attribute("src") != picture, "visitors see the new photo"

        page.goto(f"{url}/studio/exhibits/jikji/history")
        history = page.inner_text("main")
        for name in ("file:jikji.svg", "file:jikji.jpg", "file:jikji.en.wav"):
            assert name in history, history
        assert "(파일 없음)" in history
        page.click("form[action='/studio/exhibits/jikji/revert'] button")
        assert "되돌렸습니다" in page.inner_text("[role=status]")
        assert status(catalog) == [], "the folder is as it was: " + repr(status(catalog))
        page.goto(f"{url}/items/jikji/")
        assert page.locator("main img").first.get_attribute("src") == picture, "visitors see the drawing again"
    finally:
        context.close()


def test_a_published_photo_is_reverted_in_webkit(webkit, reverting, tmp_path):
    from selenium.webdriver.common.by import By

    url, catalog = reverting
    log_in_webkit(webkit, url)
    webkit.get(f"{url}/studio/exhibits/haegeum")
    photo = tmp_path / "haegeum photo.jpg"
    photo.write_bytes(jpeg(640, 480))
    webkit.find_element(By.ID, "photo-files").send_keys(str(photo))
    webkit.find_element(By.CSS_SELECTOR, "section.photos:not(.recordings) form.upload:not(.replace) button[type=submit]").click()
    deadline = time.time() + 20
    while not webkit.find_elements(By.CSS_SELECTOR, ".upload-report li") and time.time() < deadline:
        time.sleep(0.1)
    webkit.find_element(By.CSS_SELECTOR, "form[action='/studio/publish'] button").click()
    deadline = time.time() + 20
    while "?? haegeum-2.jpg" not in status(catalog) and time.time() < deadline:
        time.sleep(0.1)
    assert "?? haegeum-2.jpg" in status(catalog), status(catalog)
    webkit.get(f"{url}/studio/exhibits/haegeum/history")
    assert "file:haegeum-2.jpg" in webkit.find_element(By.TAG_NAME, "main").text
    webkit.find_element(By.CSS_SELECTOR, "form[action='/studio/exhibits/haegeum/revert'] button").click()
    deadline = time.time() + 20
    while status(catalog) and time.time() < deadline:
        time.sleep(0.1)
    assert status(catalog) == [], status(catalog)
    assert "되돌렸습니다" in webkit.find_element(By.CSS_SELECTOR, "[role=status]").text
