"""`expo1900 import iiif`: collections and manifests served by a local server in the test
(Presentation 2 and 3, Korean, English and Arabic; a nested collection with a cycle; a
manifest without metadata; an image that answers 404, one slower than the limit, a
redirect loop) become the catalog expected, with one warning naming each manifest that
has a problem. Hostile manifests (file:///etc/passwd, loopback and private addresses
without --allow-private, a 10-gigapixel image) get one warning each, and nothing outside
the import is read or written."""
import io
import json
import os
import struct
import subprocess
import threading
import time
import zlib
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

import pytest
from PIL import Image

from conftest import IMAGE_CACHE, _binary
from test_photos import png_chunk


def jpeg(colour, size=(640, 480)):
    out = io.BytesIO()
    Image.new("RGB", size, colour).save(out, "JPEG", quality=80)
    return out.getvalue()


def gigapixel_bomb():
    """A small, well-formed PNG header that claims 100,000 × 100,000 pixels (10 gigapixels)."""
    header = struct.pack(">IIBBBBB", 100_000, 100_000, 8, 2, 0, 0, 0)
    return (b"\x89PNG\r\n\x1a\n" + png_chunk(b"IHDR", header) + png_chunk(b"IDAT", zlib.compress(b"\0" * 1000))
            + png_chunk(b"IEND", b""))


class Site:
    """A local IIIF server: documents and images by path, a few that misbehave on purpose,
    and a log of every path asked for."""

    def __init__(self):
        self.documents = {}
        self.images = {}
        self.asked = []
        site = self

        class Handler(BaseHTTPRequestHandler):
            def log_message(self, *arguments):
                pass

            def do_GET(self):
                site.asked.append(self.path)
                if self.path.startswith("/loop/"):
                    self.send_response(302)
                    self.send_header("Location", "/loop/b" if self.path == "/loop/a" else "/loop/a")
                    self.end_headers()
                elif self.path == "/slow.jpg":
                    time.sleep(4)
                    self.reply(jpeg("gray"), "image/jpeg")
                elif self.path in site.documents:
                    self.reply(json.dumps(site.documents[self.path], ensure_ascii=False).encode(), "application/ld+json")
                elif self.path in site.images:
                    self.reply(site.images[self.path], "image/jpeg")
                else:
                    self.send_error(404)

            def reply(self, body, kind):
                try:
                    self.send_response(200)
                    self.send_header("Content-Type", kind)
                    self.send_header("Content-Length", str(len(body)))
                    self.end_headers()
                    self.wfile.write(body)
                except (BrokenPipeError, ConnectionResetError):
                    pass

        self.server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.server.daemon_threads = True
        self.origin = f"http://127.0.0.1:{self.server.server_address[1]}"
        threading.Thread(target=self.server.serve_forever, daemon=True).start()

    def url(self, path):
        return self.origin + path

    def stop(self):
        self.server.shutdown()


def p3_manifest(site, path, label, summary=None, metadata=None, images=(), **extra):
    canvases = []
    for number, (address, caption) in enumerate(images, 1):
        canvas = {"id": site.url(f"{path}/canvas/{number}"), "type": "Canvas", "width": 640, "height": 480,
                  "items": [{"id": site.url(f"{path}/page/{number}"), "type": "AnnotationPage", "items": [{
                      "id": site.url(f"{path}/annotation/{number}"), "type": "Annotation", "motivation": "painting",
                      "target": site.url(f"{path}/canvas/{number}"),
                      "body": {"id": address, "type": "Image", "format": "image/jpeg", "width": 640, "height": 480}}]}]}
        if caption:
            canvas["label"] = caption
        canvases.append(canvas)
    manifest = {"@context": "http://iiif.io/api/presentation/3/context.json", "id": site.url(path), "type": "Manifest",
                "label": label, "items": canvases, **extra}
    if summary:
        manifest["summary"] = summary
    if metadata is not None:
        manifest["metadata"] = metadata
    site.documents[path] = manifest
    return manifest


