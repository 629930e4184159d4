"""Deep zoom: a large photo is cut into IIIF Image API 3 level 0 tiles, which pass the IIIF
validator, are named in the exhibit's manifest as its image service (read by iiif-prezi3),
are exported, and are loaded by the guide's viewer only where it looks: zooming into a
corner in Chromium and in WebKit asks for that corner's tiles alone, and the zoom level is
said to screen readers."""
import json
import re
import shutil
import subprocess
import urllib.request

import pytest
from iiif_prezi3 import Manifest
from PIL import Image

from conftest import IMAGE_CACHE, _binary, _serve, new_phone
from test_offline import wait_for_offline_copy
from support import DEFAULT_CATALOG, REPO, free_port

WIDTH, HEIGHT = 6000, 4000
VALIDATOR = REPO / ".venv" / "bin" / "iiif-validate.py"

# The IIIF validator's own test image (1000 × 1000, ten by ten squares of these colours,
# column by column), which its "correct image returned" test looks for.
from iiif_validator.validator import ValidationInfo  # noqa: E402


def validator_pattern():
    colours = ValidationInfo().colorInfo
    image = Image.new("RGB", (1000, 1000))
    for column in range(10):
        for row in range(10):
            image.paste(colours[column][row], (column * 100, row * 100, column * 100 + 100, row * 100 + 100))
    return image


@pytest.fixture(scope="module")
def zoom_catalog(tmp_path_factory):
    """The default catalog with jikji as a 6,000 × 4,000 photo of fine noise (every tile
    differs) and haegeum as the validator's pattern."""
    folder = tmp_path_factory.mktemp("zoom-catalog")
    shutil.copytree(DEFAULT_CATALOG, folder, dirs_exist_ok=True)
    (folder / "jikji.svg").unlink()
    (folder / "haegeum.svg").unlink()
    Image.effect_noise((WIDTH, HEIGHT), 60).convert("RGB").save(folder / "jikji.jpg", quality=85)
    validator_pattern().save(folder / "haegeum.png")
    return folder


@pytest.fixture(scope="module")
def zoom_server(zoom_catalog):
    """The guide on a known port with its origin, so that every info.json names itself;
    photos over 900 pixels get tiles, so the validator's 1,000-pixel pattern has them."""
    port = free_port()
    origin = f"http://127.0.0.1:{port}"
    server = _serve("--catalog", str(zoom_catalog), "--port", str(port), "--base-url", origin + "/",
                    "--deep-zoom-above", "900")
    url = next(server)
    yield url.rstrip("/")
    server.close()


def tiles_of(url, exhibit):
    html = urllib.request.urlopen(f"{url}/items/{exhibit}/").read().decode()
    match = re.search(r'data-tiles="([^"]+)"', html)
    assert match, f"/items/{exhibit}/ names no tiles on its zoom link"
    return match.group(1)


def fetch_json(url):
    with urllib.request.urlopen(url) as response:
        return response.headers, json.loads(response.read())


def test_tiles_pass_the_iiif_image_validator_at_level_0(zoom_server):
    service = tiles_of(zoom_server, "haegeum")
    prefix, identifier = service.strip("/").rsplit("/", 1)
    server = zoom_server.removeprefix("http://")
    result = subprocess.run([str(VALIDATOR), "--server", server, "--prefix", prefix, "--identifier", identifier,
                             "--version", "3.0", "--level", "0"], capture_output=True, text=True, timeout=120)
    report = result.stdout + result.stderr
    assert result.returncode == 0, report
    for test in ("info_json", "id_basic", "id_squares", "format_jpg"):
        assert re.search(rf"test {test} PASS", report), report


