"""The whole studio walked as staff walk it, in Chromium and in WebKit, on a phone and on a
desktop: log in, the list, a search, an exhibit's form, a draft, its preview, a photo, a
place set with the keyboard, a tour, the translations, the publish page, the history and a
revert, the accounts (add one, change its role, set its password, remove it), the audit
log, the dashboard, and log out. Each page is checked by what it shows (the words are
read from the studio's own interface files, so the checks hold in either language), by
axe, and for sideways scrolling."""
import json
import os
import shutil
import subprocess
import tempfile
import struct
import time
import zlib
from urllib.parse import urlparse

import pytest
from axe_playwright_python.sync_playwright import Axe

from conftest import _binary, new_phone, running_studio
from test_accessibility import RULES
from test_studio_editing import copy_in_git, git, webkit_axe_violations

PASSWORD = "correct horse battery"
ADMIN = "walker"
INTERFACE = os.path.join(os.path.dirname(__file__), "..", "..", "Sources", "ExpoStudio", "Resources", "Interface")
SIZES = {"phone": (390, 844), "desktop": (1280, 900)}
def png(width=64, height=48):
    """A real PNG: the studio's photo pipeline reads it as a phone's photo would be."""
    def chunk(kind, data):
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data) & 0xFFFFFFFF)
    rows = b"".join(b"\x00" + bytes(v for x in range(width) for v in (x * 4 % 256, y * 5 % 256, 120)) for y in range(height))
    return (b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0))
            + chunk(b"IDAT", zlib.compress(rows)) + chunk(b"IEND", b""))


def words(language):
    with open(os.path.join(INTERFACE, f"{language}.json"), encoding="utf-8") as file:
        return json.load(file)


def fill(text, **fillings):
    for name, value in fillings.items():
        text = text.replace("{" + name + "}", value)
    return text


@pytest.fixture
def walk_studio():
    """A studio of its own for each walk, on a copy of the default catalog kept in git."""
    root = tempfile.mkdtemp(prefix="expo1900-studio-walk-")
    catalog, state = os.path.join(root, "catalog"), os.path.join(root, "state")
    copy_in_git(catalog)
    subprocess.run([_binary(), "users", "add", ADMIN, "--role", "admin", "--state", state],
                   input=PASSWORD + "\n", text=True, check=True, capture_output=True)
    try:
        with running_studio("--catalog", catalog, "--state", state) as url:
            yield url, catalog
    finally:
        shutil.rmtree(root, ignore_errors=True)


class ChromiumWalker:
    def __init__(self, page, url):
        self.page, self.url, self.axe = page, url, Axe()

    def go(self, path):
        self.page.goto(self.url + path)

    def path(self):
        parsed = urlparse(self.page.url)
        return parsed.path + ("?" + parsed.query if parsed.query else "")

    def fill(self, css, text):
        self.page.fill(css, text)

    def click(self, css):
        self.page.locator(css).first.click()
        self.page.wait_for_load_state()

    def text(self, css="main"):
        return self.page.locator(css).first.inner_text()

    def texts(self, css):
        return self.page.locator(css).all_inner_texts()

    def count(self, css):
        return self.page.locator(css).count()

    def visible(self, css):
        return self.page.locator(css).first.is_visible()

    def value(self, css):
        return self.page.input_value(css)

    def select(self, css, value):
        self.page.select_option(css, value)

    def keys(self, css, *keys):
        self.page.focus(css)
        for key in keys:
            self.page.keyboard.press(key)

    def upload(self, css, name, data):
        self.page.set_input_files(css, [{"name": name, "mimeType": "image/png", "buffer": data}])

    def wait_for(self, css):
        self.page.locator(css).first.wait_for(timeout=30000)

    def tap(self, css):
        """A click that loads no page (a menu opening)."""
        self.page.locator(css).first.click()

    def script(self, code):
        return self.page.evaluate(code)

    def violations(self, name):
        return [f"{name}: {v['id']}: {v['help']}" for v in self.axe.run(self.page, options=RULES).response["violations"]]


