"""Large generated catalogs: how long they take to load and render, the memory they need,
and how soon the server answers."""
import re
import subprocess
import time

from browser_metrics import search_keystrokes
from running import wait_for_answer
from support import generate_catalog

STARTUP_LINE = re.compile(r"loaded (\d+) exhibits(?: and \d+ images)? in ([\d.]+) s, rendered (\d+) files in ([\d.]+) s")


def peak_mib(pid):
    with open(f"/proc/{pid}/status") as status:
        return int(re.search(r"VmHWM:\s+(\d+)", status.read()).group(1)) / 1024


def scale_runs(binary, scratch, counts):
    rows = []
    for count in counts:
        folder = scratch / f"generated-{count}"
        generate_catalog(folder, count)
        started = time.perf_counter()
        server = subprocess.Popen([binary, "serve", "--port", "0", "--catalog", str(folder)],
                                  stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
        try:
            timings = None
            for line in server.stderr:
                timings = STARTUP_LINE.search(line) or timings
                if timings:
                    break
            url = re.search(r"(http://\S+)", server.stdout.readline()).group(1)
            first_answer = time.perf_counter() - started
            first_answer += wait_for_answer(url + "/items/")
            rows.append({"exhibits": count, "load_s": float(timings.group(2)), "render_s": float(timings.group(4)),
                         "files": int(timings.group(3)), "peak_mib": peak_mib(server.pid),
                         "first_answer_s": first_answer,
                         "search": search_keystrokes(url + "/items/", f"출품작 {count - 1}")})
        finally:
            server.terminate()
            server.wait(timeout=30)
    return rows
