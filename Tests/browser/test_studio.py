"""The studio in a real browser: logging in and out through its plain forms, its pages
checked by axe in light and dark, and nothing of it in the public guide or its export."""
import os
import re
import subprocess
import tempfile

import pytest
from axe_playwright_python.sync_playwright import Axe

from conftest import IMAGE_CACHE, _binary, new_phone, running_studio
from test_accessibility import RULES
from test_offline import kept_paths, wait_for_offline_copy

PASSWORD = "correct horse battery"


@pytest.fixture(scope="module")
def studio():
    """`expo1900 studio` on the default catalog, with an admin named 김민지; yields (URL, state folder)."""
    state = tempfile.mkdtemp(prefix="expo1900-studio-state-")
    subprocess.run([_binary(), "users", "add", "김민지", "--role", "admin", "--state", state],
                   input=PASSWORD + "\n", text=True, check=True, capture_output=True)
    with running_studio("--state", state) as url:
        yield url, state


def axe_violations(axe, page, name, color_scheme):
    """axe's findings on the page as it is, one line each, named for the report."""
    return [f"{name} [{color_scheme}]: {violation['id']}: {violation['help']}"
            for violation in axe.run(page, options=RULES).response["violations"]]


def log_in(page, url, password=PASSWORD):
    page.goto(url + "/studio/")
    page.fill("#name", "김민지")
    page.fill("#password", password)
    page.click("button[type=submit]")


def test_a_person_logs_in_sees_their_name_and_logs_out(browser, studio):
    url, _ = studio
    context = new_phone(browser)
    page = context.new_page()
    try:
        log_in(page, url, password="not the password")
        alert = page.locator("[role=alert]")
        assert alert.inner_text() == "이름이나 비밀번호가 맞지 않습니다."
        assert page.get_attribute("#password", "aria-describedby") == "login-problem"
        log_in(page, url)
        page.wait_for_url(url + "/studio/")
        # On a phone the menu is folded away until it is asked for, with no script needed.
        assert not page.is_visible(".menu nav")
        page.click(".menu summary")
        assert page.is_visible(".menu nav")
        assert "로그인: 김민지(관리자)" in page.inner_text("header")
        cookies = {cookie["name"]: cookie for cookie in context.cookies()}
        session = cookies["studio_session"]
        assert session["httpOnly"] and session["sameSite"] == "Strict" and session["path"] == "/studio"
        page.click(".logout button")
        page.wait_for_url(url + "/studio/login")
        page.goto(url + "/studio/")
        assert page.url == url + "/studio/login", "after logging out the studio asks to log in again"
    finally:
        context.close()


@pytest.mark.parametrize("color_scheme", ["light", "dark"])
def test_axe_finds_no_violations_in_the_studio(browser, studio, color_scheme):
    url, _ = studio
    axe = Axe()
    context = new_phone(browser, color_scheme=color_scheme)
    page = context.new_page()
    failures = []
    try:
        def check(name):
            failures.extend(axe_violations(axe, page, name, color_scheme))
        page.goto(url + "/studio/login")
        check("login")
        log_in(page, url, password="wrong password")
        check("login with its error")
        log_in(page, url)
        page.wait_for_url(url + "/studio/")
        check("home")
        page.click(".menu summary")
        check("home with the menu open")
        page.click(".menu a[href='/studio/audit']")
        page.wait_for_url(url + "/studio/audit")
        assert page.locator("tbody tr").count() >= 3, "the logins and the failed ones are in the log"
        check("audit log")
    finally:
        context.close()
    assert not failures, "\n".join(failures)


def test_the_public_guide_and_its_export_hold_nothing_of_the_studio(browser, studio, tmp_path):
    url, state = studio
    context = new_phone(browser)
    page = context.new_page()
    try:
        page.goto(url + "/")
        assert "/studio" not in page.content()
    finally:
        context.close()
    site = tmp_path / "site"
    subprocess.run([_binary(), "export", str(site), "--image-cache", IMAGE_CACHE], check=True, capture_output=True)
    paths = [os.path.relpath(os.path.join(folder, name), site) for folder, _, names in os.walk(site) for name in names]
    assert paths and not [path for path in paths if "studio" in path.lower()]
    state_files = set(os.listdir(state))
    assert not [path for path in paths if os.path.basename(path) in state_files]
    for path in paths:
        data = (site / path).read_bytes()
        assert b"/studio/" not in data and b"studio.sqlite" not in data, path


