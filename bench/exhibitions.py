"""Several exhibitions on one server (issue 57): `serve --catalogs DIR` with twenty
exhibitions of 1,000 real records each, against `serve --catalog` of one catalog.

- How soon the twenty answer `/`, and the server's peak memory once every exhibition's home
  and list have answered, beside the peak of one catalog of the same 20,000 records.
- One exhibition's list under wrk with the twenty loaded, beside that exhibition served alone.
- With `--watch`, an exhibit renamed in one exhibition's items.json (saved by renaming, as
  editors do): how soon its page shows the new name, and how long the other nineteen take
  to answer meanwhile.
- With `studio --catalogs`, an exhibit's name changed in one exhibition's studio and
  published there, as staff do it: how soon its public page shows the new name, and how long
  the other nineteen take to answer meanwhile.

The exhibitions are slices of the real collections beside the project (Tate and MoMA, see
their README): ten of 1,000 Tate records and ten of 1,000 MoMA records, each with a title of
its own. Everything is measured from outside, as in scale.py.

Alone: python3 bench/exhibitions.py BINARY [--quick] [--seconds N] [--rounds N]"""
import http.client
import json
import math
import os
import pathlib
import re
import shutil
import statistics
import subprocess
import sys
import threading
import time
import urllib.parse
import urllib.request

HERE = pathlib.Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent / "Tests" / "browser"))
sys.path.insert(0, str(HERE))

from running import BenchBroken, print_targets, run_main, ExpoServer, read_line  # noqa: E402
from scale import answered, free_port  # noqa: E402
from studio import PASSWORD, Studio, unescape  # noqa: E402
from throughput import wrk  # noqa: E402

COLLECTIONS = HERE.parent.parent / "shared" / "real-collections"
SOURCES = [("tate", COLLECTIONS / "tate-69k"), ("moma", COLLECTIONS / "moma-124k")]
PER_SOURCE = 10
EXHIBITS = 1_000
EXPOSITION = "exposition_universelle_1900.json"
TIMEOUT = 300


# Building the catalogs

def write_catalog(folder, exposition, title, items):
    """A catalog folder: the collection's exposition file with its own title, and `items`."""
    folder.mkdir(parents=True)
    (folder / EXPOSITION).write_text(json.dumps(dict(exposition, title=title), ensure_ascii=False, indent=1), "utf-8")
    (folder / "items.json").write_text(json.dumps(items, ensure_ascii=False), "utf-8")


def build_catalogs(scratch):
    """Twenty exhibitions under scratch/exhibitions/NAME, and one catalog of the same 20,000
    records (Tate's first 10,000 then MoMA's) at scratch/exhibitions-one; their names in
    order, or None when a collection is not beside the project."""
    root, one = scratch / "exhibitions", scratch / "exhibitions-one"
    names, together, exposition_one = [], [], None
    for prefix, source in SOURCES:
        if not (source / "items.json").exists() or not (source / EXPOSITION).exists():
            return None
        exposition = json.loads((source / EXPOSITION).read_text("utf-8"))
        items = json.loads((source / "items.json").read_text("utf-8"))[:PER_SOURCE * EXHIBITS]
        museum = exposition["title"].split(" (")[0]
        for index in range(PER_SOURCE):
            start = index * EXHIBITS
            name = f"{prefix}-{index + 1:02d}"
            write_catalog(root / name, exposition, f"{museum}, records {start + 1:,} to {start + EXHIBITS:,}",
                          items[start:start + EXHIBITS])
            names.append(name)
        together += items
        exposition_one = exposition_one or exposition
    write_catalog(one, exposition_one, f"Tate and MoMA, {len(together):,} records", together)
    return root, one, names


def first_exhibit(folder):
    return json.loads((folder / "items.json").read_text("utf-8"))[0]["image_name"]


# Row 1: start-up and memory

def memory_mib(pid):
    status = pathlib.Path(f"/proc/{pid}/status").read_text()
    peak, now = (int(re.search(rf"{key}:\s+(\d+)", status).group(1)) / 1024 for key in ("VmHWM", "VmRSS"))
    return peak, now


