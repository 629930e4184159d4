"""Crawls the export as nginx serves it, from each language's home: every link, image,
stylesheet, script, manifest and icon answers 200, and none leaves the base path."""
import html.parser
import json
import urllib.error
import urllib.parse
import urllib.request

import pytest


class References(html.parser.HTMLParser):
    def __init__(self):
        super().__init__()
        self.urls = []

    def handle_starttag(self, tag, attrs):
        attrs = dict(attrs)
        for name in ("href", "src"):
            if attrs.get(name):
                self.urls.append(attrs[name])
        if attrs.get("srcset"):
            self.urls += [candidate.split()[0] for candidate in attrs["srcset"].split(",")]
        if attrs.get("data-service-worker"):
            self.urls.append(attrs["data-service-worker"])


def fetch(url):
    try:
        with urllib.request.urlopen(url) as response:
            return response.status, response.headers.get("Content-Type", ""), response.read()
    except urllib.error.HTTPError as error:
        return error.code, error.headers.get("Content-Type", ""), b""


@pytest.mark.parametrize("host", ["root", "prefixed"])
def test_no_link_of_the_export_is_broken(nginx, host):
    start = nginx[host]
    prefix = urllib.parse.urlparse(start).path + "/"
    queue = [start + "/", start + "/en/"]
    seen, broken, escaping = set(), [], []
    while queue:
        url = urllib.parse.urldefrag(queue.pop())[0]
        if url in seen:
            continue
        seen.add(url)
        status, content_type, body = fetch(url)
        if status != 200:
            broken.append(f"{url}: {status}")
            continue
        found = []
        if "html" in content_type:
            parser = References()
            parser.feed(body.decode("utf-8"))
            found = parser.urls
        elif url.endswith(".webmanifest"):
            manifest = json.loads(body)
            found = [manifest["start_url"], manifest["scope"]] + [icon["src"] for icon in manifest["icons"]]
        for reference in found:
            absolute = urllib.parse.urljoin(url, reference)
            parsed = urllib.parse.urlparse(absolute)
            if parsed.netloc != urllib.parse.urlparse(start).netloc:
                continue
            if not parsed.path.startswith(prefix):
                escaping.append(f"{url} links to {reference}")
            queue.append(absolute)
    assert len(seen) > 60, f"the crawl reached only {len(seen)} addresses"
    assert not broken and not escaping, "\n".join(broken + escaping)
