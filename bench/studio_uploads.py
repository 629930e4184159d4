"""Photos sent to the studio (issue 41): how long from sending a 12-megapixel JPEG to
seeing it in the draft preview, and whether the studio's memory stays flat over 50 photos
sent one after another. On a copy of the default catalog, with an image cache of its own
(empty: nothing of the photos is made before they are sent)."""
import io
import random
import re
import shutil
import time

from PIL import Image

from running import BenchBroken
from studio import DEFAULT_CATALOG, Studio, until

EXHIBIT = "najeon"
IN_A_ROW = 50
BASELINE_AFTER = 10
# Each photo's full renditions are made in the background after it is taken: memory is
# read once they are done (the image cache has not changed for a few seconds), after the
# 10th (the baseline) and after the last.
QUIET_SECONDS = 5


def settle(cache, limit=120):
    """Waits until nothing new has come into the image cache for QUIET_SECONDS."""
    def files():
        return sum(1 for path in cache.rglob("*") if path.is_file())
    last, quiet_since, started = files(), time.perf_counter(), time.perf_counter()
    while time.perf_counter() - quiet_since < QUIET_SECONDS and time.perf_counter() - started < limit:
        time.sleep(0.5)
        now = files()
        if now != last:
            last, quiet_since = now, time.perf_counter()


def photo(width, height, seed):
    """A camera-like JPEG: a gradient with noise (so it compresses as a photo does)."""
    generator = random.Random(seed)
    small = Image.new("RGB", (width // 8, height // 8))
    small.putdata([(x * 255 // (width // 8), generator.randrange(256), (y * 255) // (height // 8))
                   for y in range(height // 8) for x in range(width // 8)])
    out = io.BytesIO()
    small.resize((width, height), Image.BILINEAR).save(out, "JPEG", quality=90)
    return out.getvalue()


def send(studio, name, data):
    """Posts one file to the exhibit's photo form, as the page's form does; the answer's status and text."""
    status, page = studio.get(f"/studio/exhibits/{EXHIBIT}")
    if status != 200:
        raise BenchBroken(f"expo1900 studio: the exhibit's page answered {status}")
    boundary = f"----bench{random.randrange(1 << 32)}"
    body = (f"--{boundary}\r\nContent-Disposition: form-data; name=\"form_token\"\r\n\r\n{studio.token(page)}\r\n"
            f"--{boundary}\r\nContent-Disposition: form-data; name=\"files\"; filename=\"{name}\"\r\n"
            f"Content-Type: image/jpeg\r\n\r\n").encode() + data + f"\r\n--{boundary}--\r\n".encode()
    return studio.request("POST", f"/studio/exhibits/{EXHIBIT}/photos", body,
                          {"Origin": studio.url.rstrip("/"), "Content-Type": f"multipart/form-data; boundary={boundary}"})


def rss_mib(pid):
    with open(f"/proc/{pid}/status") as status:
        return int(re.search(r"VmRSS:\s+(\d+)", status.read()).group(1)) / 1024


def upload_run(binary, scratch):
    folder = scratch / "uploads-catalog"
    if folder.exists():
        shutil.rmtree(folder)
    shutil.copytree(DEFAULT_CATALOG, folder)
    cache = scratch / "uploads-image-cache"
    if cache.exists():
        shutil.rmtree(cache)
    big = photo(4000, 3000, 1)
    with Studio(binary, folder, scratch / "uploads-state", "--image-cache", str(cache)) as studio:
        started = time.perf_counter()
        status, page = send(studio, "IMG_12MP.JPG", big)
        if status != 200 or f"{EXHIBIT}-2" not in page:
            raise BenchBroken(f"expo1900 studio: the 12 MP upload answered {status}: {page[:300]}")

        def shown():
            _, preview = studio.get(f"/studio/preview/items/{EXHIBIT}/")
            found = re.search(rf'src="(/studio/preview/[^"]*{EXHIBIT}-2[^"]*)"', preview)
            return bool(found) and studio.get(found.group(1))[0] == 200
        until(shown, 60, "the 12 MP photo in the draft preview")
        photo_s = time.perf_counter() - started
        rss = []
        settled = []
        for number in range(IN_A_ROW):
            status, page = send(studio, f"IMG_{number:04}.JPG", photo(2000, 1500, 100 + number))
            if status != 200:
                raise BenchBroken(f"expo1900 studio: upload {number + 1} of {IN_A_ROW} answered {status}: {page[:300]}")
            rss.append(rss_mib(studio.process.pid))
            if number + 1 in (BASELINE_AFTER, IN_A_ROW):
                settle(cache)
                settled.append(rss_mib(studio.process.pid))
    row = {"photo_bytes": len(big), "photo_s": photo_s, "rss_mib": rss, "settled_mib": settled,
           "rss_growth_mib": settled[1] - settled[0]}
    print(f"  {describe(row)}", flush=True)
    return row


def describe(row):
    rss, settled = row["rss_mib"], row["settled_mib"]
    return (f"a 12 MP JPEG ({row['photo_bytes'] / 1e6:.1f} MB) in the draft preview {row['photo_s']:.2f} s after it was sent; "
            f"memory over {len(rss)} photos in a row (3 MP each): {settled[0]:.0f} MiB once the {BASELINE_AFTER}th was made, "
            f"{settled[1]:.0f} MiB once the last was ({max(rss):.0f} MiB at most while they were sent)")


def targets(row):
    if not row:
        return []
    return [
        (row["photo_s"] <= 3.0, f"studio: a 12 MP JPEG upload in the draft preview <= 3 s: {row['photo_s']:.2f} s"),
        (row["rss_growth_mib"] <= 32, f"studio: memory flat over {len(row['rss_mib'])} uploads in a row (<= 32 MiB more after "
                                      f"the last than after the {BASELINE_AFTER}th): {row['rss_growth_mib']:+.0f} MiB"),
    ]
