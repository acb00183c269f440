"""The web board in a real browser: headless Chromium (Debian's chromium and chromium-driver)
driven by Selenium plays the start of a game against the AI by clicking, checks that the board
follows, asks for a hint, takes a move back and writes a screenshot. Skips, saying what to
install, where no Chromium can be had (.ci/run installs it)."""
import os
import shutil
import threading
import time

import pytest

pytest.importorskip("starlette")
webdriver = pytest.importorskip("selenium.webdriver", reason="selenium is not installed (pip install -e .[test])")
from selenium.webdriver.common.by import By  # noqa: E402
from selenium.webdriver.support.ui import Select, WebDriverWait  # noqa: E402

from wyrm_ai.web.app import create_app  # noqa: E402
from wyrm_ai.web.command import LOOPBACK, address, listen  # noqa: E402
from wyrm_ai.web.table import Tables  # noqa: E402

CHROMIUM = shutil.which("chromium") or "/usr/bin/chromium"
DRIVER = shutil.which("chromedriver") or "/usr/bin/chromedriver"
SCREENSHOT = os.environ.get("WYRM_WEB_SCREENSHOT")       # e.g. docs/web-board.png, to refresh it


@pytest.fixture
def server(tmp_path):
    import uvicorn
    sock = listen(LOOPBACK, 0)
    app = create_app(Tables(saves=tmp_path / "saves", seed=5, hint_sims=200, hint_ms=2000), step_delay=0.05)
    srv = uvicorn.Server(uvicorn.Config(app, log_level="warning", ws="websockets-sansio"))
    thread = threading.Thread(target=srv.run, kwargs={"sockets": [sock]}, daemon=True)
    thread.start()
    while not srv.started:
        time.sleep(0.02)
    yield address(sock)
    srv.should_exit = True
    thread.join(10)
    sock.close()


@pytest.fixture
def browser():
    if not (os.path.exists(CHROMIUM) and os.path.exists(DRIVER)):
        pytest.skip("no headless Chromium here: apt-get install chromium chromium-driver (.ci/run does)")
    opts = webdriver.ChromeOptions()
    opts.binary_location = CHROMIUM
    for arg in ("--headless=new", "--no-sandbox", "--disable-dev-shm-usage", "--window-size=1500,1050"):
        opts.add_argument(arg)
    driver = webdriver.Chrome(options=opts, service=webdriver.ChromeService(executable_path=DRIVER))
    yield driver
    driver.quit()


def record(b) -> int:
    return int(b.find_element(By.TAG_NAME, "body").get_attribute("data-record") or -1)


def to_move(b) -> str:
    return b.find_element(By.TAG_NAME, "body").get_attribute("data-to-move") or ""


def my_turn(b) -> bool:
    return to_move(b) == "marquise" and bool(b.find_elements(By.CSS_SELECTOR, "#actions button[data-action]"))


