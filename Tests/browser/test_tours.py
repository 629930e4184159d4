"""Tours on the exported guide behind nginx: without JavaScript, "next on this tour" walks a
tour from its first stop to its last and "previous" walks it back; each stop names its
exhibit's own page as canonical; and axe and the Nu checker find nothing on the tours
screens, light and dark, in a left-to-right and a right-to-left language. A small catalog
of its own, with two tours."""
import json
import subprocess

import pytest
from axe_playwright_python.sync_playwright import Axe

from conftest import _binary, new_phone
from support import free_port, start_nginx
from test_accessibility import RULES
from test_html import check_pages

SVG = ('<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 40 30"><rect width="40" height="30" fill="{}"/>'
       '<circle cx="20" cy="15" r="8" fill="#fff"/></svg>')
EXHIBITS = {
    # id: (Korean, English, Arabic) names
    "bell": ("종", "Bronze bell", "جرس برونزي"),
    "drum": ("북", "Barrel drum", "طبل"),
    "scroll": ("두루마리", "Painted scroll", "لفافة مرسومة"),
    "vase": ("병", "Celadon vase", "مزهرية"),
    "fan": ("부채", "Folding fan", "مروحة قابلة للطي"),
}
TOURS = [
    {"id": "sound", "title": ("소리", "Sound", "الصوت"), "duration": 10, "stops": ["drum", "bell", "fan"]},
    {"id": "colour", "title": ("색", "Colour", "اللون"), "duration": 15, "stops": ["vase", "scroll", "fan", "bell"]},
]
LANGUAGES = {"ko": ("", 0), "en": (".en", 1), "ar": (".ar", 2)}


def write_catalog(folder):
    folder.mkdir(parents=True)
    for number, (language, (suffix, column)) in enumerate(LANGUAGES.items()):
        exposition = {"title": ["박람회", "The fair", "المعرض"][column], "location": ["파리", "Paris", "باريس"][column],
                      "duration": "1900", "description": ["설명.", "About the fair.", "عن المعرض."][column]}
        if not suffix:
            exposition["visitors"] = 1000
        (folder / f"exposition_universelle_1900{suffix}.json").write_text(json.dumps(exposition, ensure_ascii=False), "utf-8")
        items = [{"image_name": id, "name": names[column], "short_desc": names[column] + " …", "desc": names[column] + "."}
                 for id, names in EXHIBITS.items()]
        (folder / f"items{suffix}.json").write_text(json.dumps(items, ensure_ascii=False), "utf-8")
        tours = [{"id": tour["id"], "title": tour["title"][column]} for tour in TOURS]
        if not suffix:
            tours = [dict(entry, duration=tour["duration"], stops=tour["stops"]) for entry, tour in zip(tours, TOURS)]
        (folder / f"tours{suffix}.json").write_text(json.dumps(tours, ensure_ascii=False), "utf-8")
    for index, name in enumerate(["poster", "flag"] + list(EXHIBITS)):
        (folder / f"{name}.svg").write_text(SVG.format(["#345", "#a33", "#264", "#825", "#246", "#643", "#355"][index]), "utf-8")


@pytest.fixture(scope="module")
def tours_url(tmp_path_factory):
    """The tours catalog, exported and served by nginx; yields its URL."""
    root = tmp_path_factory.mktemp("tours")
    write_catalog(root / "catalog")
    subprocess.run([_binary(), "export", str(root / "site"), "--catalog", str(root / "catalog")], check=True, capture_output=True)
    port = free_port()
    try:
        server = start_nginx(root, port, root / "site")
    except RuntimeError as error:
        pytest.fail(str(error))
    try:
        yield f"http://127.0.0.1:{port}"
    finally:
        server.terminate()
        server.wait(timeout=10)


