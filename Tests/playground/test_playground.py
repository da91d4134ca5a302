#!/usr/bin/env python3
"""The /playground page in headless Chromium, driven by selenium, against a real layoutd.

Loads the page, types a tree, checks that the SVG shows one box per node at the frames
derived by hand below, that an invalid tree shows its problem with the JSON Pointer's
value marked, and that rtl mirrors the boxes. Saves screenshots for people to look at.

Usage: python3 Tests/playground/test_playground.py [path/to/layoutd]
Environment: PLAYGROUND_PORT (default 22517, in the render helper's range),
PLAYGROUND_OUT (screenshot directory, default .build/playground).
"""

import os
import pathlib
import socket
import subprocess
import sys
import time
import urllib.request

from selenium import webdriver
from selenium.webdriver.chrome.options import Options
from selenium.webdriver.chrome.service import Service
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys
from selenium.webdriver.support.ui import WebDriverWait

ROOT = pathlib.Path(__file__).resolve().parents[2]
BINARY = pathlib.Path(sys.argv[1]) if len(sys.argv) > 1 else ROOT / ".build/debug/layoutd"
PORT = int(os.environ.get("PLAYGROUND_PORT", "22517"))
OUT = pathlib.Path(os.environ.get("PLAYGROUND_OUT", ROOT / ".build/playground"))

# An hstack (spacing 0) of a 50x20 and a 30x40 view in 200x100: the stack is 80x40,
# centred at (60, 30); "a" is centred vertically in the 40-high row, at (60, 40); "b"
# follows at (110, 30). Right-to-left mirrors across the 200-wide bounds,
# x' = 200 - x - width: row 60, a 90, b 60.
TREE = ('{"bounds":{"width":200,"height":100},"root":{"type":"hstack","id":"row","spacing":0,"children":['
        '{"type":"view","id":"a","size":{"width":50,"height":20}},'
        '{"type":"view","id":"b","size":{"width":30,"height":40}}]}}')
LTR = {"row": ("60", "30", "80", "40"), "a": ("60", "40", "50", "20"), "b": ("110", "30", "30", "40")}
RTL = {"row": ("60", "30", "80", "40"), "a": ("90", "40", "50", "20"), "b": ("60", "30", "30", "40")}
INVALID = '{"bounds":{"width":200,"height":100},"root":{"type":"nope"}}'

failures = []


def check(condition, what):
    print(("ok    " if condition else "FAIL  ") + what)
    if not condition:
        failures.append(what)


def wait_for_port(port, deadline):
    while time.time() < deadline:
        try:
            with socket.create_connection(("127.0.0.1", port), timeout=0.5):
                return True
        except OSError:
            time.sleep(0.1)
    return False


def boxes(driver):
    """Per node id, the (x, y, width, height) of its box in the page's SVG (read in one
    script, since the page replaces the SVG as it updates)."""
    pairs = driver.execute_script("""
        return Array.from(document.querySelectorAll('#canvas g.node')).map((g) => {
            const r = g.querySelector('rect');
            return [g.getAttribute('data-id'), ['x', 'y', 'width', 'height'].map((a) => r.getAttribute(a))];
        });""")
    return {key: tuple(value) for key, value in pairs}


def text_of(driver, element_id):
    """An element's text, or "" while it is absent (read in one script: no stale handles)."""
    return driver.execute_script(
        "const e = document.getElementById(arguments[0]); return e ? e.textContent : ''", element_id)


def idle(driver):
    """No layout request pending: the editor's debounce has fired and its answer arrived."""
    return driver.execute_script("return window.layoutdIdle === true")


def settled(driver):
    """Idle, and showing a layout (not a problem)."""
    return idle(driver) and driver.execute_script("return document.getElementById('status').className === 'ok'")


def type_request(driver, text):
    editor = driver.find_element(By.ID, "editor")
    editor.click()
    editor.send_keys(Keys.CONTROL, "a")
    editor.send_keys(Keys.DELETE)
    editor.send_keys(text)