class WebKitWalker:
    def __init__(self, driver, url):
        from selenium.webdriver.common.by import By
        self.driver, self.url, self.by = driver, url, By

    def _all(self, css):
        return self.driver.find_elements(self.by.CSS_SELECTOR, css)

    def _one(self, css):
        deadline = time.time() + 15
        while time.time() < deadline:
            found = self._all(css)
            if found:
                return found[0]
            time.sleep(0.05)
        raise AssertionError(f"no {css} on {self.driver.current_url}")

    def go(self, path):
        self.driver.get(self.url + path)

    def path(self):
        parsed = urlparse(self.driver.current_url)
        return parsed.path + ("?" + parsed.query if parsed.query else "")

    def fill(self, css, text):
        element = self._one(css)
        element.clear()
        element.send_keys(text)

    def click(self, css):
        # A click that loads a new page: wait for the old document to go, then for the new one.
        self.driver.execute_script("window.__walking = true")
        self._one(css).click()
        deadline = time.time() + 30
        while time.time() < deadline:
            try:
                if self.driver.execute_script("return window.__walking !== true && document.readyState === 'complete'"):
                    return
            except Exception:  # the page is between documents
                pass
            time.sleep(0.05)
        raise AssertionError(f"clicking {css} loaded no page")

    def text(self, css="main"):
        return self._one(css).text

    def texts(self, css):
        return [element.text for element in self._all(css)]

    def count(self, css):
        return len(self._all(css))

    def visible(self, css):
        found = self._all(css)
        return bool(found) and found[0].is_displayed()

    def value(self, css):
        return self._one(css).get_attribute("value")

    def select(self, css, value):
        from selenium.webdriver.support.ui import Select
        Select(self._one(css)).select_by_value(value)

    def keys(self, css, *keys):
        from selenium.webdriver.common.keys import Keys
        element = self._one(css)
        self.driver.execute_script("arguments[0].focus()", element)
        names = {"ArrowRight": Keys.ARROW_RIGHT, "ArrowDown": Keys.ARROW_DOWN, "ArrowLeft": Keys.ARROW_LEFT, "ArrowUp": Keys.ARROW_UP}
        for key in keys:
            element.send_keys(names[key])

    def upload(self, css, name, data):
        folder = tempfile.mkdtemp(prefix="expo1900-walk-upload-")
        path = os.path.join(folder, name)
        with open(path, "wb") as file:
            file.write(data)
        self._one(css).send_keys(path)

    def wait_for(self, css):
        self._one(css)

    def tap(self, css):
        """A click that loads no page (a menu opening)."""
        self._one(css).click()

    def script(self, code):
        return self.driver.execute_script("return " + code)

    def violations(self, name):
        return webkit_axe_violations(self.driver, name)


