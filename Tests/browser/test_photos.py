"""Curators' photos as phones and cameras write them, made here: a JPEG with GPS data and
orientation 6, an iPhone HEIC, a PNG with transparency, a truncated JPEG and a 50,000 ×
50,000 "bomb". In Chromium: pages fetch AVIF or WebP, never an original; the photo stands
upright; transparency survives; no served byte holds the GPS data; the bad files are
reported by name while the rest of the guide serves."""
import io
import pathlib
import re
import shutil
import struct
import subprocess
import time
import zlib

import pytest
from PIL import Image

from conftest import IMAGE_CACHE, _binary, _serve, new_phone
from support import DEFAULT_CATALOG
from test_offline import kept_paths, wait_for_offline_copy

GPS_MARKER = b"EXPO1900-GPS-DATUM"


def red_left_blue_right():
    image = Image.new("RGB", (600, 300), (0, 0, 255))
    image.paste((255, 0, 0), (0, 0, 300, 300))
    return image


def jpeg_with_gps_and_orientation_six():
    exif = Image.Exif()
    exif[0x0112] = 6  # turn 90° clockwise to show
    gps = exif.get_ifd(0x8825)
    gps.update({1: "N", 2: (37.0, 33.0, 12.34), 0x12: GPS_MARKER.decode()})
    out = io.BytesIO()
    red_left_blue_right().save(out, "JPEG", exif=exif.tobytes(), quality=92)
    data = out.getvalue()
    assert GPS_MARKER in data, "the fixture carries its GPS data"
    return data


def png_chunk(kind, data):
    return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))


def bomb_png():
    """A small, well-formed PNG that claims 50,000 × 50,000 pixels."""
    header = struct.pack(">IIBBBBB", 50_000, 50_000, 8, 6, 0, 0, 0)
    return (b"\x89PNG\r\n\x1a\n" + png_chunk(b"IHDR", header) + png_chunk(b"IDAT", zlib.compress(b"\0" * 1000))
            + png_chunk(b"IEND", b""))


