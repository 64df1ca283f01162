"""The permission aliases the webhooks' routes declare, and any other feature's route that needs
one of its permissions (``staff: Reader``; kit/http/permissions.py ``allowed``)."""

from __future__ import annotations

from typing import Annotated

from brigade.kit.access import Actor
from brigade.kit.http.permissions import allowed
from brigade.webhooks.domain import WebhookPermissions

WebhookAdmin = Annotated[Actor, allowed(WebhookPermissions.MANAGE_WEBHOOKS)]
