"""A new floor added in the studio by sending its plan, in Chromium (a PDF, as architects
export plans, kept as the SVG of its first page) and WebKit (a PNG): drafted, published
into floors.json and the folder, shown on the public map, and ready for a pin."""
import json
import os
import time

from conftest import new_phone
from test_studio_editing import editing, log_in, log_in_webkit  # noqa: F401 (a fixture, used by name)
from test_studio_photos import png_bytes


def pdf_plan():
    """A one-page PDF with a rectangle, written by hand: no PDF library is needed."""
    content = b"0.8 0.6 0.3 rg 40 40 520 320 re f 0 0 0 RG 4 w 40 40 520 320 re S"
    objects = [b"<< /Type /Catalog /Pages 2 0 R >>", b"<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
               b"<< /Type /Page /Parent 2 0 R /MediaBox [0 0 600 400] /Contents 4 0 R >>",
               b"<< /Length %d >>\nstream\n" % len(content) + content + b"\nendstream"]
    out = b"%PDF-1.4\n"
    offsets = []
    for number, body in enumerate(objects, start=1):
        offsets.append(len(out))
        out += b"%d 0 obj\n" % number + body + b"\nendobj\n"
    table = len(out)
    out += b"xref\n0 %d\n0000000000 65535 f \n" % (len(objects) + 1) + b"".join(b"%010d 00000 n \n" % o for o in offsets)
    out += b"trailer\n<< /Size %d /Root 1 0 R >>\nstartxref\n%d\n%%%%EOF\n" % (len(objects) + 1, table)
    return out


def floors(catalog):
    return json.load(open(os.path.join(catalog, "floors.json"), encoding="utf-8"))


def test_a_floor_is_added_by_its_pdf_plan_and_published(browser, editing):
    url, catalog, _ = editing
    context = new_phone(browser)
    page = context.new_page()
    try:
        log_in(page, url)
        page.goto(f"{url}/studio/floors")
        page.fill("#floor-name", "2층 회랑")
        page.fill("#floor-alt", "긴 회랑 하나, 양쪽 벽에 진열장")
        page.set_input_files("#floor-plan", [{"name": "회랑 평면도.pdf", "mimeType": "application/pdf", "buffer": pdf_plan()}])
        page.click("section:has(#new-floor-heading) button[type=submit]")
        page.locator("[role=status]", has_text="2층").first.wait_for()
        page.goto(f"{url}/studio/preview/map/")
        assert "2층 회랑" in page.content()
        page.goto(f"{url}/studio/publish")
        page.click("form[action='/studio/publish'] button")
        assert "게시했습니다" in page.inner_text("[role=status]")
        added = floors(catalog)[-1]
        assert (added["id"], added["name"], added["plan"]) == ("2", "2층 회랑", "plan-2"), added
        assert os.path.exists(os.path.join(catalog, "plan-2.svg")), "the PDF's first page, as SVG"
        page.goto(f"{url}/map/")
        assert "2층 회랑" in page.content()
        page.goto(f"{url}/studio/exhibits/najeon/place")
        assert page.locator("#place-floor option[value='2']").count() == 1, "exhibits can be placed on it"
    finally:
        context.close()


def test_a_floor_is_added_in_webkit(webkit, editing, tmp_path):
    from selenium.webdriver.common.by import By

    url, catalog, _ = editing
    log_in_webkit(webkit, url)
    webkit.get(f"{url}/studio/floors")
    plan = tmp_path / "floor.png"
    plan.write_bytes(png_bytes(120, 80))
    webkit.find_element(By.ID, "floor-name").send_keys("3층")
    webkit.find_element(By.ID, "floor-plan").send_keys(str(plan))
    button = webkit.find_element(By.CSS_SELECTOR, "section:has(#new-floor-heading) button[type=submit]")
    webkit.execute_script("arguments[0].scrollIntoView({block: 'center'})", button)
    button.click()
    deadline = time.time() + 15
    while time.time() < deadline:
        notices = [e.text for e in webkit.find_elements(By.CSS_SELECTOR, "[role=status]")]
        if any("층" in text and "초안" in text for text in notices):
            break
        time.sleep(0.1)
    assert any("초안" in text for text in notices), notices


def test_a_catalog_without_floors_gets_its_first_from_the_studio(browser, webkit, tmp_path):
    """A catalog with no floors.json: the studio's first page offers the first floor, its
    page passes axe in Chromium (light and dark) and WebKit, and the floor sent is drafted,
    then published."""
    import re
    import shutil
    import subprocess

    from axe_playwright_python.sync_playwright import Axe

    from conftest import IMAGE_CACHE, _binary
    from test_studio import axe_violations
    from test_studio_editing import DEFAULT_CATALOG, PASSWORD, webkit_axe_violations

    catalog, state = tmp_path / "catalog", tmp_path / "state"
    shutil.copytree(DEFAULT_CATALOG, catalog)
    for name in ["floors.json", "floors.en.json", "plan-1.svg"]:
        (catalog / name).unlink()
    for name in ["items.json", "items.en.json"]:
        items = json.load(open(catalog / name, encoding="utf-8"))
        for item in items:
            for key in ["floor", "x", "y"]:
                item.pop(key, None)
        json.dump(items, open(catalog / name, "w", encoding="utf-8"), ensure_ascii=False)
    subprocess.run([_binary(), "users", "add", "김민지", "--role", "editor", "--state", str(state)],
                   input=PASSWORD + "\n", text=True, check=True, capture_output=True)
    server = subprocess.Popen([_binary(), "studio", "--port", "0", "--catalog", str(catalog), "--state", str(state),
                               "--image-cache", IMAGE_CACHE], stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
    failures = []
    try:
        url = re.match(r"Expo1900 is serving (http://\S+)", server.stdout.readline()).group(1)
        log_in_webkit(webkit, url)
        webkit.get(f"{url}/studio/floors")
        failures += webkit_axe_violations(webkit, "the first floor [webkit]")
        for scheme in ["light", "dark"]:
            context = new_phone(browser, color_scheme=scheme)
            page = context.new_page()
            log_in(page, url)
            page.click("a[href='/studio/floors']")
            failures += axe_violations(Axe(), page, "the first floor", scheme)
            if scheme == "dark":
                page.fill("#floor-name", "1층 전시실")
                page.set_input_files("#floor-plan", [{"name": "평면도.pdf", "mimeType": "application/pdf", "buffer": pdf_plan()}])
                page.click("section:has(#new-floor-heading) button[type=submit]")
                page.locator("[role=status]", has_text="1층").first.wait_for()
                page.goto(f"{url}/studio/publish")
                page.click("form[action='/studio/publish'] button")
                assert "게시했습니다" in page.inner_text("[role=status]")
                assert [(f["id"], f["name"]) for f in floors(str(catalog))] == [("1", "1층 전시실")]
                page.goto(f"{url}/map/")
                assert "1층 전시실" in page.content()
            context.close()
    finally:
        server.terminate()
        server.wait(timeout=10)
    assert not failures, "\n".join(failures)
