"""The floor plan (`/map/`) on an export served by nginx: each pin is a link to its exhibit
and its centre sits where the catalog's x and y say on the drawn plan, at 320 and 1280 px
wide and at 100 % and 200 % text, in Chromium and in WebKit; the page is axe clean in light
and dark and in Arabic. The catalog is the test's own: two floors, one plan a PNG and one
an SVG."""
import atexit
import json
import struct
import subprocess
import urllib.parse
import zlib

import pytest
from axe_playwright_python.sync_playwright import Axe

from conftest import IMAGE_CACHE, _binary, new_phone, set_text_size
from support import LOAD_ALL_IMAGES, free_port, start_nginx
from test_accessibility import RULES
from test_html import check_pages
from test_layout import LAYOUT_PROBLEMS
from test_webkit import HARNESS, SHOW_IN_FRAME, after_images

FLOORS = [
    {"id": "1", "name": "1층 전시실", "plan": "plan-ground", "plan_alt": "두 개의 방이 있는 1층"},
    {"id": "2", "name": "2층 전시실", "plan": "plan-upper", "plan_alt": "긴 복도가 있는 2층"},
]
FLOOR_NAMES = {"en": ["Ground floor", "Upper floor"], "ar": ["الطابق الأرضي", "الطابق العلوي"]}
# (id, Korean name, English name, Arabic name, stop, floor, x, y); the last has no position.
EXHIBITS = [
    ("jikji", "직지", "Jikji", "جيكجي", 1, "1", 12.5, 20),
    ("haegeum", "해금", "Haegeum", "هايغوم", 3, "1", 87.25, 73.5),
    ("gayageum", "가야금", "Gayageum", "غاياغوم", 2, "2", 50, 50),
    ("palman", "팔만대장경", "Palman", "بالمان", 4, "2", 0, 100),
    ("woodshoes", "나막신", "Wooden shoes", "قبقاب", 5, None, None, None),
]
PLACED = [exhibit for exhibit in EXHIBITS if exhibit[5]]


def png(width, height):
    """A plan drawn as a PNG: a light floor, dark walls, two rooms. Rows are put together from
    runs, so a plan large enough for a 3x screen is made in a moment."""
    wall, floor = bytes([40, 40, 40]), bytes([245, 240, 228])
    middle = width // 2
    solid = b"\x00" + wall * width
    # Outer walls only; and with the wall between the rooms, where that wall stands.
    open_row = b"\x00" + wall * 6 + floor * (width - 12) + wall * 6
    parted_row = (b"\x00" + wall * 6 + floor * (middle - 2 - 6) + wall * 5 + floor * (width - 6 - middle - 3) + wall * 6)
    rows = [solid if y < 6 or y >= height - 6 else open_row if height // 3 < y < height // 2 else parted_row
            for y in range(height)]
    def chunk(kind, data):
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data) & 0xFFFFFFFF)
    return (b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0))
            + chunk(b"IDAT", zlib.compress(b"".join(rows))) + chunk(b"IEND", b""))


SVG_PLAN = """<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 1000 600" width="1000" height="600">
<rect x="0" y="0" width="1000" height="600" fill="#f5f0e4"/>
<rect x="10" y="10" width="980" height="580" fill="none" stroke="#333" stroke-width="12"/>
<line x1="500" y1="10" x2="500" y2="250" stroke="#333" stroke-width="8"/>
<text x="250" y="300" font-size="48" fill="#333">A</text><text x="750" y="300" font-size="48" fill="#333">B</text>
</svg>"""

TINY_SVG = '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10"><rect width="10" height="10" fill="#888"/></svg>'


