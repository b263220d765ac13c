#!/usr/bin/env python3
"""A loopback HTTP endpoint that answers as a test scripts it, for HTTPBackend's tests.

Prints its port on the first line of stdout, then serves until killed (or until its
parent process ends). The path scripts the answers: the n-th POST to
/script/A,B,C gets answer n (the last one repeats). An answer is
  200, 500, 400, ...    that status
  429-S                 429 with Retry-After: S
  hang-S                no answer for S seconds, then 200
  close                 the connection closed without an answer
GET /requests returns every POST so far as JSON lines: path, headers, the body (gunzipped
when Content-Encoding is gzip) and the time it arrived.
"""
import gzip, json, os, sys, threading, time
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

lock = threading.Lock()
counts = {}
received = []


class Handler(BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"

    def log_message(self, *args):
        pass

    def do_GET(self):
        with lock:
            body = "".join(json.dumps(r) + "\n" for r in received).encode()
        self.answer(200, body)

    def do_POST(self):
        length = int(self.headers.get("Content-Length", "0"))
        raw = self.rfile.read(length)
        if self.headers.get("Content-Encoding") == "gzip":
            raw = gzip.decompress(raw)
        steps = self.path.rsplit("/", 1)[-1].split(",")
        with lock:
            n = counts.get(self.path, 0)
            counts[self.path] = n + 1
            received.append({"path": self.path, "headers": {k.lower(): v for k, v in self.headers.items()},
                             "body": raw.decode("utf-8", "replace"), "time": time.time()})
        step = steps[min(n, len(steps) - 1)]
        if step == "close":
            self.close_connection = True
            self.connection.shutdown(2)
            return
        if step.startswith("hang-"):
            time.sleep(float(step[5:]))
            step = "200"
        if step.startswith("429-"):
            self.answer(429, b"slow down\n", {"Retry-After": step[4:]})
        else:
            self.answer(int(step), b"Ok.\n" if step.startswith("2") else b"scripted failure\n")

    def answer(self, status, body, headers=None):
        self.send_response(status)
        for name, value in (headers or {}).items():
            self.send_header(name, value)
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)


def watch_parent(parent):
    while os.getppid() == parent:
        time.sleep(0.5)
    os._exit(0)


class Server(ThreadingHTTPServer):
    daemon_threads = True

    def handle_error(self, request, client_address):
        pass  # clients that time out and close are part of the script


server = Server(("127.0.0.1", 0), Handler)
threading.Thread(target=watch_parent, args=(os.getppid(),), daemon=True).start()
print(server.server_address[1], flush=True)
server.serve_forever()
