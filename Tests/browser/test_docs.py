"""The README and the pages under docs/: every relative link leads to a file that exists and
every #anchor into a Markdown file to one of its headings, the README stays a front door
(short, with the two commands). Needs no browser and no build."""
import re
import unicodedata
import urllib.parse

import pytest

from support import REPO

README = REPO / "README.md"
PAGES = [README] + sorted((REPO / "docs").rglob("*.md"))

# An inline link or image, [text](target) or ![alt](target), with an optional "title".
LINK = re.compile(r"!?\[(?:[^\]\[]|\[[^\]]*\])*\]\(\s*<?([^)\s>]+)>?(?:\s+\"[^\"]*\")?\s*\)")
FENCE = re.compile(r"^(```|~~~).*?^\1[^\n]*$", re.S | re.M)
CODE_SPAN = re.compile(r"(`+)(?:(?!\1).)+?\1", re.S)


def prose(text):
    """The text without fenced blocks and code spans, where a link is not a link."""
    return CODE_SPAN.sub("", FENCE.sub("", text))


def slug(heading):
    """GitHub's anchor for a heading: lowercased, punctuation but hyphens and underscores
    dropped, each space a hyphen. Markdown marks and link targets are left out first."""
    text = re.sub(r"\[([^\]]*)\]\([^)]*\)", r"\1", heading)
    text = text.replace("`", "").replace("*", "")
    text = text.strip().lower()
    text = "".join(c for c in text if c in "-_ " or unicodedata.category(c)[0] in "LNM")
    return text.replace(" ", "-")


def anchors(path):
    """Every anchor the headings of a Markdown file give, GitHub's way (a repeated heading
    gets -1, -2, …)."""
    found, seen = set(), {}
    for line in FENCE.sub("", path.read_text("utf-8")).splitlines():
        match = re.match(r"#{1,6}\s+(.*?)\s*#*\s*$", line)
        if match:
            base = slug(match.group(1))
            count = seen.get(base, 0)
            found.add(base if count == 0 else f"{base}-{count}")
            seen[base] = count + 1
    return found


def links(path):
    return LINK.findall(prose(path.read_text("utf-8")))


def test_the_pages_are_found():
    names = {page.relative_to(REPO).as_posix() for page in PAGES}
    assert "docs/illustrations.md" in names
    assert len(names) > 10


@pytest.mark.parametrize("page", PAGES, ids=lambda page: page.relative_to(REPO).as_posix())
def test_every_relative_link_and_anchor_resolves(page):
    problems = []
    for target in links(page):
        if re.match(r"[a-z][a-z0-9+.-]*:", target, re.I):  # https:, mailto:, …
            continue
        file_part, _, anchor = target.partition("#")
        destination = (page.parent / urllib.parse.unquote(file_part)).resolve() if file_part else page
        if not destination.is_relative_to(REPO):
            problems.append(f"{target}: leads outside the repository")
        elif not destination.exists():
            problems.append(f"{target}: no such file")
        elif anchor and destination.suffix == ".md" and urllib.parse.unquote(anchor) not in anchors(destination):
            problems.append(f"{target}: no heading with that anchor in {destination.relative_to(REPO)}")
    assert not problems, "\n".join(problems)


def test_every_docs_page_is_linked_from_the_readme():
    linked = {(README.parent / target.partition("#")[0]).resolve() for target in links(README)}
    for page in sorted((REPO / "docs").glob("*.md")):
        assert page.resolve() in linked, f"the README links {page.relative_to(REPO)}"


def test_each_docs_page_has_a_title_and_links_back_to_the_readme():
    for page in sorted((REPO / "docs").glob("*.md")):
        text = page.read_text("utf-8")
        assert text.startswith("# "), f"{page.name} starts with a # title"
        assert "../README.md" in [target.partition("#")[0] for target in links(page)], f"{page.name} links back"


def test_the_readme_is_a_front_door():
    lines = README.read_text("utf-8").splitlines()
    assert len(lines) <= 200, f"README.md has {len(lines)} lines"


def test_the_readme_gives_the_two_commands():
    text = README.read_text("utf-8")
    for command in ("scripts/run", "scripts/test"):
        assert re.search(rf"^{re.escape(command)}\b", text, re.M), f"the README has {command} as a command line"


def test_the_slug_rule():
    assert slug("Whole collections: pages made when asked for") == "whole-collections-pages-made-when-asked-for"
    assert slug("Several images, facts and descriptions") == "several-images-facts-and-descriptions"
    assert slug("An iPhone app's project") == "an-iphone-apps-project"
    assert slug("Run it, test it") == "run-it-test-it"
    assert slug("`--watch` and_more") == "--watch-and_more"
