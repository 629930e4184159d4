"""Editing in the studio, in Chromium and WebKit, as staff do it: an account made with the
command line, a Korean and an English text changed through the plain form, seen in the
draft preview, published, seen on the public page, the catalog's git diff holding only
that entry, then reverted; two people saving one exhibit; axe on every editing page."""
import os
import re
import shutil
import subprocess
import tempfile
import time

import pytest
from axe_playwright_python.sync_playwright import Axe

from conftest import IMAGE_CACHE, _binary, new_phone, running_studio
from test_studio import axe_violations

PASSWORD = "correct horse battery"
DEFAULT_CATALOG = os.path.join(os.path.dirname(__file__), "..", "..", "Sources", "ExpoCatalog", "Resources", "DefaultCatalog")


def git(catalog, *arguments):
    return subprocess.run(["git", "-C", catalog, *arguments], check=True, capture_output=True, text=True).stdout


def copy_in_git(catalog):
    """A copy of the default catalog at `catalog`, committed to a git repository of its own,
    so a test can ask `git status` and `git diff` what the studio changed."""
    shutil.copytree(DEFAULT_CATALOG, catalog)
    git(catalog, "init", "-q")
    git(catalog, "add", "-A")
    git(catalog, "-c", "user.name=test", "-c", "user.email=test@example.org", "commit", "-qm", "catalog")


@pytest.fixture(scope="module")
def editing():
    """`expo1900 studio` on a copy of the default catalog kept in git, with an editor named
    김민지 and a contributor named 박서준, exporting each publish; yields (URL, catalog
    folder, export folder)."""
    root = tempfile.mkdtemp(prefix="expo1900-studio-editing-")
    catalog, state, export = os.path.join(root, "catalog"), os.path.join(root, "state"), os.path.join(root, "site")
    copy_in_git(catalog)
    for name, role in [("김민지", "editor"), ("박서준", "contributor")]:
        subprocess.run([_binary(), "users", "add", name, "--role", role, "--state", state],
                       input=PASSWORD + "\n", text=True, check=True, capture_output=True)
    try:
        with running_studio("--catalog", catalog, "--state", state, "--export", export) as url:
            yield url, catalog, export
    finally:
        shutil.rmtree(root, ignore_errors=True)


def log_in(page, url, name="김민지"):
    page.goto(url + "/studio/login")
    page.fill("#name", name)
    page.fill("#password", PASSWORD)
    page.click("button[type=submit]")
    page.wait_for_url(url + "/studio/")


def changed_lines(catalog):
    """The catalog's `git diff`, and the lines it takes out and puts in."""
    changed = git(catalog, "diff", "--unified=0")
    return changed, [line for line in changed.splitlines() if line[:1] in "+-" and not line.startswith(("+++", "---"))]


def edit_and_publish(page, url, path, field, text):
    """Sets one text of the form at `path`, saves it, and publishes it from that page."""
    page.goto(url + path)
    page.fill(f"[name='{field}']", text)
    page.click("form.exhibit button[type=submit]")
    page.click("form[action='/studio/publish'] button")
    assert "게시했습니다" in page.inner_text("[role=status]")


def public_text(page, url, path):
    """The page's text, its head's description included (where the short text is)."""
    page.goto(url + path)
    return page.content()


