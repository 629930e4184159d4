"""Counting how the guide is used (issue 43): what counting costs `serve`, the events endpoint
under load, what a `kill -9` loses, and a year of counts on disk."""
import http.client
import os
import pathlib
import random
import re
import shutil
import signal
import sqlite3
import statistics
import subprocess
import threading
import time

from running import BenchBroken, ExpoServer

CONNECTIONS = 64
NAVIGATE = "Sec-Fetch-Mode: navigate"
EVENTS = [
    "e=start&x=jikji&l=ko&v=recording", "e=finish&x=jikji&l=ko&v=recording", "e=speed&x=haegeum&l=en&v=1.5",
    "e=transcript&x=gayageum&l=ko", "e=version&l=ko&v=easy", "e=saved&x=jikji&l=en", "e=start&x=haegeum&l=ko&v=description",
]


def wrk(url, seconds, headers=(), script=None):
    command = [shutil.which("wrk"), "-t2", f"-c{CONNECTIONS}", f"-d{seconds}s", "--latency"]
    for header in headers:
        command += ["-H", header]
    if script:
        command += ["-s", str(script)]
    output = subprocess.run(command + [url], capture_output=True, text=True, check=True).stdout
    rps = float(re.search(r"Requests/sec:\s+([\d.]+)", output).group(1))
    requests = int(re.search(r"(\d+) requests in", output).group(1))
    socket_errors = sum(int(n) for n in re.findall(r"(?:connect|read|write|timeout) (\d+)", output))
    non_2xx = int(m.group(1)) if (m := re.search(r"Non-2xx or 3xx responses: (\d+)", output)) else 0
    return {"rps": rps, "requests": requests, "errors": socket_errors + non_2xx}


def rss_mib(pid):
    for line in pathlib.Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) / 1024
    return 0.0


def stored_total(database):
    """The sum of every count in the studio's store, read as a separate program would."""
    connection = sqlite3.connect(f"file:{database}?mode=ro", uri=True)
    try:
        return connection.execute("SELECT COALESCE(SUM(count), 0) FROM usageDay").fetchone()[0]
    finally:
        connection.close()


def counting_cost(binary, scratch, seconds, rounds):
    """`serve` and `serve --count` on the default catalog, rounds alternating which goes first,
    on the list and on an exhibit's page (the page whose views are counted), as a browser
    opening a page asks for it."""
    samples = {}
    with ExpoServer(binary) as plain, ExpoServer(binary, "--count", "--state", str(scratch / "cost-state")) as counting:
        for round_number in range(rounds):
            order = [("plain", plain), ("counting", counting)]
            if round_number % 2:
                order.reverse()
            for page, linked in [("/items/", False), ("/items/jikji/", False), ("/items/jikji/", True)]:
                for name, server in order:
                    # Linked: opened from the list, as a browser says with its Referer, which the server reads.
                    headers = (NAVIGATE, "Accept-Encoding: gzip") + ((f"Referer: {server.url}/items/",) if linked else ())
                    result = wrk(server.url + page, seconds, headers=headers)
                    key = page + (" from the list" if linked else "")
                    samples.setdefault((key, name), []).append(result["rps"])
                    print(f"  round {round_number + 1} {name:<8} {key:<28} {result['rps']:>10,.0f} req/s", flush=True)
    # The views the counting server took are in its store once it has stopped.
    views = stored_total(scratch / "cost-state" / "counts.sqlite")
    rows = []
    for page in ["/items/", "/items/jikji/", "/items/jikji/ from the list"]:
        plain_rps = statistics.median(samples[(page, "plain")])
        counting_rps = statistics.median(samples[(page, "counting")])
        rows.append({"page": page, "plain_rps": plain_rps, "counting_rps": counting_rps, "cost": 1 - counting_rps / plain_rps})
    return {"pages": rows, "views_stored": views}


