#!/usr/bin/python3
"""The viewer in a real browser (Debian's chromium + chromium-driver, headless, through
python3-selenium), against `logview serve --collect` fed by `recipe-demo --collector`.

Checks, as a developer would see them: rows render; a tag filter narrows them and lands in the
URL; a log's detail shows its definition's file:line (the one `loggen schema` reports); a log
posted while the page is open appears without a reload, marked as breaking its definition, and
its detail names the rule and the file:line; coverage lists an event that was not sent.

  viewer_test.py --bin .build/debug --definitions LogDefinitions [--screenshot bench-out/viewer.png]

Everything it starts (the server, the browser) is stopped before it exits, pass or fail.
"""
import argparse, json, os, re, shutil, subprocess, sys, tempfile, time, urllib.request, uuid

from selenium import webdriver
from selenium.webdriver.chrome.options import Options
from selenium.webdriver.chrome.service import Service
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys
from selenium.webdriver.support.ui import WebDriverWait


def fail(message):
    print("viewer_test: FAIL: " + message, file=sys.stderr)
    sys.exit(1)


def start_server(bin_dir, store, definitions):
    server = subprocess.Popen(
        [os.path.join(bin_dir, "logview"), "serve", "--store", store, "--definitions", definitions,
         "--collect", "--listen", "127.0.0.1:0"],
        stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    line = server.stdout.readline()
    match = re.search(r"(http://127\.0\.0\.1:\d+/)", line)
    if not match:
        server.kill()
        fail("logview serve printed no URL: %r %r" % (line, server.stderr.read()))
    return server, match.group(1)


def post(url, lines):
    body = ("\n".join(lines) + "\n").encode()
    request = urllib.request.Request(url + "v1/logs", data=body, method="POST",
                                     headers={"Content-Type": "application/x-ndjson"})
    with urllib.request.urlopen(request, timeout=10) as response:
        return json.loads(response.read())


def browser():
    options = Options()
    options.binary_location = "/usr/bin/chromium"
    for argument in ["--headless=new", "--no-sandbox", "--disable-dev-shm-usage", "--disable-gpu",
                     "--window-size=1440,900", "--force-color-profile=srgb"]:
        options.add_argument(argument)
    return webdriver.Chrome(service=Service("/usr/bin/chromedriver"), options=options)


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--bin", required=True)
    parser.add_argument("--definitions", required=True)
    parser.add_argument("--events", type=int, default=800)
    parser.add_argument("--screenshot")
    arguments = parser.parse_args()

    work = tempfile.mkdtemp(prefix="logview-browser-")
    server = driver = None
    try:
        server, url = start_server(arguments.bin, work + "/collected", arguments.definitions)
        demo = subprocess.run(
            [os.path.join(arguments.bin, "recipe-demo"), "--events", str(arguments.events), "--seed", "7",
             "--store", work + "/demo", "--collector", url + "v1/logs"], capture_output=True, text=True)
        if demo.returncode != 0:
            fail("recipe-demo failed: " + demo.stderr)
        with urllib.request.urlopen(url + "api/definitions") as response:
            schema = json.loads(response.read())
        events = {event["tag"]: (category, event) for category in schema["categories"] for event in category["events"]}

        driver = browser()
        wait = WebDriverWait(driver, 15)
        driver.get(url)
        rows = lambda: driver.find_elements(By.CSS_SELECTOR, "#rows tr")
        wait.until(lambda _: len(rows()) == min(500, arguments.events))
        print("viewer_test: %d rows render" % len(rows()))

        # A tag filter narrows the rows and lands in the URL.
        tag_input = driver.find_element(By.ID, "tag")
        tag_input.clear()
        tag_input.send_keys("recipe_search.search", Keys.ENTER)
        wait.until(lambda _: "tag=recipe_search.search" in driver.current_url)
        wait.until(lambda _: rows() and all(row.find_element(By.CSS_SELECTOR, "td.tag").text.endswith("recipe_search.search") for row in rows()))
        filtered = len(rows())
        if not 0 < filtered < min(500, arguments.events):
            fail("the filter did not narrow the rows (%d)" % filtered)
        print("viewer_test: the tag filter narrows to %d rows and is in the URL: %s" % (filtered, driver.current_url))

        # A log's detail shows its definition's file:line.
        category, event = events["recipe_search.search"]
        expected_location = "%s:%d" % (category["file"], event["line"])
        rows()[-1].click()
        wait.until(lambda _: driver.find_element(By.CSS_SELECTOR, ".definition-location").text == expected_location)
        print("viewer_test: the detail shows the definition at " + expected_location)

        # Keyboard: k moves the selection up a row.
        driver.switch_to.active_element.send_keys("k")
        wait.until(lambda _: "selected" in rows()[-2].get_attribute("class"))

        # A log posted while the page is open appears without a reload, marked as a violation.
        posted = str(uuid.uuid4())
        now = time.strftime("%Y-%m-%dT%H:%M:%S.000Z", time.gmtime())
        line = json.dumps({"uuid": posted, "seq": 1, "time": now, "tag": "recipe_search.search", "schema": "test",
                           "common": {}, "violations": [],
                           "payload": {"keyword": "live", "order": "latest", "filters": [], "page": 0}})
        answer = post(url, [line])
        if answer.get("accepted") != 1:
            fail("the collector did not take the posted log: %r" % answer)
        wait.until(lambda _: len(rows()) == filtered + 1)
        last = rows()[-1]
        if "live" not in last.find_element(By.CSS_SELECTOR, "td.payload").text:
            fail("the posted log is not the last row: " + last.text)
        wait.until(lambda _: "violation" in rows()[-1].get_attribute("class"))
        driver.switch_to.active_element.send_keys("G")
        wait.until(lambda _: driver.find_elements(By.CSS_SELECTOR, ".violation-detail"))
        finding = driver.find_element(By.CSS_SELECTOR, ".violation-detail").text
        page_field = next(field for field in event["fields"] if field["name"] == "page")
        field_location = "%s:%d" % (category["file"], page_field["line"])
        if "range" not in finding or field_location not in finding:
            fail("the violation's detail does not name the rule and %s: %r" % (field_location, finding))
        print("viewer_test: a log posted while the page was open appeared, marked: " + finding)

        # Coverage lists an event that was not sent.
        sent = {json.loads(line)["tag"] for line in subprocess.run(
            [os.path.join(arguments.bin, "logview"), "list", "--store", work + "/demo", "-o", "jsonl"],
            capture_output=True, text=True, check=True).stdout.splitlines()}
        unsent = sorted(tag for tag, (_, event) in events.items() if tag not in sent and event["status"] != "obsolete")
        if not unsent:
            fail("the demo sent every event; nothing to check coverage with")
        wait.until(lambda _: [item.text for item in driver.find_elements(By.CSS_SELECTOR, "#coverage .never-seen li")] == unsent)
        print("viewer_test: coverage lists the events not sent: " + ", ".join(unsent))

        if arguments.screenshot:
            driver.get(url)
            wait.until(lambda _: len(rows()) >= min(500, arguments.events))
            rows()[-3].click()
            wait.until(lambda _: driver.find_elements(By.CSS_SELECTOR, ".definition-location"))
            time.sleep(1.2)   # the side panel's summary refreshes within a second
            os.makedirs(os.path.dirname(arguments.screenshot) or ".", exist_ok=True)
            driver.save_screenshot(arguments.screenshot)
            print("viewer_test: screenshot saved to " + arguments.screenshot)
        print("viewer_test: ok")
    finally:
        if driver:
            driver.quit()
        if server:
            server.terminate()
            try:
                server.wait(timeout=10)
            except subprocess.TimeoutExpired:
                server.kill()
        shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    main()
