"""Issue 59's row: a 1 GB video sent to an exhibit's page, and how much the studio's memory
grows while it arrives (at most 64 MiB: the body goes to disk as it comes, never into
memory). The video is a 5-second one made by ffmpeg and looped (`-c copy`) to a gigabyte,
a valid MP4 of some 17 minutes; the form is written to a file and streamed from it, as a
browser sends a file, while the studio's resident memory is read every 20 ms."""
import http.client
import os
import random
import subprocess
import threading
import time

from running import BenchBroken
from studio import DEFAULT_CATALOG, Studio
from studio_uploads import EXHIBIT, rss_mib

TARGET_BYTES = 1 << 30
MAX_GROWTH_MIB = 64


def big_video(folder):
    clip, video = folder / "clip.mp4", folder / "long.mp4"
    subprocess.run(["ffmpeg", "-nostdin", "-v", "error", "-y", "-f", "lavfi", "-i", "testsrc2=size=1280x720:rate=30:duration=5",
                    "-f", "lavfi", "-i", "sine=frequency=440:sample_rate=48000:duration=5", "-c:v", "libx264", "-preset", "ultrafast",
                    "-b:v", "12M", "-pix_fmt", "yuv420p", "-c:a", "aac", "-shortest", str(clip)], check=True)
    loops = TARGET_BYTES // clip.stat().st_size
    subprocess.run(["ffmpeg", "-nostdin", "-v", "error", "-y", "-stream_loop", str(loops), "-i", str(clip), "-c", "copy",
                    "-f", "mp4", str(video)], check=True)
    return video


def upload_run(binary, scratch):
    import shutil
    folder = scratch / "video-upload-catalog"
    shutil.rmtree(folder, ignore_errors=True)
    shutil.copytree(DEFAULT_CATALOG, folder)
    media = scratch / "video-upload-media"
    media.mkdir(exist_ok=True)
    video = big_video(media)
    with Studio(binary, folder, scratch / "video-upload-state", "--image-cache", str(scratch / "video-upload-cache")) as studio:
        status, page = studio.get(f"/studio/exhibits/{EXHIBIT}")
        if status != 200:
            raise BenchBroken(f"expo1900 studio: the exhibit's page answered {status}")
        boundary = f"----bench{random.randrange(1 << 32)}"
        # The exhibit page's video form: the video, in the main language.
        head = (f"--{boundary}\r\nContent-Disposition: form-data; name=\"form_token\"\r\n\r\n{studio.token(page)}\r\n"
                f"--{boundary}\r\nContent-Disposition: form-data; name=\"kind\"\r\n\r\nvideo\r\n"
                f"--{boundary}\r\nContent-Disposition: form-data; name=\"files\"; filename=\"talk.mp4\"\r\n"
                f"Content-Type: video/mp4\r\n\r\n").encode()
        tail = f"\r\n--{boundary}--\r\n".encode()
        body = media / "form.bin"
        with open(body, "wb") as out:
            out.write(head)
            with open(video, "rb") as source:
                shutil.copyfileobj(source, out, 8 << 20)
            out.write(tail)
        length = body.stat().st_size
        os.sync()
        pid = studio.process.pid
        before = rss_mib(pid)
        # (seconds since sending began, resident MiB), read every 20 ms until the answer.
        samples = [(0.0, before)]
        sending = threading.Event()
        sending.set()
        started = time.perf_counter()

        def watch():
            while sending.is_set():
                samples.append((time.perf_counter() - started, rss_mib(pid)))
                time.sleep(0.02)
        watcher = threading.Thread(target=watch)
        watcher.start()
        connection = http.client.HTTPConnection(studio.host, studio.port, timeout=900)
        try:
            with open(body, "rb") as stream:
                connection.request("POST", f"/studio/exhibits/{EXHIBIT}/files", body=stream, headers={
                    "Origin": studio.url.rstrip("/"), "Content-Type": f"multipart/form-data; boundary={boundary}",
                    "Content-Length": str(length),
                    "Cookie": "; ".join(f"{name}={value}" for name, value in studio.cookies.items())})
                arrived_s = time.perf_counter() - started
                response = connection.getresponse()
                answer = response.read().decode("utf-8", "replace")
        finally:
            sending.clear()
            watcher.join()
            connection.close()
        answered_s = time.perf_counter() - started
    body.unlink()
    # While it arrives: until the last byte is sent. After it, the studio copies it into
    # uploads/ and starts making it, and the answer comes.
    arriving = max(mib for at, mib in samples if at <= arrived_s)
    return {"bytes": length, "rss_before_mib": before, "rss_arriving_mib": arriving, "rss_peak_mib": max(mib for _, mib in samples),
            "arrived_s": arrived_s,
            "answered_s": answered_s, "status": response.status, "taken": f"{EXHIBIT}.video.ko.mp4" in answer and response.status == 200}


def describe(row):
    return (f"a {row['bytes'] / (1 << 30):.2f} GB video sent to an exhibit: arrived in {row['arrived_s']:.1f} s, answered "
            f"{row['status']} after {row['answered_s']:.1f} s; the studio's memory {row['rss_before_mib']:.0f} MiB before, "
            f"peak {row['rss_arriving_mib']:.0f} MiB while it arrived, {row['rss_peak_mib']:.0f} MiB until the answer")


def targets(row):
    if not row:
        return []
    growth = row["rss_arriving_mib"] - row["rss_before_mib"]
    return [(growth <= MAX_GROWTH_MIB and row["taken"],
             f"a 1 GB video upload: the studio's memory grows <= {MAX_GROWTH_MIB} MiB while it arrives: +{growth:.1f} MiB "
             f"({'taken' if row['taken'] else 'NOT taken'}, answered {row['status']})")]
