"""Large generated catalogs: how long they take to load and render, the memory they need,
and how soon the server answers."""
import json
import re
import subprocess
import time

from running import wait_for_answer

STARTUP_LINE = re.compile(r"loaded (\d+) exhibits in ([\d.]+) s, rendered (\d+) files in ([\d.]+) s")


def generate(folder, count):
    """A catalog of `count` exhibits in Korean and English, with the default catalog's
    text lengths (a short line, several paragraphs) and no images."""
    folder.mkdir(parents=True)
    paragraph_ko = "이 출품작은 대한제국관에서 선보인 물건으로, 그 쓰임과 만듦새를 보여 준다. " * 6
    paragraph_en = "This exhibit was shown in the Korean Empire's pavilion and shows how it was made and used. " * 4
    for suffix, name, short, paragraph in (("", "출품작", "대한제국관의 출품작", paragraph_ko),
                                           (".en", "Exhibit", "An exhibit of the Korean pavilion", paragraph_en)):
        items = [{"name": f"{name} {index}", "image_name": f"item-{index}", "short_desc": f"{short} {index}",
                  "desc": "\n\n".join([paragraph] * 4)} for index in range(1, count + 1)]
        (folder / f"items{suffix}.json").write_text(json.dumps(items, ensure_ascii=False), "utf-8")
        exposition = {"title": "파리 만국박람회 1900(L'Exposition de Paris 1900)", "visitors": 48130300,
                      "location": "프랑스 파리", "duration": "1900. 04. 14 - 1900. 11. 12", "description": paragraph}
        (folder / f"exposition_universelle_1900{suffix}.json").write_text(json.dumps(exposition, ensure_ascii=False), "utf-8")


def peak_mib(pid):
    with open(f"/proc/{pid}/status") as status:
        return int(re.search(r"VmHWM:\s+(\d+)", status.read()).group(1)) / 1024


def scale_runs(binary, scratch, counts):
    rows = []
    for count in counts:
        folder = scratch / f"generated-{count}"
        generate(folder, count)
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
                         "first_answer_s": first_answer})
        finally:
            server.terminate()
            server.wait(timeout=30)
    return rows
