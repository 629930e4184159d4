"""axe-core on every page, light and dark: WCAG 2.0/2.1/2.2 A and AA and best practices."""
import pytest
from axe_playwright_python.sync_playwright import Axe

from conftest import new_phone
from support import browse_page_paths, page_paths

RULES = {"runOnly": {"type": "tag", "values": [
    "wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22a", "wcag22aa", "best-practice"]}}


@pytest.mark.parametrize("color_scheme", ["light", "dark"])
def test_axe_finds_no_violations(browser, base_url, color_scheme):
    check_pages(browser, base_url, page_paths(), color_scheme)


@pytest.mark.parametrize("color_scheme", ["light", "dark"])
def test_axe_finds_no_violations_on_browse_pages(browser, facts_url, color_scheme):
    check_pages(browser, facts_url, browse_page_paths(facts_url), color_scheme)


def check_pages(browser, base_url, paths, color_scheme):
    axe = Axe()
    context = new_phone(browser, color_scheme=color_scheme)
    page = context.new_page()
    failures = []
    try:
        for path in paths:
            page.goto(base_url + path)
            for violation in axe.run(page, options=RULES).response["violations"]:
                targets = ", ".join(str(node["target"]) for node in violation["nodes"][:3])
                failures.append(f"{path} [{color_scheme}]: {violation['id']} ({violation['impact']}): "
                                f"{violation['help']} at {targets}")
    finally:
        context.close()
    assert not failures, "\n".join(failures)
