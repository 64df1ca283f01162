"""Partial changes: a command field left out of a request is ``UNSET``, not ``None``.

``None`` is a value (it clears an optional field); ``UNSET`` means "keep what is there".
Typed commands declare such fields as ``Change[T]`` and apply them with ``changed``.
"""

from __future__ import annotations

from enum import Enum
from typing import Final, Literal, TypeAlias, TypeVar

T = TypeVar("T")


class Unset(Enum):
    UNSET = "unset"

    def __repr__(self) -> str:
        return "UNSET"


UNSET: Final = Unset.UNSET

# A field of a change: a new value (which may be None where the field is optional), or UNSET.
Change: TypeAlias = T | Literal[Unset.UNSET]


def changed(value: Change[T], current: T) -> T:
    """The field after the change: ``value``, or ``current`` when the change leaves it out."""
    return current if value is UNSET else value