def cpu_seconds(pid):
    fields = pathlib.Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def settled(pid, limit=20):
    """Seconds until the server has done what it does after its answers (below 2 % of a core
    over a second), at most `limit`: its peak is read then, so that work it does in the
    background after the pages (search indexes) is in it, for one catalog as for twenty."""
    started = time.perf_counter()
    before = cpu_seconds(pid)
    while time.perf_counter() - started < limit:
        time.sleep(1)
        now = cpu_seconds(pid)
        if now - before < 0.02:
            break
        before = now
    return time.perf_counter() - started


def started_answering(binary, arguments, paths, what):
    """`serve` on a port of its own (as scale.py starts it, so that it makes its IIIF as a
    curator's would): seconds from the command to the first 200 on `/`, then every path in
    `paths` asked once, then, once it is idle, its peak and present memory."""
    started = time.perf_counter()
    server = subprocess.Popen([binary, "serve", "--port", free_port(), *arguments],
                              stdout=subprocess.PIPE, stderr=subprocess.DEVNULL)
    try:
        url = read_line(server, r"Expo1900 is serving (http://\S+)", TIMEOUT, what).group(1)
        url_s = time.perf_counter() - started
        deadline = started + TIMEOUT
        first_s = answered(url + "/", deadline, what) - started
        with urllib.request.urlopen(url + "/", timeout=30) as response:
            front = response.read().decode("utf-8", "replace")
        for path in paths:
            answered(url + path, deadline, what)
        all_s = time.perf_counter() - started
        settle_s = settled(server.pid)
        peak, now = memory_mib(server.pid)
    finally:
        server.terminate()
        server.wait(timeout=30)
    return {"url_s": url_s, "first_answer_s": first_s, "all_answered_s": all_s, "settle_s": settle_s,
            "peak_mib": peak, "rss_mib": now, "front_page": front}


def memory_row(binary, root, one, names):
    paths = [page for name in names for page in (f"/{name}/", f"/{name}/items/")]
    twenty = started_answering(binary, ["--catalogs", str(root)], paths, "serve --catalogs (twenty exhibitions)")
    titles = [json.loads((root / name / EXPOSITION).read_text("utf-8"))["title"] for name in names]
    listed = sum(1 for name, title in zip(names, titles) if f"/{name}/" in twenty["front_page"] and title in twenty["front_page"])
    del twenty["front_page"]
    single = started_answering(binary, ["--catalog", str(one)], ["/items/"], "serve --catalog (one of 20,000)")
    del single["front_page"]
    row = {"exhibitions": len(names), "exhibits_each": EXHIBITS, "twenty": twenty, "single": single,
           "front_page_lists": listed, "peak_ratio": twenty["peak_mib"] / single["peak_mib"]}
    print(f"  twenty exhibitions: URL in {twenty['url_s']:.2f} s, first 200 on / in {twenty['first_answer_s']:.2f} s, "
          f"every home and list answered in {twenty['all_answered_s']:.2f} s; peak {twenty['peak_mib']:.0f} MiB, "
          f"now {twenty['rss_mib']:.0f} MiB, read {twenty['settle_s']:.0f} s later, once idle; "
          f"the front page lists {listed} of {len(names)}", flush=True)
    print(f"  one catalog of 20,000: first 200 on / in {single['first_answer_s']:.2f} s; peak {single['peak_mib']:.0f} MiB, "
          f"now {single['rss_mib']:.0f} MiB, read {single['settle_s']:.0f} s later; twenty / one = {row['peak_ratio']:.2f}",
          flush=True)
    return row


# Row 2: throughput of one exhibition among twenty

