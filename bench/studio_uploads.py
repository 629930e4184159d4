"""Photos and recordings sent to the studio (issue 41): how long from sending a
12-megapixel JPEG to seeing it in the draft preview, from sending a 2-minute WAV to
playing it there, and whether the studio's memory stays flat over 50 photos
sent one after another. On a copy of the default catalog, with an image cache of its own
(empty: nothing of the photos is made before they are sent)."""
import io
import os
import math
import random
import struct
import wave
import re
import shutil
import time

from PIL import Image

from running import BenchBroken
from studio import DEFAULT_CATALOG, Studio, until

EXHIBIT = "najeon"
IN_A_ROW = 50
READ_EVERY = 10
# Each photo's full renditions are made in the background after it is taken: memory is
# read once the studio is idle again (its processor time has stopped growing), after every
# 10th photo. A quiet image cache is not enough: one AVIF rendition of a 3 MP photo can
# take longer than a few seconds without writing a file.
# Memory grows over the first 10 to 20 photos (the allocator's arenas, SQLite's cache) and
# then stays within about 15 MiB either way: 100 photos in a row read 189, 243, 251, 231,
# 252, 257, 243, 241, 256, 266 MiB. One reading against another swung from -8 to +54 MiB
# from run to run, so "flat" is the mean of the last two readings (40th, 50th) against the
# mean of the 20th and 30th.
IDLE_SECONDS = 3


def settle(pid, limit=180):
    """Waits until the process has used less than a twentieth of a second of processor
    time over IDLE_SECONDS."""
    def cpu():
        with open(f"/proc/{pid}/stat") as stat:
            fields = stat.read().rsplit(")", 1)[1].split()
        return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")
    started = time.perf_counter()
    last = cpu()
    while time.perf_counter() - started < limit:
        time.sleep(IDLE_SECONDS)
        now = cpu()
        if now - last < 0.05:
            return
        last = now


def photo(width, height, seed):
    """A camera-like JPEG: a gradient with noise (so it compresses as a photo does)."""
    generator = random.Random(seed)
    small = Image.new("RGB", (width // 8, height // 8))
    small.putdata([(x * 255 // (width // 8), generator.randrange(256), (y * 255) // (height // 8))
                   for y in range(height // 8) for x in range(width // 8)])
    out = io.BytesIO()
    small.resize((width, height), Image.BILINEAR).save(out, "JPEG", quality=90)
    return out.getvalue()


def speech_like_wav(seconds, rate=48000):
    """A stereo 16-bit WAV of `seconds`: a tone whose loudness rises and falls like speech."""
    out = io.BytesIO()
    with wave.open(out, "wb") as file:
        file.setnchannels(2)
        file.setsampwidth(2)
        file.setframerate(rate)
        period = [int(8000 * math.sin(2 * math.pi * 220 * n / rate)) for n in range(rate // 220 * 10)]
        block = b"".join(struct.pack("<hh", value, value) for value in period)
        frames = bytearray()
        while len(frames) < seconds * rate * 4:
            frames += block
        file.writeframes(bytes(frames[: seconds * rate * 4]))
    return out.getvalue()


def send(studio, name, data, fields=None):
    """Posts one file to the exhibit's photo form, as the page's form does; the answer's status and text."""
    status, page = studio.get(f"/studio/exhibits/{EXHIBIT}")
    if status != 200:
        raise BenchBroken(f"expo1900 studio: the exhibit's page answered {status}")
    boundary = f"----bench{random.randrange(1 << 32)}"
    extra = "".join(f"--{boundary}\r\nContent-Disposition: form-data; name=\"{key}\"\r\n\r\n{value}\r\n" for key, value in (fields or {}).items())
    body = (f"--{boundary}\r\nContent-Disposition: form-data; name=\"form_token\"\r\n\r\n{studio.token(page)}\r\n{extra}"
            f"--{boundary}\r\nContent-Disposition: form-data; name=\"files\"; filename=\"{name}\"\r\n"
            f"Content-Type: image/jpeg\r\n\r\n").encode() + data + f"\r\n--{boundary}--\r\n".encode()
    return studio.request("POST", f"/studio/exhibits/{EXHIBIT}/files", body,
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

        recording = speech_like_wav(120)
        # The photo's full renditions are being made in the background: the recording is
        # timed on its own, once they are.
        settle(studio.process.pid)
        started = time.perf_counter()
        status, page = send(studio, "interview.wav", recording, {"language": "ko"})
        if status != 200 or f"{EXHIBIT}.ko.wav" not in page:
            raise BenchBroken(f"expo1900 studio: the 2-minute WAV upload answered {status}: {page[:300]}")

        def playable():
            _, preview = studio.get(f"/studio/preview/items/{EXHIBIT}/")
            found = re.search(r'<audio[^>]*>\s*<source src="([^"]+)"', preview) or re.search(r'<audio[^>]*src="([^"]+)"', preview)
            return bool(found) and studio.get(found.group(1).replace("&amp;", "&"))[0] == 200
        until(playable, 60, "the 2-minute recording playable in the draft preview")
        recording_s = time.perf_counter() - started
        rss = []
        settled = []
        for number in range(IN_A_ROW):
            status, page = send(studio, f"IMG_{number:04}.JPG", photo(2000, 1500, 100 + number))
            if status != 200:
                raise BenchBroken(f"expo1900 studio: upload {number + 1} of {IN_A_ROW} answered {status}: {page[:300]}")
            rss.append(rss_mib(studio.process.pid))
            if (number + 1) % READ_EVERY == 0:
                settle(studio.process.pid)
                settled.append(rss_mib(studio.process.pid))
    # The later half of the readings against the earlier, the first (warming up) left out.
    earlier, later = settled[1:3], settled[-2:]
    row = {"photo_bytes": len(big), "photo_s": photo_s, "recording_bytes": len(recording), "recording_s": recording_s, "rss_mib": rss, "settled_mib": settled,
           "rss_growth_mib": sum(later) / len(later) - sum(earlier) / len(earlier)}
    print(f"  {describe(row)}", flush=True)
    return row


def describe(row):
    rss, settled = row["rss_mib"], row["settled_mib"]
    return (f"a 12 MP JPEG ({row['photo_bytes'] / 1e6:.1f} MB) in the draft preview {row['photo_s']:.2f} s after it was sent; "
            f"a 2-minute WAV ({row['recording_bytes'] / 1e6:.1f} MB) playable there {row['recording_s']:.2f} s after; "
            f"memory over {len(rss)} photos in a row (3 MP each), once idle after every {READ_EVERY}th: "
            f"{', '.join(f'{value:.0f}' for value in settled)} MiB ({max(rss):.0f} MiB at most while they were sent)")


def targets(row):
    if not row:
        return []
    return [
        (row["photo_s"] <= 3.0, f"studio: a 12 MP JPEG upload in the draft preview <= 3 s: {row['photo_s']:.2f} s"),
        (row["recording_s"] <= 10.0, f"studio: a 2-minute WAV upload playable in the draft preview <= 10 s: {row['recording_s']:.2f} s"),
        (row["rss_growth_mib"] <= 32, f"studio: memory flat over {len(row['rss_mib'])} uploads in a row (<= 32 MiB more after "
                                      f"the 40th and 50th than after the 20th and 30th): {row['rss_growth_mib']:+.0f} MiB"),
    ]
