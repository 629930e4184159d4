"""Fixtures: the server (started on a free port with the default catalog, stopped whatever
happens) and Chromium."""
import atexit
import contextlib
import os
import re
import shutil
import subprocess
import tempfile

import pytest
from playwright.sync_api import sync_playwright
from selenium.common.exceptions import InvalidSessionIdException

from support import CHROMIUM, IPHONE_UA, REPO, facts_catalog, free_port, generate_catalog, start_nginx, wait_for_recordings
from webkit import start_display, start_webkit


def _binary():
    bin_path = subprocess.run(["swift", "build", "--show-bin-path"], cwd=REPO, check=True,
                              capture_output=True, text=True).stdout.strip()
    return os.path.join(bin_path, "expo1900")


# Processed images go to a folder of this run's own, not the user's cache.
IMAGE_CACHE = tempfile.mkdtemp(prefix="expo1900-test-images-")
atexit.register(shutil.rmtree, IMAGE_CACHE, True)


def make_recordings(catalog):
    """Makes `catalog`'s recordings into IMAGE_CACHE (validate waits for them), so that a
    server started on it next has them from its first answer: a test that watches a server
    for changes must not see them join."""
    subprocess.run([_binary(), "validate", str(catalog), "--image-cache", IMAGE_CACHE], capture_output=True, timeout=600)


@contextlib.contextmanager
def running_studio(*arguments):
    """Starts `expo1900 studio` on a free port with `arguments` (its catalog and state);
    yields its URL, and stops it whatever happens."""
    server = subprocess.Popen([_binary(), "studio", "--port", "0", "--image-cache", IMAGE_CACHE, *arguments],
                              stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
    try:
        line = server.stdout.readline()
        match = re.match(r"Expo1900 is serving (http://\S+)", line)
        assert match, f"the studio did not start; it printed {line!r}"
        yield match.group(1)
    finally:
        server.terminate()
        server.wait(timeout=10)


def _serve(*arguments, stderr=None, env=None):
    """Starts `expo1900 serve` on a free port; yields its URL, once the recordings it had
    still to make have joined the guide, and stops it whatever happens. `stderr` may be a
    file to keep what it printed; `env`, variables to add."""
    log = stderr or tempfile.NamedTemporaryFile("w", prefix="expo1900-serve-", suffix=".txt", delete=False)
    server = subprocess.Popen([_binary(), "serve", "--port", "0", "--image-cache", IMAGE_CACHE, *arguments], stdout=subprocess.PIPE,
                              stderr=log, text=True, env={**os.environ, **(env or {})})
    stop = lambda: (server.terminate(), server.wait(timeout=10)) if server.poll() is None else None
    atexit.register(stop)
    try:
        line = server.stdout.readline()
        match = re.match(r"Expo1900 is serving (http://\S+)", line)
        assert match, f"the server did not start with {arguments}; it printed {line!r}"
        wait_for_recordings(log.name)
        yield match.group(1)
    finally:
        stop()
        if stderr is None:
            log.close()
            os.unlink(log.name)


@contextlib.contextmanager
def serving_generated(folder, count, env=None):
    """A server for a generated Korean catalog of `count` exhibits in `folder`; yields its URL."""
    generate_catalog(folder, count, languages=("ko",))
    server = _serve("--catalog", str(folder), env=env)
    try:
        yield next(server)
    finally:
        server.close()


@contextlib.contextmanager
def phone_page(browser, *scripts):
    """A page in a fresh phone context, with `scripts` run before any page script."""
    context = new_phone(browser)
    for script in scripts:
        context.add_init_script(script)
    try:
        yield context.new_page()
    finally:
        context.close()


@pytest.fixture(scope="session")
def base_url():
    """The URL of a running server: $EXPO1900_URL if set, else one this session starts."""
    if os.environ.get("EXPO1900_URL"):
        yield os.environ["EXPO1900_URL"].rstrip("/")
        return
    yield from _serve()


# Shards this small cut the default catalog's few words into tens of files, as a
# large catalog's many words are cut.
SMALL_SHARDS = {"EXPO1900_SEARCH_SHARD_BYTES": "300"}


@pytest.fixture(scope="session")
def sharded_url():
    """A server for the default catalog whose search index is cut into SMALL_SHARDS."""
    yield from _serve(env=SMALL_SHARDS)


@pytest.fixture(scope="session")
def facts_url(tmp_path_factory):
    """A server for the default catalog with facts its exhibits share: it has browse pages."""
    yield from _serve("--catalog", str(facts_catalog(tmp_path_factory.mktemp("facts") / "catalog")))


BASE_PATH = "/expo1900"


@pytest.fixture(scope="session")
def exports(tmp_path_factory):
    """The default catalog exported twice: for the root of a host, and for BASE_PATH. With
    the servers' image cache: the user's may hold a rendition made before the machine had
    the fonts the poster's text is drawn with, under another name than the server's."""
    folder = tmp_path_factory.mktemp("exports")
    binary = _binary()
    subprocess.run([binary, "export", str(folder / "root"), "--image-cache", IMAGE_CACHE], check=True, capture_output=True)
    subprocess.run([binary, "export", str(folder / "prefixed"), "--base-path", BASE_PATH + "/", "--image-cache", IMAGE_CACHE],
                   check=True, capture_output=True)
    return folder


@pytest.fixture(scope="session")
def nginx(exports, tmp_path_factory):
    """Debian's nginx serving the exports: {"root": url, "prefixed": url}. Stopped afterwards."""
    prefix = tmp_path_factory.mktemp("nginx")
    port = free_port()
    try:
        server = start_nginx(prefix, port, exports / "root", prefixed=(BASE_PATH, exports / "prefixed"))
    except RuntimeError as error:
        pytest.fail(str(error))
    stop = lambda: (server.terminate(), server.wait(timeout=10)) if server.poll() is None else None
    atexit.register(stop)
    try:
        yield {"root": f"http://127.0.0.1:{port}", "prefixed": f"http://127.0.0.1:{port}{BASE_PATH}"}
    finally:
        stop()


REFERENCE_CATALOG = REPO.parent / "shared" / "reference-catalogs" / "seed-app-2023" / "Assets.xcassets"


@pytest.fixture(scope="session")
def reference_url():
    """A server showing the seed app's own asset catalog, when it is beside the clone."""
    if not REFERENCE_CATALOG.exists():
        pytest.skip(f"{REFERENCE_CATALOG} is not beside this clone (CI has it; a user's clone does not)")
    yield from _serve("--catalog", str(REFERENCE_CATALOG))


@pytest.fixture(scope="session")
def browser():
    if not os.path.exists(CHROMIUM):
        pytest.fail(f"{CHROMIUM} is missing: apt-get install chromium fonts-noto-cjk")
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM)
        yield browser
        browser.close()