def make_catalog(folder):
    """Writes the test's catalog into `folder`: Korean, English and Arabic, two floors."""
    folder.mkdir(parents=True, exist_ok=True)
    exposition = {"title": "지도 시험", "visitors": 1, "location": "파리", "duration": "1900", "description": "시험."}
    (folder / "exposition_universelle_1900.json").write_text(json.dumps(exposition, ensure_ascii=False))
    for language, title in [("en", "Map test"), ("ar", "اختبار الخريطة")]:
        (folder / f"exposition_universelle_1900.{language}.json").write_text(json.dumps(
            {**exposition, "title": title, "location": "Paris", "description": "Test."}, ensure_ascii=False))
    items = []
    for id, name, _, _, stop, floor, x, y in EXHIBITS:
        item = {"image_name": id, "name": name, "short_desc": name, "desc": name, "stop": stop,
                "images": [{"name": id, "alt": name}]}
        if floor:
            item.update({"floor": floor, "x": x, "y": y})
        items.append(item)
    (folder / "items.json").write_text(json.dumps(items, ensure_ascii=False))
    for language, column in [("en", 2), ("ar", 3)]:
        (folder / f"items.{language}.json").write_text(json.dumps([
            {"image_name": exhibit[0], "name": exhibit[column], "short_desc": exhibit[column], "desc": exhibit[column],
             "images": [{"name": exhibit[0], "alt": exhibit[column]}]} for exhibit in EXHIBITS], ensure_ascii=False))
        (folder / f"floors.{language}.json").write_text(json.dumps([
            {"id": floor["id"], "name": name, "plan_alt": name} for floor, name in zip(FLOORS, FLOOR_NAMES[language])],
            ensure_ascii=False))
    (folder / "floors.json").write_text(json.dumps(FLOORS, ensure_ascii=False))
    # Large enough that a 3x screen's plan, 736 CSS px wide, has a rendition to match.
    (folder / "plan-ground.png").write_bytes(png(2400, 1600))
    (folder / "plan-upper.svg").write_text(SVG_PLAN)
    for name in ["poster", "flag"] + [exhibit[0] for exhibit in EXHIBITS]:
        (folder / f"{name}.svg").write_text(TINY_SVG)


@pytest.fixture(scope="module")
def map_site(tmp_path_factory):
    """The test catalog exported and served by nginx; yields its URL."""
    folder = tmp_path_factory.mktemp("map")
    make_catalog(folder / "catalog")
    subprocess.run([_binary(), "export", str(folder / "export"), "--catalog", str(folder / "catalog"), "--image-cache", IMAGE_CACHE],
                   check=True, capture_output=True)
    (folder / "export" / "webkit-harness.html").write_text(HARNESS)
    port = free_port()
    (folder / "nginx").mkdir()
    server = start_nginx(folder / "nginx", port, folder / "export")
    stop = lambda: (server.terminate(), server.wait(timeout=10)) if server.poll() is None else None
    atexit.register(stop)
    try:
        yield f"http://127.0.0.1:{port}"
    finally:
        stop()


# Each pin: where its link leads, its dot's centre and its touch target's size, in the plan's
# box as drawn (its image's), and the plan's floor.
PINS = """
() => [...document.querySelectorAll('.floor')].flatMap(section => {
  const image = section.querySelector('.plan-image');
  if (!image) return [];
  const plan = image.getBoundingClientRect();
  return [...section.querySelectorAll('a.plan-pin')].map(pin => {
    const dot = pin.querySelector('.pin-dot').getBoundingClientRect();
    const target = pin.querySelector('.pin-target').getBoundingClientRect();
    return {floor: section.id, href: pin.getAttribute('href'), label: pin.getAttribute('aria-label'),
            x: dot.left + dot.width / 2 - plan.left, y: dot.top + dot.height / 2 - plan.top,
            width: plan.width, height: plan.height, target: Math.min(target.width, target.height)};
  });
})
"""


def check_pins(pins, where, language="ko"):
    """Each positioned exhibit has one pin, a link to it named with its stop and its name in
    `language`, centred at x %, y % of its plan."""
    column = {"ko": 1, "en": 2, "ar": 3}[language]
    failures = []
    by_id = {urllib.parse.urlparse(pin["href"]).path.strip("/").split("/")[-1]: pin for pin in pins}
    if len(pins) != len(PLACED) or set(by_id) != {exhibit[0] for exhibit in PLACED}:
        return [f"{where}: pins lead to {sorted(by_id)}, expected {[exhibit[0] for exhibit in PLACED]}"]
    for exhibit in PLACED:
        id, name, (stop, floor, x, y) = exhibit[0], exhibit[column], exhibit[4:]
        pin = by_id[id]
        expected = (x / 100 * pin["width"], y / 100 * pin["height"])
        if pin["floor"] != f"floor-{floor}":
            failures.append(f"{where}: {id}'s pin is in #{pin['floor']}, not #floor-{floor}")
        # 1 px, plus the rounding of a centre to a device pixel.
        if abs(pin["x"] - expected[0]) > 1.5 or abs(pin["y"] - expected[1]) > 1.5:
            failures.append(f"{where}: {id}'s pin is at ({pin['x']:.2f}, {pin['y']:.2f}), expected "
                            f"({expected[0]:.2f}, {expected[1]:.2f}) on a {pin['width']:.0f}×{pin['height']:.0f} plan")
        if pin["target"] < 44:
            failures.append(f"{where}: {id}'s pin is {pin['target']:.1f} px across, less than 44")
        if str(stop) not in pin["label"] or name not in pin["label"]:
            failures.append(f"{where}: {id}'s pin is called {pin['label']!r}")
    return failures


