"""The export's own security policy where a static host serves it: nginx configured exactly
as the example in docs/export-and-deployment.md says (its text, with only the port and the
folder changed), running an exported site to which hostile code has been added."""
import html
import re
import shutil
import subprocess
import urllib.error
import urllib.request

import pytest

from conftest import IMAGE_CACHE, _binary, new_phone
from support import REPO, free_port, start_nginx

INLINE_SCRIPT = "<script>document.title='pwned'</script>"
INLINE_HANDLER = """<img src="/no-such-image.png" alt="" onerror="document.title='pwned by a handler'">"""
SCRIPTED_SVG = ("""<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10" onload="document.title='pwned by onload'">"""
                """<title>a drawing</title><script>document.title='pwned by a script'</script></svg>""")

# Runs before any page script: keeps every policy violation the page reports.
RECORD_VIOLATIONS = """
window.__violations = [];
document.addEventListener('securitypolicyviolation',
  e => window.__violations.push(e.effectiveDirective + ' ' + e.blockedURI));
"""


def docs_nginx_config(port, root):
    """The nginx example of docs/export-and-deployment.md, listening on `port` and serving `root`."""
    blocks = re.findall(r"```nginx\n(.*?)```", (REPO / "docs" / "export-and-deployment.md").read_text("utf-8"), re.S)
    assert len(blocks) == 1, "docs/export-and-deployment.md has one nginx example"
    config = blocks[0]
    for old, new in (("listen 80;", f"listen 127.0.0.1:{port};"), ("root /srv/expo1900;", f"root {root};")):
        assert config.count(old) == 1, f"the docs' example says {old!r} once"
        config = config.replace(old, new)
    return config


def headers_rules(path):
    """A `_headers` file as {path pattern: {header: value}}."""
    rules, current = {}, None
    for line in path.read_text("utf-8").splitlines():
        if line.startswith(" "):
            name, value = line.strip().split(": ", 1)
            rules[current][name] = value
        elif line.strip():
            current = line.strip()
            rules[current] = {}
    return rules


def title_of(page_html):
    return html.unescape(re.search(r"<title>(.*?)</title>", page_html, re.S).group(1))


@pytest.fixture(scope="module")
def hostile_site(tmp_path_factory):
    """The default catalog exported for its address (so it has IIIF files), an exhibit page
    copied with an inline script and an inline handler added (once as exported, once without
    its <meta> policy, so that the header alone is tried), and an SVG with scripts; served by
    nginx as docs/export-and-deployment.md configures it."""
    folder = tmp_path_factory.mktemp("hostile")
    site = folder / "site"
    port = free_port()
    origin = f"http://127.0.0.1:{port}"
    subprocess.run([_binary(), "export", str(site), "--base-url", origin + "/", "--image-cache", IMAGE_CACHE],
                   check=True, capture_output=True)
    page = (site / "items" / "jikji" / "index.html").read_text("utf-8")
    injected = re.sub(r"(<body[^>]*>)", lambda match: match.group(1) + INLINE_HANDLER,
                      page.replace("</head>", INLINE_SCRIPT + "</head>"), count=1)
    assert INLINE_SCRIPT in injected and INLINE_HANDLER in injected
    without_meta = re.sub(r'<meta http-equiv="Content-Security-Policy"[^>]*>\n?', "", injected)
    assert without_meta != injected, "the exported page carries its <meta> policy"
    for name, text in (("injected", injected), ("injected-without-meta", without_meta)):
        (site / name).mkdir()
        (site / name / "index.html").write_text(text, "utf-8")
    (site / "images" / "scripted.svg").write_text(SCRIPTED_SVG, "utf-8")
    (folder / "nginx").mkdir()
    try:
        server = start_nginx(folder / "nginx", port, site, servers=docs_nginx_config(port, site))
    except RuntimeError as error:
        pytest.fail(str(error))
    try:
        yield {"url": origin, "site": site, "title": title_of(page)}
    finally:
        server.terminate()
        server.wait(timeout=10)


def fetch_headers(url):
    request = urllib.request.Request(url, headers={"Accept-Encoding": "gzip"})
    try:
        with urllib.request.urlopen(request) as response:
            return response.status, response.headers
    except urllib.error.HTTPError as error:  # the 404 page carries them too
        return error.code, error.headers


def test_nginx_as_the_docs_say_sends_the_exports_headers_on_every_file(hostile_site):
    url, site = hostile_site["url"], hostile_site["site"]
    rules = headers_rules(site / "_headers")
    security = rules["/*"]
    assert {"Content-Security-Policy", "X-Content-Type-Options", "Referrer-Policy", "X-Frame-Options"} <= security.keys()
    asset = next((site / "assets").glob("*.css")).name
    image = next(path.name for path in (site / "images").iterdir() if not path.name.endswith(".gz"))
    icon = next((site / "icons").glob("*.png")).name
    paths = ["/", "/items/", "/items/jikji/", "/en/items/jikji/", "/no-such-page/", f"/assets/{asset}",
             f"/images/{image}", f"/icons/{icon}", "/iiif/collection.json"]
    for path in paths:
        status, headers = fetch_headers(url + path)
        assert status == (404 if path == "/no-such-page/" else 200), path
        for name, value in security.items():
            assert headers.get(name) == value, f"{path}: {name}"
        long_lived = path.startswith(("/assets/", "/images/", "/icons/"))
        assert ("immutable" in (headers.get("Cache-Control") or "")) == long_lived, path
        assert headers.get("Access-Control-Allow-Origin") == ("*" if path.startswith("/iiif/") else None), path
    assert rules["/iiif/*"] == {"Access-Control-Allow-Origin": "*"}


@pytest.mark.parametrize("path", ["/injected/", "/injected-without-meta/"])
def test_an_inline_script_and_handler_added_to_an_exported_page_do_not_run(browser, hostile_site, path):
    context = new_phone(browser)
    context.add_init_script(RECORD_VIOLATIONS)
    page = context.new_page()
    console = []
    page.on("console", lambda message: console.append(message.text))
    try:
        page.goto(hostile_site["url"] + path, wait_until="load")
        page.wait_for_function("window.__violations.length >= 2", timeout=10000)
        assert page.title() == hostile_site["title"]
        violations = page.evaluate("window.__violations")
        assert "script-src-elem inline" in violations, violations
        assert "script-src-attr inline" in violations, violations
        assert any("Content Security Policy" in text for text in console), console
    finally:
        context.close()


def test_a_script_in_an_svg_opened_on_its_own_does_not_run(browser, hostile_site):
    context = new_phone(browser)
    context.add_init_script(RECORD_VIOLATIONS)
    page = context.new_page()
    try:
        page.goto(hostile_site["url"] + "/images/scripted.svg", wait_until="load")
        page.wait_for_function("window.__violations.length >= 1", timeout=10000)
        assert "pwned" not in page.title()
        assert any(violation.startswith("script-src") for violation in page.evaluate("window.__violations"))
    finally:
        context.close()


@pytest.mark.parametrize("path", ["/", "/items/", "/items/jikji/", "/en/items/jikji/"])
def test_the_exported_pages_break_no_rule_of_their_own_policy(browser, hostile_site, path):
    context = new_phone(browser)
    context.add_init_script(RECORD_VIOLATIONS)
    page = context.new_page()
    console = []
    page.on("console", lambda message: console.append(message.text))
    try:
        page.goto(hostile_site["url"] + path, wait_until="load")
        page.wait_for_timeout(500)
        assert page.evaluate("window.__violations") == []
        assert not [text for text in console if "Content Security Policy" in text], console
    finally:
        context.close()
