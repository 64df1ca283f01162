"""The first run (docs/design.md §22): in one transaction, spend the setup token, make the
location's profile, its first person (an ADMIN with a password, and a PIN if given), load the
demo menu there if asked, and sign that person in.

Any refusal (a wrong token, a timezone that does not exist, a password too short) rolls the
whole of it back: the setup token stays usable and nothing is made.
"""

from __future__ import annotations

from dataclasses import dataclass
from uuid import UUID

from brigade.access.domain.staff import CreateStaff
from brigade.access.service import passwords, staff, terminals
from brigade.demo import load_demo_menu_into
from brigade.dining.service.rooms import set_location_profile
from brigade.kit.access import Actor, Role
from brigade.kit.db.engine import UnitOfWork
from brigade.kit.ids import new_id
from brigade.kit.money import TaxMode

# Who the first run acts as in the audit log, until its first person exists.
FIRST_RUN = Actor(name="first-run setup", role=Role.ADMIN)


@dataclass(frozen=True, slots=True)
class FirstLocation:
    name: str
    timezone: str
    currency: str
    tax_mode: TaxMode


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


async def set_up(
    uow: UnitOfWork, token: str, location: FirstLocation, person: FirstPerson, *, demo_menu: bool
) -> SetUp:
    await passwords.claim_setup(uow, token)
    location_id = new_id()
    await set_location_profile(
        uow,
        FIRST_RUN,
        location_id,
        name=location.name,
        timezone=location.timezone,
        currency=location.currency,
        tax_mode=location.tax_mode,
    )
    # The first person is an ADMIN: someone must be able to add staff, tokens and locations.
    member = await staff.create_staff(uow, FIRST_RUN, CreateStaff(person.name, Role.ADMIN))
    await passwords.set_password(
        uow, FIRST_RUN, member.id, login=person.login, password=person.password
    )
    if person.pin is not None:
        await terminals.set_pin(uow, FIRST_RUN, member.id, person.pin)
    if demo_menu:
        await load_demo_menu_into(uow, location_id)
    return SetUp(location_id, await passwords.open_session_for(uow, member.id))