@pytest.mark.parametrize("text_size", [100, 200], ids=lambda size: f"text {size}%")
@pytest.mark.parametrize("width", [320, 1280])
def test_each_pin_is_a_link_to_its_exhibit_where_its_position_says(browser, map_site, width, text_size):
    context = new_phone(browser, width=width, height=800, mobile=width < 800)
    page = context.new_page()
    try:
        set_text_size(context, page, text_size)
        page.goto(map_site + "/map/")
        page.evaluate(LOAD_ALL_IMAGES)
        failures = check_pins(page.evaluate(PINS), f"Chromium {width} px, text {text_size}%")
        failures += [f"/map/ at {width} px, text {text_size}%: {problem}" for problem in page.evaluate(LAYOUT_PROBLEMS)]
        # The list below the plan: the same exhibits in stop order, each a link.
        for section, floor in zip(page.query_selector_all(".floor"), FLOORS):
            rows = [link.get_attribute("href").strip("/").split("/")[-1] for link in section.query_selector_all(".floor-stops a")]
            expected = [exhibit[0] for exhibit in sorted(PLACED, key=lambda e: e[4]) if exhibit[5] == floor["id"]]
            if rows != expected:
                failures.append(f"#floor-{floor['id']} lists {rows}, expected {expected}")
        # Following a pin leads to its exhibit.
        page.click(".floor a.plan-pin >> nth=0")
        page.wait_for_url("**/items/jikji/")
        # Its page, with its own small plan, lays out as cleanly.
        page.evaluate(LOAD_ALL_IMAGES)
        failures += [f"/items/jikji/ at {width} px, text {text_size}%: {problem}" for problem in page.evaluate(LAYOUT_PROBLEMS)]
    finally:
        context.close()
    assert not failures, "\n".join(failures)


# Each raster plan on the page: the pixels of the file the browser chose (fetched alone,
# so no density correction), its width as drawn, and the largest file its srcset offers.
PLAN_FILES = """
async () => {
  const images = [...document.querySelectorAll('img.plan-image')];
  await Promise.all(images.map(image => { image.loading = 'eager'; return image.decode(); }));
  return Promise.all(images.filter(image => !image.currentSrc.endsWith('.svg')).map(async image => {
    const chosen = new Image();
    chosen.src = image.currentSrc;
    await chosen.decode();
    const offered = [...(image.srcset || '').matchAll(/ (\\d+)w/g), ...[...image.parentElement.querySelectorAll('source')]
      .flatMap(source => [...source.srcset.matchAll(/ (\\d+)w/g)])].map(match => Number(match[1]));
    return {src: image.currentSrc.split('/').pop(), pixels: chosen.naturalWidth, drawn: image.getBoundingClientRect().width,
            largest: Math.max(0, ...offered)};
  }));
}
"""


@pytest.mark.parametrize("width", [375, 1280])
def test_a_raster_plan_is_sharp_on_a_3x_screen(browser, map_site, width):
    """On a 3x screen the browser picks a file of the PNG plan with a pixel for each device
    pixel it covers (or the largest there is): on the map, on a tour's walk, and in an
    exhibit's "where to find it", whose `sizes` must say how wide it is drawn."""
    failures, seen = [], 0
    for path in ["/map/", "/items/jikji/"]:
        # A context each, so that no page reuses a larger file another page has loaded.
        context = new_phone(browser, width=width, height=800, scale=3, mobile=width < 800)
        page = context.new_page()
        try:
            page.goto(map_site + path)
            for plan in page.evaluate(PLAN_FILES):
                seen += 1
                needed = min(plan["drawn"] * 3, plan["largest"])
                if plan["pixels"] < 0.95 * needed:
                    failures.append(f"{path} at {width} px, 3x: {plan['src']} is {plan['pixels']} px for a plan drawn "
                                    f"{plan['drawn']:.0f} px wide ({needed:.0f} device px; largest offered {plan['largest']})")
        finally:
            context.close()
    assert seen >= 2, f"expected the PNG plan on /map/ and on /items/jikji/, found {seen}"
    assert not failures, "\n".join(failures)


@pytest.mark.parametrize("text_size", [100, 200], ids=lambda size: f"text {size}%")
def test_each_pin_sits_where_its_position_says_in_webkit(webkit, map_site, text_size):
    failures = []
    for width in [320, 1280]:
        webkit.get(map_site + "/webkit-harness.html")
        webkit.execute_async_script(SHOW_IN_FRAME, map_site + "/map/", width, 800)
        webkit.switch_to.frame(webkit.find_element("css selector", "iframe"))
        if text_size != 100:
            webkit.execute_script(f"document.documentElement.style.fontSize = '{text_size}%'")
        webkit.execute_async_script(after_images())
        failures += check_pins(webkit.execute_script("return (" + PINS.strip() + ")()"), f"WebKit {width} px, text {text_size}%")
        webkit.switch_to.default_content()
    assert not failures, "\n".join(failures)


