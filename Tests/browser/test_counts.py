"""Counting how the guide is used (issue 43), in real browsers: a scripted visit counts
exactly what it did, on the dashboard and in the CSV; nothing of the visitor is kept; a
browser that asks not to be counted is not; the dashboard is for editors and admins."""
import csv
import io
import re
import subprocess
import tempfile
import time
import urllib.request
from contextlib import contextmanager
from pathlib import Path

from axe_playwright_python.sync_playwright import Axe

from conftest import IMAGE_CACHE, _binary, new_phone
from support import free_port, start_nginx, wait_for_recordings
from test_accessibility import RULES

PASSWORD = "correct horse battery"
# The recorder writes every 5 s; this waits for one write after the visit.
WRITTEN = 6.5


@contextmanager
def studio():
    """`expo1900 studio` on the default catalog with a fresh state, an editor (ben) and a
    contributor (chae); yields (URL, state folder)."""
    state = tempfile.mkdtemp(prefix="expo1900-counts-state-")
    for name, role in (("ben", "editor"), ("chae", "contributor")):
        subprocess.run([_binary(), "users", "add", name, "--role", role, "--state", state],
                       input=PASSWORD + "\n", text=True, check=True, capture_output=True)
    log = Path(state) / "studio.log"
    with open(log, "w") as errors:
        server = subprocess.Popen([_binary(), "studio", "--port", "0", "--state", state, "--image-cache", IMAGE_CACHE],
                                  stdout=subprocess.PIPE, stderr=errors, text=True)
    try:
        line = server.stdout.readline()
        match = re.match(r"Expo1900 is serving (http://\S+)", line)
        assert match, f"the studio did not start; it printed {line!r}"
        # 직지's recording must be in the guide before the visit plays it.
        wait_for_recordings(log)
        yield match.group(1), Path(state)
    finally:
        server.terminate()
        server.wait(timeout=10)


def log_in(page, url, name):
    page.goto(url + "/studio/login")
    page.fill("#name", name)
    page.fill("#password", PASSWORD)
    page.click("button[type=submit]")
    page.wait_for_url(url + "/studio/")


def today():
    return time.strftime("%Y-%m-%d", time.localtime())


# What the scripted visit does, as the CSV must say it: the QR label of stop 1 (직지), stop 2
# typed in, 직지's recording played to the end, one search that finds nothing.
EXPECTED = {
    ("jikji", "ko", "view_label"): 1,
    ("buddhism", "ko", "view_stop"): 1,
    ("jikji", "ko", "recording_started"): 1,
    ("jikji", "ko", "recording_finished"): 1,
    ("", "ko", "search_missed"): 1,
}

PLAY_TO_THE_END = """
const audio = document.querySelector('.audio-guide audio');
audio.muted = true;
document.querySelector('.audio-guide .player-toggle').click();
await new Promise(resolve => audio.addEventListener('playing', resolve, { once: true }));
audio.currentTime = audio.duration - 0.3;
await new Promise(resolve => audio.addEventListener('ended', resolve, { once: true }));
"""


def counts_in_csv(text):
    rows = list(csv.DictReader(io.StringIO(text)))
    return {(row["subject"], row["language"], row["metric"]): int(row["count"]) for row in rows if row["period"] == today()}


def counted_today(browser, url):
    """The CSV's counts of today, as the editor downloads them."""
    context = new_phone(browser)
    page = context.new_page()
    try:
        log_in(page, url, "ben")
        response = page.request.get(url + f"/studio/usage.csv?from={today()}&to={today()}")
        assert response.status == 200
        return counts_in_csv(response.text())
    finally:
        context.close()