def test_play_a_few_actions_by_clicking(server, browser, tmp_path):
    b, wait = browser, WebDriverWait(browser, 30)
    b.get(server)
    wait.until(lambda b: b.find_element(By.ID, "new-game").get_attribute("open") is not None)
    Select(b.find_element(By.NAME, "seat-marquise")).select_by_value("you")
    Select(b.find_element(By.NAME, "seat-wyrm")).select_by_value("easy")
    b.find_element(By.ID, "start").click()
    wait.until(my_turn)
    start = record(b)
    assert b.find_elements(By.CSS_SELECTOR, ".clearing.target")       # the Keep's corners light up
    assert len(b.find_elements(By.CSS_SELECTOR, "#hand .card")) == 3

    b.find_element(By.CSS_SELECTOR, '.clearing[data-clearing="1"] circle.ground').click()   # the Keep
    wait.until(lambda b: record(b) == start + 1)
    pieces = b.find_element(By.CSS_SELECTOR, '.clearing[data-clearing="1"] .pieces').text
    assert "K" in pieces and "C" in pieces                               # the Keep and a garrison

    while to_move(b) == "marquise" and record(b) < start + 4:           # the three buildings
        n = record(b)
        target = b.find_element(By.CSS_SELECTOR, ".clearing.target circle.ground")
        target.click()
        buttons = b.find_elements(By.CSS_SELECTOR, "#actions button[data-action]")
        if buttons and record(b) == n:
            buttons[0].click()
        wait.until(lambda b: record(b) > n)
    # the AI (the Wyrm, easy) answers: its setup and its turn are told in the log
    wait.until(my_turn)
    log = b.find_element(By.ID, "log").text
    assert "W: p->" in log
    assert b.find_element(By.CSS_SELECTOR, ".clearing .chip.f-wyrm.pawn + text").text == "P"   # the pawn, drawn

    b.find_element(By.ID, "hint").click()
    wait.until(lambda b: "hint:" in b.find_element(By.ID, "hint-text").text)
    assert "win chance" in b.find_element(By.ID, "hint-text").text or "only legal" in b.find_element(By.ID, "hint-text").text

    # a move by clicking: a clearing, then a destination; the list keeps that move's choices
    n = record(b)
    moved = False
    for i in range(len(b.find_elements(By.CSS_SELECTOR, ".clearing.target"))):
        start_at = b.find_elements(By.CSS_SELECTOR, ".clearing.target")[i]
        origin = start_at.get_attribute("data-clearing")
        start_at.find_element(By.CSS_SELECTOR, "circle.ground").click()
        if record(b) != n:                   # its one action (no destination) was played
            break
        dests = b.find_elements(By.CSS_SELECTOR, ".clearing.dest")
        if dests:
            to = dests[0].get_attribute("data-clearing")
            dests[0].find_element(By.CSS_SELECTOR, "circle.ground").click()
            if record(b) == n:           # more than one way (how many warriors): listed
                texts = [x.get_attribute("data-action") for x in
                         b.find_elements(By.CSS_SELECTOR, "#actions button[data-action]")]
                assert texts and all(f"{origin}->{to}" in t for t in texts), texts
                b.find_element(By.CSS_SELECTOR, "#actions button[data-action]").click()
            moved = True
            break
        start_at.find_element(By.CSS_SELECTOR, "circle.ground").click()     # again: unselect
    assert moved                             # the seeded game offers the Marquise a move here
    wait.until(lambda b: record(b) != n)
    b.find_element(By.ID, "undo").click()
    wait.until(lambda b: record(b) == n and my_turn(b))
    assert "taken back" in b.find_element(By.ID, "log").text

    # end the Marquise's turn (pass); the Wyrm's whole turn is played and told step by step
    board = b.find_element(By.ID, "map").text
    turn = b.find_element(By.ID, "log").text.count("W:")
    for _ in range(20):
        if b.find_element(By.ID, "log").text.count("W:") > turn and my_turn(b):
            break
        if my_turn(b):
            n = record(b)
            passes = b.find_elements(By.CSS_SELECTOR, '#actions button[data-action="pass"]')
            (passes or b.find_elements(By.CSS_SELECTOR, "#actions button[data-action]"))[0].click()
            wait.until(lambda b: record(b) != n)
        else:
            wait.until(my_turn)
    assert b.find_element(By.ID, "log").text.count("W:") > turn             # the AI's turn, told
    assert b.find_element(By.ID, "map").text != board                       # and on the board
    assert "marquise" in b.find_element(By.ID, "status").text

    shot = tmp_path / "web-board.png"
    b.save_screenshot(str(shot))
    assert shot.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n" and shot.stat().st_size > 10_000
    if SCREENSHOT:
        b.save_screenshot(SCREENSHOT)

    # the game as a Rootlog file, as the Marquise's seat sees it (the page downloads it)
    b.find_element(By.ID, "rootlog").click()
    wait.until(lambda b: b.find_element(By.ID, "status").text == "Rootlog exported")
    assert not b.find_element(By.ID, "error").text