def build_collection(site):
    """The collection the main test imports, and what each exhibit should become."""
    site.images["/images/bell.jpg"] = jpeg("red")
    site.images["/images/bell-back.jpg"] = jpeg("blue")
    site.images["/iiif-image/vase/full/max/0/default.jpg"] = jpeg("green")
    site.images["/images/scroll.jpg"] = jpeg("yellow")
    site.images["/images/plain.jpg"] = jpeg("white")
    p3_manifest(site, "/objects/bell/manifest.json",
                {"ko": ["성덕대왕 신종"], "en": ["The Bell of King Seongdeok"], "ar": ["جرس الملك سونغ دوك"]},
                summary={"ko": ["<p>통일신라의 <b>큰</b> 종</p>"], "en": ["A great bell of Unified Silla"], "ar": ["جرس كبير"]},
                metadata=[
                    {"label": {"ko": ["제작자"], "en": ["Creator"]}, "value": {"ko": ["미상"], "en": ["Unknown"], "ar": ["مجهول"]}},
                    {"label": {"ko": ["재질"], "en": ["Material"]}, "value": {"ko": ["청동"], "en": ["Bronze"], "ar": ["برونز"]}},
                    {"label": {"ko": ["무게"], "en": ["Weight"]}, "value": {"ko": ["18.9톤"], "en": ["18.9 t"], "ar": ["18.9 طن"]}},
                    {"label": {"en": ["Support"]}, "value": {"en": ["Wooden frame"]}},
                ],
                images=[(site.url("/images/bell.jpg"), {"ko": ["앞면"], "en": ["Front"]}),
                        (site.url("/images/bell-back.jpg"), {"ko": ["뒷면"], "en": ["Back"]})],
                requiredStatement={"label": {"en": ["Attribution"]}, "value": {"ko": ["국립경주박물관"], "en": ["Gyeongju National Museum"]}},
                rights="http://creativecommons.org/publicdomain/mark/1.0/", navDate="0771-01-01T00:00:00Z")
    # Presentation 2: plain strings and @language lists, an image service of version 2.
    site.documents["/p2/vase.json"] = {
        "@context": "http://iiif.io/api/presentation/2/context.json", "@id": site.url("/p2/vase.json"), "@type": "sc:Manifest",
        "label": [{"@value": "청자 상감운학문 매병", "@language": "ko"}, {"@value": "Celadon Prunus Vase", "@language": "en"},
                  {"@value": "مزهرية السيلادون", "@language": "ar"}],
        "description": [{"@value": "고려의 청자", "@language": "ko"}, {"@value": "Goryeo celadon", "@language": "en"}],
        "metadata": [{"label": [{"@value": "Date", "@language": "en"}, {"@value": "연대", "@language": "ko"}],
                      "value": [{"@value": "12th century", "@language": "en"}, {"@value": "12세기", "@language": "ko"}]},
                     {"label": "Description", "value": [{"@value": "고려 중기의 청자 매병. 구름과 학을 상감으로 새겼다.", "@language": "ko"},
                                                        {"@value": "A celadon prunus vase, inlaid with clouds and cranes.", "@language": "en"}]}],
        "attribution": "Kansong Art Museum", "license": "https://creativecommons.org/licenses/by/4.0/",
        "sequences": [{"@type": "sc:Sequence", "canvases": [{"@id": site.url("/p2/vase/canvas"), "@type": "sc:Canvas",
            "width": 640, "height": 480, "images": [{"@type": "oa:Annotation", "motivation": "sc:painting", "resource": {
                "@id": site.url("/iiif-image/vase/full/full/0/default.jpg"), "@type": "dctypes:Image",
                "service": {"@context": "http://iiif.io/api/image/3/context.json", "@id": site.url("/iiif-image/vase"),
                            "profile": "level0"}}}]}]}],
    }
    p3_manifest(site, "/objects/scroll/manifest.json", {"ko": ["두루마리"]}, images=[(site.url("/images/scroll.jpg"), None)])
    p3_manifest(site, "/objects/missing/manifest.json", {"ko": ["없는 사진"], "en": ["A missing photo"]},
                metadata=[{"label": {"en": ["Date"]}, "value": {"en": ["1900"]}}], images=[(site.url("/images/none.jpg"), None)])
    p3_manifest(site, "/objects/slow/manifest.json", {"ko": ["느린 사진"], "en": ["A slow photo"]},
                metadata=[{"label": {"en": ["Date"]}, "value": {"en": ["1900"]}}], images=[(site.url("/slow.jpg"), None)])
    p3_manifest(site, "/objects/plain/manifest.json", {"ko": ["소반"], "en": ["A small table"]},
                metadata=[{"label": {"en": ["Date"]}, "value": {"en": ["1900"]}}], images=[(site.url("/images/plain.jpg"), None)])
    site.documents["/nested.json"] = {
        "@context": "http://iiif.io/api/presentation/3/context.json", "id": site.url("/nested.json"), "type": "Collection",
        "label": {"ko": ["안쪽 모음"]},
        "items": [{"id": site.url("/collection.json"), "type": "Collection", "label": {"en": ["back to the top"]}},
                  {"id": site.url("/nested.json"), "type": "Collection", "label": {"en": ["itself"]}},
                  {"id": site.url("/objects/scroll/manifest.json"), "type": "Manifest", "label": {"ko": ["두루마리"]}},
                  {"id": site.url("/objects/bell/manifest.json"), "type": "Manifest", "label": {"ko": ["종, 다시"]}},
                  {"id": site.url("/loop/a"), "type": "Manifest", "label": {"en": ["a redirect loop"]}}],
    }
    site.documents["/collection.json"] = {
        "@context": "http://iiif.io/api/presentation/3/context.json", "id": site.url("/collection.json"), "type": "Collection",
        "label": {"ko": ["한국의 유물"], "en": ["Objects from Korea"], "ar": ["قطع من كوريا"]},
        "items": [{"id": site.url(path), "type": kind, "label": {"none": [path]}} for path, kind in [
            ("/objects/bell/manifest.json", "Manifest"), ("/p2/vase.json", "Manifest"), ("/nested.json", "Collection"),
            ("/objects/missing/manifest.json", "Manifest"), ("/objects/slow/manifest.json", "Manifest"),
            ("/objects/plain/manifest.json", "Manifest")]],
    }


