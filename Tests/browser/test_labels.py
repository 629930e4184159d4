"""The printed wall labels: Chromium prints the labels pages to PDF, the PDF is rasterised
as a printer would, and Debian's zbarimg must read back exactly each exhibit's stop
address from the labels, and the guide's start address from the entrance poster."""
import shutil
import subprocess

import pytest

import test_accessibility
import test_html
from conftest import IMAGE_CACHE, _binary, _serve, new_phone
from support import CATALOG

PUBLIC = "https://guide.example.org/"
LABEL_PATHS = ["/labels/", "/labels/letter/", "/labels/poster/"]
EXPECTED_STOPS = {f"{PUBLIC}stop/{stop}" for stop in range(1, len(CATALOG["ko"][1]) + 1)}


@pytest.fixture(scope="module")
def public_url():
    """The default catalog served as if it were public at PUBLIC."""
    yield from _serve("--base-url", PUBLIC)


def tool(name):
    path = shutil.which(name)
    if not path:
        pytest.fail(f"{name} is missing: scripts/setup.sh installs it (apt-get install "
                    f"{'zbar-tools' if name == 'zbarimg' else 'poppler-utils'})")
    return path


def decoded_pages(pdf, tmp_path, stem):
    """What zbarimg reads on each page of `pdf` rasterised at 300 dpi, a list per page."""
    subprocess.run([tool("pdftocairo"), "-png", "-r", "300", str(pdf), str(tmp_path / stem)], check=True, capture_output=True)
    pages = sorted(tmp_path.glob(f"{stem}-*.png"))
    assert pages, f"{pdf} rasterised to no pages"
    results = []
    for image in pages:
        # zbarimg's status is 4 when it finds no code: the comparison below says so better.
        run = subprocess.run([tool("zbarimg"), "--raw", "-q", str(image)], capture_output=True, text=True)
        results.append(sorted(line for line in run.stdout.splitlines() if line))
    return results


def print_to_pdf(browser, url, path, paper, color_scheme):
    context = new_phone(browser, width=1000, height=800, mobile=False, color_scheme=color_scheme)
    try:
        page = context.new_page()
        page.goto(url)
        page.emulate_media(media="print", color_scheme=color_scheme)
        page.pdf(path=str(path), format=paper, prefer_css_page_size=True)
    finally:
        context.close()


@pytest.mark.parametrize("path, paper, color_scheme", [("/labels/", "A4", "dark"), ("/labels/letter/", "Letter", "light")])
def test_the_printed_labels_decode_to_each_exhibits_stop_address(browser, public_url, tmp_path, path, paper, color_scheme):
    pdf = tmp_path / "labels.pdf"
    print_to_pdf(browser, public_url + path, pdf, paper, color_scheme)
    pages = decoded_pages(pdf, tmp_path, "page")
    # Thirteen exhibits, eight labels a sheet: two sheets, and no blank page after them.
    assert len(pages) == 2, f"{len(pages)} pages printed"
    assert [len(page) for page in pages] == [8, 5], pages
    decoded = [url for page in pages for url in page]
    assert len(decoded) == len(set(decoded)), f"a code printed twice: {decoded}"
    assert set(decoded) == EXPECTED_STOPS


def test_the_printed_poster_decodes_to_the_guides_start_address(browser, public_url, tmp_path):
    pdf = tmp_path / "poster.pdf"
    print_to_pdf(browser, public_url + "/labels/poster/", pdf, "Letter", "light")
    assert decoded_pages(pdf, tmp_path, "poster") == [[PUBLIC]]


def test_the_export_has_the_same_labels(public_url, tmp_path):
    subprocess.run([_binary(), "export", str(tmp_path / "site"), "--base-url", PUBLIC, "--image-cache", IMAGE_CACHE], check=True, capture_output=True)
    for path in LABEL_PATHS:
        exported = (tmp_path / "site" / path.strip("/") / "index.html").read_text("utf-8")
        served = test_html.fetch(public_url + path).decode("utf-8")
        assert exported.count("<svg") == served.count("<svg") > 0, path
        assert exported.split("<main", 1)[1] == served.split("<main", 1)[1], f"{path} differs from the served page"


def test_nu_checker_finds_no_errors_on_the_labels(public_url, base_url, tmp_path):
    # With codes, and without them (no public address).
    for name, url in (("public", public_url), ("local", base_url)):
        (tmp_path / name).mkdir()
        test_html.check_pages(url, LABEL_PATHS, tmp_path / name)


@pytest.mark.parametrize("color_scheme", ["light", "dark"])
def test_axe_finds_no_violations_on_the_labels(browser, public_url, base_url, color_scheme):
    test_accessibility.check_pages(browser, public_url, LABEL_PATHS, color_scheme)
    test_accessibility.check_pages(browser, base_url, LABEL_PATHS, color_scheme)


def test_the_labels_page_never_scrolls_sideways_on_a_phone(browser, public_url):
    context = new_phone(browser, width=320, height=568)
    try:
        page = context.new_page()
        for path in LABEL_PATHS:
            page.goto(public_url + path)
            width = page.evaluate("() => document.documentElement.scrollWidth")
            assert width <= 320, f"{path} is {width} px wide at 320"
    finally:
        context.close()
