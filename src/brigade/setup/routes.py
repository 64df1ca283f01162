"""The first run (docs/design.md §22): `GET /api/setup` says whether it is needed,
`POST /api/setup` does it. No bearer token: the setup token `brigade serve` printed is the
credential."""

from __future__ import annotations

from typing import Annotated
from uuid import UUID

from fastapi import Request, Response
from pydantic import Field

from brigade.access.domain.errors import SetupDone, TrivialPin, WeakPassword, WrongSetupToken
from brigade.access.domain.terminals import PIN_PATTERN
from brigade.access.routes.auth import Login, Password
from brigade.kit.access import Role
from brigade.kit.currencies import DEFAULT_CURRENCY
from brigade.kit.errors import InvalidInput
from brigade.kit.http.cookies import set_session_cookies
from brigade.kit.http.deps import UowDep
from brigade.kit.http.errors import problem_responses
from brigade.kit.http.routing import brigade_router
from brigade.kit.http.types import (
    CurrencyCode,
    Money,
    Name,
    Number,
    PositiveMoneyIn,
    RateIn,
    RequestModel,
    ResponseModel,
    TimezoneName,
)
from brigade.kit.money import TaxMode
from brigade.settings import Settings
from brigade.setup import service
from brigade.setup.domain import Taxes, UsualRates

router = brigade_router(prefix="/api/setup", tags=["setup"], public=True)


class SetupLocation(RequestModel):
    name: Name = Field(
        description="The location's name, as screens and receipts show it (1-200 characters)"
    )
    timezone: TimezoneName = Field(description="An IANA timezone name, e.g. Europe/Paris")
    currency: CurrencyCode = Field(default=DEFAULT_CURRENCY, description="ISO 4217")
    tax_mode: TaxMode = Field(
        default=TaxMode.EXCLUSIVE,
        description="INCLUSIVE: menu prices include tax; EXCLUSIVE: tax is added at the end",
    )
    cash_rounding: PositiveMoneyIn | None = Field(
        default=None,
        description="The cash rounding step in currency units, 0.01 to 100.00 in whole cents "
        "(0.05: a cash due of 12.43 is 12.45); null: none",
    )


class SetupTaxes(RequestModel):
    """The rates the location starts with, as fractions (0.1 is 10 %): made its named tax rates
    (one when food and alcohol are taxed alike, else "Food and soft drinks" and "Alcohol"),
    which the demo menu's products name."""

    food_rate: RateIn = Field(description="Food, soft drinks and the modifiers, under 1")
    alcohol_rate: RateIn = Field(description="Alcoholic drinks, under 1")
    takeout_rate: RateIn | None = Field(
        default=None,
        description="Food on TAKEOUT and DELIVERY orders, under 1; null: as foodRate",
    )


class SetupManager(RequestModel):
    name: Name = Field(
        description="The first person's name (1-200 characters): they are made an ADMIN"
    )
    login: Login
    password: Password
    pin: Annotated[str | None, Field(pattern=PIN_PATTERN, description="4 to 8 digits")] = None


class SetupRequest(RequestModel):
    token: Annotated[str, Field(min_length=1, max_length=200)] = Field(
        description=(
            "The setup token from the link `brigade serve` printed at its last start "
            "(401 `wrong_setup_token` otherwise)"
        )
    )
    location: SetupLocation = Field(description="The location's profile")
    taxes: SetupTaxes = Field(description="Its tax rates")
    manager: SetupManager = Field(description="The first person, made an ADMIN and signed in")
    demo_menu: bool = Field(default=False, description="Load the demo menu at the location too")


class CountryRates(ResponseModel):
    """A country's usual rates, as fractions (0.2 is 20 %), for the first run to offer."""

    country: str = Field(description="ISO 3166-1 alpha-2")
    name: str = Field(description="The country's name")
    currency: str = Field(description="Its currency, ISO 4217")
    standard_rate: Number | None = Field(description="Its standard rate; null: no national rate")
    reduced_rates: list[Number] = Field(description="Its reduced rates, highest first")
    food_rate: Number | None = Field(description="What restaurants usually charge on food")
    alcohol_rate: Number | None = Field(
        description="What restaurants usually charge on alcoholic drinks"
    )
    takeout_rate: Number | None = Field(
        description="What they charge on food taken away; null: as food"
    )
    cash_rounding: Money | None = Field(description="The usual cash rounding step; null: none")
    timezones: list[str] = Field(description="The timezones that name the country")


class SetupState(ResponseModel):
    needed: bool = Field(description="true until someone has a password")
    usual_rates: list[CountryRates] = Field(
        description="Each country's usual rates, by name: offered by the first run, editable"
    )


def _country_rates(usual: UsualRates) -> CountryRates:
    return CountryRates(
        country=usual.country,
        name=usual.name,
        currency=usual.currency,
        standard_rate=usual.standard,
        reduced_rates=list(usual.reduced),
        food_rate=usual.food,
        alcohol_rate=usual.alcohol,
        takeout_rate=usual.takeout,
        cash_rounding=usual.cash_rounding,
        timezones=list(usual.timezones),
    )


class SetupDoneAnswer(ResponseModel):
    """Who was made and signed in (the session cookies are set)."""

    location_id: UUID = Field(description="The location set up")
    staff_id: UUID = Field(description="The first person made")
    name: str = Field(description="Their name")
    role: Role = Field(description="Their role: ADMIN")


@router.get("", response_model=SetupState, responses=problem_responses())
async def setup_state(uow: UowDep) -> SetupState:
    """Whether the first run is still to be done: true until someone has a password; and the
    usual rates of the countries it knows."""
    usual = [_country_rates(usual) for usual in service.usual_rates()]
    return SetupState(needed=await service.setup_needed(uow), usual_rates=usual)


@router.post(
    "",
    response_model=SetupDoneAnswer,
    responses=problem_responses(WrongSetupToken, SetupDone, InvalidInput, TrivialPin, WeakPassword),
)
async def set_up(
    body: SetupRequest, uow: UowDep, request: Request, response: Response
) -> SetupDoneAnswer:
    """In one transaction: the location's profile (its tax mode and cash rounding), its named
    tax rates, its first person as an ADMIN with this sign-in name and password (and PIN), the
    demo menu there when asked (taxed at those rates, with a floor of 8 tables); then that
    person is signed in (the session cookies of `POST /api/auth/sign-in`). The token is the one
    in the link `brigade serve` printed at its last start (401 `wrong_setup_token` otherwise);
    once anyone has a password, 403 `setup_done`. A refusal changes nothing."""
    taxes = Taxes(body.taxes.food_rate, body.taxes.alcohol_rate, body.taxes.takeout_rate)
    location = service.FirstLocation(
        body.location.name,
        body.location.timezone,
        body.location.currency,
        body.location.tax_mode,
        body.location.cash_rounding,
        taxes,
    )
    person = service.FirstPerson(
        body.manager.name, body.manager.login, body.manager.password, body.manager.pin
    )
    done = await service.set_up(uow, body.token, location, person, demo_menu=body.demo_menu)
    settings: Settings = request.app.state.settings
    set_session_cookies(
        response, request, done.signed_in.token, always_secure=settings.secure_cookies
    )
    response.headers["Cache-Control"] = "no-store"
    return SetupDoneAnswer(
        location_id=done.location_id,
        staff_id=done.signed_in.staff.staff_id,
        name=done.signed_in.staff.name,
        role=done.signed_in.staff.role,
    )