def main():
    OUT.mkdir(parents=True, exist_ok=True)
    server = subprocess.Popen([str(BINARY), "serve", "--port", str(PORT), "--host", "127.0.0.1"],
                              stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    driver = None
    try:
        if not wait_for_port(PORT, time.time() + 20):
            check(False, f"layoutd listens on {PORT}")
            return
        options = Options()
        for flag in ("--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage", "--window-size=1400,900"):
            options.add_argument(flag)
        options.binary_location = "/usr/bin/chromium"
        driver = webdriver.Chrome(service=Service("/usr/bin/chromedriver"), options=options)
        driver.get(f"http://127.0.0.1:{PORT}/playground")
        wait = WebDriverWait(driver, 20)

        # The page opens on its first example and draws it.
        wait.until(lambda d: len(d.find_elements(By.CSS_SELECTOR, "#canvas g.node")) > 0)
        check(len(driver.find_elements(By.CSS_SELECTOR, "#example option")) == 5, "five examples")
        check(not driver.find_elements(By.CSS_SELECTOR, "script[src], link[href]"), "no external scripts or styles")
        driver.save_screenshot(str(OUT / "playground-example.png"))

        type_request(driver, TREE)
        wait.until(lambda d: settled(d) and set(boxes(d)) == set(LTR))
        check(boxes(driver) == LTR, f"one box per node at its frame: {boxes(driver)}")
        check("3 nodes laid out" in text_of(driver, "status"), "status counts the nodes")
        timing = text_of(driver, "timing")
        check("layout" in timing and "total" in timing, "Server-Timing is shown")
        wait.until(lambda d: d.find_elements(By.ID, "metrics"))
        check('"nodes":3' in text_of(driver, "metrics"), "metrics are shown")
        driver.save_screenshot(str(OUT / "playground-tree.png"))

        driver.find_element(By.ID, "rtl").click()
        wait.until(lambda d: idle(d) and boxes(d).get("a") == RTL["a"])
        check(boxes(driver) == RTL, f"rtl mirrors: {boxes(driver)}")
        driver.save_screenshot(str(OUT / "playground-rtl.png"))
        driver.find_element(By.ID, "rtl").click()

        type_request(driver, INVALID)
        wait.until(lambda d: idle(d) and "422" in text_of(d, "status"))
        check("422" in text_of(driver, "status"), "the status says 422")
        pointers = driver.execute_script(
            "return Array.from(document.querySelectorAll('#problem .pointer')).map((p) => p.textContent)")
        check(any(p.startswith("/root/type:") for p in pointers), f"the problem's pointer is listed: {pointers}")
        check(driver.execute_script("return document.querySelector('#excerpt mark').textContent") == '"nope"', "the pointer's value is marked")
        driver.save_screenshot(str(OUT / "playground-problem.png"))

        # A session: the first layout inserts every node, the second colours what changed.
        type_request(driver, TREE)
        wait.until(lambda d: settled(d) and set(boxes(d)) == set(LTR))
        driver.execute_script("document.getElementById('session').value = 'play'")
        driver.find_element(By.ID, "run").click()
        wait.until(lambda d: "inserted: row, a, b" in text_of(d, "diff"))
        type_request(driver, TREE.replace('"width":50', '"width":70'))
        wait.until(lambda d: settled(d) and "inserted: none" in text_of(d, "diff"))
        diff = text_of(driver, "diff")
        # a grows by 20: the row is 100 wide at 50, a at 50, b moves to 120.
        check("moved: row, a, b" in diff and "resized: row, a" in diff, f"the session diff is shown: {diff}")
        driver.save_screenshot(str(OUT / "playground-diff.png"))

        # The SVG of a 10k-node tree, as the server draws it, renders in Chromium: 9,999
        # 4x1 views in a spacing-0 vstack, centred in the 100-wide bounds, one point a row.
        children = ",".join(f'{{"type":"view","id":"n{i}","size":{{"width":4,"height":1}}}}' for i in range(9_999))
        big = f'{{"bounds":{{"width":100,"height":null}},"root":{{"type":"vstack","id":"root","spacing":0,"children":[{children}]}}}}'
        request = urllib.request.Request(
            f"http://127.0.0.1:{PORT}/v1/layout?format=svg", data=big.encode(), method="POST",
            headers={"Content-Type": "application/json"})
        with urllib.request.urlopen(request, timeout=60) as response:
            (OUT / "ten-thousand.svg").write_bytes(response.read())
        driver.get((OUT / "ten-thousand.svg").as_uri())
        drawn = driver.execute_script("""
            const groups = document.querySelectorAll('g.node');
            const last = document.querySelector('g.node[data-id="n9998"] rect').getBBox();
            return [groups.length, document.documentElement.tagName, [last.x, last.y, last.width, last.height]];""")
        check(drawn == [10_000, "svg", [48, 9998, 4, 1]], f"a 10k-node SVG renders in Chromium: {drawn}")
    finally:
        if driver is not None:
            driver.quit()
        server.terminate()
        server.wait(timeout=10)
    print(f"screenshots in {OUT}")


main()
print(f"{'FAILED' if failures else 'passed'}: {len(failures)} failures")
sys.exit(1 if failures else 0)
