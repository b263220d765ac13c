#!/usr/bin/env python3
"""A thin HTTP front over chdb (ClickHouse embedded in Python, current versions), so that the
tests talk to today's ClickHouse over HTTP as they would to a server.

    chdb-http-front.py DATA_DIR OWNER_PID     prints its port, then serves until OWNER_PID ends
                                              (Tests/Support/chdb-sandbox starts it)

Like ClickHouse's HTTP interface: the query is the request body (or ?query=, with the body as
the insert's data after it); other parameters (database, settings) are ignored; an error answers 500 with
ClickHouse's message. Only 127.0.0.1. Queries run one at a time (chdb has one session).
Exit 3: chdb is not installed.
"""
import os
import sys
import threading
import time
import urllib.parse
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

try:
    from chdb import session as chdb_session
except ImportError:
    print("chdb-http-front: chdb is not installed (pip install chdb)", file=sys.stderr)
    sys.exit(3)

data_dir, owner = sys.argv[1], int(sys.argv[2])
session = chdb_session.Session(data_dir)
lock = threading.Lock()


class Handler(BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"

    def log_message(self, *args):
        pass

    def answer(self, status, body):
        self.send_response(status)
        self.send_header("Content-Type", "text/plain; charset=UTF-8")
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)

    def run(self, body):
        url = urllib.parse.urlparse(self.path)
        parameters = urllib.parse.parse_qs(url.query)
        if url.path == "/ping":
            return self.answer(200, b"Ok.\n")
        query = parameters.get("query", [""])[0]
        sql = (query + "\n" + body) if query else body
        if not sql.strip():
            return self.answer(400, b"Code: 62. DB::Exception: Empty query.\n")
        try:
            with lock:
                # FORMAT, when the query names one, wins; TabSeparated otherwise, as the server does.
                result = session.query(sql, "TabSeparated")
            return self.answer(200, result.bytes() if result is not None else b"")
        except Exception as error:   # chdb raises with ClickHouse's own message
            return self.answer(500, (str(error).strip() + "\n").encode())

    def do_GET(self):
        self.run("")

    def do_POST(self):
        length = int(self.headers.get("Content-Length", "0"))
        self.run(self.rfile.read(length).decode("utf-8", "replace"))


server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
print(server.server_address[1], flush=True)


def watch_owner():
    while True:
        try:
            os.kill(owner, 0)
        except OSError:
            os._exit(0)
        time.sleep(1)


threading.Thread(target=watch_owner, daemon=True).start()
server.serve_forever()
