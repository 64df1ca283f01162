"""Who listens to what: each feature's handlers of other features' domain events and its
answers to their questions (its ``listeners.py``), subscribed on a database when it is
opened, by the app and by the command line alike: a change made either way is heard by the
same features (docs/design.md §2)."""

from __future__ import annotations

from brigade.access import listeners as access
from brigade.card_payments import listeners as card_payments
from brigade.catalogue import listeners as catalogue
from brigade.channels import listeners as channels
from brigade.journal import listeners as journal
from brigade.kit.db.engine import Database
from brigade.kitchen import listeners as kitchen
from brigade.orders import listeners as orders
from brigade.pricing import listeners as pricing
from brigade.printing import listeners as printing
from brigade.reports import listeners as reports
from brigade.till import listeners as till

# In the order they run for one event: a feature's own before the next's.
LISTENERS = (
    *catalogue.LISTENERS,
    *till.LISTENERS,
    *card_payments.LISTENERS,
    *kitchen.LISTENERS,
    *printing.LISTENERS,
    *journal.LISTENERS,
    *orders.LISTENERS,
    *access.LISTENERS,
    *reports.LISTENERS,
    *channels.LISTENERS,
)
# Who answers each question (kit/questions.py): one feature each.
ANSWERS = (*catalogue.ANSWERS, *pricing.ANSWERS, *printing.ANSWERS, *journal.ANSWERS)


def subscribe(database: Database) -> None:
    for kind, handler in LISTENERS:
        database.handlers.subscribe(kind, handler)
    for kind, answerer in ANSWERS:
        database.handlers.answer(kind, answerer)
