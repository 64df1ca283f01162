"""`Prefer: return=representation` (RFC 7240) on a write: the client asks for the whole
resource the write changed in its answer, so a tap needs no read after its write."""

from __future__ import annotations

from typing import Annotated

from fastapi import Depends, Header

REPRESENTATION = "return=representation"
APPLIED_HEADER = "Preference-Applied"


def _wants_representation(
    prefer: Annotated[
        str | None,
        Header(
            alias="Prefer",
            max_length=200,
            description="`return=representation`: the answer also carries `order`, the whole "
            "order after the write (`Preference-Applied` says so).",
        ),
    ] = None,
) -> bool:
    if not prefer:
        return False
    # Preferences are comma separated, each with optional "; parameters"; tokens are
    # case-insensitive.
    asked = (preference.split(";")[0].replace(" ", "").lower() for preference in prefer.split(","))
    return REPRESENTATION in asked


PreferDep = Annotated[bool, Depends(_wants_representation)]
