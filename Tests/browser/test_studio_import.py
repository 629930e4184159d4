"""Whole catalogs in and out of the studio, in Chromium and WebKit: a spreadsheet sent
through the import page's file field, shown as what it adds, changes and removes, seen in
its preview, taken into the catalog and seen on the public page; the catalog then
downloaded as a zip that loads, unpacked, as the same guide (the same export, byte for
byte). axe on the import page with a spreadsheet waiting."""
import csv
import filecmp
import io
import json
import os
import subprocess
import time
import zipfile

from conftest import IMAGE_CACHE, _binary, new_phone
from test_studio_editing import editing, log_in, log_in_webkit, webkit_axe_violations  # noqa: F401 (a fixture, used by name)


def catalog_sheet(catalog, tmp_path, change):
    """The catalog's items as `expo1900 convert` writes them, with `change(rows)` made, as CSV bytes."""
    out = tmp_path / "converted"
    subprocess.run([_binary(), "convert", catalog, "--to", "csv", "--output", str(out)], check=True, capture_output=True)
    rows = list(csv.reader(io.StringIO((out / "items.csv").read_text(encoding="utf-8-sig"))))
    change(rows)
    text = io.StringIO()
    csv.writer(text, lineterminator="\r\n").writerows(rows)
    return text.getvalue().encode("utf-8")


def renamed(new_name):
    def change(rows):
        name = rows[0].index("name")
        ids = rows[0].index("image_name")
        row = next(r for r in rows[1:] if r[ids] == "jikji")
        row[name] = new_name
    return change


def export(binary, catalog, destination):
    subprocess.run([binary, "export", str(destination), "--catalog", str(catalog), "--image-cache", IMAGE_CACHE],
                   check=True, capture_output=True)


def same_tree(left, right):
    """Every file in one tree is in the other with the same bytes; the first difference, or None."""
    comparison = filecmp.dircmp(left, right)
    if comparison.left_only or comparison.right_only:
        return f"only in one: {comparison.left_only[:5]} {comparison.right_only[:5]}"
    _, mismatch, errors = filecmp.cmpfiles(left, right, comparison.common_files, shallow=False)
    if mismatch or errors:
        return f"different: {(mismatch + errors)[:5]}"
    for sub in comparison.common_dirs:
        found = same_tree(os.path.join(left, sub), os.path.join(right, sub))
        if found:
            return f"{sub}/: {found}"
    return None


def test_a_spreadsheet_is_imported_then_the_zip_loads_as_the_same_guide(browser, editing, tmp_path):
    url, catalog, _ = editing
    context = new_phone(browser)
    page = context.new_page()
    try:
        log_in(page, url)
        page.goto(f"{url}/studio/")
        page.click("a[href='/studio/import']")
        sheet = catalog_sheet(catalog, tmp_path, renamed("직지심체요절 (가져옴)"))
        before = open(os.path.join(catalog, "items.json"), "rb").read()
        page.set_input_files("#sheets", [{"name": "목록.csv", "mimeType": "text/csv", "buffer": sheet}])
        page.click("form.upload button[type=submit]")
        page.locator("#waiting").wait_for()
        counts = page.inner_text(".counts")
        assert "변경 1" in counts and "추가 0" in counts and "삭제 0" in counts, counts
        assert open(os.path.join(catalog, "items.json"), "rb").read() == before, "nothing is written before it is taken"
        page.click(f"a[href='/studio/import/preview/']")
        page.goto(f"{url}/studio/import/preview/items/jikji/")
        assert "직지심체요절 (가져옴)" in page.content()
        page.goto(f"{url}/studio/import")
        page.click("form[action='/studio/import/take'] button")
        assert "반영했습니다" in page.inner_text("[role=status]")
        page.goto(f"{url}/items/jikji/")
        assert "직지심체요절 (가져옴)" in page.content(), "visitors see it"

        page.goto(f"{url}/studio/import")
        with page.expect_download() as download:
            page.click("a[href='/studio/catalog.zip']")
        zip_path = tmp_path / "catalog.zip"
        download.value.save_as(zip_path)
        unpacked = tmp_path / "unpacked"
        with zipfile.ZipFile(zip_path) as archive:
            assert archive.testzip() is None, "every file's CRC is right"
            archive.extractall(unpacked)
        export(_binary(), catalog, tmp_path / "from-folder")
        export(_binary(), unpacked, tmp_path / "from-zip")
        difference = same_tree(tmp_path / "from-folder", tmp_path / "from-zip")
        assert difference is None, f"the zip's guide differs from the folder's: {difference}"
    finally:
        context.close()


