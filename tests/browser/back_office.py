"""The back office in a real browser: a location with nothing on its menu, a manager's token,
and /manage signed in with it, by role and accessible name."""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import httpx
from playwright.sync_api import Browser, Locator, Page, ViewportSize, expect

from browser.restaurant import VIEWPORT, Restaurant, screenshot
from factories import ADMIN, LOCATION

DESKTOP: ViewportSize = {"width": 1280, "height": 800}
SERVER_PIN = "5173"


@dataclass
class Office:
    restaurant: Restaurant
    manager_token: str

    def http(self) -> httpx.Client:
        return self.restaurant.http()


def _created(response: httpx.Response) -> dict[str, Any]:
    assert response.status_code in (200, 201), response.text
    body: dict[str, Any] = response.json()
    return body


def staff_token(http: httpx.Client, name: str, role: str) -> str:
    member = _created(http.post("/api/staff", json={"name": name, "role": role}))
    return str(
        _created(http.post("/api/tokens", json={"staffId": member["id"], "name": name}))["token"]
    )


def set_up_office(base_url: str) -> Office:
    """A location with a profile and nothing else but a manager and a server with a PIN."""
    restaurant = Restaurant(base_url=base_url, location_id=LOCATION)
    with httpx.Client(base_url=base_url, headers=ADMIN, timeout=10) as http:
        profile = {"name": "Harbour St", "timezone": "America/New_York", "currency": "USD"}
        _created(http.put(f"/api/locations/{LOCATION}", json=profile))
        manager = staff_token(http, "Marco", "MANAGER")
        ana = _created(http.post("/api/staff", json={"name": "Ana", "role": "SERVER"}))
        _created(http.put(f"/api/staff/{ana['id']}/pin", json={"pin": SERVER_PIN}))
        restaurant.staff["Ana"] = ana
    return Office(restaurant=restaurant, manager_token=manager)


def made(office: Office, url: str, body: dict[str, Any]) -> dict[str, Any]:
    """What a POST to ``url`` made, as the API answers it (201)."""
    with office.http() as http:
        response = http.post(url, json=body)
        assert response.status_code == 201, response.text
        found: dict[str, Any] = response.json()
        return found


def listed_by_name(office: Office, url: str) -> dict[str, dict[str, Any]]:
    """What ``url`` lists at the office's location (printers, stations), by name."""
    with office.http() as http:
        listed = http.get(url, params={"locationId": office.restaurant.location_id})
        assert listed.status_code == 200, listed.text
        return {found["name"]: found for found in listed.json()["data"]}


def open_back_office(browser: Browser, base_url: str, token: str | None = None) -> Page:
    """/manage at 1280 x 800 in a browser of its own, signed in with ``token`` when given."""
    context = browser.new_context(viewport=DESKTOP, base_url=base_url)
    context.set_default_timeout(15_000)
    page = context.new_page()
    page.goto("/manage")
    if token is not None:
        sign_in(page, token)
        expect(page.get_by_role("navigation", name="Back office")).to_be_visible()
    return page


def sign_in(page: Page, token: str) -> None:
    """With a pasted staff token: the sign-in page's fallback to its password form."""
    fallback = page.get_by_role("button", name="Sign in with an API token instead")
    expect(fallback.or_(page.get_by_label("Staff token"))).to_be_visible()
    if fallback.is_visible():
        fallback.click()
    page.get_by_label("Staff token").fill(token)
    page.get_by_role("button", name="Sign in with the token").click()


def next_question(page: Page) -> None:
    page.get_by_role("button", name="Next").click()


def answer_where(page: Page, restaurant: str, timezone: str, currency: str) -> None:
    """/setup's first questions: the restaurant's name, its timezone (searched by the city
    it is named after) and its currency, each answered and Next; the tax mode is asked next."""
    page.get_by_label("What is the restaurant called?").fill(restaurant)
    next_question(page)
    page.get_by_label("Which timezone is the restaurant in?").fill(timezone.split("/")[-1].lower())
    page.get_by_role("list", name="Timezones").get_by_role("button", name=timezone).click()
    next_question(page)
    page.get_by_label("Which currency do guests pay in?").select_option(currency)
    next_question(page)


def answer_who(page: Page, name: str, login: str) -> None:
    """/setup's questions about the first manager: their name and sign-in name, each and
    Next; their password is asked next."""
    page.get_by_label("Your name").fill(name)
    next_question(page)
    page.get_by_label("Your sign-in name").fill(login)
    next_question(page)


def go_to(page: Page, section: str) -> None:
    link = page.get_by_role("navigation", name="Back office").get_by_role("link", name=section)
    link.click()
    expect(link).to_have_attribute("aria-current", "page")


def menu_part(page: Page, part: str) -> None:
    page.get_by_role("group", name="Menu parts").get_by_role("button", name=part).click()


def office_screenshot(page: Page, name: str) -> None:
    """The screen from the top: the content and any side panel scrolled back up first."""
    page.get_by_role("main").evaluate("main => main.scrollTo(0, 0)")
    for panel in page.get_by_role("dialog").all():
        panel.evaluate("panel => panel.scrollTo(0, 0)")
    screenshot(page, name)


def both_sizes(page: Page, name: str, take: Callable[[Page, str], None] = screenshot) -> None:
    """``name``-1280 and ``name``-1024 for docs/screens/: the screen at 1280 x 800 and at
    1024 x 768, then back at its own size."""
    own = page.viewport_size
    for size in (DESKTOP, VIEWPORT):
        page.set_viewport_size(size)
        take(page, f"{name}-{size['width']}")
    if own is not None:
        page.set_viewport_size(own)


def pair_in_back_office(office: Page, code: str, name: str) -> None:
    """In the open "Pair a device" panel: the code a screen shows and its name typed, Pair."""
    panel = office.get_by_role("dialog", name="Pair a device")
    panel.get_by_label("Code on the device").fill(code)
    panel.get_by_label("Device name").fill(name)
    panel.get_by_role("button", name="Pair", exact=True).click()
    expect(panel.get_by_role("status")).to_have_text(re.compile(f"^{name} is paired"))


def new_in_panel(page: Page, button: str, fields: dict[str, str]) -> Locator:
    """Clicks ``button`` ("New table") and fills its side panel's fields, label by label."""
    page.get_by_role("button", name=button).click()
    panel = page.get_by_role("dialog", name=button)
    for label, value in fields.items():
        panel.get_by_label(label, exact=True).fill(value)
    return panel
