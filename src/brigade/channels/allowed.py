"""The permission aliases the channels' routes declare (``staff: ChannelManager``;
kit/http/permissions.py ``allowed``)."""

from __future__ import annotations

from typing import Annotated

from brigade.channels.domain import ChannelPermissions
from brigade.kit.access import Actor
from brigade.kit.http.permissions import allowed

ChannelManager = Annotated[Actor, allowed(ChannelPermissions.MANAGE_CHANNELS)]
ChannelOrderTaker = Annotated[Actor, allowed(ChannelPermissions.TAKE_CHANNEL_ORDERS)]