def throughput_row(binary, root, names, seconds, rounds):
    name = names[0]
    samples = {"twenty": [], "alone": []}
    with ExpoServer(binary, "--catalogs", str(root)) as twenty, ExpoServer(binary, "--catalog", str(root / name)) as alone:
        urls = {"twenty": f"{twenty.url}/{name}/items/", "alone": f"{alone.url}/items/"}
        for url in urls.values():
            # The first answer makes the page; wrk measures the ones after. A second of wrk,
            # not counted, opens each server's connections and warms its caches: without it
            # the first run of round 1 read 8 to 10 % below the second in every run.
            urllib.request.urlopen(url, timeout=60).read()
            wrk(url, 1, True)
        for round_number in range(rounds):
            order = ["twenty", "alone"] if round_number % 2 == 0 else ["alone", "twenty"]
            for which in order:
                rps, p99, errors = wrk(urls[which], seconds, True)
                samples[which].append((rps, p99, errors))
                label = f"/{name}/items/ of twenty" if which == "twenty" else f"/items/ of {name} alone"
                print(f"  round {round_number + 1} {label:<28} gzip {rps:>10,.0f} req/s  p99 {p99:.2f} ms"
                      f"{'  ERRORS' if errors else ''}", flush=True)
    row = {"exhibition": name, "encoding": "gzip"}
    for which, got in samples.items():
        row[f"{which}_rps"] = statistics.median(s[0] for s in got)
        row[f"{which}_p99_ms"] = statistics.median(s[1] for s in got)
        row[f"{which}_rounds"] = [s[0] for s in got]
    row["errors"] = any(s[2] for got in samples.values() for s in got)
    # Each round's two runs are next to each other in time: their ratio is free of the
    # machine's drift between rounds (60,000 to 68,000 req/s for the same page in one run),
    # which a ratio of the two medians is not.
    row["round_ratios"] = [t[0] / a[0] for t, a in zip(samples["twenty"], samples["alone"]) if a[0]]
    row["ratio"] = statistics.median(row["round_ratios"]) if row["round_ratios"] else 0
    return row


# Row 3: publishing one exhibition while the others answer

class Visitors:
    """One thread asking for the other exhibitions' lists and an exhibit page of each, in
    turn, on a few keep-alive connections: (start, seconds, ok) for every request."""

    CONNECTIONS = 4

    def __init__(self, url, pages):
        parts = urllib.parse.urlsplit(url)
        self.host, self.port, self.pages = parts.hostname, parts.port, pages
        self.samples, self.failures = [], []
        self.stop = threading.Event()
        self.thread = threading.Thread(target=self._run, daemon=True)

    def _connect(self):
        return http.client.HTTPConnection(self.host, self.port, timeout=10)

    def _run(self):
        connections = [self._connect() for _ in range(self.CONNECTIONS)]
        turn = 0
        while not self.stop.is_set():
            index = turn % len(connections)
            page = self.pages[turn % len(self.pages)]
            turn += 1
            started = time.perf_counter()
            try:
                connections[index].request("GET", page, headers={"Accept-Encoding": "gzip"})
                response = connections[index].getresponse()
                response.read()
                ok = response.status == 200
                if not ok:
                    self.failures.append(f"{page}: {response.status}")
            except (OSError, http.client.HTTPException) as error:
                ok = False
                self.failures.append(f"{page}: {error!r}")
                connections[index].close()
                connections[index] = self._connect()
            self.samples.append((started, time.perf_counter() - started, ok))
        for connection in connections:
            connection.close()

    def warm(self, what):
        """Every page once, so that no first making of a page is counted."""
        connection = self._connect()
        for page in self.pages:
            connection.request("GET", page, headers={"Accept-Encoding": "gzip"})
            response = connection.getresponse()
            response.read()
            if response.status != 200:
                raise BenchBroken(f"{what}: {page} answered {response.status}")
        connection.close()


def p99(values):
    ordered = sorted(values)
    return ordered[max(0, math.ceil(0.99 * len(ordered)) - 1)] if ordered else float("nan")


def fetch(connection, path):
    connection.request("GET", path)
    response = connection.getresponse()
    return response.status, response.read().decode("utf-8", "replace")


class Poller:
    """One connection that asks for a page until it shows a text, connecting again when the
    server drops it (a reload may close an idle keep-alive connection)."""

    def __init__(self, host, port):
        self.host, self.port = host, port
        self.connection = http.client.HTTPConnection(host, port, timeout=10)

    def get(self, path):
        return fetch(self.connection, path)

    def until(self, path, text, since, pause):
        """When `path` first answered 200 with `text` in it (perf_counter), or None after 30 s from `since`."""
        while time.perf_counter() - since < 30:
            try:
                status, body = self.get(path)
            except (OSError, http.client.HTTPException):
                self.close()
                self.connection = http.client.HTTPConnection(self.host, self.port, timeout=10)
                continue
            if status == 200 and text in body:
                return time.perf_counter()
            time.sleep(pause)
        return None

    def close(self):
        self.connection.close()


def other_pages(root, names):
    """The list and the first exhibit's page of every exhibition but the first."""
    pages = []
    for other in names[1:]:
        pages += [f"/{other}/items/", f"/{other}/items/{first_exhibit(root / other)}/"]
    return pages


