#!/usr/bin/python3
"""`make bench-serve`: the three figures of logview serve, measured side by side in one run.

1. Collector ingest: one client posting 500-log gzip bodies (compressed before the clock
   starts, as an app's output has them) over one keep-alive connection; logs/s beside
   `logview list -o jsonl` of the same logs (the store's own read rate). Target >= 100,000 logs/s.
2. A LOGS-log store (1 M by default): GET /api/logs?limit=200, and the first render of / in
   headless chromium (navigation until the 500 rows are in the table); target <= 1 s each;
   the server's peak RSS, target <= 100 MB.
3. Live latency: POST one log, time until its SSE event arrives; p50 <= 250 ms, p99 <= 1 s.

Environment: BIN (release binaries), LOGS (store size), REUSE_STORE=1 to keep the last store.
"""
import gzip, http.client, json, os, re, shutil, socket, statistics, subprocess, sys, time, uuid

BIN = os.environ["BIN"]
LOGS = int(os.environ.get("LOGS", "1000000"))
OUT = "bench-out/serve"
STORE = OUT + "/store"
INGEST_LOGS = min(LOGS, 200_000)


def start_server(arguments):
    server = subprocess.Popen([BIN + "/logview", "serve", "--listen", "127.0.0.1:0"] + arguments,
                              stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    line = server.stdout.readline()
    match = re.search(r"127\.0\.0\.1:(\d+)/", line)
    if not match:
        server.kill()
        sys.exit("bench-serve: logview serve printed no URL: %r %s" % (line, server.stderr.read()))
    return server, int(match.group(1))


def stop(server):
    server.terminate()
    server.wait(timeout=10)


def peak_rss_megabytes(pid):
    with open("/proc/%d/status" % pid) as status:
        for line in status:
            if line.startswith("VmHWM:"):
                return int(line.split()[1]) / 1024
    return float("nan")


def main():
    os.makedirs(OUT, exist_ok=True)
    if not (os.environ.get("REUSE_STORE") == "1" and os.path.isdir(STORE)):
        shutil.rmtree(STORE, ignore_errors=True)
        print("building a store of %d logs with recipe-demo…" % LOGS)
        subprocess.run([BIN + "/recipe-demo", "--events", str(LOGS), "--seed", "1", "--store", STORE,
                        "--history-megabytes", "1024"], check=True, stdout=subprocess.DEVNULL)

    # 1. Ingest.
    lines = subprocess.run([BIN + "/logview", "list", "--store", STORE, "--head", "-n", str(INGEST_LOGS), "-o", "jsonl"],
                           check=True, capture_output=True).stdout.splitlines()
    bodies = [gzip.compress(b"\n".join(lines[i:i + 500]) + b"\n", 6) for i in range(0, len(lines), 500)]
    collected = OUT + "/collected"
    shutil.rmtree(collected, ignore_errors=True)
    server, port = start_server(["--store", collected, "--collect"])
    try:
        connection = http.client.HTTPConnection("127.0.0.1", port)
        connection.connect()
        # As HTTP clients do (libcurl, URLSession): http.client sends the head and the body in
        # two writes, and Nagle's algorithm would hold the body for the server's delayed ACK.
        connection.sock.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
        started = time.perf_counter()
        for body in bodies:
            connection.request("POST", "/v1/logs", body=body,
                               headers={"Content-Type": "application/x-ndjson", "Content-Encoding": "gzip"})
            response = connection.getresponse()
            answer = response.read()
            if response.status != 200:
                sys.exit("bench-serve: the collector answered %d: %s" % (response.status, answer[:300]))
        ingest_seconds = time.perf_counter() - started
        ingest_rss = peak_rss_megabytes(server.pid)
    finally:
        stop(server)
    started = time.perf_counter()
    listed = subprocess.run([BIN + "/logview", "list", "--store", collected, "-o", "jsonl"], check=True, capture_output=True).stdout
    list_seconds = time.perf_counter() - started
    if listed.count(b"\n") != len(lines):
        sys.exit("bench-serve: the collected store holds %d logs, not %d" % (listed.count(b"\n"), len(lines)))
    ingest_rate = len(lines) / ingest_seconds
    list_rate = len(lines) / list_seconds

    # 2. The big store: /api/logs?limit=200, the first render, RSS.
    server, port = start_server(["--store", STORE, "--definitions", "LogDefinitions"])
    try:
        timings = []
        for _ in range(5):
            connection = http.client.HTTPConnection("127.0.0.1", port)
            started = time.perf_counter()
            connection.request("GET", "/api/logs?limit=200")
            body = connection.getresponse().read()
            timings.append(time.perf_counter() - started)
            connection.close()
            if body.count(b"\n") != 200:
                sys.exit("bench-serve: /api/logs?limit=200 gave %d lines" % body.count(b"\n"))
        api_seconds = statistics.median(timings)

        from selenium import webdriver
        from selenium.webdriver.chrome.options import Options
        from selenium.webdriver.chrome.service import Service
        from selenium.webdriver.common.by import By
        from selenium.webdriver.support.ui import WebDriverWait
        options = Options()
        options.binary_location = "/usr/bin/chromium"
        for argument in ["--headless=new", "--no-sandbox", "--disable-dev-shm-usage", "--disable-gpu", "--window-size=1440,900"]:
            options.add_argument(argument)
        driver = webdriver.Chrome(service=Service("/usr/bin/chromedriver"), options=options)
        try:
            driver.get("about:blank")
            renders = []
            for _ in range(3):
                started = time.perf_counter()
                driver.get("http://127.0.0.1:%d/" % port)
                WebDriverWait(driver, 30, poll_frequency=0.01).until(
                    lambda d: len(d.find_elements(By.CSS_SELECTOR, "#rows tr")) == 500)
                renders.append(time.perf_counter() - started)
            render_seconds = statistics.median(renders)
        finally:
            driver.quit()
        serve_rss = peak_rss_megabytes(server.pid)
    finally:
        stop(server)

    # 3. POST to SSE latency.
    live = OUT + "/live"
    shutil.rmtree(live, ignore_errors=True)
    server, port = start_server(["--store", live, "--collect"])
    try:
        stream = socket.create_connection(("127.0.0.1", port))
        stream.sendall(b"GET /api/stream HTTP/1.1\r\nHost: 127.0.0.1:%d\r\n\r\n" % port)
        received = b""
        while b": logview" not in received:
            received += stream.recv(65536)
        poster = http.client.HTTPConnection("127.0.0.1", port)
        poster.connect()
        poster.sock.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
        latencies = []
        for index in range(200):
            marker = str(uuid.uuid4())
            line = json.dumps({"uuid": marker, "seq": 1, "time": time.strftime("%Y-%m-%dT%H:%M:%S.000Z", time.gmtime()),
                               "tag": "recipe_search.search", "schema": "bench", "common": {}, "violations": [],
                               "payload": {"keyword": "latency", "page": index + 1}}).encode() + b"\n"
            received = b""
            started = time.perf_counter()
            poster.request("POST", "/v1/logs", body=line, headers={"Content-Type": "application/x-ndjson"})
            poster.getresponse().read()
            while marker.encode() not in received:
                received += stream.recv(65536)
            latencies.append(time.perf_counter() - started)
            time.sleep(0.01)
        stream.close()
    finally:
        stop(server)
    latencies.sort()
    p50 = latencies[len(latencies) // 2] * 1000
    p99 = latencies[int(len(latencies) * 0.99) - 1] * 1000

    print("ingest: %d logs/s from one client posting 500-log gzip bodies (%d logs, %.2f s, server RSS %.0f MB), "
          "beside logview list -o jsonl of the same logs: %d logs/s; %.2fx (target >= 100000 logs/s)"
          % (ingest_rate, len(lines), ingest_seconds, ingest_rss, list_rate, ingest_rate / list_rate))
    print("%d-log store: GET /api/logs?limit=200 %.0f ms (median of 5); first render of / in headless chromium "
          "(500 rows) %.0f ms (median of 3); server peak RSS %.0f MB (targets <= 1000 ms, <= 1000 ms, <= 100 MB)"
          % (LOGS, api_seconds * 1000, render_seconds * 1000, serve_rss))
    print("live: POST to SSE event p50 %.1f ms, p99 %.1f ms over %d posts (targets p50 <= 250 ms, p99 <= 1000 ms)"
          % (p50, p99, len(latencies)))
    shutil.rmtree(collected, ignore_errors=True)
    shutil.rmtree(live, ignore_errors=True)


if __name__ == "__main__":
    main()