def test_an_edit_is_previewed_published_into_its_entry_and_reverted(browser, editing):
    url, catalog, export = editing
    context = new_phone(browser)
    page = context.new_page()
    try:
        log_in(page, url)
        page.click("main a[href='/studio/exhibits']")
        page.fill("#q", "해금")
        page.click("form.search button")
        page.click("a[href='/studio/exhibits/haegeum']")
        page.fill("[name='f.ko.short_desc']", "활로 줄을 켜는 두 줄 현악기")
        page.fill("[name='f.en.short_desc']", "A two-stringed fiddle played with a bow")
        page.click("form.exhibit button[type=submit]")
        assert "초안을 저장했습니다." in page.inner_text("[role=status]")

        page.click("a[href='/studio/preview/items/haegeum/']")
        assert "활로 줄을 켜는 두 줄 현악기" in page.content()
        page.goto(url + "/studio/preview/en/items/haegeum/")
        assert "A two-stringed fiddle played with a bow" in page.content()
        assert "활로 줄을 켜는 두 줄 현악기" not in public_text(page, url, "/items/haegeum/")
        assert git(catalog, "status", "--porcelain") == "", "a draft leaves the catalog's files as they were"

        page.goto(url + "/studio/publish")
        page.click("form[action='/studio/publish'] button")
        assert "게시했습니다" in page.inner_text("[role=status]")
        assert "활로 줄을 켜는 두 줄 현악기" in public_text(page, url, "/items/haegeum/")
        assert "A two-stringed fiddle played with a bow" in public_text(page, url, "/en/items/haegeum/")
        changed, lines = changed_lines(catalog)
        assert len(lines) == 4, f"one line out and one in, in each of two files:\n{changed}"
        assert sorted(git(catalog, "diff", "--name-only").split()) == ["items.en.json", "items.json"]
        assert all("short_desc" in line for line in lines), changed
        # --export: the static site is written again with the change, whole, beside the live guide.
        exported = os.path.join(export, "items", "haegeum", "index.html")
        deadline = time.time() + 60
        while time.time() < deadline and not (os.path.exists(exported) and "활로 줄을 켜는 두 줄 현악기" in open(exported).read()):
            time.sleep(0.1)
        assert "활로 줄을 켜는 두 줄 현악기" in open(exported).read(), "the publish reached the export"
        assert not [name for name in os.listdir(export) if "studio" in name.lower()]

        page.goto(url + "/studio/exhibits/haegeum/history")
        page.click("form[action='/studio/exhibits/haegeum/revert'] button")
        assert "되돌렸습니다" in page.inner_text("[role=status]")
        assert git(catalog, "diff") == "", "the revert puts back every byte"
        assert "활로 줄을 켜는 두 줄 현악기" not in public_text(page, url, "/items/haegeum/")
    finally:
        context.close()


def exported_with(export, path, text, timeout=60):
    """Waits until the export's page at `path` holds `text` and the export is done."""
    page, marker = os.path.join(export, path, "index.html"), os.path.join(export, ".expo1900-export")
    deadline = time.time() + timeout
    while time.time() < deadline:
        if os.path.exists(page) and text in open(page, encoding="utf-8").read() \
                and "being updated" not in open(marker, encoding="utf-8").read():
            return
        time.sleep(0.1)
    raise AssertionError(f"{text!r} did not reach {page} within {timeout} s")


def files_of(root):
    """Each regular file under `root`: its inode, modification time and bytes."""
    found = {}
    for folder, _, names in os.walk(root):
        for name in names:
            path = os.path.join(folder, name)
            status = os.lstat(path)
            with open(path, "rb") as file:
                found[os.path.relpath(path, root)] = (status.st_ino, status.st_mtime_ns, file.read())
    return found


