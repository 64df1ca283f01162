"""The first run in a real browser (docs/design.md §22): a fresh server, its printed setup
link, each question answered (UTC can be chosen; amounts in the chosen currency; the country's
usual rates offered and editable, cash rounding), the back office signed in; then sign out, a
wrong password refused in words, signing in again with the right one, and a manager given a
password on the Staff screen signing in with it. Screenshots: setup (the rates), setup-rounding,
sign-in."""

from __future__ import annotations

import re

from playwright.sync_api import Browser, Locator, Page, expect

from browser.back_office import (
    DESKTOP,
    answer_who,
    both_sizes,
    go_to,
    next_question,
)
from browser.languages import all_words_from_catalogues
from server import ServerProcess

SETUP_TOKEN = "bsu_first-run-in-the-browser"
SERVER_SETTINGS = {"BRIGADE_SETUP_TOKEN": SETUP_TOKEN}
PASSWORD = "a long pass phrase"
# The first run's ten questions (web/src/setup/answers.ts STEPS), counted from 0.
LAST_STEP = 9


def _rate(page: Page, label: str) -> Locator:
    return page.get_by_label(f"{label} (%)")


def _answer_the_money(page: Page) -> None:
    """The timezone (UTC can be chosen, then Paris), the currency it names, the tax mode in
    euros, France's rates offered and edited, the cash rounding."""
    search = page.get_by_label("Which timezone is the restaurant in?")
    zones = page.get_by_role("list", name="Timezones")
    search.fill("utc")
    zones.get_by_role("button", name="UTC", exact=True).click()
    expect(page.get_by_text("Chosen: UTC")).to_be_visible()
    expect(page.get_by_role("button", name="Next")).to_be_enabled()
    search.fill("paris")
    zones.get_by_role("button", name="Europe/Paris").click()
    next_question(page)
    currency = page.get_by_label("Which currency do guests pay in?")
    expect(currency).to_have_value("EUR")
    next_question(page)
    included = page.get_by_role("button", name=re.compile("^Prices include tax"))
    expect(included).to_contain_text("A €10 dish costs the guest €10")
    expect(page.get_by_text("$")).to_have_count(0)
    included.click()
    next_question(page)

    # France's rates: standard 20 %, reduced 10 % and 5.5 %; food 10, alcohol 20 offered.
    expect(page.get_by_label("Usual rates of")).to_have_value("FR")
    expect(page.get_by_text("France: standard 20 %, reduced 10 %, 5.5 %")).to_be_visible()
    expect(_rate(page, "Food and soft drinks")).to_have_value("10")
    expect(_rate(page, "Alcoholic drinks")).to_have_value("20")
    expect(page.get_by_role("button", name="Alcoholic drinks at 20 %")).to_have_attribute(
        "aria-pressed", "true"
    )
    # Editable: a rate typed, a rate picked, a rate cleared stops Next until it is given.
    _rate(page, "Food to take away").fill("5.5")
    expect(page.get_by_role("button", name="Food to take away at 5.5 %")).to_have_attribute(
        "aria-pressed", "true"
    )
    page.get_by_role("button", name="As food").click()
    expect(_rate(page, "Food to take away")).to_have_value("")
    _rate(page, "Alcoholic drinks").fill("")
    expect(page.get_by_role("button", name="Next")).to_be_disabled()
    expect(page.get_by_text("Give the rate of alcoholic drinks")).to_be_visible()
    page.get_by_role("button", name="Alcoholic drinks at 20 %").click()
    # The US has no national rate: nothing is offered, the rates are typed.
    page.get_by_label("Usual rates of").select_option("US")
    expect(page.get_by_text("No national rate to offer")).to_be_visible()
    expect(_rate(page, "Food and soft drinks")).to_have_value("")
    page.get_by_label("Usual rates of").select_option("FR")
    expect(_rate(page, "Alcoholic drinks")).to_have_value("20")
    both_sizes(page, "setup")
    next_question(page)

    rounding = page.get_by_role("button", name=re.compile(r"^To €0\.05"))
    expect(rounding).to_contain_text("A cash due of €12.43 is €12.45")
    rounding.click()
    expect(rounding).to_have_attribute("aria-pressed", "true")
    both_sizes(page, "setup-rounding")
    next_question(page)


def test_in_the_pseudo_locale_every_question_takes_its_words_from_the_catalogues(
    browser: Browser, screen_server: ServerProcess
) -> None:
    """Each question in en-XA, answered and left unfinished (the first run stays to do): every
    word from the catalogues, none cut off. Before the first run's test: it ends the first run."""
    context = browser.new_context(viewport=DESKTOP, base_url=screen_server.base_url)
    context.set_default_timeout(15_000)
    page = context.new_page()
    page.goto(f"/setup?language=en-XA#{SETUP_TOKEN}")
    names = ["Chez Brigade", "Europe/Paris", "Europe Paris", "France", "EUR", "Camille"]
    next_step = page.locator(".setup-actions .btn-accent")
    answers = {"locationName": "Chez Brigade", "managerName": "Camille", "login": "camille"}
    for step in range(LAST_STEP + 1):
        expect(page.locator(".setup-column form")).to_be_visible()
        for field, value in answers.items():
            if page.locator(f"input[name={field}]").count():
                page.locator(f"input[name={field}]").fill(value)
        if page.locator("input[name=timezoneSearch]").count():
            page.locator("input[name=timezoneSearch]").fill("paris")
            page.locator(".setup-zones .btn").first.click()
        if page.locator("input[name=password]").count():
            page.locator("input[name=password]").fill(PASSWORD)
            page.locator("input[name=passwordAgain]").fill(PASSWORD + "!")
            expect(page.locator(".setup-column form > .hint")).to_be_visible()
            all_words_from_catalogues(page, names)
            page.locator("input[name=passwordAgain]").fill(PASSWORD)
        if page.locator("select[name=country]").count():
            expect(page.locator("select[name=country]")).to_have_value("FR")
        all_words_from_catalogues(page, names)
        # The last question's button finishes the first run: left untapped.
        if step < LAST_STEP:
            next_step.click()
    context.close()


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
    page.get_by_label("What is the restaurant called?").fill("Chez Brigade")
    next_question(page)
    _answer_the_money(page)
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
    # What it was told is where the location keeps it: its rates, its rounding.
    go_to(page, "Taxes & charges")
    rates = page.get_by_role("table", name="Tax rates")
    expect(rates).to_contain_text("Food and soft drinks")
    expect(rates).to_contain_text("Alcohol")

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