def check_dashboard_and_csv(browser, url):
    # In English, to read its words below; the studio follows the browser's language.
    context = new_phone(browser, locale="en-US")
    page = context.new_page()
    try:
        log_in(page, url, "ben")
        page.goto(url + "/studio/usage")
        most = page.locator("section:has(#usage-most) tbody tr")
        assert most.count() == 2, "직지 and 불경 were each opened once"
        assert sorted(most.all_inner_texts()) == sorted(["직지심체요절\t1", "불경\t1"]), most.all_inner_texts()
        plays = page.locator("section:has(#usage-plays) tbody tr").first.inner_text()
        assert plays.split("\t")[1:] == ["1", "1", "100 %"], plays
        entries = dict(row.split("\t") for row in page.locator("section:has(#usage-entries) tbody tr").all_inner_texts())
        assert entries["QR code on a label"] == "1" and entries["Stop number"] == "1"
        assert sum(int(value) for value in entries.values()) == 2
        missed = page.locator("section:has(#usage-missed) p").first.inner_text()
        assert missed.startswith("Searches that found nothing in these days: 1."), missed
        response = page.request.get(url + f"/studio/usage.csv?from={today()}&to={today()}")
        assert response.status == 200 and response.headers["content-type"] == "text/csv; charset=utf-8"
        assert counts_in_csv(response.text()) == EXPECTED
        failures = [f"{violation['id']}: {violation['help']}" for violation in Axe().run(page, options=RULES).response["violations"]]
        assert not failures, "\n".join(failures)
    finally:
        context.close()


def test_a_scripted_visit_counts_exactly_in_chromium(browser):
    with studio() as (url, state):
        context = new_phone(browser)
        page = context.new_page()
        cookies = []
        page.on("response", lambda response: cookies.append(response.url) if "set-cookie" in response.headers else None)
        try:
            page.goto(url + "/stop/1")
            assert page.url == url + "/items/jikji/", "the page takes from=label out of its address"
            page.evaluate(f"async () => {{ {PLAY_TO_THE_END} }}")
            page.goto(url + "/stop/?n=2")
            assert page.url == url + "/items/buddhism/"
            page.goto(url + "/items/")
            page.fill("#search-field", "없는전시물")
            page.wait_for_selector(".search-empty:not([hidden])")
            page.wait_for_timeout(2500)
        finally:
            context.close()
        assert cookies == [], f"public pages set cookies: {cookies}"
        time.sleep(WRITTEN)
        check_dashboard_and_csv(browser, url)
        # Nothing of the visitor is in the store: no address, no browser.
        data = b"".join(path.read_bytes() for path in sorted(state.glob("counts.sqlite*")))
        assert data.startswith(b"SQLite format 3")
        for secret in (b"127.0.0.1", b"Mozilla", b"HeadlessChrome", b"Chrome/", b"\xec\x97\x86\xeb\x8a\x94"):
            assert secret not in data, secret


def test_a_scripted_visit_counts_exactly_in_webkit(webkit, browser):
    with studio() as (url, _):
        webkit.get(url + "/stop/1")
        assert webkit.current_url == url + "/items/jikji/"
        webkit.execute_async_script(f"const done = arguments[arguments.length - 1]; (async () => {{ {PLAY_TO_THE_END} }})().then(done);")
        webkit.get(url + "/stop/?n=2")
        webkit.get(url + "/items/")
        webkit.find_element("css selector", "#search-field").send_keys("없는전시물")
        time.sleep(3)  # the miss is sent once the search has stood 1.5 s
        time.sleep(WRITTEN)
        assert counted_today(browser, url) == EXPECTED


def test_a_browser_that_asks_not_to_be_counted_is_not(browser):
    with studio() as (url, state):
        context = new_phone(browser)
        context.set_extra_http_headers({"Sec-GPC": "1"})
        context.add_init_script("Object.defineProperty(navigator, 'globalPrivacyControl', { value: true })")
        page = context.new_page()
        beacons = []
        page.on("request", lambda request: beacons.append(request.url) if request.url.endswith("/count") else None)
        try:
            page.goto(url + "/stop/1")
            page.evaluate(f"async () => {{ {PLAY_TO_THE_END} }}")
            page.goto(url + "/items/buddhism/")
        finally:
            context.close()
        assert beacons == [], "the page sends nothing"
        time.sleep(WRITTEN)
        assert counted_today(browser, url) == {}, "the server counted none of its views"


