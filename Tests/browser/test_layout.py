"""Every page on every device profile, at 100 % and 200 % text: nothing scrolls sideways,
nothing sticks out or is clipped or overlaps, every image loads, no console errors.
Screenshots of each go to screenshots/ for people to look at."""

import pytest

from conftest import new_phone, set_text_size
from support import LOAD_ALL_IMAGES, REPO, SPEECH_STUB, page_paths, profiles

SCREENSHOTS = REPO / "screenshots"

# Runs in the page: returns a list of problems, each naming the rule and the element.
LAYOUT_PROBLEMS = """
async () => {
  const problems = [];
  const name = (el) => el.tagName.toLowerCase() + (el.className && typeof el.className === 'string' ? '.' + el.className.trim().split(/\\s+/).join('.') : '');
  const width = document.documentElement.clientWidth;
  if (document.documentElement.scrollWidth > width) {
    problems.push(`horizontal scrolling: content ${document.documentElement.scrollWidth}px wide in ${width}px`);
  }
  // A sideways strip (the gallery) holds more than its width on purpose: what lies past
  // the edge is scrolled to, not lost. The strip itself is checked like anything else.
  const scrolledSideways = (el) => {
    for (let up = el.parentElement; up && up !== document.body; up = up.parentElement) {
      if (['auto', 'scroll'].includes(getComputedStyle(up).overflowX)) return true;
    }
    return false;
  };
  for (const el of document.body.querySelectorAll('*')) {
    const style = getComputedStyle(el);
    if (style.display === 'none' || style.visibility === 'hidden') continue;
    const box = el.getBoundingClientRect();
    if (box.width === 0 && box.height === 0) continue;
    if (el.classList.contains('skip-link')) continue;  // off screen until focused, by design
    if (box.right > width + 1 && !scrolledSideways(el)) problems.push(`past the right edge: ${name(el)} ends at ${Math.round(box.right)}px`);
    if (box.left < -1 && !scrolledSideways(el)) problems.push(`past the left edge: ${name(el)} starts at ${Math.round(box.left)}px`);
    const clips = ['hidden', 'clip'].includes(style.overflowX) || ['hidden', 'clip'].includes(style.overflowY);
    // Text for screen readers only is clipped on purpose.
    if (clips && !el.classList.contains('visually-hidden') && el.textContent.trim() && (el.scrollWidth > el.clientWidth + 1 || el.scrollHeight > el.clientHeight + 1)) {
      problems.push(`text clipped: ${name(el)} (${el.scrollWidth}×${el.scrollHeight} in ${el.clientWidth}×${el.clientHeight})`);
    }
  }
  for (const img of document.images) {
    if (!img.complete || img.naturalWidth === 0) problems.push(`image not loaded: ${img.getAttribute('src')}`);
  }
  // Parts laid side by side must not overlap: bar items, row parts, flag-button-flag.
  const groups = ['.navigation-bar > *', '.top-bar > *', '.row > *', '.call-to-action > *', '.page-actions > *',
                  '.speech > *', '.share > *', '.exhibit-pager > *'];
  for (const selector of groups) {
    const parents = new Set([...document.querySelectorAll(selector)].map(el => el.parentElement));
    for (const parent of parents) {
      const parts = [...parent.children].filter(el => el.getBoundingClientRect().width > 0);
      for (let i = 0; i < parts.length; i++) for (let j = i + 1; j < parts.length; j++) {
        const a = parts[i].getBoundingClientRect(), b = parts[j].getBoundingClientRect();
        const overlap = Math.min(a.right, b.right) - Math.max(a.left, b.left) > 1 && Math.min(a.bottom, b.bottom) - Math.max(a.top, b.top) > 1;
        if (overlap) problems.push(`overlapping: ${name(parts[i])} and ${name(parts[j])}`);
      }
    }
  }
  return problems;
}
"""


@pytest.mark.parametrize("text_size", [100, 200], ids=lambda size: f"text {size}%")
@pytest.mark.parametrize("profile", profiles(), ids=lambda profile: profile[0])
def test_every_page_lays_out_cleanly(browser, base_url, profile, text_size):
    name, width, height, scale = profile
    context = new_phone(browser, width, height, scale)
    # A device with voices, so the read-aloud buttons are laid out too.
    context.add_init_script(SPEECH_STUB)
    page = context.new_page()
    set_text_size(context, page, text_size)
    errors = []
    page.on("console", lambda message: errors.append(message.text) if message.type == "error" else None)
    page.on("pageerror", lambda error: errors.append(str(error)))
    folder = SCREENSHOTS / f"{name} text {text_size}%".replace(" ", "-")
    folder.mkdir(parents=True, exist_ok=True)
    failures = []
    try:
        for path in page_paths():
            errors.clear()
            page.goto(base_url + path)
            page.evaluate(LOAD_ALL_IMAGES)
            if page.locator("form.search").count():
                page.locator("form.search").wait_for(state="visible")
            for problem in page.evaluate(LAYOUT_PROBLEMS):
                failures.append(f"{path} [{name}, text {text_size}%]: {problem}")
            # A missing page answers 404 on purpose; the browser logs that as an error.
            for error in errors:
                if not (path == "/no-such-page/" and "404" in error):
                    failures.append(f"{path} [{name}, text {text_size}%]: console error: {error}")
            file_name = path.strip("/").replace("/", "_") or "home"
            page.screenshot(path=str(folder / f"{file_name}.png"))
    finally:
        context.close()
    assert not failures, "\n".join(failures)


