"""Printers and the print outbox (docs/design.md §12, "Printers").

A printer is an ESC/POS printer on the restaurant's network, spoken to over raw TCP
(port 9100 by default). A ``KITCHEN`` printer prints the tickets of its location's sends
and voids, only for the categories it names (a station: grill, bar, cold), or all of them
when it names none; a ``RECEIPT`` printer prints the receipts asked of it.

Printing is an outbox: the job is written in the transaction of the send (or of the receipt
request) with the bytes to print, and a worker sends it later. A printer that is off is
retried with backoff (1 s doubling, at most 30 s apart) for 24 hours, then the job is marked
failed where a manager sees it.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Collection, Sequence
from dataclasses import dataclass
from datetime import datetime, timedelta, tzinfo
from enum import StrEnum
from uuid import UUID

from brigade.kit.addresses import is_private_network, parse_address
from brigade.kit.errors import InvalidInput, declare_answers
from brigade.kit.languages import MenuNames
from brigade.kit.questions import Question
from brigade.kit.retries import Backoff

DEFAULT_PORT = 9100
# Raw printing (JetDirect), LPD and IPP: the ports a printer listens on. Any other port, or a
# public address, would make printers a way to probe the network (BRIGADE_PRINTER_ALLOW_HOSTS
# lists the hosts exempt from both rules).
PRINTER_PORTS = frozenset({9100, 515, 631})
HOST_LENGTH = 253
BACKOFF = Backoff(
    first=timedelta(seconds=1), longest=timedelta(seconds=30), give_up_after=timedelta(hours=24)
)
_OCTET = r"(?:25[0-5]|2[0-4][0-9]|1[0-9][0-9]|[1-9]?[0-9])"
_LABEL = r"[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?"
# The last label starts with a letter (a top-level name, or one name alone), so a name is
# never a malformed address such as 10.0.0.300.
_LAST_LABEL = r"[A-Za-z](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?"
# A host name (RFC 1123) or an IPv4 address: no scheme, port, path or credentials. The API
# documents and checks this same pattern.
HOST_PATTERN = rf"^(?:(?:{_LABEL}\.)*{_LAST_LABEL}|{_OCTET}(?:\.{_OCTET}){{3}})$"
_HOST = re.compile(HOST_PATTERN)


class PrinterKind(StrEnum):
    RECEIPT = "RECEIPT"
    KITCHEN = "KITCHEN"


def check_host(host: str) -> str:
    """A host name or an IPv4 address, lower-cased. Never resolved here: only the print
    worker connects to it, a request never does."""
    if len(host) > HOST_LENGTH or not _HOST.fullmatch(host):
        raise InvalidInput(
            "host", "must be a host name (kitchen-1.local) or an IPv4 address, without a port"
        )
    return host.lower()


def check_target(host: str, port: int, allowed_hosts: Collection[str]) -> None:
    """A printer's host is an address on the restaurant's network or a name (judged by its
    addresses when the worker connects), and its port a printer's, unless the host is
    allowed."""
    if host in allowed_hosts:
        return
    address = parse_address(host)
    if address is not None and not is_private_network(address):
        raise PrinterTargetRefused(
            "host", f"{host} is not on the restaurant's network (BRIGADE_PRINTER_ALLOW_HOSTS)"
        )
    if port not in PRINTER_PORTS:
        raise PrinterTargetRefused(
            "port",
            f"a printer listens on {', '.join(map(str, sorted(PRINTER_PORTS)))}, not {port} "
            "(BRIGADE_PRINTER_ALLOW_HOSTS)",
        )


def check_printer_addresses(host: str, addresses: Collection[str]) -> None:
    """What a printer's name resolves to, when the worker connects: every address on the
    restaurant's network."""
    for text in addresses:
        address = parse_address(text)
        if address is None or not is_private_network(address):
            raise PrinterTargetRefused(
                "host", f"{host} resolves to {text}, not on the restaurant's network"
            )


@dataclass(frozen=True, slots=True)
class Printer:
    id: UUID
    name: str
    location_id: UUID
    host: str
    port: int
    kind: PrinterKind
    # The categories a KITCHEN printer prints (its station); empty: every category.
    category_ids: tuple[UUID, ...]
    created_at: datetime
    updated_at: datetime

    def prints_category(self, category_id: UUID | None) -> bool:
        """A station prints only its categories; a product without one goes to the
        printers that print everything."""
        return not self.category_ids or category_id in self.category_ids


class JobKind(StrEnum):
    TICKET = "TICKET"  # a send's kitchen ticket
    VOID = "VOID"  # what a void took back off the kitchen
    RECEIPT = "RECEIPT"


class JobStatus(StrEnum):
    PENDING = "PENDING"
    PRINTED = "PRINTED"
    FAILED = "FAILED"  # retried for 24 hours, then given up on


@dataclass(frozen=True, slots=True)
class PrintJob:
    id: UUID
    printer_id: UUID
    kind: JobKind
    # The order it prints for; None for a document of no order (a Z report).
    order_id: UUID | None
    # The kitchen ticket it prints (None for a receipt).
    ticket_id: UUID | None
    # The ESC/POS bytes, made when the job was queued: what prints is what was sent then.
    payload: bytes
    status: JobStatus
    attempts: int
    retrying_since: datetime | None
    next_attempt_at: datetime
    lease_until: datetime | None
    last_error: str | None
    created_at: datetime
    printed_at: datetime | None


@dataclass(frozen=True, slots=True)
class KitchenDocument:
    """What a feature gives the kitchen printers: one ticket, the product of each of its lines
    (a station prints the lines of its categories), and how to render the lines one printer
    takes, at the location's local time, with the menu's names in the location's language.
    Printing never reads what the ticket is about."""

    kind: JobKind
    order_id: UUID
    ticket_id: UUID
    product_ids: tuple[UUID, ...]
    render: Callable[[Sequence[int], tzinfo, MenuNames], bytes]
    # The MODIFIER products its lines chose: their names are printed too.
    modifier_ids: tuple[UUID, ...] = ()


@dataclass(frozen=True, slots=True)
class KitchenDocuments:
    """The tickets a change made, for the location's kitchen printers: queued in that
    change's transaction (printing/listeners.py)."""

    location_id: UUID
    documents: Sequence[KitchenDocument]


@dataclass(frozen=True, slots=True)
class QueueReceipt(Question[PrintJob]):
    """A receipt's bytes queued on a RECEIPT printer of the order's location: answered with the
    job, which prints when the printer takes it."""

    printer_id: UUID
    order_id: UUID
    location_id: UUID | None
    payload: bytes


# Errors and their answers (docs/design.md §2).


class PrinterTargetRefused(InvalidInput):
    """A printer pointed outside the restaurant's network or at a port no printer uses."""


ERRORS = declare_answers(
    {
        PrinterTargetRefused: (422, "printer_target_refused"),
    }
)