def test_the_dashboard_is_for_editors_and_admins(browser):
    with studio() as (url, _):
        context = new_phone(browser)
        page = context.new_page()
        try:
            assert page.goto(url + "/studio/usage").url == url + "/studio/login"
            log_in(page, url, "chae")
            assert page.locator("a[href='/studio/usage']").count() == 0
            for path in ("/studio/usage", "/studio/usage.csv", "/studio/usage-searches.csv"):
                assert page.request.get(url + path).status == 403, path
        finally:
            context.close()
        # Without a session, the CSV is not there either.
        for path in ("/studio/usage.csv", "/studio/usage-searches.csv"):
            request = urllib.request.Request(url + path)
            opener = urllib.request.build_opener(NoRedirect)
            try:
                status = opener.open(request).status
            except urllib.error.HTTPError as error:
                status = error.code
            assert status == 303, path


class NoRedirect(urllib.request.HTTPRedirectHandler):
    def redirect_request(self, *arguments):
        return None


def test_a_static_export_counts_into_the_guide_it_names(browser, tmp_path):
    """An export made with --events-url, behind nginx on another origin: a QR label's stop
    page leads to the exhibit, whose page sends its own view, from the label, to the guide."""
    with studio() as (url, _):
        export = tmp_path / "site"
        subprocess.run([_binary(), "export", str(export), "--events-url", url + "/", "--image-cache", IMAGE_CACHE],
                       check=True, capture_output=True)
        port = free_port()
        (tmp_path / "nginx").mkdir()
        nginx = start_nginx(tmp_path / "nginx", port, export)
        try:
            context = new_phone(browser)
            page = context.new_page()
            beacons = []
            page.on("request", lambda request: beacons.append(request.url) if request.url.endswith("/count") else None)
            try:
                page.goto(f"http://127.0.0.1:{port}/stop/1/")
                page.wait_for_url(f"http://127.0.0.1:{port}/items/jikji/")
                page.wait_for_timeout(500)
            finally:
                context.close()
            assert beacons == [url + "/count"], beacons
        finally:
            nginx.terminate()
            nginx.wait(timeout=10)
        time.sleep(WRITTEN)
        assert counted_today(browser, url) == {("jikji", "ko", "view_label"): 1}


def test_a_kill_mid_way_leaves_the_counts_of_the_last_write(tmp_path):
    """`kill -9` between two writes: the store opens cleanly, and holds the counts of the
    last write, whole: either all the events before it or, if a write came in between, all
    of them, never a part of a write."""
    import http.client
    import os
    import signal
    import sqlite3
    state = tmp_path / "state"
    server = subprocess.Popen([_binary(), "serve", "--count", "--count-rate", "0", "--port", "0", "--state", str(state),
                               "--image-cache", IMAGE_CACHE], stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
    try:
        match = re.match(r"Expo1900 is serving http://127.0.0.1:(\d+)", server.stdout.readline())
        assert match
        connection = http.client.HTTPConnection("127.0.0.1", int(match.group(1)), timeout=10)

        def send(count):
            for _ in range(count):
                connection.request("POST", "/count", body="e=saved&x=jikji&l=ko", headers={"Content-Type": "text/plain"})
                response = connection.getresponse()
                response.read()
                assert response.status == 204
        send(300)
        time.sleep(WRITTEN)
        send(200)
        os.kill(server.pid, signal.SIGKILL)
        server.wait(timeout=10)
    finally:
        if server.poll() is None:
            server.kill()
    database = sqlite3.connect(str(state / "counts.sqlite"))
    try:
        assert database.execute("PRAGMA integrity_check").fetchone()[0] == "ok"
        stored = database.execute("SELECT COALESCE(SUM(count), 0) FROM usageDay").fetchone()[0]
    finally:
        database.close()
    assert stored in (300, 500), f"{stored} counts stored: part of a write"