def test_info_json_describes_the_whole_photo_and_its_levels(zoom_server):
    service = tiles_of(zoom_server, "jikji")
    headers, info = fetch_json(zoom_server + service + "/info.json")
    assert headers["Access-Control-Allow-Origin"] == "*"
    assert headers["Content-Type"].startswith("application/ld+json")
    assert info["id"] == zoom_server + service and info["profile"] == "level0" and info["type"] == "ImageService3"
    assert (info["width"], info["height"]) == (WIDTH, HEIGHT)
    assert info["tiles"] == [{"width": 512, "scaleFactors": [1, 2, 4, 8, 16]}]
    assert max(info["maxWidth"], info["maxHeight"]) == 2400
    # The coarsest level is one tile; a name the set does not have is a 404, not a file read.
    whole = f"{zoom_server}{service}/0,0,{WIDTH},{HEIGHT}/375,250/0/default.jpg"
    assert Image.open(urllib.request.urlopen(whole)).size == (375, 250)
    for wrong in ("0,0,600,600/600,600/0/default.jpg", "../../tiles.json", "0,0,512,512/512,512/0/default.png",
                  "%2e%2e/%2e%2e/tiles.json", "0,0,512,512/512,512/0/default.jpg/x"):
        with pytest.raises(urllib.error.HTTPError) as refused:
            urllib.request.urlopen(f"{zoom_server}{service}/{wrong}")
        assert refused.value.code == 404, wrong


def test_the_manifest_names_the_image_service_and_iiif_prezi3_reads_it(zoom_server):
    headers, manifest = fetch_json(zoom_server + "/iiif/jikji/manifest.json")
    Manifest.model_validate(manifest)
    canvas = manifest["items"][0]
    body = canvas["items"][0]["items"][0]["body"]
    assert (canvas["width"], canvas["height"]) == (WIDTH, HEIGHT)
    assert body["service"] == [{"id": zoom_server + tiles_of(zoom_server, "jikji"), "type": "ImageService3", "profile": "level0"}]


def test_the_export_holds_every_tile(zoom_catalog, tmp_path):
    out = tmp_path / "site"
    result = subprocess.run([_binary(), "export", str(out), "--catalog", str(zoom_catalog), "--image-cache", IMAGE_CACHE],
                            capture_output=True, text=True, timeout=600)
    assert result.returncode == 0, result.stderr
    services = [path.parent for path in (out / "tiles").glob("*/info.json")]
    assert len(services) == 1, "only jikji is over 4,000 pixels"
    written = {str(path.relative_to(services[0])) for path in services[0].glob("*/*/0/default.jpg")}
    # Every tile a viewer asks for (12 × 8 + 6 × 4 + 3 × 2 + 2 × 1 + 1), named as it asks, and full/max.
    expected = {"full/max/0/default.jpg"}
    for scale in (1, 2, 4, 8, 16):
        span = 512 * scale
        for x in range(0, WIDTH, span):
            for y in range(0, HEIGHT, span):
                w, h = min(span, WIDTH - x), min(span, HEIGHT - y)
                expected.add(f"{x},{y},{w},{h}/{-(-w // scale)},{-(-h // scale)}/0/default.jpg")
    assert len(expected) == 96 + 24 + 6 + 2 + 1 + 1
    assert written == expected, (sorted(written - expected)[:5], sorted(expected - written)[:5])


