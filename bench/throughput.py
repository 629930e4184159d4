"""wrk against expo1900 serve and nginx serving the export, in alternating rounds."""
import re
import shutil
import statistics
import subprocess

CONNECTIONS = 64


def wrk(url, seconds, gzip):
    command = [shutil.which("wrk"), "-t2", f"-c{CONNECTIONS}", f"-d{seconds}s", "--latency", url]
    if gzip:
        command[1:1] = ["-H", "Accept-Encoding: gzip"]
    output = subprocess.run(command, capture_output=True, text=True, check=True).stdout
    rps = float(re.search(r"Requests/sec:\s+([\d.]+)", output).group(1))
    p99 = re.search(r"99%\s+([\d.]+)(us|ms|s)", output)
    scale = {"us": 0.001, "ms": 1.0, "s": 1000.0}[p99.group(2)]
    errors = "Socket errors" in output or "Non-2xx" in output
    return rps, float(p99.group(1)) * scale, errors


def compare_throughput(server, nginx, pages, seconds, rounds, encodings=(False, True)):
    """Same connections and duration for both, rounds alternating which goes first, so that
    neither always gets the warmer machine."""
    samples = {}
    for round_number in range(rounds):
        order = [("server", server), ("nginx", nginx)]
        if round_number % 2:
            order.reverse()
        for page in pages:
            for gzip in encodings:
                for name, base in order:
                    rps, p99, errors = wrk(base + page, seconds, gzip)
                    samples.setdefault((page, gzip, name), []).append((rps, p99, errors))
                    print(f"  round {round_number + 1} {name:<6} {page:<14} {'gzip' if gzip else 'identity':<8} "
                          f"{rps:>10,.0f} req/s  p99 {p99:.2f} ms{'  ERRORS' if errors else ''}", flush=True)
    rows = []
    for page in pages:
        for gzip in encodings:
            mine = samples[(page, gzip, "server")]
            theirs = samples[(page, gzip, "nginx")]
            server_rps = statistics.median(s[0] for s in mine)
            nginx_rps = statistics.median(s[0] for s in theirs)
            rows.append({
                "page": page, "encoding": "gzip" if gzip else "identity",
                "server_rps": server_rps, "nginx_rps": nginx_rps, "ratio": server_rps / nginx_rps,
                "server_p99_ms": statistics.median(s[1] for s in mine),
                "nginx_p99_ms": statistics.median(s[1] for s in theirs),
                "errors": any(s[2] for s in mine + theirs),
                "server_rounds": [s[0] for s in mine], "nginx_rounds": [s[0] for s in theirs],
                # Each round's own ratio: the machine drifts between rounds more than the two
                # differ within one, which ran side by side.
                "round_ratios": [a[0] / b[0] for a, b in zip(mine, theirs)],
                "server_p99_rounds": [s[1] for s in mine], "nginx_p99_rounds": [s[1] for s in theirs],
            })
    return rows
