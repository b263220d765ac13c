#!/usr/bin/python3
"""The built DocC documentation in a real browser (headless chromium through python3-selenium,
the driver set-up of viewer_test.py): a symbol page renders its title and its summary, the
first paragraph of the symbol's doc comment as the symbol graph has it.

  docs_test.py --site .build-docs/site --symbols .build-docs/symbol-graphs [--module LogStore --symbol LogStoreWriter]

The static site is served from a local HTTP server for the run (DocC's pages load their data
with fetch, which file:// URLs refuse); the server and the browser stop before it exits.
"""
import argparse, functools, json, os, re, sys, threading
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer

sys.dont_write_bytecode = True  # no __pycache__ beside the tests
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from viewer_test import browser  # noqa: E402 (the one chromium set-up)
from selenium.webdriver.common.by import By  # noqa: E402
from selenium.webdriver.support.ui import WebDriverWait  # noqa: E402


def fail(message):
    print("docs_test: FAIL: " + message, file=sys.stderr)
    sys.exit(1)


def summary(symbols, module, name):
    """The symbol's summary as DocC renders it: its doc comment's first paragraph, code spans
    and symbol links as their text."""
    path = os.path.join(symbols, module + ".symbols.json")
    with open(path, encoding="utf-8") as file:
        graph = json.load(file)
    for symbol in graph["symbols"]:
        if symbol["pathComponents"] == [name]:
            lines = [line["text"] for line in symbol.get("docComment", {}).get("lines", [])]
            first = " ".join(lines[:lines.index("")] if "" in lines else lines)
            text = re.sub(r"``(?:[^`]*/)?([^`/]+)``", r"\1", first)
            text = re.sub(r"\(([^)]*)\)``", r"(\1)", text)
            return " ".join(text.replace("`", "").split())
    fail(f"{path} has no top-level symbol {name}")


class QuietHandler(SimpleHTTPRequestHandler):
    def log_message(self, *args):
        pass


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--site", required=True)
    parser.add_argument("--symbols", required=True)
    parser.add_argument("--module", default="LogStore")
    parser.add_argument("--symbol", default="LogStoreWriter")
    arguments = parser.parse_args()
    if not os.path.isfile(os.path.join(arguments.site, "index.html")):
        fail(f"{arguments.site}/index.html is missing: build the documentation first (make docs)")
    expected = summary(arguments.symbols, arguments.module, arguments.symbol)

    handler = functools.partial(QuietHandler, directory=os.path.abspath(arguments.site))
    server = ThreadingHTTPServer(("127.0.0.1", 0), handler)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    driver = None
    try:
        driver = browser()
        url = f"http://127.0.0.1:{server.server_port}/documentation/{arguments.module.lower()}/{arguments.symbol.lower()}"
        driver.get(url)
        wait = WebDriverWait(driver, 30)
        try:
            title = wait.until(lambda d: [e.text for e in d.find_elements(By.CSS_SELECTOR, "h1") if e.text.strip()])
            abstract = wait.until(lambda d: [e.text for e in d.find_elements(By.CSS_SELECTOR, ".abstract") if e.text.strip()])
        except Exception:
            fail(f"{url}: no title and summary rendered within 30 s; the page shows: {driver.find_element(By.TAG_NAME, 'body').text[:300]!r}")
        if title[0].strip() != arguments.symbol:
            fail(f"{url}: the title is {title[0]!r}, not {arguments.symbol!r}")
        # DocC typesets quotes (' → ’, " → “ ”); compare the words.
        shown = " ".join(abstract[0].split()).replace("’", "'").replace("‘", "'").replace("“", '"').replace("”", '"')
        if shown != expected:
            fail(f"{url}: the summary shows {shown!r}; the doc comment says {expected!r}")
        print(f"docs_test: {url} renders {arguments.symbol} with its summary ({len(shown)} characters)")
    finally:
        if driver:
            driver.quit()
        server.shutdown()


if __name__ == "__main__":
    main()
