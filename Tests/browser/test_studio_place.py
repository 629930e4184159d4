"""An exhibit placed on the floor plan with the keyboard alone, in Chromium and WebKit: Tab
reaches the pin, the arrow keys move it 1 % and with Shift 0.1 %, each move is said in a
status line, and the catalog gets the coordinates to 0.1 % once published. Without
JavaScript the same page is a form of numbers."""
import json
import os
import time

from conftest import new_phone
from test_studio_editing import editing, log_in, log_in_webkit  # noqa: F401 (a fixture, used by name)


def entry(catalog, exhibit):
    items = json.load(open(os.path.join(catalog, "items.json"), encoding="utf-8"))
    return next(item for item in items if item["image_name"] == exhibit)


def as_js(number):
    """A number as JavaScript writes it: 70, not 70.0."""
    return str(int(number)) if number == int(number) else str(number)


def test_a_pin_is_placed_with_the_keyboard_alone_in_chromium(browser, editing):
    url, catalog, _ = editing
    before = entry(catalog, "jikji")
    context = new_phone(browser, width=390, height=844)
    page = context.new_page()
    try:
        log_in(page, url)
        page.goto(f"{url}/studio/exhibits/jikji/place")
        assert page.locator(".plan-figure:not([hidden]) img").count() == 1, "the floor's plan is shown"
        for _ in range(40):
            page.keyboard.press("Tab")
            if page.evaluate("document.activeElement.classList.contains('pin')"):
                break
        assert page.evaluate("document.activeElement.classList.contains('pin')"), "Tab reaches the pin"
        for _ in range(3):
            page.keyboard.press("ArrowRight")
        for _ in range(5):
            page.keyboard.press("Shift+ArrowUp")
        expected_x, expected_y = round(before["x"] + 3, 1), round(before["y"] - 0.5, 1)
        assert page.input_value("#place-x") == as_js(expected_x)
        assert page.input_value("#place-y") == as_js(expected_y)
        assert page.inner_text("#place-status") == f"x {as_js(expected_x)}%, y {as_js(expected_y)}%"
        assert page.get_attribute("#place-status", "role") == "status"
        # On to the save button by the keyboard, and press it.
        for _ in range(10):
            page.keyboard.press("Tab")
            if page.evaluate("document.activeElement.type === 'submit'"):
                break
        page.keyboard.press("Enter")
        page.wait_for_url("**/place?done=saved")
        page.goto(f"{url}/studio/exhibits/jikji")
        page.click("form[action='/studio/publish'] button")
        assert "게시했습니다" in page.inner_text("[role=status]")
        after = entry(catalog, "jikji")
        assert (after["floor"], after["x"], after["y"]) == (before["floor"], expected_x, expected_y), after
    finally:
        context.close()


def test_a_place_is_typed_without_javascript(browser, editing):
    url, catalog, _ = editing
    context = browser.new_context(java_script_enabled=False, locale="ko-KR")
    page = context.new_page()
    try:
        log_in(page, url)
        page.goto(f"{url}/studio/exhibits/haegeum/place")
        page.fill("#place-x", "12,34")
        page.fill("#place-y", "56.78")
        page.click("form.place button[type=submit]")
        assert "저장했습니다" in page.inner_text("[role=status]")
        assert page.input_value("#place-x") == "12.3" and page.input_value("#place-y") == "56.8"
        page.fill("#place-x", "101")
        page.click("form.place button[type=submit]")
        assert "0에서 100" in page.inner_text("[role=alert]")
    finally:
        context.close()


def test_a_pin_is_placed_with_the_keyboard_alone_in_webkit(webkit, editing):
    from selenium.webdriver.common.by import By
    from selenium.webdriver.common.keys import Keys

    url, _, _ = editing
    log_in_webkit(webkit, url)
    webkit.get(f"{url}/studio/exhibits/gayageum/place")
    x = float(webkit.find_element(By.ID, "place-x").get_attribute("value"))
    pin = webkit.find_element(By.CSS_SELECTOR, ".plan-figure:not([hidden]) .pin")
    # WebKit's WebDriver sends keys to the element that has focus, as Tab would put it there.
    webkit.execute_script("arguments[0].focus()", pin)
    pin.send_keys(Keys.ARROW_LEFT, Keys.ARROW_LEFT)
    pin.send_keys(Keys.SHIFT + Keys.ARROW_RIGHT)
    deadline = time.time() + 5
    while webkit.find_element(By.ID, "place-x").get_attribute("value") != as_js(round(x - 1.9, 1)) and time.time() < deadline:
        time.sleep(0.05)
    assert webkit.find_element(By.ID, "place-x").get_attribute("value") == as_js(round(x - 1.9, 1))
    assert webkit.find_element(By.ID, "place-status").text.startswith(f"x {as_js(round(x - 1.9, 1))}%")
