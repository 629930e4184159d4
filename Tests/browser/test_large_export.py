"""A whole collection exported: 20,000 generated exhibits in Korean and English, every page
of which the export makes on its own (a site this large is not held in memory). Every
file is read back and every link, image, stylesheet and script it names must be a file of
the export: none is left out, none points nowhere."""
import subprocess
import urllib.parse

from conftest import IMAGE_CACHE, _binary
from support import generate_catalog
from test_links import References

EXHIBITS = 20_000


def target(export, page_path, reference):
    """The file a reference made from the page at `page_path` leads to, or None when it
    leaves the site (another host, a mailto: or a fragment)."""
    parts = urllib.parse.urlparse(reference)
    if parts.scheme or parts.netloc or not parts.path:
        return None
    path = urllib.parse.unquote(urllib.parse.urljoin(page_path, parts.path))
    file = export / path.lstrip("/")
    return file / "index.html" if path.endswith("/") else file


def test_an_export_of_20000_exhibits_has_no_broken_link(tmp_path):
    catalog = tmp_path / "catalog"
    generate_catalog(catalog, EXHIBITS)
    export = tmp_path / "site"
    result = subprocess.run([_binary(), "export", str(export), "--catalog", str(catalog), "--image-cache", IMAGE_CACHE],
                            capture_output=True, text=True, timeout=1800)
    assert result.returncode == 0, result.stderr[-2000:]
    assert "pages and files" in result.stderr, "a long export shows its progress"
    pages = sorted(export.rglob("index.html"))
    # Each language: the home, 200 list pages, every exhibit and the stop/ page; once, in
    # the main language: a stop page for every exhibit (where a server redirects) and the
    # wall labels (200 a page, on A4 and on Letter, and the poster).
    assert len(pages) == 2 * (1 + EXHIBITS // 100 + EXHIBITS + 1) + EXHIBITS + 2 * (EXHIBITS // 200) + 1
    broken = []
    checked = set()
    for page in pages:
        page_path = "/" if page.parent == export else "/" + str(page.parent.relative_to(export)) + "/"
        parser = References()
        parser.feed(page.read_text("utf-8"))
        for reference in parser.urls:
            file = target(export, page_path, reference)
            if file is None or file in checked:
                continue
            checked.add(file)
            if not file.is_file():
                broken.append(f"{page_path} → {reference}")
    assert not broken, f"{len(broken)} broken references, first: {broken[:5]}"
    assert len(checked) > 2 * EXHIBITS, "the crawl followed the pages' links"
