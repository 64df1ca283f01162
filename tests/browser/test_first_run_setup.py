"""The first run in a real browser (docs/design.md §22): a fresh server, its printed setup
link, each question answered, the back office signed in; then sign out, a wrong password
refused in words, signing in again with the right one, and a manager given a password on the
Staff screen signing in with it."""

from __future__ import annotations

import re

from playwright.sync_api import Browser, expect

from browser.back_office import (
    DESKTOP,
    answer_where,
    answer_who,
    both_sizes,
    go_to,
    next_question,
)
from server import ServerProcess

SETUP_TOKEN = "bsu_first-run-in-the-browser"
SERVER_SETTINGS = {"BRIGADE_SETUP_TOKEN": SETUP_TOKEN}
PASSWORD = "a long pass phrase"


def test_the_first_run_sets_up_and_signs_in(browser: Browser, screen_server: ServerProcess) -> None:
    printed = screen_server.log_path.read_text()
    assert f"/setup#{SETUP_TOKEN}" in printed
    assert printed.index("/setup#") < printed.index("Brigade on http")
    context = browser.new_context(viewport=DESKTOP, base_url=screen_server.base_url)
    context.set_default_timeout(15_000)
    page = context.new_page()

    page.goto("/")
    expect(page.get_by_role("link", name="Set up the restaurant")).to_be_visible()

    page.goto(f"/setup#{SETUP_TOKEN}")
    answer_where(page, "Chez Brigade", "Europe/Paris", "EUR")
    page.get_by_role("button", name=re.compile("^Prices include tax")).click()
    both_sizes(page, "setup")
    next_question(page)
    answer_who(page, "Camille", "camille@example.com")
    page.get_by_label("A password").fill(PASSWORD)
    page.get_by_label("The same password again").fill(PASSWORD + "!")
    expect(page.get_by_text("The two passwords differ.")).to_be_visible()
    page.get_by_label("The same password again").fill(PASSWORD)
    next_question(page)
    page.get_by_role("button", name=re.compile("^Yes, a demo menu")).click()
    page.get_by_role("button", name="Finish and open the back office").click()

    expect(page).to_have_url(re.compile("/manage"))
    expect(page.get_by_role("navigation", name="Back office")).to_be_visible()
    expect(page.get_by_text("Camille (admin)")).to_be_visible()
    expect(page.get_by_text("Chez Brigade")).to_be_visible()

    # The session is the cookie: a new tab of the same browser is still signed in.
    again = context.new_page()
    again.goto("/manage")
    expect(again.get_by_role("navigation", name="Back office")).to_be_visible()
    again.close()

    page.get_by_role("button", name="Sign out").click()
    expect(page.get_by_label("Sign-in name")).to_be_visible()
    both_sizes(page, "sign-in")
    page.get_by_label("Sign-in name").fill("camille@example.com")
    page.get_by_label("Password").fill("not the password")
    page.get_by_role("button", name="Sign in", exact=True).click()
    expect(page.get_by_role("alert")).to_have_text("Wrong sign-in name or password.")
    page.get_by_label("Password").fill(PASSWORD)
    page.get_by_role("button", name="Sign in", exact=True).click()
    expect(page.get_by_role("navigation", name="Back office")).to_be_visible()

    # The admin gives a manager a sign-in of their own, who then signs in with it.
    go_to(page, "Staff")
    page.get_by_role("button", name="New staff member").click()
    panel = page.get_by_role("dialog", name="New staff member")
    panel.get_by_label("Name", exact=True).fill("Marco")
    panel.get_by_label("Role").select_option(label="Manager")
    panel.get_by_label("Back-office login").fill("marco")
    panel.get_by_label("Password (at least 10 characters)").fill("marco's own pass")
    panel.get_by_role("button", name="Add staff member").click()
    expect(page.get_by_role("cell", name="marco", exact=True)).to_be_visible()
    page.get_by_role("button", name="Sign out").click()
    page.get_by_label("Sign-in name").fill("Marco")
    page.get_by_label("Password").fill("marco's own pass")
    page.get_by_role("button", name="Sign in", exact=True).click()
    expect(page.get_by_text("Marco (manager)")).to_be_visible()
    context.close()