def test_the_guides_offline_copy_keeps_nothing_of_the_studio(browser, studio):
    """Staff who open the public guide at the studio's address get its service worker, whose
    scope is the whole address: it must leave the studio's pages and files alone, on what
    may be a shared device."""
    url, _ = studio
    context = new_phone(browser)
    page = context.new_page()
    try:
        page.goto(url + "/en/items/")
        wait_for_offline_copy(page)
        log_in(page, url)
        page.wait_for_url(url + "/studio/")
        for path in ["/studio/accounts", "/studio/audit", "/studio/exhibits/haegeum", "/studio/preview/en/items/"]:
            page.goto(url + path)
            assert page.url == url + path, f"{path} led to {page.url}"
        page.goto(url + "/en/items/haegeum/")
        kept = kept_paths(page)
        assert "/en/items/haegeum/" in kept, "the guide's pages are kept offline"
        assert not [path for path in kept if path.startswith("/studio")], kept
    finally:
        context.close()


def test_off_this_machine_the_studio_needs_https(tmp_path):
    state = tmp_path / "state"
    subprocess.run([_binary(), "users", "add", "anna", "--role", "admin", "--state", str(state)],
                   input=PASSWORD + "\n", text=True, check=True, capture_output=True)
    refused = subprocess.run([_binary(), "studio", "--host", "0.0.0.0", "--port", "0", "--state", str(state)],
                             capture_output=True, text=True, timeout=60)
    assert refused.returncode != 0 and "in clear" in refused.stderr
    half = subprocess.run([_binary(), "studio", "--host", "0.0.0.0", "--port", "0", "--state", str(state), "--tls-cert", "x.pem"],
                          capture_output=True, text=True, timeout=60)
    assert half.returncode != 0 and "--tls-cert and --tls-key go together" in half.stderr
    bad = tmp_path / "not-a-certificate.pem"
    bad.write_text("hello\n")
    broken = subprocess.run([_binary(), "studio", "--host", "0.0.0.0", "--port", "0", "--state", str(state),
                             "--tls-cert", str(bad), "--tls-key", str(bad), "--image-cache", IMAGE_CACHE],
                            capture_output=True, text=True, timeout=120)
    assert broken.returncode == 1 and f"{bad}: cannot be used for HTTPS" in broken.stderr, broken.stderr


def test_with_a_certificate_the_studio_serves_https_and_its_cookie_is_secure(browser, tmp_path):
    state = tmp_path / "state"
    subprocess.run([_binary(), "users", "add", "anna", "--role", "admin", "--state", str(state)],
                   input=PASSWORD + "\n", text=True, check=True, capture_output=True)
    certificate, key = tmp_path / "cert.pem", tmp_path / "key.pem"
    subprocess.run(["openssl", "req", "-x509", "-newkey", "rsa:2048", "-nodes", "-days", "1", "-subj", "/CN=127.0.0.1",
                    "-keyout", str(key), "-out", str(certificate)], check=True, capture_output=True)
    server = subprocess.Popen([_binary(), "studio", "--host", "0.0.0.0", "--port", "0", "--state", str(state),
                               "--tls-cert", str(certificate), "--tls-key", str(key), "--image-cache", IMAGE_CACHE],
                              stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
    try:
        line = server.stdout.readline()
        match = re.match(r"Expo1900 is serving https://[^:]+:(\d+)", line)
        assert match, f"the studio did not start with HTTPS; it printed {line!r}"
        url = f"https://127.0.0.1:{match.group(1)}"
        context = browser.new_context(ignore_https_errors=True)
        page = context.new_page()
        try:
            page.goto(url + "/studio/")
            page.fill("#name", "anna")
            page.fill("#password", PASSWORD)
            page.click("button[type=submit]")
            page.wait_for_url(url + "/studio/")
            cookie = {c["name"]: c for c in context.cookies()}["studio_session"]
            assert cookie["secure"] and cookie["httpOnly"] and cookie["sameSite"] == "Strict"
            assert page.goto(url + "/").status == 200, "the guide is served over HTTPS too"
        finally:
            context.close()
    finally:
        server.terminate()
        server.wait(timeout=10)
