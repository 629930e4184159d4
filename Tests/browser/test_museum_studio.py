"""One studio for a folder of exhibitions (issue 57), in Chromium and WebKit, on a phone, as
staff use it from the real binary (`studio --catalogs`): one login, the list of the
exhibitions a person works on, an edit published in one exhibition that the other never
shows, a refusal in the exhibition someone has no role in, a role given on the accounts
page, and axe on the museum's and an exhibition's pages."""
import os
import shutil
import subprocess
import tempfile
import time

import pytest
from axe_playwright_python.sync_playwright import Axe

from conftest import _binary, new_phone, running_studio
from support import DEFAULT_CATALOG
from test_studio import axe_violations
from test_studio_editing import PASSWORD, git, log_in, log_in_webkit, webkit_axe_violations

ACCOUNTS = [("안나", "admin", None), ("김민지", "editor", "korea"), ("박서준", "contributor", "paris")]


@pytest.fixture(scope="module")
def museum():
    """Two exhibitions made of the default catalog, `korea` and `paris`, each kept in git;
    안나 is admin of both, 김민지 editor in korea, 박서준 contributor in paris. Yields (URL,
    the folder of catalogs, the folder each publish exports the museum to)."""
    root = tempfile.mkdtemp(prefix="expo1900-museum-studio-")
    catalogs = f"{root}/catalogs"
    for name in ("korea", "paris"):
        shutil.copytree(DEFAULT_CATALOG, f"{catalogs}/{name}")
        git(f"{catalogs}/{name}", "init", "-q")
        git(f"{catalogs}/{name}", "add", "-A")
        git(f"{catalogs}/{name}", "-c", "user.name=test", "-c", "user.email=test@example.org", "commit", "-qm", "catalog")
    for name, role, exhibition in ACCOUNTS:
        scope = ["--exhibition", exhibition] if exhibition else []
        subprocess.run([_binary(), "users", "add", name, "--role", role, *scope, "--state", f"{root}/state"],
                       input=PASSWORD + "\n", text=True, check=True, capture_output=True)
    try:
        with running_studio("--catalogs", catalogs, "--state", f"{root}/state", "--export", f"{root}/site") as url:
            yield url, catalogs, f"{root}/site"
    finally:
        shutil.rmtree(root, ignore_errors=True)


def public(page, url, path):
    page.goto(url + path)
    return page.content()