@pytest.fixture(scope="module")
def photo_catalog(tmp_path_factory):
    folder = tmp_path_factory.mktemp("photo-catalog")
    for path in DEFAULT_CATALOG.iterdir():
        shutil.copy(path, folder / path.name)
    for name in ["jikji", "haegeum", "buddhism", "palman", "samguk"]:
        (folder / f"{name}.svg").unlink()
    (folder / "jikji.jpg").write_bytes(jpeg_with_gps_and_orientation_six())
    png = folder / "haegeum-source.png"
    red_left_blue_right().save(png)
    subprocess.run(["vips", "copy", str(png), str(folder / "haegeum.heic") + "[compression=hevc]"], check=True)
    png.unlink()
    cut_out = Image.new("RGBA", (600, 300), (0, 0, 0, 0))
    cut_out.paste((200, 30, 30, 255), (0, 0, 300, 300))
    cut_out.save(folder / "buddhism.png")
    whole = jpeg_with_gps_and_orientation_six()
    (folder / "palman.jpg").write_bytes(whole[: len(whole) // 2])
    (folder / "samguk.png").write_bytes(bomb_png())
    return folder


@pytest.fixture(scope="module")
def photo_server(photo_catalog, tmp_path_factory):
    """The server on the photo catalog, with what it printed on standard error."""
    log = tmp_path_factory.mktemp("photo-log") / "stderr.txt"
    with open(log, "w") as stderr:
        server = _serve("--catalog", str(photo_catalog), stderr=stderr)
        url = next(server)
        yield url, log
        server.close()


def test_bad_files_are_named_once_each_and_the_rest_is_served(photo_server, browser):
    url, log = photo_server
    warnings = [line for line in log.read_text().splitlines() if line.startswith("warning:")]
    assert any(line.startswith("warning: palman.jpg: cannot be decoded: ") for line in warnings), warnings
    assert "warning: samguk.png: is 50,000 × 50,000 pixels, over the limit of 1,000 megapixels; not decoded; a placeholder is shown" in warnings
    assert sum("palman.jpg" in line for line in warnings) == 1 and sum("samguk.png" in line for line in warnings) == 1
    context = new_phone(browser)
    page = context.new_page()
    try:
        for bad in ["palman", "samguk"]:
            response = page.goto(f"{url}/items/{bad}/")
            assert response.status == 200
            assert page.locator(".exhibit-figure .placeholder").count() == 1, f"{bad} shows the placeholder"
        page.goto(f"{url}/items/jikji/")
        assert page.locator("img.exhibit-image").evaluate("img => img.decode().then(() => img.naturalWidth)") > 0
    finally:
        context.close()


# Draws the page's exhibit image into a canvas and reads pixels at fractions of its size.
PIXELS = """
async (points) => {
  const img = document.querySelector('img.exhibit-image');
  await img.decode();
  const canvas = document.createElement('canvas');
  canvas.width = img.naturalWidth; canvas.height = img.naturalHeight;
  const context = canvas.getContext('2d');
  context.drawImage(img, 0, 0);
  return {src: img.currentSrc, width: img.naturalWidth, height: img.naturalHeight,
          pixels: points.map(([x, y]) => Array.from(context.getImageData(
            Math.floor(x * img.naturalWidth), Math.floor(y * img.naturalHeight), 1, 1).data))};
}
"""


def test_pages_fetch_modern_formats_upright_and_never_an_original(photo_server, browser):
    url, _ = photo_server
    context = new_phone(browser)
    page = context.new_page()
    fetched = []
    page.on("response", lambda response: fetched.append(response) if "/images/" in response.url else None)
    try:
        page.goto(f"{url}/items/")
        page.goto(f"{url}/items/jikji/")
        jikji = page.evaluate(PIXELS, [[0.5, 0.2], [0.5, 0.8]])
        # Stored 600 × 300, red left: shown 300 × 600 (at most), red on top.
        assert jikji["height"] > jikji["width"], f"the photo is turned upright: {jikji}"
        top, bottom = jikji["pixels"]
        assert top[0] > 200 and top[2] < 60 and bottom[2] > 200 and bottom[0] < 60, f"red above blue: {jikji}"

        page.goto(f"{url}/items/haegeum/")
        heic = page.evaluate(PIXELS, [[0.2, 0.5], [0.8, 0.5]])
        left, right = heic["pixels"]
        assert left[0] > 200 and right[2] > 200, f"the HEIC photo is shown: {heic}"

        page.goto(f"{url}/items/buddhism/")
        cut_out = page.evaluate(PIXELS, [[0.25, 0.5], [0.75, 0.5]])
        opaque, clear = cut_out["pixels"]
        assert opaque[3] == 255 and clear[3] == 0, f"transparency survives: {cut_out}"

        # The photos' renditions (`jikji-480.….webp`), not Jikji's further views, which stay drawings.
        images = [response for response in fetched if re.search(r"/images/(jikji|haegeum|buddhism)-[0-9]+\.", response.url)]
        assert images, "the photos were fetched"
        for response in images:
            assert response.url.endswith((".avif", ".webp")), f"{response.url}: Chromium should get AVIF or WebP"
            assert response.headers["content-type"] in ("image/avif", "image/webp")
        for original in ["jikji.jpg", "haegeum.heic", "buddhism.png"]:
            assert not any(original in response.url for response in fetched), f"{original} was served as it is"
    finally:
        context.close()


def test_no_served_byte_holds_the_gps_data(photo_catalog, tmp_path):
    """The export writes exactly the files the server serves: none of them holds the GPS
    datum, nor any EXIF block."""
    site = tmp_path / "site"
    subprocess.run([_binary(), "export", str(site), "--catalog", str(photo_catalog), "--image-cache", IMAGE_CACHE],
                   check=True, capture_output=True)
    files = [path for path in site.rglob("*") if path.is_file()]
    photos = [path for path in files if re.match(r"jikji-\d+\.[0-9a-f]{10}\.(avif|webp|jpg)$", path.name)]
    assert len(photos) == 3, f"jikji's one width (300, upright) in three formats was exported: {sorted(path.name for path in photos)}"
    for path in files:
        data = path.read_bytes()
        assert GPS_MARKER not in data, f"{path.relative_to(site)} holds the GPS data"
        if path.suffix in (".jpg", ".webp", ".avif", ".png"):
            assert b"Exif\0\0" not in data, f"{path.relative_to(site)} holds EXIF"


# In WebKit: the file the exhibit image shows, and every image file the page fetched.
WEBKIT_IMAGE = """
const done = arguments[arguments.length - 1];
const img = document.querySelector('img.exhibit-image');
img.decode().then(() => done({src: img.currentSrc, width: img.width, height: img.height,
  fetched: performance.getEntriesByType('resource').map(e => e.name).filter(n => n.includes('/images/'))}),
  error => done({error: String(error)}));
"""


def shown_pixels(driver, points):
    """The exhibit image as WebKit paints it (a screenshot of the window): its pixels at
    fractions of its size, as RGB. The points must fall inside the window."""
    rect = driver.find_element("css selector", "img.exhibit-image").rect
    background = (242, 242, 247)
    for _ in range(30):  # a decoded image may be painted a few frames later
        shot = Image.open(io.BytesIO(driver.get_screenshot_as_png())).convert("RGB")
        scale = shot.width / driver.execute_script("return innerWidth")
        pixels = [shot.getpixel((int((rect["x"] + x * rect["width"]) * scale), int((rect["y"] + y * rect["height"]) * scale)))
                  for x, y in points]
        if pixels[0] != background:
            break
        time.sleep(0.1)
    return pixels


def test_safaris_engine_gets_modern_formats_and_an_upright_photo(photo_server, webkit):
    url, _ = photo_server
    webkit.get(f"{url}/items/jikji/")
    jikji = webkit.execute_async_script(WEBKIT_IMAGE)
    assert "error" not in jikji, jikji
    assert jikji["src"].endswith((".avif", ".webp")), f"WebKit shows AVIF or WebP: {jikji['src']}"
    assert jikji["height"] > jikji["width"], f"upright in WebKit: {jikji}"
    assert all(name.endswith((".avif", ".webp", ".svg")) for name in jikji["fetched"]), jikji["fetched"]
    # The window shows the image's upper part: sample above and below its middle.
    top, bottom = shown_pixels(webkit, [(0.5, 0.15), (0.5, 0.6)])
    assert top[0] > 200 and top[2] < 60 and bottom[2] > 200 and bottom[0] < 60, f"red above blue in WebKit: {top}, {bottom}"
    webkit.get(f"{url}/items/buddhism/")
    webkit.execute_async_script(WEBKIT_IMAGE)
    opaque, clear = shown_pixels(webkit, [(0.25, 0.5), (0.75, 0.5)])
    # The clear half shows the page behind it (light grey), not black.
    assert opaque[0] > 150 and opaque[1] < 80, f"the opaque half: {opaque}"
    assert min(clear) > 200, f"transparency survives in WebKit: {clear}"


def test_offline_a_kept_size_stands_in_for_any_other(photo_server, browser):
    """The service worker fetches ahead only each photo's WebP at the phone's widths. A
    screen never visited online asks for another file (AVIF, in Chromium); offline, the
    kept WebP of the same photo is shown instead."""
    url, _ = photo_server
    context = new_phone(browser)
    page = context.new_page()
    try:
        page.goto(url + "/")
        wait_for_offline_copy(page)
        kept = [path for path in kept_paths(page) if "/images/haegeum-" in path]
        assert kept and all(path.endswith(".webp") for path in kept), f"only WebP is kept ahead: {kept}"
        context.set_offline(True)
        page.goto(url + "/items/haegeum/")
        shown = page.locator("img.exhibit-image").evaluate("img => img.decode().then(() => [img.currentSrc, img.naturalWidth])")
        assert shown[1] > 0, f"the photo shows offline: {shown}"
        assert not any(path in shown[0] for path in kept), f"the page asked for a file that was not kept ahead: {shown[0]}"
    finally:
        context.close()