def walk(walker, catalog, width):
    """The walk itself; returns what axe and the width check found, one line a finding."""
    findings = []

    def look(name):
        """Every page on the way: axe finds nothing, and nothing scrolls sideways."""
        findings.extend(walker.violations(name))
        wide = walker.script("document.documentElement.scrollWidth")
        if wide > width:
            findings.append(f"{name}: the page is {wide} px wide on a {width} px screen")

    def menu(link):
        """The menu's link, opening the menu first where it is folded away (a phone)."""
        if not walker.visible(f".menu a[href='{link}']"):
            walker.tap(".menu summary")
            assert walker.visible(f".menu a[href='{link}']"), f"the menu opened and shows {link}"
        walker.click(f".menu a[href='{link}']")

    walker.go("/studio/")
    assert walker.path() == "/studio/login", "the studio asks who you are first"
    t = words(walker.script("document.documentElement.lang"))
    assert walker.text("h1") == t["log_in_heading"]
    look("login")
    walker.fill("#name", ADMIN)
    walker.fill("#password", PASSWORD)
    walker.click("form.login button[type=submit]")
    assert walker.path() == "/studio/"
    assert walker.text("h1") == t["home_heading"]
    assert fill(t["exhibit_count"], count="13", languages="ko, en") in walker.text()
    if width < 600:
        assert not walker.visible(".menu nav"), "on a phone the menu is folded away"
    look("home")

    # The list, then a search with the guide's own search.
    menu("/studio/exhibits")
    assert walker.count("main tbody tr") == 13
    assert fill(t["all_count"], count="13") in walker.text()
    look("list")
    walker.fill("#q", "해금")
    walker.click("form.search button")
    rows = walker.texts("main tbody tr")
    assert len(rows) == 1 and "haegeum" in rows[0], rows
    look("search")

    # The exhibit's form: its name in the interface's language, the texts before the media.
    walker.click("a[href='/studio/exhibits/haegeum']")
    name = {"ko": "해금", "en": "Haegeum"}[walker.script("document.documentElement.lang")]
    assert walker.text("h1") == name
    assert walker.script("document.querySelector('form.exhibit').compareDocumentPosition(document.querySelector('section.photos')) "
                         "& Node.DOCUMENT_POSITION_FOLLOWING") != 0, "the texts come before the photos"
    assert walker.text("main > p:nth-of-type(2)") == t["no_draft"]
    look("exhibit")

    # A draft: saved, said so, seen in the preview with the bar that says it is a draft, not on the public page.
    draft = "A two-stringed fiddle, as the walk wrote it"
    walker.fill("[name='f.en.short_desc']", draft)
    walker.click("form.exhibit .save-bar button")
    assert t["saved"] in walker.text("[role=status]")
    assert ADMIN in walker.text()
    look("exhibit with a draft")
    # A short text shows on the list of exhibits.
    walker.go("/studio/preview/en/items/")
    assert draft in walker.text("body")
    assert walker.text(".studio-preview-bar").startswith(t["preview_bar"])
    walker.go("/studio/preview/en/items/haegeum/")
    look("preview")
    walker.click(".studio-preview-bar a")
    assert walker.path() == "/studio/exhibits/haegeum", "the preview leads back to its form"
    walker.go("/en/items/")
    assert draft not in walker.text("body"), "the public page does not show a draft"

    # A photo, sent through the exhibit's form.
    walker.go("/studio/exhibits/haegeum")
    photos = walker.count("ol.gallery li")
    walker.upload("#photo-files", "walk.png", png())
    walker.script("document.querySelector('#photo-files').form.requestSubmit()")
    walker.wait_for(".upload-report li")
    assert "walk.png" in walker.text(".upload-report")
    assert walker.count(".upload-report li.error") == 0, walker.text(".upload-report")
    assert walker.count("ol.gallery li") == photos + 1, "the new photo joins the gallery"
    look("exhibit after a photo")

    # Its place on the plan, with the keyboard alone.
    walker.go("/studio/exhibits/haegeum/place")
    assert walker.text("h1") == fill(t["place_heading"], name=name)
    before = float(walker.value("#place-x"))
    walker.keys(".plan-figure:not([hidden]) .pin", "ArrowRight", "ArrowRight")
    after = float(walker.value("#place-x"))
    assert abs(after - before - 2) < 0.01, (before, after)
    look("place")
    walker.click("form.place .actions button")
    assert t["place_saved"] in walker.text("[role=status]")
    assert abs(float(walker.value("#place-x")) - after) < 0.01, "the place is kept in the draft"

    # A tour: the instruments tour gains jikji.
    walker.go("/studio/tour-stops/instruments")
    assert walker.count("ol.tour-stops li") == 4
    walker.fill("#tour-q", "직지")
    walker.click("form.search button")
    walker.click("button[value=add]")
    stops = walker.texts("ol.tour-stops li .photo-name")
    assert len(stops) == 5 and stops[-1].startswith("5."), stops
    # Every row's buttons stand in the same columns.
    lefts = walker.script("[...document.querySelectorAll('ol.tour-stops .row-actions')].map(e => Math.round(e.getBoundingClientRect().left))")
    assert len(set(lefts)) == 1, f"the rows' buttons line up: {lefts}"
    look("tour")

    # The translations: the default catalog lacks none.
    walker.go("/studio/translations")
    assert walker.text("h1") == t["translations_heading"]
    assert t["translations_lead"] in walker.text() or t["translations_none"] in walker.text()
    look("translations")

    # The publish page lists the drafts and their readiness, in words; then everything goes live.
    menu("/studio/publish")
    drafts = walker.texts("ul.drafts li")
    assert any(name in line for line in drafts), drafts
    assert t["readiness_heading"] in walker.text()
    assert ".json[" not in walker.text(), "readiness names the exhibit and the field, not the file"
    look("publish")
    walker.click("form[action='/studio/publish'] button")
    assert fill(t["published"], number="1") in walker.text("[role=status]")
    walker.go("/en/items/")
    assert draft in walker.text("body"), "published, it is on the public page"
    assert "items.en.json" in git(catalog, "status", "--porcelain")

    # The history, and a revert that takes the text back.
    walker.go("/studio/exhibits/haegeum/history")
    assert draft in walker.text("main table")
    look("history")
    walker.click("form[action='/studio/exhibits/haegeum/revert'] button")
    assert walker.path().startswith("/studio/exhibits/haegeum/history")
    assert fill(t["reverted"], number="2") in walker.text("[role=status]")
    walker.go("/en/items/")
    assert draft not in walker.text("body"), "reverted, the public page is as it was"

    # The accounts: the admin listed by name, then one added, its role changed, a password set, and removed.
    walker.go("/studio/")
    menu("/studio/accounts")
    assert walker.texts("main tbody th[scope=row]") == [ADMIN]
    look("accounts")
    walker.fill("#new-name", "bora")
    walker.select("#new-role", "editor")
    walker.fill("#new-password", "another long password")
    walker.click("form.add-account button")
    assert fill(t["account_added"], name="bora") in walker.text("[role=status]")
    assert sorted(walker.texts("main tbody th[scope=row]")) == sorted([ADMIN, "bora"])
    bora = walker.texts("main tbody th[scope=row]").index("bora")
    assert walker.texts("main tbody tr td:nth-of-type(1)")[bora] == t["role_editor"]
    walker.select(f"#role-{bora}", "contributor")
    walker.click(f"#role-{bora} ~ button")
    bora = walker.texts("main tbody th[scope=row]").index("bora")
    assert walker.texts("main tbody tr td:nth-of-type(1)")[bora] == t["role_contributor"]
    walker.fill(f"#password-{bora}", "a third long password")
    walker.click(f"#password-{bora} ~ button")
    assert walker.path() == "/studio/accounts/password", "a password is sent in the body of a POST, never in the address"
    assert fill(t["account_changed"], name="bora") in walker.text("[role=status]")
    bora = walker.texts("main tbody th[scope=row]").index("bora")
    walker.click(f"main tbody tr:nth-of-type({bora + 1}) form[action='/studio/accounts/remove'] button")
    assert walker.texts("main tbody th[scope=row]") == [ADMIN]
    look("accounts after changes")

    # The audit log says what was done to bora, and by whom.
    menu("/studio/audit")
    log = walker.text("main table")
    for action in ["audit_account_added", "audit_role_changed", "audit_password_changed", "audit_account_removed"]:
        assert t[action] in log, action
    look("audit")

    # The dashboard: every day of the range, in the chart and its table.
    menu("/studio/usage")
    assert walker.text("h1") == t["usage_heading"]
    assert walker.count("#usage-views ~ svg.chart rect") == walker.count("section:first-of-type tbody tr") > 1
    look("dashboard")

    # And out.
    if not walker.visible(".logout button"):
        walker.tap(".menu summary")
    walker.click(".logout button")
    assert walker.path() == "/studio/login"
    walker.go("/studio/accounts")
    assert walker.path() == "/studio/login"
    return findings


@pytest.mark.parametrize("size", list(SIZES))
def test_the_studio_walked_in_chromium(browser, walk_studio, size):
    url, catalog = walk_studio
    width, height = SIZES[size]
    context = new_phone(browser, width=width, height=height, mobile=size == "phone")
    try:
        findings = walk(ChromiumWalker(context.new_page(), url), catalog, width)
    finally:
        context.close()
    assert not findings, "\n".join(findings)


@pytest.mark.parametrize("size", list(SIZES))
def test_the_studio_walked_in_webkit(webkit, walk_studio, size):
    url, catalog = walk_studio
    width, height = SIZES[size]
    webkit.set_window_size(width, height)
    try:
        inner = webkit.execute_script("return innerWidth")
        findings = walk(WebKitWalker(webkit, url), catalog, inner)
    finally:
        webkit.set_window_size(375, 667)
    assert not findings, "\n".join(findings)
