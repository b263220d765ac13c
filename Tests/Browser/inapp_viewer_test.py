#!/usr/bin/python3
"""The in-app viewer (BehaviorLogViewer) in a real browser: `recipe-demo --viewer` writes its
store and serves it as an app's debug screen does, with the definitions compiled into the app
(GeneratedSchema.definitionsJSON), no Markdown read at run time. Headless chromium stands in
for the screen's WKWebView.

Checks: the API refuses a request without the token, and agrees with `logview list`; with the
token, rows render; a log's detail shows its definition's file:line (from the embedded
definitions); a log that breaks its definition is marked and its detail names the rule and the
file:line; coverage is listed; the share action's hook returns the selected log's JSON; once
recipe-demo stops, the port is closed.

  inapp_viewer_test.py --bin .build/debug [--screenshot bench-out/inapp-viewer.png]

Everything it starts (recipe-demo, the browser) is stopped before it exits, pass or fail.
"""
import argparse, json, os, re, shutil, socket, subprocess, sys, tempfile, time, urllib.error, urllib.parse, urllib.request

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from viewer_test import browser, fail  # noqa: E402  (one browser set-up for both viewer tests)
from selenium.webdriver.common.by import By  # noqa: E402
from selenium.webdriver.support.ui import WebDriverWait  # noqa: E402


def get(base, path, token):
    headers = {"Authorization": "Bearer " + token} if token else {}
    request = urllib.request.Request(base + path, headers=headers)
    try:
        with urllib.request.urlopen(request, timeout=10) as response:
            return response.status, response.read().decode()
    except urllib.error.HTTPError as error:
        return error.code, error.read().decode()


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--bin", required=True)
    parser.add_argument("--events", type=int, default=400)
    parser.add_argument("--screenshot")
    arguments = parser.parse_args()

    work = tempfile.mkdtemp(prefix="inapp-viewer-browser-")
    demo = driver = None
    try:
        demo = subprocess.Popen(
            [os.path.join(arguments.bin, "recipe-demo"), "--events", str(arguments.events), "--seed", "7",
             "--store", work + "/store", "--viewer"], stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
        url = None
        for line in demo.stdout:
            match = re.search(r"viewer\s+(http://127\.0\.0\.1:\d+/\?token=[0-9a-f]{32})$", line.strip())
            if match:
                url = match.group(1)
                break
        if not url:
            fail("recipe-demo --viewer printed no URL: %r" % demo.stderr.read())
        parts = urllib.parse.urlsplit(url)
        base = "http://%s/" % parts.netloc
        token = urllib.parse.parse_qs(parts.query)["token"][0]

        # The token guards every request, the live stream included.
        for path in ["", "api/logs", "api/stream", "api/definitions"]:
            status, _ = get(base, path, None)
            if status != 401:
                fail("GET /%s without the token answered %d, not 401" % (path, status))
        print("inapp_viewer_test: without the token: 401 on /, /api/logs, /api/stream, /api/definitions")

        # The API agrees with `logview list` over the same store.
        status, served = get(base, "api/logs?limit=50", token)
        listed = subprocess.run([os.path.join(arguments.bin, "logview"), "list", "--store", work + "/store", "-n", "50",
                                 "-o", "jsonl"], capture_output=True, text=True, check=True).stdout
        if status != 200 or served != listed or not served:
            fail("GET /api/logs?limit=50 (%d) differs from logview list -n 50" % status)
        print("inapp_viewer_test: /api/logs?limit=50 is logview list -n 50, byte for byte")

        _, text = get(base, "api/definitions", token)
        schema = json.loads(text)
        events = {event["tag"]: (category, event) for category in schema["categories"] for event in category["events"]}
        _, findings_text = get(base, "api/findings", token)
        findings = [json.loads(line) for line in findings_text.splitlines()]
        if not findings:
            fail("recipe-demo's store has no log that breaks its definition; nothing to check violations with")

        driver = browser()
        wait = WebDriverWait(driver, 15)
        driver.get(url)
        rows = lambda: driver.find_elements(By.CSS_SELECTOR, "#rows tr")
        wait.until(lambda _: len(rows()) == min(500, arguments.events))
        if "token=" in driver.current_url:
            fail("the token stayed in the address bar: " + driver.current_url)
        print("inapp_viewer_test: %d rows render" % len(rows()))

        # A log's detail shows its definition's file:line, from the embedded definitions.
        search = [row for row in rows() if row.find_element(By.CSS_SELECTOR, "td.tag").text.endswith("recipe_search.search")]
        category, event = events["recipe_search.search"]
        expected_location = "%s:%d" % (category["file"], event["line"])
        if not expected_location.startswith("LogDefinitions/"):
            fail("the embedded definitions' paths are not relative to the folder: " + expected_location)
        search[-1].click()
        wait.until(lambda _: driver.find_element(By.CSS_SELECTOR, ".definition-location").text == expected_location)
        print("inapp_viewer_test: the detail shows the definition at " + expected_location)

        # The share action's hook: the selected log's JSON.
        selected = json.loads(driver.execute_script("return selectedLogJSON()"))
        if selected["seq"] != int(search[-1].get_attribute("data-seq")):
            fail("selectedLogJSON() is not the selected log: %r" % selected)
        print("inapp_viewer_test: selectedLogJSON() gives seq %d, the selected log" % selected["seq"])

        # A log that breaks its definition is marked, and its detail names the rule and file:line.
        broken = findings[-1]
        row = driver.find_element(By.CSS_SELECTOR, 'tr[data-seq="%d"]' % broken["seq"])
        wait.until(lambda _: "violation" in row.get_attribute("class"))
        driver.execute_script("arguments[0].scrollIntoView({block: 'center'})", row)   # not under the sticky header
        row.click()
        wait.until(lambda _: driver.find_elements(By.CSS_SELECTOR, ".violation-detail"))
        detail = driver.find_element(By.CSS_SELECTOR, ".violation-detail").text
        location = broken["findings"][0]["location"]
        if not location or not location.startswith("LogDefinitions/") or location not in detail:
            fail("the violation's detail does not name %r: %r" % (location, detail))
        print("inapp_viewer_test: seq %d is marked: %s" % (broken["seq"], detail))

        # Coverage lists the events defined but not seen.
        wait.until(lambda _: driver.find_elements(By.CSS_SELECTOR, "#coverage .never-seen li"))
        print("inapp_viewer_test: coverage lists " + ", ".join(
            item.text for item in driver.find_elements(By.CSS_SELECTOR, "#coverage .never-seen li")))

        if arguments.screenshot:
            time.sleep(1.2)   # the side panel's summary refreshes within a second
            os.makedirs(os.path.dirname(arguments.screenshot) or ".", exist_ok=True)
            driver.save_screenshot(arguments.screenshot)
            print("inapp_viewer_test: screenshot saved to " + arguments.screenshot)

        # Stopped with its screen (here, its process): nothing listens any more.
        driver.quit()
        driver = None
        demo.terminate()
        demo.wait(timeout=10)
        demo = None
        try:
            socket.create_connection((parts.hostname, parts.port), timeout=2).close()
            fail("the port is still open after recipe-demo stopped")
        except OSError:
            pass
        print("inapp_viewer_test: ok")
    finally:
        if driver:
            driver.quit()
        if demo:
            demo.terminate()
            try:
                demo.wait(timeout=10)
            except subprocess.TimeoutExpired:
                demo.kill()
        shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    main()