def test_a_spreadsheet_is_imported_in_webkit(webkit, editing, tmp_path):
    from selenium.webdriver.common.by import By

    url, catalog, _ = editing
    deadline = log_in_webkit(webkit, url) + 20
    path = tmp_path / "items.csv"
    path.write_bytes(catalog_sheet(catalog, tmp_path, renamed("직지 (WebKit)")))
    webkit.get(f"{url}/studio/import")
    webkit.find_element(By.ID, "sheets").send_keys(str(path))
    webkit.find_element(By.CSS_SELECTOR, "form.upload button[type=submit]").click()
    while not webkit.find_elements(By.ID, "waiting") and time.time() < deadline:
        time.sleep(0.1)
    assert "변경 1" in webkit.find_element(By.CSS_SELECTOR, ".counts").text
    failures = webkit_axe_violations(webkit, "import with a spreadsheet waiting [webkit]")
    assert not failures, "\n".join(failures)
    webkit.find_element(By.CSS_SELECTOR, "form[action='/studio/import/take'] button").click()
    while "반영했습니다" not in webkit.find_element(By.TAG_NAME, "main").text and time.time() < deadline:
        time.sleep(0.1)
    items = json.load(open(os.path.join(catalog, "items.json"), encoding="utf-8"))
    assert next(item for item in items if item["image_name"] == "jikji")["name"] == "직지 (WebKit)"
    webkit.get(f"{url}/items/jikji/")
    assert "직지 (WebKit)" in webkit.page_source


def test_the_exposition_sheet_sent_with_the_exhibits_is_previewed_and_taken(browser, editing, tmp_path):
    """The sheets a museum downloads, sent back together: the exhibits' rows are read row by
    row and the exposition's sheet with the folder; both changes are counted, previewed and
    taken."""
    url, catalog, _ = editing
    items = catalog_sheet(catalog, tmp_path, renamed("직지 (두 장)"))
    exposition = (tmp_path / "converted" / "exposition.csv").read_text(encoding="utf-8-sig")
    assert "파리 만국박람회 1900" in exposition
    exposition = exposition.replace("파리 만국박람회 1900", "파리 만국박람회 (두 장)", 1).encode("utf-8")
    context = new_phone(browser)
    page = context.new_page()
    try:
        log_in(page, url)
        page.goto(f"{url}/studio/import")
        page.set_input_files("#sheets", [{"name": "items.csv", "mimeType": "text/csv", "buffer": items},
                                         {"name": "exposition.csv", "mimeType": "text/csv", "buffer": exposition}])
        page.click("form.upload button[type=submit]")
        page.locator("#waiting").wait_for()
        counts = page.inner_text(".counts")
        assert "변경 2" in counts and "추가 0" in counts and "삭제 0" in counts, counts
        assert "exposition.csv" in page.inner_text("#waiting") and "items.csv" in page.inner_text("#waiting")
        page.goto(f"{url}/studio/import/preview/")
        assert "(두 장)" in page.inner_text("h1"), "the preview shows the exposition's sheet"
        page.goto(f"{url}/studio/import/preview/items/jikji/")
        assert "직지 (두 장)" in page.inner_text("h1"), "and the exhibits' rows"
        page.goto(f"{url}/")
        assert "(두 장)" not in page.content(), "visitors see nothing before it is taken"
        page.goto(f"{url}/studio/import")
        page.click("form[action='/studio/import/take'] button")
        assert "반영했습니다" in page.inner_text("[role=status]")
        page.goto(f"{url}/")
        assert "(두 장)" in page.inner_text("h1")
        page.goto(f"{url}/items/jikji/")
        assert "직지 (두 장)" in page.inner_text("h1")
    finally:
        context.close()
