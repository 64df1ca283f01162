"""The permission aliases the journal's routes declare, and any other feature's route that needs
one of its permissions (``staff: Reader``; kit/http/permissions.py ``allowed``)."""

from __future__ import annotations

from typing import Annotated

from brigade.journal.domain import JournalPermissions
from brigade.kit.access import Actor
from brigade.kit.http.permissions import allowed

JournalReader = Annotated[Actor, allowed(JournalPermissions.READ_JOURNAL)]
