"""Steps of the till on the terminal and in the back office that several screen tests take
(this module holds no tests)."""

from __future__ import annotations

from playwright.sync_api import Locator, Page, expect

from browser.restaurant import SERVER_PIN


def clock_in_or_out(page: Page, name: str = "Ana", pin: str = SERVER_PIN) -> None:
    """``name`` types their PIN on the sign-in screen's Clock in or out."""
    page.get_by_role("button", name="Clock in or out").click()
    clocking = page.get_by_role("dialog", name="Clock in or out")
    clocking.get_by_role("button", name=name, exact=True).click()
    for digit in pin:
        clocking.get_by_role("button", name=digit, exact=True).click()
    clocking.get_by_role("button", name="Enter PIN").click()


def keypad(page: Page, *keys: str) -> None:
    """``keys`` on the open sheet's amount keypad."""
    pad = page.get_by_role("dialog").get_by_role("group", name="Keypad")
    for key in keys:
        pad.get_by_role("button", name=key, exact=True).click()


def open_till(page: Page) -> None:
    page.get_by_role("banner").get_by_role("button", name="Till").click()


def till_tab(page: Page, name: str) -> None:
    """One of the back office's Till tabs, chosen."""
    tab = page.get_by_role("tablist", name="Till").get_by_role("tab", name=name)
    tab.click()
    expect(tab).to_have_attribute("aria-selected", "true")


def close_the_day(page: Page) -> Locator:
    """On the back office's X and Z: Close the day (Z), confirmed; the first Z's page."""
    page.get_by_role("button", name="Close the day (Z)").click()
    page.get_by_role("dialog", name="Close the day").get_by_role(
        "button", name="Close the day", exact=True
    ).click()
    return page.get_by_role("article", name="Z #1")
