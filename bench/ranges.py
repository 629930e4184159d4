"""wrk with 64 connections fetching one large file in 64 KB ranges from random places, as
many phones seeking in audio would; the server's memory before and at its peak."""
import os
import pathlib
import re
import shutil
import subprocess
import urllib.request

CONNECTIONS = 64
SCRIPT = pathlib.Path(__file__).resolve().parent / "ranges.lua"
# The most a server holding one shared copy may grow by: buffers for 64 connections'
# 64 KB parts in flight, with room for the allocator. A copy of the file per request
# would grow it by about the file's size times the connections.
MAX_GROWTH_MIB = 24


def memory_kib(pid):
    fields = dict(line.split(":", 1) for line in pathlib.Path(f"/proc/{pid}/status").read_text().splitlines() if ":" in line)
    return int(fields["VmRSS"].split()[0]), int(fields["VmHWM"].split()[0])


def largest_file(base):
    """The largest audio file the site serves, else its largest image: (path, bytes). A link ends at
    a quote, a space or an entity: "save for offline" lists several in one attribute."""
    html = ""
    for path in ["/", "/items/"]:
        html += urllib.request.urlopen(base + path).read().decode()
    exhibits = set(re.findall(r'href="(/items/[^"/]+/)"', html))
    for path in sorted(exhibits)[:13]:
        html += urllib.request.urlopen(base + path).read().decode()
    audio = set(re.findall(r'/audio/[^"\s&]+\.m4a', html))
    candidates = audio or set(re.findall(r'/images/[^"\s,]+\.(?:webp|jpg|avif|png)', html))
    sizes = {path: int(urllib.request.urlopen(urllib.request.Request(base + path, method="HEAD")).headers["Content-Length"])
             for path in candidates}
    path = max(sizes, key=sizes.get)
    return path, sizes[path]


def range_run(server, seconds):
    path, size = largest_file(server.url)
    before, _ = memory_kib(server.process.pid)
    # Starts the peak afresh, so it is this load's, not the start's image work.
    pathlib.Path(f"/proc/{server.process.pid}/clear_refs").write_text("5")
    command = [shutil.which("wrk"), "-t2", f"-c{CONNECTIONS}", f"-d{seconds}s", "-s", str(SCRIPT), server.url + path]
    output = subprocess.run(command, capture_output=True, text=True, check=True,
                            env={**os.environ, "RANGE_FILE_BYTES": str(size)}).stdout
    after, peak = memory_kib(server.process.pid)
    not_partial = int(re.search(r"not-206: (\d+)", output).group(1))
    socket_errors = re.search(r"Socket errors: (.*)", output)
    return {"path": path, "file_bytes": size, "rps": float(re.search(r"Requests/sec:\s+([\d.]+)", output).group(1)),
            "not_206": not_partial, "socket_errors": socket_errors.group(1) if socket_errors else "",
            "rss_before_kib": before, "rss_after_kib": after, "peak_kib": peak}


def describe(row):
    return (f"{row['path']} ({row['file_bytes'] / 1024:,.0f} KB) in 64 KB ranges, {CONNECTIONS} connections: "
            f"{row['rps']:,.0f} req/s, {row['not_206']} not 206{', socket errors ' + row['socket_errors'] if row['socket_errors'] else ''}; "
            f"memory {row['rss_before_kib'] / 1024:.0f} MiB before, {row['rss_after_kib'] / 1024:.0f} after, "
            f"peak {row['peak_kib'] / 1024:.0f}")


def targets(row):
    growth = (row["peak_kib"] - row["rss_before_kib"]) / 1024
    return [(row["not_206"] == 0 and not row["socket_errors"],
             f"ranges under load: every answer 206, no socket errors: {row['not_206']} not 206"),
            (growth <= MAX_GROWTH_MIB, f"ranges under load: memory flat (peak <= before + {MAX_GROWTH_MIB} MiB): "
                                       f"+{growth:.1f} MiB")]