def meanwhile(visitors, windows):
    """What the visitors saw: their requests under way at any moment of one of `windows`
    ((begin, end) pairs), and all of them."""
    samples = visitors.samples
    during = [seconds for start, seconds, _ in samples
              if any(start <= end and start + seconds >= begin for begin, end in windows)]
    return {"requests": len(samples), "requests_during_reload": len(during), "failures": len(visitors.failures),
            "failure_examples": visitors.failures[:5],
            "p99_during_reload_ms": p99(during) * 1000, "max_during_reload_ms": max(during, default=float("nan")) * 1000,
            "p99_all_ms": p99([s[1] for s in samples]) * 1000}


def describe_meanwhile(row):
    return (f"the other nineteen: {row['requests']:,} requests, {row['requests_during_reload']:,} during a reload: p99 "
            f"{row['p99_during_reload_ms']:.1f} ms (max {row['max_during_reload_ms']:.1f} ms; p99 over the whole run "
            f"{row['p99_all_ms']:.1f} ms); {row['failures']} failed")


def publish_row(binary, root, names, edits):
    """`edits` renames of exhibition 0's last exhibit, a second apart, each saved as editors
    save (written beside the file, then renamed over it); from the rename to the exhibit's page
    showing the new name. The others' latencies are those of requests under way at any moment
    of a reload window (from a save to the new name seen)."""
    name = names[0]
    folder = root / name
    items_file = folder / "items.json"
    items = json.loads(items_file.read_text("utf-8"))
    exhibit = items[-1]["image_name"]
    others = other_pages(root, names)
    what = "serve --catalogs --watch"
    with ExpoServer(binary, "--watch", "--catalogs", str(root)) as server:
        parts = urllib.parse.urlsplit(server.url)
        poller = Poller(parts.hostname, parts.port)
        status, _ = poller.get(f"/{name}/items/{exhibit}/")
        if status != 200:
            raise BenchBroken(f"{what}: /{name}/items/{exhibit}/ answered {status}")
        visitors = Visitors(server.url, others)
        visitors.warm(what)
        time.sleep(1)
        visitors.thread.start()
        time.sleep(1)
        windows, delays = [], []
        for edit in range(edits):
            new_name = f"Renamed by the bench {edit} {os.getpid()}"
            items[-1]["name"] = new_name
            saving = folder / ".items.json.saving"
            saving.write_text(json.dumps(items, ensure_ascii=False), "utf-8")
            os.replace(saving, items_file)
            saved = time.perf_counter()
            seen = poller.until(f"/{name}/items/{exhibit}/", new_name, saved, 0.01)
            delays.append(seen - saved if seen else float("inf"))
            windows.append((saved, seen or time.perf_counter()))
            print(f"  edit {edit + 1}: the new name shown after {delays[-1] * 1000:.0f} ms", flush=True)
            time.sleep(1)
        visitors.stop.set()
        visitors.thread.join(timeout=30)
        poller.close()
    row = {"exhibition": name, "edits": edits, "reload_s": delays, "reload_s_max": max(delays),
           "reload_s_median": statistics.median(delays), **meanwhile(visitors, windows)}
    print(f"  {describe_meanwhile(row)}", flush=True)
    return row


# Row 4: a publish in one exhibition's studio while the others answer