def events_run(binary, scratch, seconds):
    """wrk sending beacons as fast as it can for `seconds`, the server's memory read every
    second; then the server stops and its store must hold every event wrk says was answered."""
    script = scratch / "events.lua"
    bodies = ", ".join(f'"{body}"' for body in EVENTS)
    script.write_text(f"""local bodies = {{{bodies}}}
local i = 0
request = function()
  i = i + 1
  return wrk.format("POST", "/count", {{["Content-Type"] = "text/plain;charset=UTF-8"}}, bodies[(i % #bodies) + 1])
end
""")
    state = scratch / "events-state"
    memory = []
    with ExpoServer(binary, "--count", "--count-rate", "0", "--state", str(state)) as server:
        pid = server.process.pid
        before = rss_mib(pid)
        done = threading.Event()

        def watch():
            while not done.wait(1):
                memory.append(rss_mib(pid))
        watcher = threading.Thread(target=watch)
        watcher.start()
        try:
            result = wrk(server.url + "/count", seconds, script=script)
        finally:
            done.set()
            watcher.join()
        after = rss_mib(pid)
    stored = stored_total(state / "counts.sqlite")
    # wrk counts requests it sent whose answers came; the rest were cut off as it stopped.
    return {"seconds": seconds, "rps": result["rps"], "requests": result["requests"], "errors": result["errors"],
            "stored": stored, "memory_before_mib": before, "memory_after_mib": after,
            "memory_peak_mib": max(memory + [after]), "memory_middle_mib": memory[len(memory) // 2] if memory else after}


def kill_run(binary, scratch, rate=200, seconds=12):
    """Beacons at a steady `rate` for `seconds`, then `kill -9`: the store must open cleanly,
    and what it lacks, in seconds of events, is what the kill lost."""
    state = scratch / "kill-state"
    with ExpoServer(binary, "--count", "--count-rate", "0", "--state", str(state)) as server:
        host, port = server.url.removeprefix("http://").split(":")
        connection = http.client.HTTPConnection(host, int(port), timeout=10)
        sent = 0
        started = time.perf_counter()
        while time.perf_counter() - started < seconds:
            connection.request("POST", "/count", body=EVENTS[sent % len(EVENTS)], headers={"Content-Type": "text/plain"})
            response = connection.getresponse()
            response.read()
            if response.status != 204:
                raise BenchBroken(f"kill run: an event was answered {response.status}")
            sent += 1
            time.sleep(max(0.0, started + sent / rate - time.perf_counter()))
        os.kill(server.process.pid, signal.SIGKILL)
        server.process.wait()
    database = state / "counts.sqlite"
    connection = sqlite3.connect(str(database))
    try:
        integrity = connection.execute("PRAGMA integrity_check").fetchone()[0]
    finally:
        connection.close()
    stored = stored_total(database)
    return {"sent": sent, "stored": stored, "rate": rate, "lost_seconds": (sent - stored) / rate, "integrity": integrity}


def year_run(binary, scratch, exhibits=100_000, languages=8, views_a_day=100_000, plays_a_day=20_000, days=365):
    """A year of a busy guide's counts in the store: each day `views_a_day` views of exhibits
    drawn by popularity (the n-th most opened 1/n as often as the first), in 8 languages, by
    the entries' usual shares, and `plays_a_day` plays started, a third finished, written
    as day rows; then the guide starts, which folds the days older than 90 into months as
    it does every day, and the file is measured."""
    state = scratch / "year-state"
    with ExpoServer(binary, "--count", "--state", str(state)):
        pass
    database = state / "counts.sqlite"
    connection = sqlite3.connect(str(database))
    rng = random.Random(1900)
    ranks = list(range(1, exhibits + 1))
    weights = [1 / rank for rank in ranks]
    cumulative = []
    total = 0.0
    for weight in weights:
        total += weight
        cumulative.append(total)
    language_codes = ["ko", "en", "ja", "zh-Hans", "fr", "de", "es", "ar"][:languages]
    language_weights = [40, 25, 12, 10, 5, 4, 3, 1][:languages]
    entry_metrics = list(range(8))
    entry_weights = [30, 10, 25, 10, 10, 5, 5, 5]
    connection.executemany("INSERT INTO usageSubject(id, name) VALUES (?, ?)", ((n, f"item-{n}") for n in ranks))
    today = int(time.time() // 86_400)
    rows = 0
    for day in range(today - days + 1, today + 1):
        counts = {}
        subjects = rng.choices(ranks, cum_weights=cumulative, k=views_a_day)
        chosen_languages = rng.choices(language_codes, weights=language_weights, k=views_a_day)
        metrics = rng.choices(entry_metrics, weights=entry_weights, k=views_a_day)
        for key in zip(subjects, chosen_languages, metrics):
            counts[key] = counts.get(key, 0) + 1
        played = rng.choices(ranks, cum_weights=cumulative, k=plays_a_day)
        played_languages = rng.choices(language_codes, weights=language_weights, k=plays_a_day)
        for index, (subject, language) in enumerate(zip(played, played_languages)):
            counts[(subject, language, 10)] = counts.get((subject, language, 10), 0) + 1
            if index % 3 == 0:
                counts[(subject, language, 11)] = counts.get((subject, language, 11), 0) + 1
        connection.executemany("INSERT INTO usageDay(day, subject, language, metric, count) VALUES (?, ?, ?, ?, ?)",
                               ((day, s, l, m, c) for (s, l, m), c in counts.items()))
        rows += len(counts)
        connection.commit()
    connection.close()
    unfolded = sum(path.stat().st_size for path in state.iterdir() if path.name.startswith("counts.sqlite"))
    # Stopped 2 s into the fold, the guide must stop at once, keeping every month whole.
    server = ExpoServer(binary, "--count", "--state", str(state)).__enter__()
    time.sleep(2)
    stopping = time.perf_counter()
    server.process.terminate()
    try:
        server.process.wait(timeout=120)
    except subprocess.TimeoutExpired:
        server.process.kill()
        server.process.wait()
    stop_seconds = time.perf_counter() - stopping
    # The fold runs beside the serving guide; its log line says when it is done.
    with ExpoServer(binary, "--count", "--state", str(state), log=scratch / "year.log") as server:
        fold_seconds = server.seconds + server.wait_for_log(r"counts: folded", 1800, "the year of counts")
    size = sum(path.stat().st_size for path in state.iterdir() if path.name.startswith("counts.sqlite"))
    connection = sqlite3.connect(str(database))
    day_rows = connection.execute("SELECT COUNT(*) FROM usageDay").fetchone()[0]
    month_rows = connection.execute("SELECT COUNT(*) FROM usageMonth").fetchone()[0]
    connection.close()
    return {"exhibits": exhibits, "languages": languages, "views_a_day": views_a_day, "plays_a_day": plays_a_day,
            "rows_written": rows, "unfolded_mb": unfolded / 1e6, "mb": size / 1e6, "day_rows": day_rows,
            "month_rows": month_rows, "fold_and_start_s": fold_seconds, "stop_in_fold_s": stop_seconds}


def counts_runs(binary, scratch, quick, seconds, rounds):
    print("  what counting costs serve (wrk, 64 connections, as a browser opening a page):", flush=True)
    results = {"cost": counting_cost(binary, scratch, seconds, rounds)}
    results["events"] = events_run(binary, scratch, 10 if quick else 60)
    results["kill"] = kill_run(binary, scratch)
    # A year of rows takes minutes to write: the full bench only.
    if not quick:
        results["year"] = year_run(binary, scratch)
    for line in describe(results):
        print(f"  {line}", flush=True)
    return results


def describe(results):
    lines = []
    for row in results["cost"]["pages"]:
        lines.append(f"{row['page']}: serve {row['plain_rps']:,.0f} req/s, serve --count {row['counting_rps']:,.0f} req/s "
                     f"(counting costs {row['cost'] * 100:.1f} %)")
    lines.append(f"views stored by the counting server: {results['cost']['views_stored']:,}")
    events = results["events"]
    lines.append(f"events: {events['rps']:,.0f} a second for {events['seconds']} s, {events['errors']} errors, "
                 f"{events['stored']:,} stored of {events['requests']:,} answered; memory {events['memory_before_mib']:.0f} MiB before, "
                 f"{events['memory_middle_mib']:.0f} halfway, {events['memory_after_mib']:.0f} at the end, peak {events['memory_peak_mib']:.0f}")
    kill = results["kill"]
    lines.append(f"kill -9 after {kill['sent']:,} events at {kill['rate']} a second: {kill['stored']:,} stored, "
                 f"{kill['lost_seconds']:.1f} s lost; the store opens and checks '{kill['integrity']}'")
    year = results.get("year")
    if not year:
        lines.append("a year of counts on disk: measured by the full bench only")
        return lines
    lines.append(f"{year['exhibits']:,} exhibits in {year['languages']} languages, {year['views_a_day']:,} views and "
                 f"{year['plays_a_day']:,} plays a day: {year['rows_written']:,} day rows written ({year['unfolded_mb']:.0f} MB), "
                 f"folded to {year['day_rows']:,} day and {year['month_rows']:,} month rows, {year['mb']:.0f} MB "
                 f"(fold and start {year['fold_and_start_s']:.1f} s); stopped 2 s into the fold, the guide ended in "
                 f"{year['stop_in_fold_s']:.1f} s")
    return lines


def targets(results):
    if not results:
        return []
    lines = []
    items = next(row for row in results["cost"]["pages"] if row["page"] == "/items/")
    lines.append((items["cost"] <= 0.05, f"counting costs <= 5 % of serve's requests/s on /items/: {items['cost'] * 100:.1f} %"))
    events = results["events"]
    flat = events["memory_after_mib"] - events["memory_middle_mib"] <= 8
    lines.append((events["rps"] >= 10_000 and events["errors"] == 0 and flat and events["stored"] >= events["requests"],
                  f"10,000 events a second for {events['seconds']} s, 0 errors, every one stored, memory flat: "
                  f"{events['rps']:,.0f}/s, {events['errors']} errors, {events['stored']:,} stored of {events['requests']:,}, "
                  f"{events['memory_middle_mib']:.0f} -> {events['memory_after_mib']:.0f} MiB"))
    kill = results["kill"]
    lines.append((kill["lost_seconds"] <= 10 and kill["integrity"] == "ok",
                  f"after kill -9 at most 10 s of counts lost, the store intact: {kill['lost_seconds']:.1f} s, {kill['integrity']}"))
    year = results.get("year")
    if year:
        lines.append((year["mb"] < 200, f"a year of counts for 100,000 exhibits in 8 languages < 200 MB: {year['mb']:.0f} MB"))
        # A stop that waits for the fold would outlast a service manager's patience (Docker's 10 s).
        lines.append((year["stop_in_fold_s"] <= 10, f"stopped in the middle of folding, the guide ends within 10 s: "
                                                    f"{year['stop_in_fold_s']:.1f} s"))
    return lines