def test_an_editor_of_one_exhibition_edits_and_publishes_there_only(browser, museum):
    url, catalogs, export = museum
    context = new_phone(browser)
    page = context.new_page()
    try:
        log_in(page, url, "김민지")
        # The first page lists the one exhibition she works on, by its title, with her role.
        rows = page.locator(".exhibition-row")
        assert rows.count() == 1
        assert "파리 만국박람회" in rows.first.inner_text() and "korea" in rows.first.inner_text()
        assert page.locator("a[href='/studio/e/paris/']").count() == 0
        page.click("a[href='/studio/e/korea/']")
        page.wait_for_url(url + "/studio/e/korea/")
        assert "korea" in page.inner_text(".brand-exhibition"), "every page says which exhibition it is"

        page.click("main a[href='/studio/e/korea/exhibits']")
        page.click("a[href='/studio/e/korea/exhibits/haegeum']")
        page.fill("[name='f.ko.short_desc']", "서울 전시에서 고친 해금 설명")
        page.click("form.exhibit button[type=submit]")
        assert "초안을 저장했습니다." in page.inner_text("[role=status]")
        page.click("a[href='/studio/e/korea/preview/items/haegeum/']")
        assert "서울 전시에서 고친 해금 설명" in page.content()
        assert page.locator(".studio-preview-bar a").get_attribute("href") == "/studio/e/korea/exhibits/haegeum"
        assert "서울 전시에서 고친 해금 설명" not in public(page, url, "/korea/items/haegeum/")

        page.goto(url + "/studio/e/korea/publish")
        page.click("form[action='/studio/e/korea/publish'] button")
        assert "게시했습니다" in page.inner_text("[role=status]")
        assert "서울 전시에서 고친 해금 설명" in public(page, url, "/korea/items/haegeum/")
        assert "서울 전시에서 고친 해금 설명" not in public(page, url, "/paris/items/haegeum/")
        assert git(f"{catalogs}/paris", "status", "--porcelain") == "", "paris's files are as they were"
        assert git(f"{catalogs}/korea", "diff", "--name-only").split() == ["items.json"]

        # --export: the museum's static site is written again with the change, whole.
        exported = f"{export}/korea/items/haegeum/index.html"
        deadline = time.time() + 60
        while time.time() < deadline and not (os.path.exists(exported) and "서울 전시에서 고친 해금 설명" in open(exported).read()):
            time.sleep(0.5)
        assert "서울 전시에서 고친 해금 설명" in open(exported).read(), "the publish reached the museum's export"
        assert "서울 전시에서 고친 해금 설명" not in open(f"{export}/paris/items/haegeum/index.html").read()
        assert 'href="/korea/"' in open(f"{export}/index.html").read(), "the export has the museum's front page"

        # The exhibition she has no role in is refused, on the server, with the way back.
        answer = page.goto(url + "/studio/e/paris/exhibits/haegeum")
        assert answer.status == 403
        assert "역할이 없습니다" in page.inner_text("h1")
        assert page.locator("main a").get_attribute("href") == "/studio/"
        assert page.goto(url + "/studio/accounts").status == 403

        page.goto(url + "/studio/e/korea/exhibits/haegeum/history")
        page.click("form[action='/studio/e/korea/exhibits/haegeum/revert'] button")
        assert "되돌렸습니다" in page.inner_text("[role=status]")
        assert git(f"{catalogs}/korea", "diff") == ""
    finally:
        context.close()


def test_an_admin_gives_a_role_in_one_exhibition(browser, museum):
    url, _, _ = museum
    admin, contributor = new_phone(browser), new_phone(browser)
    try:
        anna, seojun = admin.new_page(), contributor.new_page()
        log_in(anna, url, "안나")
        assert anna.locator(".exhibition-row").count() == 2, "an admin of every exhibition sees them all"
        log_in(seojun, url, "박서준")
        assert seojun.goto(url + "/studio/e/korea/").status == 403

        anna.goto(url + "/studio/accounts")
        row = anna.locator("tr", has=anna.locator("th", has_text="박서준"))
        assert "paris" in row.locator("td").first.inner_text()
        row.locator("select[name=role]").select_option("editor")
        row.locator("select[name=exhibition]").select_option("korea")
        row.locator("form[action='/studio/accounts/role'] button").click()
        assert "박서준" in anna.inner_text("[role=status]")
        row = anna.locator("tr", has=anna.locator("th", has_text="박서준"))
        assert "korea" in row.locator("td").first.inner_text()

        assert seojun.goto(url + "/studio/e/korea/").status == 200, "the role counts from the next page on"
        seojun.goto(url + "/studio/")
        assert seojun.locator(".exhibition-row").count() == 2
        anna.goto(url + "/studio/audit")
        assert "korea" in anna.inner_text("table"), "the museum's audit log says where a role was given"
    finally:
        admin.close()
        contributor.close()


@pytest.mark.parametrize("color_scheme", ["light", "dark"])
def test_axe_finds_no_violations_on_the_museums_studio(browser, museum, color_scheme):
    url, _, _ = museum
    axe = Axe()
    context = new_phone(browser, color_scheme=color_scheme)
    page = context.new_page()
    failures = []
    try:
        log_in(page, url, "안나")
        for path in ["/studio/", "/studio/accounts", "/studio/audit", "/studio/exhibitions/new", "/studio/e/korea/",
                     "/studio/e/paris/exhibits", "/studio/e/paris/exhibits/jikji", "/studio/usage", "/studio/e/paris/usage"]:
            page.goto(url + path)
            failures += axe_violations(axe, page, path, color_scheme)
        page.goto(url + "/studio/login")
    finally:
        context.close()
    assert not failures, "\n".join(failures)