def run_import(source, destination, *options, timeout=120):
    return subprocess.run([_binary(), "import", "iiif", source, str(destination), *options],
                          capture_output=True, text=True, timeout=timeout)


def warnings_of(result):
    return [line.removeprefix("warning: ") for line in result.stderr.splitlines() if line.startswith("warning: ")]


@pytest.fixture(scope="module")
def site():
    served = Site()
    build_collection(served)
    yield served
    served.stop()


@pytest.fixture(scope="module")
def imported(site, tmp_path_factory):
    destination = tmp_path_factory.mktemp("imported") / "catalog"
    result = run_import(site.url("/collection.json"), destination, "--allow-private", "--timeout", "2")
    return destination, result


def items(destination, suffix=""):
    return {item["image_name"]: item for item in json.loads((destination / f"items{suffix}.json").read_text("utf-8"))}


def test_a_collection_becomes_a_catalog_in_its_languages(imported):
    destination, result = imported
    assert result.returncode == 0, result.stderr
    assert "6 exhibits in ko, en, ar" in result.stdout, result.stdout
    korean, english, arabic = items(destination), items(destination, ".en"), items(destination, ".ar")
    # Each manifest once, in the order the collections list them: the cycle and the repeat are read once.
    assert list(korean) == ["bell", "vase", "scroll", "missing", "slow", "plain"], list(korean)
    bell = korean["bell"]
    assert bell["name"] == "성덕대왕 신종" and english["bell"]["name"] == "The Bell of King Seongdeok"
    assert arabic["bell"]["name"] == "جرس الملك سونغ دوك"
    assert bell["short_desc"] == "통일신라의 큰 종", "HTML in a value becomes plain text"
    assert bell["desc"] == bell["short_desc"], "without a longer text the page shows the summary"
    assert (bell["maker"], bell["material"]) == ("미상", "청동") and english["bell"]["material"] == "Bronze"
    assert bell["fields"] == [{"label": "무게", "value": "18.9톤"}, {"label": "Support", "value": "Wooden frame"}]
    assert bell["date"] == "0771-01-01", "navDate dates an exhibit whose metadata gives no date"
    assert bell["credit_line"] == "국립경주박물관" and bell["rights"] == "http://creativecommons.org/publicdomain/mark/1.0/"
    assert bell["source"].endswith("/objects/bell/manifest.json") and english["bell"]["source"] == bell["source"]
    assert [image["name"] for image in bell["images"]] == ["bell", "bell-2"]
    assert [image.get("caption") for image in english["bell"]["images"]] == ["Front", "Back"]
    vase = korean["vase"]
    assert vase["desc"] == "고려 중기의 청자 매병. 구름과 학을 상감으로 새겼다.", "a metadata Description is the page's text"
    assert (vase["name"], vase["short_desc"], vase["date"]) == ("청자 상감운학문 매병", "고려의 청자", "12세기")
    assert english["vase"]["date"] == "12th century" and vase["credit_line"] == "Kansong Art Museum"
    exposition = json.loads((destination / "exposition_universelle_1900.json").read_text("utf-8"))
    assert exposition["title"] == "한국의 유물"
    english_exposition = json.loads((destination / "exposition_universelle_1900.en.json").read_text("utf-8"))
    assert english_exposition["title"] == "Objects from Korea"
    # The image service's largest size was fetched (Presentation 2 names a version 3 service here).
    files = sorted(path.name for path in destination.iterdir() if not path.name.startswith("."))
    assert {"bell.jpg", "bell-2.jpg", "vase.jpg", "scroll.jpg", "plain.jpg"} <= set(files), files
    assert "missing.jpg" not in files and "slow.jpg" not in files


