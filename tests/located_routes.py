"""The app's routes as the location boundary sees them (kit/http/located.py): what the
location matrix and the role matrices read, so a new route is covered the day it is added."""

from __future__ import annotations

from fastapi import FastAPI

from brigade.kit.http.located import Source, Where
from brigade.kit.http.routing import BrigadeRoute, api_routes


def located_routes(app: FastAPI) -> dict[tuple[str, str], Where]:
    """Each (method, path) of a signed-in route, with where it acts."""
    found: dict[tuple[str, str], Where] = {}
    for route in api_routes(app):
        if isinstance(route, BrigadeRoute) and route.where is not None:
            for method in route.methods or ():
                if method != "HEAD":
                    found[(method, route.path)] = route.where
    return found


def spanning_every_location(app: FastAPI) -> set[tuple[str, str]]:
    """The routes no credential of one location reaches (staff tokens, webhooks)."""
    return {key for key, where in located_routes(app).items() if where.source is Source.NONE}