class MuseumStudio(Studio):
    """`studio --catalogs` over the museum with one admin, made by `users add` as a museum's
    first account is, and a client logged in as them. Its log goes to `log`, read after the
    run for what went wrong; the process is ended however the start or the login ends."""

    ACCOUNT = "bench"

    def __init__(self, binary, root, state, log):
        super().__init__(binary, root, state)
        self.command = [binary, "studio", "--port", "0", "--catalogs", str(root), "--state", str(state)]
        self.log = log

    def __enter__(self):
        added = subprocess.run([self.binary, "users", "add", self.ACCOUNT, "--role", "admin", "--state", str(self.state)],
                               input=PASSWORD + "\n", text=True, capture_output=True)
        if added.returncode != 0:
            raise BenchBroken(f"expo1900 users add: status {added.returncode}: {added.stderr.strip()[:300]}")
        self.log_file = open(self.log, "wb")
        self.process = subprocess.Popen(self.command, stdout=subprocess.PIPE, stderr=self.log_file)
        try:
            self.url = read_line(self.process, r"Expo1900 is serving (http://\S+)", TIMEOUT, "studio --catalogs").group(1)
            parts = urllib.parse.urlsplit(self.url)
            self.host, self.port = parts.hostname, parts.port
            token = self.token(self.get("/studio/login")[1])
            status, _ = self.post("/studio/login", {"form_token": token, "name": self.ACCOUNT, "password": PASSWORD})
            if status != 303 or "studio_session" not in self.cookies:
                raise BenchBroken(f"studio --catalogs: logging in answered {status}")
        except BaseException:
            self.__exit__()
            raise
        return self

    def __exit__(self, *_):
        self.process.terminate()
        try:
            self.process.wait(timeout=30)
        except subprocess.TimeoutExpired:
            self.process.kill()
            self.process.wait()
        self.log_file.close()

    def form(self, exhibition, exhibit):
        """The exhibit's form in `exhibition`'s studio as its page fills it, read as
        studio.Studio.form reads a studio of one catalog's."""
        status, page = self.get(f"/studio/e/{exhibition}/exhibits/{exhibit}")
        if status != 200:
            raise BenchBroken(f"studio --catalogs: the form of {exhibit} in {exhibition} answered {status}")
        fields = {"form_token": self.token(page)}
        for name, value in re.findall(r'<input type="hidden" name="((?:revision|version\.)[^"]*)" value="([^"]*)"', page):
            fields[name] = unescape(value)
        for name, value, text in re.findall(
                r'<(?:input|textarea) id="[^"]*" name="(f\.[^"]*)"[^>]*?(?:value="([^"]*)"[^>]*)?>(?:([^<]*)</textarea>)?', page):
            fields[name] = unescape(value or text)
        return fields


def gist(page):
    """A studio page's words without its markup, short enough for a line of the report."""
    return re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", page)).strip()[:300]


def log_problems(log):
    """The studio's log lines that say something went wrong, but for the missing pictures:
    the real collections have none (see their README), and every load of an exhibition,
    its first and each publish's, warns of them."""
    lines = log.read_text("utf-8", "replace").splitlines() if log.exists() else []
    return [line for line in lines
            if re.search(r"\b(error|warning|critical|fault)\b", line, re.IGNORECASE) and "no image (" not in line]


def studio_publish_row(binary, scratch, root, names, publishes):
    """`publishes` times, the name of exhibition 0's first exhibit changed in its studio
    (the form posted back whole, as a browser does) and published, a second apart: from
    sending the publish to the exhibit's public page showing the new name. The others'
    latencies are those of requests under way at any moment from a publish sent to its name
    seen, as in publish_row."""
    name = names[0]
    exhibit = first_exhibit(root / name)
    language = json.loads((root / name / EXPOSITION).read_text("utf-8"))["language"]
    field = f"f.{language}.name"
    public = f"/{name}/items/{exhibit}/"
    what = "studio --catalogs"
    log = scratch / "museum-studio.log"
    state = scratch / "museum-studio-state"
    if state.exists():
        shutil.rmtree(state)
    delays, answers, windows, refused = [], [], [], []
    with MuseumStudio(binary, root, state, log) as studio:
        poller = Poller(studio.host, studio.port)
        status, _ = poller.get(public)
        if status != 200:
            raise BenchBroken(f"{what}: {public} answered {status}")
        # The exhibition's studio is made when first asked for: its form once before the
        # clock, as staff open an exhibit before they publish it.
        if field not in studio.form(name, exhibit):
            raise BenchBroken(f"{what}: the form of {exhibit} has no {field}")
        visitors = Visitors(studio.url, other_pages(root, names))
        visitors.warm(what)
        time.sleep(1)
        visitors.thread.start()
        try:
            time.sleep(1)
            for number in range(publishes):
                marker = f"Published by the bench {number} {os.getpid()} {time.time_ns()}"
                form = studio.form(name, exhibit)
                form[field] = marker
                status, page = studio.post(f"/studio/e/{name}/exhibits/{exhibit}", form)
                if status != 303:
                    raise BenchBroken(f"{what}: saving the draft of {exhibit} answered {status}: {gist(page)}")
                sent = time.perf_counter()
                status, page = studio.post(f"/studio/e/{name}/publish", {"form_token": form["form_token"], "exhibit": exhibit})
                answers.append(time.perf_counter() - sent)
                if status != 200:
                    raise BenchBroken(f"{what}: publishing {exhibit} answered {status}: {gist(page)}")
                seen = poller.until(public, marker, sent, 0.02)
                if seen is None:
                    # A publish the studio refused answers 200 with its reason: kept to say why.
                    refused.append(gist(page))
                delays.append(seen - sent if seen else float("inf"))
                windows.append((sent, seen or time.perf_counter()))
                print(f"  publish {number + 1}: answered in {answers[-1] * 1000:.0f} ms, the new name shown after "
                      f"{delays[-1] * 1000:.0f} ms{f' (the studio answered: {refused[-1]})' if seen is None else ''}", flush=True)
                time.sleep(1)
        finally:
            visitors.stop.set()
            visitors.thread.join(timeout=30)
            poller.close()
    problems = log_problems(log)
    row = {"exhibition": name, "exhibit": exhibit, "publishes": publishes, "live_s": delays, "live_s_max": max(delays),
           "live_s_median": statistics.median(delays), "answer_s": answers, "refused": refused,
           "log_problems": len(problems), "log_problem_examples": problems[:5], **meanwhile(visitors, windows)}
    print(f"  {describe_meanwhile(row)}", flush=True)
    for line in problems[:5]:
        print(f"  studio log: {line[:200]}", flush=True)
    return row