def test_each_problem_is_one_warning_naming_its_manifest(imported):
    destination, result = imported
    warnings = warnings_of(result)
    assert any('"두루마리"' in line and "no metadata" in line for line in warnings), warnings
    assert any('"없는 사진"' in line and "answered 404" in line for line in warnings), warnings
    assert any('"느린 사진"' in line and "within 2 s" in line for line in warnings), warnings
    assert any("/loop/a" in line and "redirects in a loop" in line for line in warnings), warnings
    for name in ("두루마리", "없는 사진", "느린 사진", "/loop/a"):
        assert sum(name in line for line in warnings) == 1, (name, warnings)
    assert len(warnings) == 4, warnings
    assert "Traceback" not in result.stderr and "Fatal error" not in result.stderr


def test_the_imported_folder_is_a_catalog_the_guide_reads(imported, tmp_path):
    destination, _ = imported
    result = subprocess.run([_binary(), "validate", str(destination), "--image-cache", IMAGE_CACHE],
                            capture_output=True, text=True, timeout=600)
    assert result.returncode == 0, result.stdout + result.stderr
    out = tmp_path / "site"
    export = subprocess.run([_binary(), "export", str(out), "--catalog", str(destination), "--image-cache", IMAGE_CACHE],
                            capture_output=True, text=True, timeout=600)
    assert export.returncode == 0, export.stderr
    page = (out / "items" / "bell" / "index.html").read_text("utf-8")
    assert "성덕대왕 신종" in page and "/objects/bell/manifest.json" in page, "the exhibit links back to its manifest"


def test_a_second_run_fetches_nothing_again(site, imported):
    destination, _ = imported
    before = list(site.asked)
    site.asked.clear()
    result = run_import(site.url("/collection.json"), destination, "--allow-private", "--timeout", "2")
    assert result.returncode == 0, result.stderr
    assert "(0 fetched now)" in result.stdout, result.stdout
    # Only what failed before is asked for again: the missing and slow images and the loop.
    again = {path for path in site.asked}
    assert again <= {"/images/none.jpg", "/slow.jpg", "/loop/a", "/loop/b"}, again
    assert len(before) > len(site.asked)


def hostile_manifest(folder, site):
    manifest = {
        "@context": "http://iiif.io/api/presentation/3/context.json", "id": "https://example.org/hostile", "type": "Manifest",
        "label": {"en": ["Hostile"]}, "metadata": [{"label": {"en": ["Date"]}, "value": {"en": ["1900"]}}],
        "items": [{"id": f"https://example.org/c{number}", "type": "Canvas", "items": [{"type": "AnnotationPage", "items": [{
            "type": "Annotation", "motivation": "painting", "body": {"id": address, "type": "Image"}}]}]}
            for number, address in enumerate([
                "file:///etc/passwd", site.url("/images/bell.jpg"), "http://10.1.2.3/secret.jpg",
                "http://[::1]:9/x.jpg", "http://169.254.169.254/latest/meta-data/"], 1)],
    }
    path = folder / "hostile.json"
    path.write_text(json.dumps(manifest), "utf-8")
    return path