def views_of(page, name):
    """The views the museum's counts page shows for exhibition `name`."""
    cell = page.locator(f"tr:has(code:text-is('{name}')) td").first
    return int(cell.inner_text().replace(",", ""))


def test_each_exhibition_counts_apart_and_the_museum_shows_them_side_by_side(browser, museum):
    url, _, _ = museum
    staff, visitor = new_phone(browser), new_phone(browser)
    try:
        page = staff.new_page()
        log_in(page, url, "안나")
        page.goto(url + "/studio/usage")
        assert page.inner_text("h1") == "전시별 이용 현황"
        before = {name: views_of(page, name) for name in ("korea", "paris")}
        # A visitor opens three of paris's exhibits, and nothing of korea's.
        seen = visitor.new_page()
        for item in ("jikji", "haegeum", "jikji"):
            seen.goto(url + f"/paris/items/{item}/")
        deadline = time.time() + 20
        while time.time() < deadline and views_of(page, "paris") < before["paris"] + 3:
            time.sleep(1)
            page.reload()
        assert views_of(page, "paris") == before["paris"] + 3, "each view is counted, within the recorder's few seconds"
        assert views_of(page, "korea") == before["korea"], "korea counted none of paris's views"
        assert page.locator("svg.chart").count() == 1

        # Each exhibition's own dashboard, from its row.
        page.click("a[href^='/studio/e/paris/usage?from=']")
        assert page.inner_text("h1") == "가이드 이용 현황"
        assert "paris" in page.inner_text(".brand-exhibition")
        with page.expect_download() as download:
            page.click("a[href^='/studio/e/paris/usage.csv']")
        lines = open(download.value.path(), encoding="utf-8").read().splitlines()
        assert lines[0] == "exhibition,period,subject,language,metric,count"
        assert all(line.startswith("paris,") for line in lines[1:]) and len(lines) > 1

        # An editor of korea alone sees korea's counts alone.
        other = new_phone(browser)
        try:
            kim = other.new_page()
            log_in(kim, url, "김민지")
            kim.goto(url + "/studio/usage")
            assert kim.locator("tbody tr").count() == 1 and views_of(kim, "korea") == before["korea"]
            assert kim.goto(url + "/studio/e/paris/usage").status == 403
        finally:
            other.close()
    finally:
        staff.close()
        visitor.close()


def test_the_museums_studio_in_webkit(webkit, museum):
    """WebKit: the login, the list, an exhibition's page, the refusal elsewhere, and axe."""
    from selenium.webdriver.common.by import By

    url, _, _ = museum
    deadline = log_in_webkit(webkit, url)
    failures = webkit_axe_violations(webkit, "/studio/ [webkit]")
    links = [link.get_attribute("href") for link in webkit.find_elements(By.CSS_SELECTOR, ".exhibition-row h2 a")]
    assert [link.removeprefix(url) for link in links] == ["/studio/e/korea/"]
    webkit.find_element(By.CSS_SELECTOR, ".exhibition-row h2 a").click()
    while not webkit.current_url.endswith("/studio/e/korea/") and time.time() < deadline:
        time.sleep(0.05)
    assert "korea" in webkit.find_element(By.CSS_SELECTOR, ".brand-exhibition").text
    failures += webkit_axe_violations(webkit, "/studio/e/korea/ [webkit]")
    webkit.get(url + "/studio/e/paris/exhibits")
    assert "역할이 없습니다" in webkit.find_element(By.TAG_NAME, "h1").text
    failures += webkit_axe_violations(webkit, "/studio/e/paris/exhibits [webkit]")
    # The counts of the one exhibition she may read them in, and its own dashboard.
    webkit.get(url + "/studio/usage")
    assert webkit.find_element(By.TAG_NAME, "h1").text == "전시별 이용 현황"
    rows = webkit.find_elements(By.CSS_SELECTOR, "tbody tr")
    assert len(rows) == 1 and "korea" in rows[0].text
    failures += webkit_axe_violations(webkit, "/studio/usage [webkit]")
    link = rows[0].find_element(By.TAG_NAME, "a").get_attribute("href")
    assert link.removeprefix(url).startswith("/studio/e/korea/usage?from=")
    webkit.get(link)
    assert webkit.find_element(By.TAG_NAME, "h1").text == "가이드 이용 현황"
    failures += webkit_axe_violations(webkit, "/studio/e/korea/usage [webkit]")
    assert not failures, "\n".join(failures)