def walk(page, link_class):
    """Follows `a.<link_class>` from page to page until there is none; the path and the
    exhibit's name of each page on the way, the first one's included."""
    seen = []
    while True:
        seen.append((page.url.split("/", 3)[3], page.locator("h1.navigation-title").inner_text()))
        links = page.locator(f"a.{link_class}")
        if links.count() == 0:
            return seen
        assert links.count() == 1
        links.first.click()
        page.wait_for_load_state()
        assert len(seen) <= 10, "the walk does not end"


@pytest.mark.parametrize("language", ["en", "ko"])
def test_next_on_this_tour_walks_it_to_the_end_and_previous_walks_back_without_javascript(browser, tours_url, language):
    prefix = "" if language == "ko" else "en/"
    column = LANGUAGES[language][1]
    context = browser.new_context(java_script_enabled=False, viewport={"width": 375, "height": 667})
    page = context.new_page()
    try:
        for tour in TOURS:
            stops = tour["stops"]
            expected = [(f"{prefix}tours/{tour['id']}/{number}/", EXHIBITS[id][column]) for number, id in enumerate(stops, 1)]
            page.goto(f"{tours_url}/{prefix}tours/{tour['id']}/")
            page.locator("a.tour-start").click()
            page.wait_for_load_state()
            assert walk(page, "tour-next") == expected
            assert walk(page, "tour-previous") == list(reversed(expected))
            for number, id in enumerate(stops, 1):
                page.goto(f"{tours_url}/{prefix}tours/{tour['id']}/{number}/")
                assert page.locator("link[rel=canonical]").get_attribute("href") == f"/{prefix}items/{id}/"
                assert page.locator(".tour-nav-position").inner_text().replace(" ", "") in (
                    f"{number}of{len(stops)}", f"{len(stops)}곳중{number}번째")
    finally:
        context.close()


def test_the_tour_page_lists_its_stops_in_order(browser, tours_url):
    context = browser.new_context(java_script_enabled=False)
    page = context.new_page()
    try:
        for tour in TOURS:
            page.goto(f"{tours_url}/en/tours/{tour['id']}/")
            assert page.locator("ol.tour-stops > li").evaluate_all("items => items.map(item => item.dataset.id)") == tour["stops"]
        page.goto(f"{tours_url}/en/")
        page.locator("a[href='/en/tours/']").click()
        assert page.locator("ul.tour-list a.row").evaluate_all("links => links.map(link => link.getAttribute('href'))") == [
            f"/en/tours/{tour['id']}/" for tour in TOURS]
    finally:
        context.close()


@pytest.mark.parametrize("color_scheme", ["light", "dark"])
def test_axe_finds_no_violations_on_the_tours_screens(browser, tours_url, color_scheme):
    axe = Axe()
    context = new_phone(browser, color_scheme=color_scheme)
    page = context.new_page()
    failures = []
    page.on("pageerror", lambda error: failures.append(f"{page.url}: script error {error}"))
    paths = []
    for prefix in ["/", "/en/", "/ar/"]:
        paths += [f"{prefix}tours/", f"{prefix}tours/colour/", f"{prefix}tours/colour/2/", f"{prefix}tours/colour/4/"]
    try:
        for path in paths:
            page.goto(tours_url + path)
            if path.startswith("/ar/"):
                assert page.locator("html").get_attribute("dir") == "rtl"
            for violation in axe.run(page, options=RULES).response["violations"]:
                targets = ", ".join(str(node["target"]) for node in violation["nodes"][:3])
                failures.append(f"{path} [{color_scheme}]: {violation['id']} ({violation['impact']}): "
                                f"{violation['help']} at {targets}")
    finally:
        context.close()
    assert not failures, "\n".join(failures)


def test_nu_checker_finds_no_errors_on_the_tours_pages(tours_url, tmp_path):
    paths = ["/", "/en/"]
    for prefix in ["/", "/en/", "/ar/"]:
        paths += [f"{prefix}tours/"] + [f"{prefix}tours/{tour['id']}/" for tour in TOURS]
        paths += [f"{prefix}tours/{tour['id']}/{number}/" for tour in TOURS for number in range(1, len(tour["stops"]) + 1)]
    check_pages(tours_url, paths, tmp_path)