def test_a_publish_updates_the_export_in_place_as_a_whole_export_would_write_it(browser, editing, tmp_path):
    """After a first publish (written whole), a second one that changes one text is written
    into the export in place: the folder is the same folder, a few files are written and
    every other keeps its inode and time, and the result is byte for byte `expo1900 export`."""
    url, catalog, export = editing
    context = new_phone(browser)
    page = context.new_page()
    try:
        log_in(page, url)
        page.goto(url + "/studio/exhibits/bangjja")
        original = page.input_value("[name='f.ko.short_desc']")
        # The recordings the studio had still to make join the guide after it answers, and the
        # export holds them from the next publish on: waited for, so that both exports hold them.
        whole = str(tmp_path / "whole")
        subprocess.run([_binary(), "export", whole, "--catalog", catalog, "--image-cache", IMAGE_CACHE], check=True, capture_output=True)
        for name in [name for name in os.listdir(os.path.join(whole, "audio")) if name.endswith(".m4a")]:
            deadline = time.time() + 120
            while page.request.get(f"{url}/audio/{name}").status != 200 and time.time() < deadline:
                time.sleep(0.5)
        edit_and_publish(page, url, "/studio/exhibits/bangjja", "f.ko.short_desc", "첫 게시로 고친 방짜 유기 설명")
        exported_with(export, "items/bangjja", "첫 게시로 고친 방짜 유기 설명")
        folder, before = os.stat(export).st_ino, files_of(export)
        edit_and_publish(page, url, "/studio/exhibits/bangjja", "f.ko.short_desc", "두 번째 게시로 고친 방짜 유기 설명")
        exported_with(export, "items/bangjja", "두 번째 게시로 고친 방짜 유기 설명")
        after = files_of(export)
        assert os.stat(export).st_ino == folder, "updated in place, not a new folder moved in"
        written = sorted(name for name, (inode, mtime, _) in after.items() if before.get(name, (0, 0))[:2] != (inode, mtime))
        assert "items/bangjja/index.html" in written
        assert 0 < len(written) < len(after) // 4, f"{len(written)} of {len(after)} files written: {written}"

        subprocess.run([_binary(), "export", whole, "--catalog", catalog, "--image-cache", IMAGE_CACHE], check=True, capture_output=True)
        reference = files_of(whole)
        assert sorted(after) == sorted(reference), (sorted(set(after) - set(reference)), sorted(set(reference) - set(after)))
        assert [name for name in reference if reference[name][2] != after[name][2]] == []
        # The text as it was, for the tests that look at the catalog's changes after this one.
        edit_and_publish(page, url, "/studio/exhibits/bangjja", "f.ko.short_desc", original)
        assert "items.json" not in git(catalog, "diff", "--name-only").split()
    finally:
        context.close()