# Runs in the page: each of screen 3's buttons, its class and the computed style the
# outline rule decides.
BUTTON_STYLES = """
() => [...document.querySelectorAll('.speech button, .share-button, .offline-save button, .player button, .player select')]
  .filter(el => el.getBoundingClientRect().width > 0)
  .map(el => {
    const style = getComputedStyle(el), box = el.getBoundingClientRect();
    return {name: el.className || el.closest('[class]').className, toggle: el.classList.contains('player-toggle'),
            border: `${style.borderTopWidth} ${style.borderTopStyle}`, borderColor: style.borderTopColor, color: style.color,
            background: style.backgroundColor, padding: parseFloat(style.paddingInlineStart), width: box.width, height: box.height};
  })
"""


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_the_outlined_buttons_keep_their_outline_and_only_the_players_toggle_is_filled(browser, base_url, scheme):
    """Read aloud, share, save and the player's other controls are outlined in the tint
    on no fill, and those with words have room around them; the play button alone is a
    filled circle. One stylesheet edit once made the share button a filled circle while
    it kept its 44 px, which no other test saw."""
    context = new_phone(browser, 375, 812, 3, color_scheme=scheme)
    context.add_init_script(SPEECH_STUB)
    page = context.new_page()
    try:
        page.goto(base_url + "/items/jikji/")
        page.locator(".offline-save button").first.wait_for(state="visible")
        buttons = page.evaluate(BUTTON_STYLES)
    finally:
        context.close()
    names = " ".join(button["name"] for button in buttons)
    for expected in ["speech-toggle", "share-button", "offline-save", "player-toggle", "player-back", "player-speed"]:
        assert expected in names, f"{expected} not shown on /items/jikji/: {names}"
    for button in buttons:
        if button["toggle"]:
            assert button["border"].startswith("0px") and button["background"] != "rgba(0, 0, 0, 0)", button
            assert abs(button["width"] - button["height"]) < 1, f"the play button is not a circle: {button}"
            continue
        assert button["border"] == "1px solid" and button["borderColor"] == button["color"], f"not outlined in the tint: {button}"
        assert button["background"] == "rgba(0, 0, 0, 0)", f"filled: {button}"
        if button["name"] in ("speech-toggle", "share-button") or "offline-save" in button["name"]:
            assert button["padding"] >= 12 and button["width"] > button["height"], f"no room around its words: {button}"


# Where the page's text is: the top of each paragraph and heading in the main content.
# Only what the first screen shows: below it, the scripts may fold what a page without them
# shows whole (the versions of a text), and a visitor has not seen it yet.
TEXT_TOPS = """
() => [...document.querySelectorAll('main h1, main h2, main p, .prose')]
  .filter(el => el.getClientRects().length && el.getBoundingClientRect().top < innerHeight)
  .map(el => Math.round(el.getBoundingClientRect().top + scrollY))
"""


@pytest.mark.parametrize("path", ["/", "/items/", "/items/jikji/", "/en/items/jikji/"])
def test_a_script_that_arrives_late_moves_nothing(browser, site_url, path):
    """On a slow phone the page is painted before its scripts arrive: what they show (share,
    read aloud with a voice found) must not push the text down once it is read."""
    context = new_phone(browser)
    context.add_init_script(SPEECH_STUB)
    page = context.new_page()
    held = []
    try:
        # The scripts are held until the page has painted its text without them.
        page.route("**/assets/*.js", lambda route: held.append(route))
        page.goto(site_url + path, wait_until="commit")
        page.wait_for_function("() => performance.getEntriesByType('paint').some(e => e.name === 'first-contentful-paint')")
        assert held, "the page asked for no script"
        before = page.evaluate(TEXT_TOPS)
        for route in held:
            route.continue_()
        page.wait_for_load_state("load")
        page.wait_for_timeout(300)
        assert before and page.evaluate(TEXT_TOPS) == before, f"{path}: the text moved once the scripts ran"
    finally:
        context.close()
