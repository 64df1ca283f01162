"""The permission aliases the card readers' routes declare (kit/http/permissions.py
``allowed``). Starting and cancelling a checkout are the orders' (whoever may take a payment
on the order); a refund to a card follows the order's refund, whoever may make that."""

from __future__ import annotations

from typing import Annotated

from brigade.card_payments.domain import CardPermissions
from brigade.kit.access import Actor
from brigade.kit.http.permissions import allowed

ReaderPairer = Annotated[Actor, allowed(CardPermissions.PAIR_READERS)]
ReaderLister = Annotated[Actor, allowed(CardPermissions.READ_READERS)]
TapSimulator = Annotated[Actor, allowed(CardPermissions.SIMULATE_TAPS)]