def test_hostile_addresses_are_refused_with_one_warning_each(site, tmp_path):
    source = hostile_manifest(tmp_path, site)
    destination = tmp_path / "out"
    site.asked.clear()
    result = run_import(str(source), destination)
    assert result.returncode == 0, result.stderr
    warnings = warnings_of(result)
    assert len(warnings) == 5 and all(line.startswith('"Hostile": image ') for line in warnings), warnings
    assert any('"file:///etc/passwd" is not an http(s) address' in line for line in warnings), warnings
    assert any('"127.0.0.1" is on this machine or a private network' in line for line in warnings), warnings
    assert any('"10.1.2.3" is on this machine or a private network' in line for line in warnings), warnings
    assert any('"[::1]"' in line or '"::1"' in line for line in warnings), warnings
    assert any('"169.254.169.254"' in line for line in warnings), warnings
    assert site.asked == [], "no request reached the local server"
    written = sorted(str(path.relative_to(destination)) for path in destination.rglob("*") if path.is_file()
                     and ".iiif-import" not in path.parts)
    assert written == ["exposition_universelle_1900.json", "items.json"], written
    assert "root:" not in (destination / "items.json").read_text()


def test_a_gigapixel_image_is_refused_and_not_kept(site, tmp_path):
    site.images["/images/bomb.png"] = gigapixel_bomb()
    p3_manifest(site, "/objects/bomb/manifest.json", {"en": ["A bomb"]},
                metadata=[{"label": {"en": ["Date"]}, "value": {"en": ["1900"]}}], images=[(site.url("/images/bomb.png"), None)])
    destination = tmp_path / "out"
    result = run_import(site.url("/objects/bomb/manifest.json"), destination, "--allow-private")
    assert result.returncode == 0, result.stderr
    warnings = warnings_of(result)
    assert warnings == ['"A bomb": image 1: "' + site.url("/images/bomb.png")
                        + '" is 100,000 × 100,000 pixels, over the limit of 1,000 megapixels; not saved'], warnings
    assert not list(destination.glob("bomb*")), "the bomb is not kept"


def test_a_source_that_is_no_iiif_fails_with_one_message(site, tmp_path):
    site.documents["/not-iiif.json"] = {"hello": "world"}
    result = run_import(site.url("/not-iiif.json"), tmp_path / "out", "--allow-private")
    assert result.returncode == 1
    assert "has no type: not a IIIF collection or manifest" in result.stderr, result.stderr
    assert len(result.stderr.strip().splitlines()) == 1, result.stderr
    folder = tmp_path / "mine"
    folder.mkdir()
    (folder / "notes.txt").write_text("my own file")
    refused = run_import(site.url("/collection.json"), folder, "--allow-private")
    assert refused.returncode == 1 and "holds files no import wrote" in refused.stderr, refused.stderr
    assert os.listdir(folder) == ["notes.txt"]


def test_the_curator_chooses_the_main_language(tmp_path):
    manifest = {"@context": "http://iiif.io/api/presentation/3/context.json", "id": "https://example.org/objects/bell/manifest.json",
                "type": "Manifest", "label": {"ko": ["성덕대왕 신종"], "en": ["The Bell of King Seongdeok"]},
                "metadata": [{"label": {"en": ["Creator"]}, "value": {"none": ["미상"]}}], "items": []}
    source = tmp_path / "bell.json"
    source.write_text(json.dumps(manifest, ensure_ascii=False), "utf-8")
    result = run_import(str(source), tmp_path / "tie")
    assert "1 exhibit in en, ko" in result.stdout, "a tie goes to the first in the alphabet"
    chosen = run_import(str(source), tmp_path / "korean", "--language", "ko")
    assert chosen.returncode == 0 and "1 exhibit in ko, en" in chosen.stdout, chosen.stdout
    korean = items(tmp_path / "korean")["bell"]
    assert (korean["name"], korean["maker"]) == ("성덕대왕 신종", "미상") and "desc" not in korean
    assert items(tmp_path / "korean", ".en")["bell"]["name"] == "The Bell of King Seongdeok"
    missing = run_import(str(source), tmp_path / "french", "--language", "fr")
    assert '--language "fr": no label is in that language; the main language is en' in missing.stderr, missing.stderr
