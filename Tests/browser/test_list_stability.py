"""The list screen does not move when its scripts run: the search field has its place in the
page from the first paint. Each engine lays the list out twice, once as it is before the
script runs (the same page with the script answered empty, by a small proxy in front of the
server) and once after the script has run and loaded the search index, and the rows and the
field must be where they were. Chromium also reports its own layout shifts, which must be none."""
import http.server
import re
import threading
import time
import urllib.error
import urllib.request

import pytest

from conftest import new_phone
from support import free_port

HOP_BY_HOP = {"connection", "keep-alive", "transfer-encoding", "content-length", "content-encoding"}

# Where each thing on the list screen is: the search field and every row, in page coordinates.
BOXES = """
const box = element => { const r = element.getBoundingClientRect(); return [Math.round(r.left), Math.round(r.top + scrollY), Math.round(r.width), Math.round(r.height)]; };
const form = document.querySelector('form.search');
return { form: form ? box(form) : null, rows: [...document.querySelectorAll('.exhibit-list > li')].map(box) };
"""


@pytest.fixture(scope="module")
def without_script(base_url):
    """The guide as it is before its script runs: every request passed on to the server,
    but the script answered with nothing."""
    class Proxy(http.server.BaseHTTPRequestHandler):
        def do_GET(self):
            if re.match(r"/assets/app\.[0-9a-f]+\.js$", self.path):
                self.send_response(200)
                self.send_header("Content-Type", "text/javascript; charset=utf-8")
                self.send_header("Content-Length", "0")
                self.end_headers()
                return
            request = urllib.request.Request(base_url + self.path, headers={"Accept-Language": "ko"})
            try:
                with urllib.request.urlopen(request) as answer:
                    status, headers, body = answer.status, answer.headers, answer.read()
            except urllib.error.HTTPError as error:
                status, headers, body = error.code, error.headers, error.read()
            self.send_response(status)
            for name, value in headers.items():
                if name.lower() not in HOP_BY_HOP:
                    self.send_header(name, value)
            self.send_header("Content-Length", str(len(body)))
            self.end_headers()
            self.wfile.write(body)

        def log_message(self, *_):
            pass

    server = http.server.ThreadingHTTPServer(("127.0.0.1", free_port()), Proxy)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    yield f"http://127.0.0.1:{server.server_address[1]}"
    server.shutdown()


def settled_chromium(page):
    """After the script: the search index is loaded (the script has wired the field)."""
    page.wait_for_load_state("networkidle")
    page.wait_for_timeout(300)


def test_the_list_does_not_move_when_scripts_run_in_chromium(browser, base_url, without_script):
    context = new_phone(browser)
    try:
        page = context.new_page()
        page.add_init_script("""
            window.__shifts = 0;
            new PerformanceObserver(list => { for (const entry of list.getEntries()) if (!entry.hadRecentInput) window.__shifts += entry.value; })
              .observe({ type: 'layout-shift', buffered: true });
        """)
        page.goto(without_script + "/items/")
        page.wait_for_load_state("networkidle")
        before = page.evaluate("() => {" + BOXES + "}")
        script = page.evaluate("async () => { const s = [...document.scripts].find(s => s.src.includes('/assets/app.')); return (await (await fetch(s.src)).text()).length; }")
        assert script == 0, "the page before its script ran was served without it"
        page.goto(base_url + "/items/")
        settled_chromium(page)
        after = page.evaluate("() => {" + BOXES + "}")
        assert before["form"] is not None, "the search field is in the page before the script runs"
        assert len(before["rows"]) > 1
        assert after == before, "the list and the field are where they were before the script ran"
        assert page.evaluate("window.__shifts") == 0
    finally:
        context.close()


def test_the_list_does_not_move_when_scripts_run_in_webkit(webkit, base_url, without_script):
    webkit.get(without_script + "/items/")
    time.sleep(0.5)
    before = webkit.execute_script(BOXES)
    webkit.get(base_url + "/items/")
    # The script fetches the search index; give it time to arrive and be read.
    time.sleep(1.5)
    after = webkit.execute_script(BOXES)
    assert before["form"] is not None, "the search field is in the page before the script runs"
    assert len(before["rows"]) > 1
    assert after == before, "the list and the field are where they were before the script ran"