def test_an_admin_adds_an_exhibition_from_the_starter_catalog(browser, museum):
    """Last in this file: the exhibition it adds stays in the module's museum."""
    url, catalogs, _ = museum
    context = new_phone(browser)
    page = context.new_page()
    try:
        log_in(page, url, "안나")
        page.click("a[href='/studio/exhibitions/new']")
        page.fill("#exhibition-name", "../village")
        page.click("form.new-exhibition button[type=submit]")
        assert page.locator("#exhibition-name:invalid").count() == 1, "the browser holds a name that is no address"
        page.fill("#exhibition-name", "village")
        page.check("input[name=source][value=starter]")
        page.click("form.new-exhibition button[type=submit]")
        page.wait_for_url(url + "/studio/?done=added")
        assert "추가했습니다" in page.inner_text("[role=status]")
        assert page.locator("a[href='/studio/e/village/']").count() == 1
        assert "1900년의 우리 마을" in public(page, url, "/village/"), "the starter's exposition, in the phone's Korean"
        front = public(page, url, "/")
        assert 'data-exhibition="village"' in front, "the front page lists it"
        import os
        assert sorted(name for name in os.listdir(catalogs)) == ["korea", "paris", "village"], "nothing half-made is left"
    finally:
        context.close()


def test_an_exhibition_begins_from_a_iiif_manifest(browser, tmp_path):
    """The importer's own path, from the studio: a manifest on a local server becomes an
    exhibition with --iiif-allow-private, and without it the address is refused as the
    command line refuses it, leaving nothing behind."""
    from test_iiif_import import Site, build_collection

    served = Site()
    build_collection(served)
    catalogs, state = tmp_path / "catalogs", tmp_path / "state"
    shutil.copytree(DEFAULT_CATALOG, catalogs / "korea")
    subprocess.run([_binary(), "users", "add", "안나", "--role", "admin", "--state", str(state)],
                   input=PASSWORD + "\n", text=True, check=True, capture_output=True)
    try:
        for name, flags in (("closed", []), ("bells", ["--iiif-allow-private"])):
            with running_studio("--catalogs", str(catalogs), "--state", str(state), *flags) as url:
                context = new_phone(browser)
                page = context.new_page()
                log_in(page, url, "안나")
                page.goto(url + "/studio/exhibitions/new")
                page.fill("#exhibition-name", name)
                page.check("input[name=source][value=iiif]")
                page.fill("#exhibition-iiif", served.url("/objects/bell/manifest.json"))
                page.click("form.new-exhibition button[type=submit]")
                if not flags:
                    alert = page.locator("[role=alert]")
                    alert.wait_for()
                    assert "private network" in alert.inner_text() and "--iiif-allow-private" in alert.inner_text()
                    assert sorted(path.name for path in catalogs.iterdir()) == ["korea"], "nothing was left behind"
                    context.close()
                    continue
                page.wait_for_url(url + "/studio/?done=added", timeout=60_000)
                assert "bells" in page.inner_text(".exhibitions") and "1" in page.inner_text(".exhibition-row >> nth=0")
                assert "성덕대왕 신종" in public(page, url, "/bells/ko/items/")
                context.close()
    finally:
        served.stop()
