"""The dark theme follows prefers-color-scheme, and the toggle overrides it (remembered)."""

from tests.web.helpers import api, wait_drawn
from tests.web.pictures import doc_image

PROGRAM = """import tensorflow as tf

x = tf.Variable(3.0)
with tf.GradientTape() as tape:
    y = x * x
print(tape.gradient(y, x))
"""


def _background(page):
    return page.evaluate("() => getComputedStyle(document.body).backgroundColor")


def test_dark_scheme_is_followed_and_the_toggle_switches_it(server, browser):
    run = api(server, "/api/runs", {"code": PROGRAM})
    context = browser.new_context(viewport={"width": 1280, "height": 720}, color_scheme="dark")
    page = context.new_page()
    page.goto(f"{server}/#run={run['id']}")
    wait_drawn(page)
    assert page.evaluate("() => document.documentElement.dataset.theme") == "dark"
    assert _background(page) == "rgb(15, 20, 26)"
    label = page.evaluate("() => __cy.getElementById('op:0').style('color')")
    assert label != "rgb(28,39,51)"  # graph labels restyled for dark, not the light ink
    doc_image(page, "dark-theme")
    page.click("#theme-toggle")
    page.wait_for_function("() => document.documentElement.dataset.theme === 'light'")
    assert _background(page) == "rgb(244, 246, 248)"
    page.reload()  # the choice is remembered over the system's
    page.wait_for_function("() => document.body.dataset.booted === '1'")
    assert page.evaluate("() => document.documentElement.dataset.theme") == "light"
    context.close()