# All of it

def supports_catalogs(binary, command="serve"):
    result = subprocess.run([binary, command, "--help"], capture_output=True, text=True)
    return "--catalogs" in result.stdout + result.stderr


def exhibitions_runs(binary, scratch, seconds, rounds, quick):
    scratch = pathlib.Path(scratch)
    if not supports_catalogs(binary):
        why = f"{binary} serve has no --catalogs"
        print(f"  not measured: {why}", flush=True)
        return {"measured": False, "why": why}
    started = time.perf_counter()
    built = build_catalogs(scratch)
    if built is None:
        why = f"the real collections (tate-69k and moma-124k) are not in {COLLECTIONS}"
        print(f"  not measured: {why}", flush=True)
        return {"measured": False, "why": why}
    root, one, names = built
    print(f"  {len(names)} exhibitions of {EXHIBITS:,} records and one catalog of {len(names) * EXHIBITS:,} "
          f"written in {time.perf_counter() - started:.1f} s", flush=True)
    results = {"measured": True}
    results["memory"] = memory_row(binary, root, one, names)
    # Many short rounds, alternating which goes first: one 3-second round on two cores
    # shared by wrk and both servers read 0.87 in one run and 1.03 in the next, and the
    # median of three read 0.87 once in four runs. The museum's routing costs about 1 % a
    # request; ten rounds in a row here read 0.94 to 1.05, and the median of five read 0.94
    # once in a full bench where its rounds alone read 0.97. Eleven rounds of 3 s take the
    # time of seven of 5 s and give a median that such noise moves far less.
    results["throughput"] = throughput_row(binary, root, names, 3, 5 if quick else max(rounds, 11))
    results["publish"] = publish_row(binary, root, names, 3 if quick else 7)
    # After the --watch row, whose server has ended: the studio edits the same folders.
    if supports_catalogs(binary, "studio"):
        results["studio_publish"] = studio_publish_row(binary, scratch, root, names, 3 if quick else 7)
    else:
        results["studio_publish"] = {"measured": False, "why": f"{binary} studio has no --catalogs"}
        print(f"  studio publish not measured: {results['studio_publish']['why']}", flush=True)
    return results


