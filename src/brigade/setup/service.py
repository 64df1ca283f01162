"""The first run (docs/design.md §22): in one transaction, spend the setup token, make the
location's profile (its tax mode and cash rounding with it) and its named tax rates, its first
person (an ADMIN with a password, and a PIN if given), load the demo menu there if asked (taxed
at those rates, with a floor of 8 tables), and sign that person in.

Any refusal (a wrong token, a timezone that does not exist, a password too short) rolls the
whole of it back: the setup token stays usable and nothing is made.
"""

from __future__ import annotations

from dataclasses import dataclass
from decimal import Decimal
from uuid import UUID

from brigade.access.domain.staff import CreateStaff
from brigade.access.service import passwords, staff, terminals
from brigade.demo import DemoTaxes, load_demo_menu_into
from brigade.dining.service.rooms import set_location_profile
from brigade.kit.access import Actor, Role
from brigade.kit.db.engine import UnitOfWork
from brigade.kit.ids import new_id
from brigade.kit.money import TaxMode
from brigade.pricing.domain import CreateTaxRate, TaxRate
from brigade.pricing.service import create_tax_rate
from brigade.setup.domain import USUAL_RATES, Taxes, UsualRates, check_taxes, named_rates

# Who the first run acts as in the audit log, until its first person exists.
FIRST_RUN = Actor(name="first-run setup", role=Role.ADMIN)


@dataclass(frozen=True, slots=True)
class FirstLocation:
    name: str
    timezone: str
    currency: str
    tax_mode: TaxMode
    cash_rounding: Decimal | None
    taxes: Taxes


@dataclass(frozen=True, slots=True)
class FirstPerson:
    name: str
    login: str
    password: str
    pin: str | None


@dataclass(frozen=True, slots=True)
class SetUp:
    location_id: UUID
    signed_in: passwords.SignedIn


async def setup_needed(uow: UnitOfWork) -> bool:
    """Until someone signs in with a password."""
    return not await passwords.any_password(uow)


def usual_rates() -> tuple[UsualRates, ...]:
    """Each country's usual rates, for the first run to offer."""
    return USUAL_RATES


async def _named_rates(uow: UnitOfWork, location_id: UUID, taxes: Taxes) -> DemoTaxes:
    """The location's named rates, made; what the demo's food and alcohol name."""
    made: dict[str, TaxRate] = {}
    for planned in named_rates(taxes):
        command = CreateTaxRate(location_id, planned.name, planned.rate, planned.takeout)
        rate = await create_tax_rate(uow, FIRST_RUN, command)
        if planned.food:
            made["food"] = rate
        if planned.alcohol:
            made["alcohol"] = rate
    food, alcohol = made["food"], made["alcohol"]
    return DemoTaxes(food.rate, alcohol.rate, food.id, alcohol.id)


async def set_up(
    uow: UnitOfWork, token: str, location: FirstLocation, person: FirstPerson, *, demo_menu: bool
) -> SetUp:
    await passwords.claim_setup(uow, token)
    check_taxes(location.taxes)
    location_id = new_id()
    await set_location_profile(
        uow,
        FIRST_RUN,
        location_id,
        name=location.name,
        timezone=location.timezone,
        currency=location.currency,
        tax_mode=location.tax_mode,
        cash_rounding=location.cash_rounding,
    )
    taxes = await _named_rates(uow, location_id, location.taxes)
    # The first person is an ADMIN: someone must be able to add staff, tokens and locations.
    member = await staff.create_staff(uow, FIRST_RUN, CreateStaff(person.name, Role.ADMIN))
    await passwords.set_password(
        uow, FIRST_RUN, member.id, login=person.login, password=person.password
    )
    if person.pin is not None:
        await terminals.set_pin(uow, FIRST_RUN, member.id, person.pin)
    if demo_menu:
        await load_demo_menu_into(uow, location_id, taxes)
    return SetUp(location_id, await passwords.open_session_for(uow, member.id))