def test_the_plan_is_not_mirrored_in_arabic_and_the_exhibit_shows_where_it_is(browser, map_site):
    context = new_phone(browser, locale="ar")
    page = context.new_page()
    try:
        page.goto(map_site + "/ar/map/")
        page.evaluate(LOAD_ALL_IMAGES)
        assert page.evaluate("document.documentElement.dir") == "rtl"
        assert page.eval_on_selector(".floor-plan", "e => getComputedStyle(e).direction") == "ltr"
        failures = check_pins(page.evaluate(PINS), "Arabic", "ar")
        assert not failures, "\n".join(failures)
        # Screen 1 links to the map; an exhibit with a position links to its floor on it.
        page.goto(map_site + "/ar/")
        assert page.get_attribute(".home-map-link a", "href") == "/ar/map/"
        page.goto(map_site + "/ar/items/gayageum/")
        assert page.get_attribute(".exhibit-location a", "href") == "/ar/map/#floor-2"
        assert page.locator(".exhibit-location .plan-pin").count() == 1
        page.goto(map_site + "/ar/items/woodshoes/")
        assert page.locator(".exhibit-location").count() == 0
    finally:
        context.close()


@pytest.mark.parametrize("color_scheme", ["light", "dark"])
def test_axe_finds_no_violations_on_the_map(browser, map_site, color_scheme):
    axe = Axe()
    failures = []
    for path in ["/map/", "/en/map/", "/ar/map/", "/items/jikji/", "/ar/items/palman/"]:
        context = new_phone(browser, color_scheme=color_scheme, locale="ar" if "/ar/" in path else "ko-KR")
        page = context.new_page()
        try:
            page.goto(map_site + path)
            page.evaluate(LOAD_ALL_IMAGES)
            for violation in axe.run(page, options=RULES).response["violations"]:
                targets = ", ".join(str(node["target"]) for node in violation["nodes"][:3])
                failures.append(f"{path} [{color_scheme}]: {violation['id']} ({violation['impact']}): {violation['help']} at {targets}")
        finally:
            context.close()
    assert not failures, "\n".join(failures)


def test_nu_checker_finds_no_errors_on_the_map_and_a_located_exhibit(map_site, tmp_path):
    check_pages(map_site, ["/map/", "/ar/map/", "/items/jikji/", "/en/items/palman/", "/en/"], tmp_path)


def test_the_plan_opens_in_the_image_viewer(browser, map_site):
    """A tap on the plan away from its pins opens it full screen to zoom, with its pins."""
    context = new_phone(browser)
    page = context.new_page()
    try:
        page.goto(map_site + "/map/#floor-2")
        page.evaluate(LOAD_ALL_IMAGES)
        page.locator("#floor-2 .plan-image").scroll_into_view_if_needed()
        box = page.locator("#floor-2 .plan-image").bounding_box()
        page.mouse.click(box["x"] + box["width"] * 0.8, box["y"] + box["height"] * 0.2)
        page.wait_for_selector("dialog.viewer[open] .viewer-image", state="attached")
        assert "plan-upper" in page.get_attribute("dialog.viewer .viewer-image", "src")
        # Its pins come along, over the plan where the positions say, as a picture only.
        page.wait_for_function("() => document.querySelector('dialog.viewer .viewer-image').complete")
        pins = page.evaluate("""() => {
          const plan = document.querySelector('dialog.viewer .viewer-image').getBoundingClientRect();
          return [...document.querySelectorAll('dialog.viewer .plan-pin')].map(pin => {
            const dot = pin.querySelector('.pin-dot').getBoundingClientRect();
            return {x: (dot.left + dot.width / 2 - plan.left) / plan.width * 100,
                    y: (dot.top + dot.height / 2 - plan.top) / plan.height * 100,
                    width: plan.width, height: plan.height, link: pin.hasAttribute('href'), hidden: pin.closest('[aria-hidden=true]') !== null};
          });
        }""")
        expected = [(x, y) for _, _, _, _, _, floor, x, y in PLACED if floor == "2"]
        assert len(pins) == len(expected)
        for pin, (x, y) in zip(pins, expected):
            assert abs(pin["x"] - x) * pin["width"] / 100 <= 1.5 and abs(pin["y"] - y) * pin["height"] / 100 <= 1.5, (pin, x, y)
            assert not pin["link"] and pin["hidden"]
        violations = Axe().run(page, options=RULES).response["violations"]
        assert not violations, [(violation["id"], [node["target"] for node in violation["nodes"]]) for violation in violations]
    finally:
        context.close()