def report(results):
    """Prints the rows; (met, line) for each of the issue's targets."""
    print("\nSeveral exhibitions on one server (20 x 1,000 real records)")
    if not results or not results.get("measured"):
        why = results["why"] if results else "not run"
        print(f"  not measured: {why}")
        return [(False, f"several exhibitions on one server: not measured ({why})")]
    memory, throughput, publish = results["memory"], results["throughput"], results["publish"]
    twenty, single = memory["twenty"], memory["single"]
    print(f"  serve --catalogs, 20 exhibitions: first answer on / {twenty['first_answer_s']:.2f} s, peak "
          f"{twenty['peak_mib']:.0f} MiB after every home and list; serve --catalog of the same 20,000: peak "
          f"{single['peak_mib']:.0f} MiB; ratio {memory['peak_ratio']:.2f}; the front page lists "
          f"{memory['front_page_lists']} of {memory['exhibitions']}")
    print(f"  /{throughput['exhibition']}/items/ (gzip) with twenty loaded {throughput['twenty_rps']:,.0f} req/s "
          f"(p99 {throughput['twenty_p99_ms']:.2f} ms), alone {throughput['alone_rps']:,.0f} req/s "
          f"(p99 {throughput['alone_p99_ms']:.2f} ms): ratio {throughput['ratio']:.2f} (the median of each round's)"
          f"{'  ERRORS' if throughput['errors'] else ''}")
    print(f"  --watch, an exhibit of {publish['exhibition']} renamed {publish['edits']} times: shown after "
          f"{publish['reload_s_median']:.2f} s median, {publish['reload_s_max']:.2f} s max; the other nineteen meanwhile "
          f"p99 {publish['p99_during_reload_ms']:.1f} ms over {publish['requests_during_reload']:,} requests, "
          f"{publish['failures']} of {publish['requests']:,} failed")
    studio_targets = report_studio_publish(results.get("studio_publish"))
    return [
        (twenty["first_answer_s"] <= 3, f"20 exhibitions of 1,000: first answer on / <= 3 s: {twenty['first_answer_s']:.2f} s"),
        (memory["peak_ratio"] <= 1.2, f"20 exhibitions of 1,000: peak memory <= 1.2 x one catalog of 20,000: "
                                      f"{twenty['peak_mib']:.0f} / {single['peak_mib']:.0f} MiB = {memory['peak_ratio']:.2f}"),
        (throughput["ratio"] >= 0.95 and not throughput["errors"],
         f"one exhibition's list among twenty >= 0.95 x served alone: {throughput['ratio']:.2f}"
         f"{' (wrk saw errors)' if throughput['errors'] else ''}"),
        (publish["reload_s_max"] <= 2, f"an edit to one exhibition shown <= 2 s: slowest {publish['reload_s_max']:.2f} s"),
        (publish["p99_during_reload_ms"] < 50 and publish["failures"] == 0 and publish["requests_during_reload"] > 0,
         f"the other exhibitions during its reload: p99 < 50 ms and none failed: "
         f"{publish['p99_during_reload_ms']:.1f} ms, {publish['failures']} failed"),
    ] + studio_targets


def report_studio_publish(row):
    """Prints the studio's publish row; (met, line) for its two targets."""
    if not row or not row.get("measured", True):
        why = row["why"] if row else "not run"
        print(f"  studio --catalogs, a publish: not measured ({why})")
        return [(False, f"a publish in one exhibition's studio: not measured ({why})")]
    print(f"  studio --catalogs, an exhibit of {row['exhibition']} renamed and published {row['publishes']} times: "
          f"live after {row['live_s_median']:.2f} s median, {row['live_s_max']:.2f} s max (the publish answered "
          f"in {max(row['answer_s']):.2f} s at most); the other nineteen meanwhile p99 "
          f"{row['p99_during_reload_ms']:.1f} ms (max {row['max_during_reload_ms']:.1f} ms) over "
          f"{row['requests_during_reload']:,} requests, {row['failures']} of {row['requests']:,} failed; "
          f"{row['log_problems']} error or warning lines in the studio's log")
    return [
        (row["live_s_max"] <= 2, f"a publish in one exhibition's studio live there <= 2 s: slowest "
                                 f"{row['live_s_max']:.2f} s, median {row['live_s_median']:.2f} s"),
        (row["p99_during_reload_ms"] < 50 and row["failures"] == 0 and row["requests_during_reload"] > 0,
         f"the other exhibitions during a studio publish: p99 < 50 ms and none failed: "
         f"{row['p99_during_reload_ms']:.1f} ms, {row['failures']} failed"),
    ]


def main(binary, argv):
    import tempfile
    quick = "--quick" in argv
    seconds = int(argv[argv.index("--seconds") + 1]) if "--seconds" in argv else (3 if quick else 5)
    rounds = int(argv[argv.index("--rounds") + 1]) if "--rounds" in argv else (1 if quick else 5)
    with tempfile.TemporaryDirectory(prefix="expo1900-bench-") as scratch:
        results = exhibitions_runs(binary, pathlib.Path(scratch), seconds, rounds, quick)
    print_targets(report(results))


if __name__ == "__main__":
    run_main(main)