class WebKitSession:
    """WebKit (Safari's engine) through WebKitGTK's WebDriver, sized as an iPhone SE, kept
    for the whole run and started again when its page process has died. WebKitGTK's web
    process can crash on a loaded machine (CI once printed "session deleted because of page crash
    or hang" on a studio page that passes every run here); without a new session every later WebKit test
    would fail at setup for that one crash. The test that met the crash still fails, and is
    run once more only through pytest.ini's `--only-rerun InvalidSessionIdException`."""

    def __init__(self, dark=False):
        self.dark, self.display, self.driver = dark, None, None

    def live(self):
        if self.driver is not None:
            try:
                self.driver.current_url
                return self.driver
            except InvalidSessionIdException as error:
                print(f"WebKit's session was lost ({error.msg or 'no message'}): starting WebKit again")
                self.stop()
        try:
            self.display, name = start_display()
        except RuntimeError as error:
            pytest.fail(str(error))
        try:
            self.driver = start_webkit(name, dark=self.dark)
        except Exception as error:  # Selenium raises its own kinds; any of them means no WebKit
            self.stop()
            pytest.fail(f"WebKit did not start: {error}")
        self.driver.set_window_size(375, 667)
        return self.driver

    def stop(self):
        if self.driver is not None:
            try:
                self.driver.quit()
            except Exception:  # a crashed session may refuse to quit; its driver is ended below
                self.driver.service.stop()
            self.driver = None
        if self.display is not None:
            self.display.terminate()
            self.display.wait(timeout=10)
            self.display = None


@pytest.fixture(scope="session")
def webkit_session():
    session = WebKitSession()
    yield session
    session.stop()


@pytest.fixture(scope="session")
def webkit_dark_session():
    session = WebKitSession(dark=True)
    yield session
    session.stop()


@pytest.fixture
def webkit_dark(webkit_dark_session):
    """A second WebKit whose pages see `prefers-color-scheme: dark`."""
    return webkit_dark_session.live()


@pytest.fixture
def webkit(webkit_session):
    """The WebKit session, without the cookies an earlier test left (a language choice
    would send "/" to "/en/"). Cookies belong to the host, whatever the port, so clearing
    them from the page last shown clears them for every local server."""
    driver = webkit_session.live()
    if driver.current_url.startswith("http"):
        driver.delete_all_cookies()
    return driver


def new_phone(browser, width=375, height=667, scale=2, color_scheme="light", locale="ko-KR", mobile=True):
    """A browser context that looks like a phone: touch, mobile viewport, iOS user agent."""
    return browser.new_context(
        viewport={"width": width, "height": height}, device_scale_factor=scale,
        is_mobile=mobile, has_touch=mobile, color_scheme=color_scheme, locale=locale,
        user_agent=IPHONE_UA if mobile else None)


def set_text_size(context, page, percent):
    """Raises the browser's default font size, as a reader's text-size setting does; the
    pages size everything in rem/em from it."""
    cdp = context.new_cdp_session(page)
    cdp.send("Page.enable")
    cdp.send("Page.setFontSizes", {"fontSizes": {"standard": round(16 * percent / 100),
                                                 "fixed": round(13 * percent / 100)}})


@pytest.fixture(params=["server", "export", "export under a base path"])
def site_url(request):
    """The same guide three ways: from expo1900 serve, and exported, served by nginx at the
    root of a host and under a base path."""
    if request.param == "server":
        return request.getfixturevalue("base_url")
    hosts = request.getfixturevalue("nginx")
    return hosts["root"] if request.param == "export" else hosts["prefixed"]


@pytest.fixture
def phone(browser):
    context = new_phone(browser)
    page = context.new_page()
    yield page
    context.close()
