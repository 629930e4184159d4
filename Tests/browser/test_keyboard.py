"""Keyboard only: Tab reaches the skip link, the button, each row and the back link, each
with a visible focus ring, and Enter follows them."""
from support import CATALOG, UI


def tab_to(page, predicate, limit=40):
    """Presses Tab until the focused element satisfies `predicate` (JS, given `el`)."""
    for _ in range(limit):
        page.keyboard.press("Tab")
        if page.evaluate(f"(() => {{ const el = document.activeElement; return !!el && ({predicate}); }})()"):
            return
    raise AssertionError(f"Tab never reached an element where {predicate}")


def focus_ring(page):
    return page.evaluate("""(() => {
      const style = getComputedStyle(document.activeElement);
      return style.outlineStyle !== 'none' && parseFloat(style.outlineWidth) >= 2;
    })()""")


def test_keyboard_reaches_everything_with_a_visible_focus(phone, base_url):
    phone.goto(base_url + "/")
    phone.keyboard.press("Tab")
    assert phone.evaluate("document.activeElement.classList.contains('skip-link')"), "first Tab: skip link"
    assert focus_ring(phone), "skip link focus ring"
    assert phone.evaluate("document.activeElement.getBoundingClientRect().top >= 0"), "the focused skip link is on screen"
    tab_to(phone, "el.classList.contains('button')")
    assert focus_ring(phone), "button focus ring"
    phone.keyboard.press("Enter")
    phone.wait_for_url(base_url + "/items/")

    phone.keyboard.press("Tab")
    assert phone.evaluate("document.activeElement.classList.contains('skip-link')")
    tab_to(phone, "el.classList.contains('back')")
    assert focus_ring(phone), "back link focus ring"
    # The go-to-stop form comes between the search field and the rows.
    tab_to(phone, "el.classList.contains('stop-field')", limit=4)
    assert focus_ring(phone), "go-to-stop field focus ring"
    tab_to(phone, "el.classList.contains('stop-go')", limit=1)
    assert focus_ring(phone), "go-to-stop button focus ring"
    items = CATALOG["ko"][1]
    for item in items:
        tab_to(phone, f"el.getAttribute('href') === '/items/{item['image_name']}/'", limit=4)
        assert focus_ring(phone), f"row {item['image_name']} focus ring"
    phone.keyboard.press("Enter")
    phone.wait_for_url(base_url + f"/items/{items[-1]['image_name']}/")

    tab_to(phone, "el.classList.contains('back')", limit=3)
    assert phone.evaluate("document.activeElement.textContent.trim()") == UI["ko"]["list_title"]
    phone.keyboard.press("Enter")
    phone.wait_for_url(base_url + "/items/")


def test_the_skip_link_moves_focus_to_the_content(phone, base_url):
    phone.goto(base_url + "/items/jikji/")
    phone.keyboard.press("Tab")
    phone.keyboard.press("Enter")
    assert phone.evaluate("document.activeElement.id") == "main"
