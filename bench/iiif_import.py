"""Issue 44's import row: a IIIF collection of 1,000 Presentation 3 manifests, each with
Korean and English labels, a summary, four metadata pairs and one small image, served by a
local server, imported by `expo1900 import iiif` into an empty folder. The time is the
command's wall clock: walking, fetching every document and image, and writing the catalog
(the guide's photo work happens later, in `validate` or `serve`, and is not counted)."""
import io
import json
import subprocess
import threading
import time
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

from PIL import Image

COUNT = 1_000


def documents(origin, count):
    served = {}
    items = []
    for number in range(count):
        path = f"/objects/{number}/manifest.json"
        served[path] = {
            "@context": "http://iiif.io/api/presentation/3/context.json", "id": origin + path, "type": "Manifest",
            "label": {"ko": [f"유물 {number}"], "en": [f"Object {number}"]},
            "summary": {"ko": [f"{number}번째 유물의 짧은 설명"], "en": [f"A short text on object {number}"]},
            "metadata": [{"label": {"en": [label]}, "value": {"en": [f"{label} of {number}"]}}
                         for label in ("Creator", "Date", "Medium", "Inscription")],
            "items": [{"id": f"{origin}{path}/canvas", "type": "Canvas", "width": 64, "height": 48, "items": [{
                "type": "AnnotationPage", "items": [{"type": "Annotation", "motivation": "painting",
                                                     "body": {"id": f"{origin}/images/{number}.jpg", "type": "Image"}}]}]}],
        }
        items.append({"id": origin + path, "type": "Manifest", "label": {"en": [f"Object {number}"]}})
    served["/collection.json"] = {"@context": "http://iiif.io/api/presentation/3/context.json", "id": origin + "/collection.json",
                                  "type": "Collection", "label": {"ko": ["천 점"], "en": ["A thousand objects"]}, "items": items}
    return {path: json.dumps(document).encode() for path, document in served.items()}


def serving(count):
    picture = io.BytesIO()
    Image.new("RGB", (64, 48), (120, 80, 40)).save(picture, "JPEG")
    state = {"documents": {}, "image": picture.getvalue(), "asked": 0}

    class Handler(BaseHTTPRequestHandler):
        protocol_version = "HTTP/1.1"
        # Headers and body go out as two writes: with Nagle's algorithm on, the second waits
        # for the client's delayed ACK, 40 ms a request, which no real server costs.
        disable_nagle_algorithm = True

        def log_message(self, *arguments):
            pass

        def do_GET(self):
            state["asked"] += 1
            body = state["documents"].get(self.path) or (state["image"] if self.path.startswith("/images/") else None)
            if body is None:
                self.send_error(404)
                return
            self.send_response(200)
            self.send_header("Content-Type", "image/jpeg" if self.path.startswith("/images/") else "application/ld+json")
            self.send_header("Content-Length", str(len(body)))
            self.end_headers()
            self.wfile.write(body)

    server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
    server.daemon_threads = True
    origin = f"http://127.0.0.1:{server.server_address[1]}"
    state["documents"] = documents(origin, count)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return server, origin, state


def import_run(binary, scratch, count=COUNT):
    server, origin, state = serving(count)
    destination = scratch / "iiif-import-bench"
    try:
        started = time.monotonic()
        result = subprocess.run([str(binary), "import", "iiif", origin + "/collection.json", str(destination), "--allow-private"],
                                capture_output=True, text=True, timeout=600)
        seconds = time.monotonic() - started
    finally:
        server.shutdown()
    exhibits = len(json.loads((destination / "items.json").read_text("utf-8"))) if (destination / "items.json").exists() else 0
    return {"manifests": count, "seconds": seconds, "exhibits": exhibits, "requests": state["asked"],
            "status": result.returncode, "problem": result.stderr[-400:] if result.returncode else ""}


def describe(result):
    return (f"{result['manifests']:,} manifests and their images from a local server: {result['exhibits']:,} exhibits, "
            f"{result['requests']:,} requests, in {result['seconds']:.1f} s" + (f" (exit {result['status']}: {result['problem']})"
                                                                            if result["status"] else ""))


def targets(result):
    if not result:
        return []
    met = result["status"] == 0 and result["exhibits"] == result["manifests"] and result["seconds"] <= 60
    return [(met, f"importing a IIIF collection of {result['manifests']:,} manifests <= 60 s: {result['seconds']:.1f} s, "
                  f"{result['exhibits']:,} exhibits")]