# Opens the viewer on the photo with tiles, zooms into a point near its top-left corner
# with the wheel, waits until the tiles asked for have loaded and the zoom has been said,
# and answers what was asked for. The same script runs in Chromium and WebKit.
ZOOM_INTO_CORNER = """
(function (done) {
  const link = document.querySelector('.zoom-link[data-tiles]');
  link.click();
  const started = Date.now();
  const photo = () => document.querySelector('dialog.viewer[open] .viewer-frame img:not(.viewer-tile)');
  const asked = () => performance.getEntriesByType('resource').map(entry => entry.name).filter(name => name.includes('/tiles/'));
  (function opened() {
    const image = photo();
    if (!image || !image.complete || !image.offsetWidth) {
      if (Date.now() - started < 15000) return setTimeout(opened, 50);
      return done({error: 'the viewer did not open'});
    }
    const before = asked().length;
    const box = image.getBoundingClientRect();
    const stage = document.querySelector('.viewer-stage');
    const point = {clientX: box.left + box.width * 0.04, clientY: box.top + box.height * 0.04, bubbles: true, cancelable: true};
    for (let step = 0; step < 12; step++) stage.dispatchEvent(new WheelEvent('wheel', Object.assign({deltaY: -300}, point)));
    (function settled() {
      const tiles = [...document.querySelectorAll('.viewer-tile')];
      const status = document.querySelector('dialog.viewer .visually-hidden[aria-live]');
      const ready = tiles.length > 0 && tiles.every(tile => tile.classList.contains('loaded')) && status && status.textContent;
      if (!ready && Date.now() - started < 20000) return setTimeout(settled, 100);
      done({before: before, asked: asked(), shown: tiles.map(tile => tile.getAttribute('src')),
            status: status ? status.textContent : '', scale: document.querySelector('dialog.viewer').dataset.scale});
    })();
  })();
})
"""


def regions(names):
    found = []
    for name in names:
        match = re.search(r"/(\d+),(\d+),(\d+),(\d+)/(\d+),(\d+)/0/default\.jpg$", name)
        assert match, name
        found.append(tuple(int(part) for part in match.groups()))
    return found


def check_corner(result):
    assert "error" not in result, result
    assert result["before"] == 0, "no tile is fetched before the zoom passes the largest file"
    asked = regions(result["asked"])
    assert asked, result
    full_size = [region for region in asked if region[2] == region[4]]
    assert full_size, f"the zoom reached the full-size level: {result}"
    # Only the corner: every tile asked for lies in the photo's top-left quarter.
    for x, y, width, height, _, _ in asked:
        assert x < WIDTH / 4 and y < HEIGHT / 4, f"tile at {x},{y} is outside the corner: {result}"
    assert len(asked) <= 8, f"{len(asked)} tiles for one phone screen: {result}"
    percent = round(float(result["scale"]) * 100)
    assert re.fullmatch(r"확대 \d+%", result["status"]), result["status"]
    assert abs(int(re.search(r"\d+", result["status"]).group()) - percent) <= 1, result


def test_zooming_into_a_corner_loads_only_its_tiles_in_chromium(browser, zoom_server):
    context = new_phone(browser)
    page = context.new_page()
    try:
        page.goto(zoom_server + "/items/jikji/")
        result = page.evaluate(f"() => new Promise(done => ({ZOOM_INTO_CORNER})(done))")
        check_corner(result)
    finally:
        context.close()


def test_tiles_seen_are_kept_for_offline(browser, zoom_server):
    context = new_phone(browser)
    page = context.new_page()
    try:
        page.goto(zoom_server + "/items/jikji/")
        wait_for_offline_copy(page)
        seen = page.evaluate(f"() => new Promise(done => ({ZOOM_INTO_CORNER})(done))")
        assert seen.get("shown"), seen
        page.wait_for_timeout(500)
        context.set_offline(True)
        page.goto(zoom_server + "/items/jikji/")
        again = page.evaluate(f"() => new Promise(done => ({ZOOM_INTO_CORNER})(done))")
        assert sorted(again["shown"]) == sorted(seen["shown"]), again
        loaded = page.evaluate("[...document.querySelectorAll('.viewer-tile')].every(tile => tile.naturalWidth > 0)")
        assert loaded, "offline, the tiles seen before are drawn from the service worker's cache"
    finally:
        context.close()


def test_zooming_into_a_corner_loads_only_its_tiles_in_webkit(webkit, zoom_server):
    webkit.set_script_timeout(30)
    webkit.get(zoom_server + "/items/jikji/")
    result = webkit.execute_async_script(f"({ZOOM_INTO_CORNER})(arguments[arguments.length - 1])")
    check_corner(result)
