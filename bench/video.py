"""Issue 42's rows: a curator's video made into the MP4 every phone plays, and what an
exhibit page with a video costs before it plays.

The original is a 1-minute 1080p video at 30 fps with a tone, from ffmpeg's test source with
sensor-like noise on it (a camera's picture compresses worse than clean bars). It goes
through the guide itself: `expo1900 validate` on a catalog that names it, with an empty
image cache, makes it; the time is validate's, the sizes are the cache's files.
"""
import pathlib
import subprocess
import time

from playwright.sync_api import sync_playwright

from browser_metrics import CHROMIUM, TRANSFERRED, phone_context
from running import ExpoServer

SECONDS = 60
EXPOSITION = ('{"title":"Video bench","visitors":1,"location":"Paris","duration":"1900",'
              '"description":"A catalog with one video."}')
TINY_SVG = '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10"><rect width="10" height="10"/></svg>'


def original(path, seconds=SECONDS):
    subprocess.run(["ffmpeg", "-nostdin", "-v", "error", "-y",
                    "-f", "lavfi", "-i", f"testsrc2=size=1920x1080:rate=30:duration={seconds},noise=alls=12:allf=t",
                    "-f", "lavfi", "-i", f"sine=frequency=440:sample_rate=48000:duration={seconds}",
                    # What a phone records: 1080p H.264 at about 16 Mbit/s.
                    "-c:v", "libx264", "-preset", "ultrafast", "-b:v", "16M", "-maxrate", "20M", "-bufsize", "20M",
                    "-pix_fmt", "yuv420p", "-c:a", "aac", "-shortest",
                    str(path)], check=True)


def one_exhibit(folder, entry):
    """A catalog of one exhibit whose entry adds `entry` (JSON members), with tiny drawings."""
    folder.mkdir(parents=True)
    (folder / "items.json").write_text('[{"name":"A","image_name":"a","short_desc":"s","desc":"A long text about the exhibit."%s}]' % entry)
    (folder / "exposition_universelle_1900.json").write_text(EXPOSITION)
    for name in ["a.svg", "poster.svg", "flag.svg"]:
        (folder / name).write_text(TINY_SVG)


def catalog(folder, video):
    one_exhibit(folder, ',"video":"talk.mp4","video_captions":"talk.vtt"' if video else "")
    (folder / "talk.vtt").write_text("WEBVTT\n\n00:00.000 --> 00:05.000\nA caption.\n")


def video_run(binary, scratch):
    scratch = pathlib.Path(scratch)
    with_video = scratch / "video-catalog"
    catalog(with_video, video=True)
    original(with_video / "talk.mp4")
    cache = scratch / "video-cache"
    started = time.monotonic()
    subprocess.run([str(binary), "validate", str(with_video), "--image-cache", str(cache)], check=False,
                   stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    made_s = time.monotonic() - started
    made = list(cache.glob("*/video.mp4"))
    posters = list(cache.glob("*/poster.jpg"))
    row = {"original_bytes": (with_video / "talk.mp4").stat().st_size, "seconds": SECONDS, "made_s": made_s,
           "video_bytes": made[0].stat().st_size if made else None, "poster_bytes": posters[0].stat().st_size if posters else None}
    # The same exhibit page with and without its video, a fresh visit each, in Chromium.
    without = scratch / "no-video-catalog"
    catalog(without, video=False)
    visits = {}
    for name, folder in [("with", with_video), ("without", without)]:
        # The cache holds the made video already: serve answers with it at once.
        with ExpoServer(binary, "--catalog", str(folder), "--image-cache", str(cache)) as server:
            visits[name] = visit(server.url, "/items/a/")
    row["page_with_bytes"] = sum(visits["with"].values())
    row["page_without_bytes"] = sum(visits["without"].values())
    # What the video adds, by file: its poster and its captions, never the video.
    kind = lambda path: path.rsplit(".", 1)[-1] if "/video/" in path or "/audio/" in path else "page"
    row["added_files"] = {kind(path): size for path, size in visits["with"].items() if path not in visits["without"]}
    row["html_added_bytes"] = visits["with"]["/items/a/"] - visits["without"]["/items/a/"]
    row["mp4_fetched"] = [path for path in visits["with"] if path.endswith(".mp4")]
    return row


def visit(base, path):
    """Each file a fresh visit to `path` transfers, by its path, with its bytes (headers included)."""
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM)
        context = phone_context(browser)
        page = context.new_page()
        page.goto(base + path, wait_until="networkidle")
        entries = page.evaluate(TRANSFERRED)
        browser.close()
    return {entry["name"].replace(base, ""): entry["bytes"] for entry in entries}


def describe(row):
    video = f"{row['video_bytes'] / 1e6:.2f} MB" if row["video_bytes"] else "not made"
    poster = f"{row['poster_bytes'] / 1000:.1f} KB" if row["poster_bytes"] else "none"
    added = ", ".join(f"{kind} {size / 1000:.1f} KB" for kind, size in sorted(row["added_files"].items()))
    return (f"1-minute 1080p original ({row['original_bytes'] / 1e6:.0f} MB): made in {row['made_s']:.1f} s, {video}, poster {poster}; "
            f"exhibit page before play {row['page_with_bytes'] / 1000:.1f} KB with the video, "
            f"{row['page_without_bytes'] / 1000:.1f} KB without (files added: {added or 'none'}; "
            f"the page itself {row['html_added_bytes']:+,} bytes); video files fetched: {len(row['mp4_fetched'])}")


def targets(row):
    if not row:
        return []
    video, poster = row["video_bytes"], row["poster_bytes"]
    extra = row["page_with_bytes"] - row["page_without_bytes"]
    # Before play the video adds its poster, and its captions (a default track is fetched
    # with the page, a few hundred bytes, so that they show from the first frame); and its
    # section, about a kilobyte of markup. Never a byte of the video itself.
    only = set(row["added_files"]) <= {"jpg", "vtt"}
    allowed = row["added_files"].get("jpg", 0) + row["added_files"].get("vtt", 0) + 1024
    return [
        (video is not None and video <= 4_000_000, f"a 1-minute 1080p video made <= 4 MB: {video / 1e6:.2f} MB" if video else
         "a 1-minute 1080p video made <= 4 MB: it was not made"),
        (poster is not None and poster <= 30_000, f"its poster <= 30 KB: {poster / 1000:.1f} KB" if poster else "its poster <= 30 KB: none"),
        (video is not None and row["made_s"] <= 60, f"a 1-minute 1080p video made in <= 60 s: {row['made_s']:.1f} s"),
        (not row["mp4_fetched"] and only and extra <= allowed,
         f"an exhibit page with a video transfers, before play, no more than without it plus the poster (and its captions and "
         f"markup): +{extra / 1000:.1f} KB (poster {row['added_files'].get('jpg', 0) / 1000:.1f} KB, captions "
         f"{row['added_files'].get('vtt', 0) / 1000:.1f} KB, page {row['html_added_bytes'] / 1000:.1f} KB), "
         f"{len(row['mp4_fetched'])} video files"),
    ]