def test_a_catalog_kept_in_a_spreadsheet_stays_one(browser, tmp_path):
    """The default catalog converted to spreadsheets: an edit published from the studio is
    written into items.csv, into the one row it is about, and reverted byte for byte."""
    catalog, state = str(tmp_path / "catalog"), str(tmp_path / "state")
    subprocess.run([_binary(), "convert", DEFAULT_CATALOG, "--to", "csv", "--output", catalog], check=True, capture_output=True)
    git(catalog, "init", "-q")
    git(catalog, "add", "-A")
    git(catalog, "-c", "user.name=test", "-c", "user.email=test@example.org", "commit", "-qm", "catalog")
    subprocess.run([_binary(), "users", "add", "김민지", "--role", "editor", "--state", state],
                   input=PASSWORD + "\n", text=True, check=True, capture_output=True)
    server = subprocess.Popen([_binary(), "studio", "--port", "0", "--catalog", catalog, "--state", state, "--image-cache", IMAGE_CACHE],
                              stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
    context = new_phone(browser)
    try:
        url = re.match(r"Expo1900 is serving (http://\S+)", server.stdout.readline()).group(1)
        page = context.new_page()
        log_in(page, url)
        edit_and_publish(page, url, "/studio/exhibits/haegeum", "f.en.short_desc", "A fiddle, played with a bow, of \"two strings\"")
        assert "A fiddle, played with a bow, of &quot;two strings&quot;" in public_text(page, url, "/en/items/haegeum/")
        assert git(catalog, "diff", "--name-only").split() == ["items.csv"]
        changed, lines = changed_lines(catalog)
        assert len(lines) == 2 and all(line[1:].startswith("haegeum,") for line in lines), changed
        assert '"A fiddle, played with a bow, of ""two strings"""' in lines[1], changed
        page.goto(url + "/studio/exhibits/haegeum/history")
        page.click("form[action='/studio/exhibits/haegeum/revert'] button")
        assert "되돌렸습니다" in page.inner_text("[role=status]")
        assert git(catalog, "diff") == "", "the revert puts back every byte"
        # The exposition's texts are exposition.csv's rows, one field to a row.
        edit_and_publish(page, url, "/studio/exposition", "f.en.location", "Paris, on the Seine")
        assert "Paris, on the Seine" in public_text(page, url, "/en/")
        assert git(catalog, "diff", "--name-only").split() == ["exposition.csv"]
        changed, lines = changed_lines(catalog)
        assert len(lines) == 2 and lines[1].startswith('+location.en,"Paris, on the Seine"'), changed
    finally:
        context.close()
        server.terminate()
        server.wait(timeout=10)


def test_two_people_saving_one_exhibit(browser, editing):
    url, _, _ = editing
    first, second = new_phone(browser), new_phone(browser)
    try:
        minji, seojun = first.new_page(), second.new_page()
        log_in(minji, url, "김민지")
        log_in(seojun, url, "박서준")
        for page in (minji, seojun):
            page.goto(url + "/studio/exhibits/najeon")
        minji.fill("[name='f.ko.short_desc']", "김민지가 고친 설명")
        minji.click("form.exhibit button[type=submit]")
        seojun.fill("[name='f.ko.short_desc']", "박서준이 고친 설명")
        seojun.click("form.exhibit button[type=submit]")
        alert = seojun.locator("[role=alert]")
        assert "저장하지 않았습니다" in alert.inner_text() and "김민지" in alert.inner_text()
        assert seojun.input_value("[name='f.ko.short_desc']") == "박서준이 고친 설명", "their own text stays in the form"
        assert "김민지가 고친 설명" in seojun.inner_text(".theirs")
        described = seojun.get_attribute("[name='f.ko.short_desc']", "aria-describedby")
        assert described and "theirs" in described, "a screen reader hears the other text with the field"
    finally:
        first.close()
        second.close()


@pytest.mark.parametrize("color_scheme", ["light", "dark"])
def test_axe_finds_no_violations_on_the_editing_pages(browser, editing, color_scheme):
    url, _, _ = editing
    axe = Axe()
    context = new_phone(browser, color_scheme=color_scheme)
    page = context.new_page()
    failures = []
    try:
        def check(name):
            failures.extend(axe_violations(axe, page, name, color_scheme))
        log_in(page, url)
        for path, name in [("/studio/exhibits", "list"), ("/studio/exhibits?q=%EC%A7%81%EC%A7%80", "list searched"),
                           ("/studio/exhibits/jikji", "exhibit form"), ("/studio/publish", "publish"),
                           ("/studio/exhibits/jikji/history", "history"), ("/studio/exposition", "exposition form"),
                           ("/studio/tours", "tours form"), ("/studio/floors", "floors form"),
                           ("/studio/exhibits/jikji/place", "place on the plan"),
                           ("/studio/tour-stops/printed-word?q=%EA%B0%93", "a tour's stops, searched"),
                           ("/studio/translations", "translations"), ("/studio/import", "import")]:
            page.goto(url + path)
            check(name)
        # The photos' report after a file taken and one refused, and a pin moved.
        page.goto(url + "/studio/exhibits/jikji")
        page.set_input_files("#photo-files", [{"name": "junk.png", "mimeType": "image/png", "buffer": b"junk"}])
        page.click("section.photos:not(.recordings) form.upload:not(.replace) button[type=submit]")
        page.locator(".upload-report li").first.wait_for()
        check("exhibit form with an upload's report")
        page.goto(url + "/studio/exhibits/jikji/place")
        page.focus(".plan-figure:not([hidden]) .pin")
        page.keyboard.press("ArrowRight")
        check("place with the pin moved")
        page.goto(url + "/studio/exhibits/geomungo")
        page.fill("[name='f.ko.desc']", "")
        page.click("form.exhibit button[type=submit]")
        check("exhibit form with a message at a field")
        page.goto(url + "/studio/publish")
        check("publish with a draft and its checks")
        # A spreadsheet waiting, with a warning (an unknown column) and what it would remove.
        page.goto(url + "/studio/import")
        page.set_input_files("#sheets", [{"name": "items.csv", "mimeType": "text/csv",
                                          "buffer": "image_name,name,colour\njikji,직지,red\n".encode()}])
        page.click("form.upload button[type=submit]")
        page.locator("#waiting").wait_for()
        check("import with a spreadsheet waiting")
        page.click("form[action='/studio/import/drop'] button")
    finally:
        context.close()
    assert not failures, "\n".join(failures)


def log_in_webkit(webkit, url):
    """Logs 김민지 in through WebKit's form; returns a time limit for what follows."""
    from selenium.webdriver.common.by import By

    webkit.get(url + "/studio/login")
    webkit.find_element(By.ID, "name").send_keys("김민지")
    webkit.find_element(By.ID, "password").send_keys(PASSWORD)
    webkit.find_element(By.CSS_SELECTOR, "button[type=submit]").click()
    deadline = time.time() + 10
    while not webkit.current_url.endswith("/studio/") and time.time() < deadline:
        time.sleep(0.05)
    return deadline


def test_the_flow_in_webkit(webkit, editing):
    from selenium.webdriver.common.by import By

    url, catalog, export = editing
    deadline = log_in_webkit(webkit, url)
    webkit.get(url + "/studio/exhibits/woodshoes")
    field = webkit.find_element(By.NAME, "f.en.name")
    field.clear()
    field.send_keys("Wooden shoes (namaksin)")
    webkit.find_element(By.CSS_SELECTOR, "form.exhibit button[type=submit]").click()
    while "done=saved" not in webkit.current_url and time.time() < deadline + 10:
        time.sleep(0.05)
    webkit.get(url + "/studio/preview/en/items/woodshoes/")
    assert "Wooden shoes (namaksin)" in webkit.page_source
    # This exhibit alone, from its page: the other tests leave drafts of their own.
    webkit.get(url + "/studio/exhibits/woodshoes")
    webkit.find_element(By.CSS_SELECTOR, "form[action='/studio/publish'] button").click()
    while "게시했습니다" not in webkit.find_element(By.TAG_NAME, "main").text and time.time() < deadline + 20:
        time.sleep(0.05)
    webkit.get(url + "/en/items/woodshoes/")
    assert "Wooden shoes (namaksin)" in webkit.page_source
    assert git(catalog, "diff", "--name-only").split() == ["items.en.json"]
    git(catalog, "checkout", "--", ".")


def webkit_axe_violations(webkit, name):
    """axe's findings on the page WebKit shows, one line each, named for the report."""
    import json

    from axe_playwright_python import sync_playwright as axe_package

    from test_accessibility import RULES

    webkit.execute_script(open(os.path.join(os.path.dirname(axe_package.__file__), "axe.min.js")).read())
    found = webkit.execute_async_script(
        "const done = arguments[arguments.length - 1];"
        f"axe.run(document, {json.dumps(RULES)}).then(r => done(r.violations.map(v => v.id + ': ' + v.help)));")
    return [f"{name}: {line}" for line in found]


@pytest.mark.parametrize("color_scheme", ["light", "dark"])
def test_axe_finds_no_violations_on_the_studio_pages_in_webkit(request, editing, color_scheme):
    """axe in WebKit, on every studio page a person walks through, in light and in dark (a
    second WebKit, started with GTK's dark theme: WebKitGTK takes the colour scheme from it)."""
    webkit = request.getfixturevalue("webkit" if color_scheme == "light" else "webkit_dark")
    url, _, _ = editing
    log_in_webkit(webkit, url)
    failures = []
    for path in ["/studio/", "/studio/exposition", "/studio/tours", "/studio/floors", "/studio/exhibits", "/studio/exhibits/jikji", "/studio/exhibits/jikji/history", "/studio/exhibits/jikji/place",
                 "/studio/tour-stops/printed-word?q=%EA%B0%93", "/studio/translations",
                 "/studio/publish", "/studio/import"]:
        webkit.get(url + path)
        scheme = "dark" if webkit.execute_script("return matchMedia('(prefers-color-scheme: dark)').matches") else "light"
        assert scheme == color_scheme, f"{path}: WebKit showed the {scheme} scheme, not the {color_scheme} one"
        failures += webkit_axe_violations(webkit, f"{path} [webkit, {color_scheme}]")
    assert not failures, "\n".join(failures)
