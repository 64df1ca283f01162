"""From the box to the first order, in browsers only (issue 34; docs/design.md §22 and §23): a
fresh server prints its setup link; the manager opens it, sets up the location and themself with
a password, takes the demo menu and lands in the back office signed in. A terminal (1024 x 768)
and a kitchen display (1920 x 1080) each show a code; the manager pairs both under Devices and
gives a server a PIN on the Staff screen; the server signs in on the terminal, rings a dish of
the demo menu and sends it, and the ticket shows on the kitchen display. After the server starts,
the test reads its log for the link and does everything else in the browsers: no command line,
no API call, no token."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import Browser, Page, expect

from browser.back_office import (
    DESKTOP,
    answer_where,
    answer_who,
    go_to,
    next_question,
    pair_in_back_office,
)
from browser.kitchen_wall import KITCHEN_VIEWPORT
from browser.restaurant import (
    SERVER_PIN,
    add,
    all_sent,
    line,
    open_category,
    open_screen,
    open_terminal,
    shown_code,
    sign_in,
)
from server import ServerProcess

pytestmark = pytest.mark.both_databases("issue 34's proof: from a fresh server to the first order")

# The setup link is printed as a server starts on an empty database: not by the worker's shared
# server, started for another module (conftest.py).
OWN_SERVER = "the setup link the server printed as it started"
SETUP_LINK = re.compile(r"http://\S+/setup#\S+")
PASSWORD = "the first night's pass phrase"


def _printed_setup_link(server: ServerProcess) -> str:
    """The one link the server printed for its first run, as a person copies it from there."""
    (printed,) = SETUP_LINK.finditer(server.log_path.read_text())
    link = printed.group()
    assert link.startswith(server.base_url + "/setup#"), link
    return link


def _set_up(page: Page, link: str) -> None:
    """Every question of /setup answered, the demo menu taken: the back office opens."""
    page.goto(link)
    answer_where(page, "Trattoria Uno", "Europe/Rome", "EUR")
    page.get_by_role("button", name=re.compile("^Prices include tax")).click()
    next_question(page)
    answer_who(page, "Giulia", "giulia")
    page.get_by_label("A password").fill(PASSWORD)
    page.get_by_label("The same password again").fill(PASSWORD)
    next_question(page)
    page.get_by_role("button", name=re.compile("^Yes, a demo menu")).click()
    page.get_by_role("button", name="Finish and open the back office").click()


def _give_a_server_a_pin(office: Page, name: str) -> None:
    go_to(office, "Staff")
    office.get_by_role("button", name="New staff member").click()
    panel = office.get_by_role("dialog", name="New staff member")
    panel.get_by_label("Name", exact=True).fill(name)
    panel.get_by_label("Role").select_option(label="Server")
    panel.get_by_label("PIN (4 to 8 digits)").fill(SERVER_PIN)
    panel.get_by_role("button", name="Add staff member").click()
    expect(office.get_by_role("cell", name=name, exact=True)).to_be_visible()


def test_from_the_printed_link_to_the_first_ticket_on_the_kitchen_display(
    browser: Browser, screen_server: ServerProcess
) -> None:
    link = _printed_setup_link(screen_server)
    context = browser.new_context(viewport=DESKTOP, base_url=screen_server.base_url)
    context.set_default_timeout(15_000)
    office = context.new_page()
    _set_up(office, link)
    expect(office).to_have_url(re.compile("/manage"))
    expect(office.get_by_text("Giulia (admin)")).to_be_visible()
    expect(office.get_by_text("Trattoria Uno")).to_be_visible()
    # Signed in by the session cookie: the back office opened again needs no sign-in.
    office.goto("/manage")
    expect(office.get_by_role("navigation", name="Back office")).to_be_visible()

    _give_a_server_a_pin(office, "Luca")

    terminal = open_terminal(browser, screen_server)
    kitchen = open_screen(browser, screen_server, "/kitchen", KITCHEN_VIEWPORT)
    go_to(office, "Devices")
    office.get_by_role("button", name="Pair a device").click()
    pair_in_back_office(office, shown_code(terminal), "Front tablet")
    pair_in_back_office(office, shown_code(kitchen), "Pass")
    expect(kitchen.get_by_role("status", name="Connection")).to_have_text(re.compile("Online"))
    expect(terminal.get_by_role("heading", name="Who is working?")).to_be_visible()

    sign_in(terminal, "Luca")
    terminal.get_by_role("button", name="+ Takeout").click()
    terminal.get_by_role("dialog", name="New takeout").get_by_role("button", name="Skip").click()
    open_category(terminal, "Food")
    open_category(terminal, "Starters")
    add(terminal, "Garlic bread")
    expect(line(terminal, "1 Garlic bread")).to_contain_text("unsent")
    terminal.get_by_role("button", name="Send (1)").click()
    expect(line(terminal, "1 Garlic bread")).to_contain_text(re.compile(r"\bsent"))
    all_sent(terminal)

    ticket = kitchen.get_by_role("article", name=re.compile("^Ticket #"))
    expect(ticket).to_have_count(1)
    expect(ticket).to_contain_text("Garlic bread")
    expect(ticket).to_contain_text("Luca")
