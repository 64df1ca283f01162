"""Query parameters a route does not declare are refused (422), like unknown body fields;
a renamed one keeps its old name as a deprecated alias.

A typo or a filter the route does not have (``GET /api/orders?tabelId=…``) would otherwise
be ignored and answer more than the caller asked for, which looks like a valid answer.
"""

from __future__ import annotations

from typing import TypeVar

from fastapi import Request
from fastapi.dependencies.models import Dependant
from fastapi.exceptions import RequestValidationError
from fastapi.routing import APIRoute

from brigade.kit.errors import InvalidInput

T = TypeVar("T")


async def reject_undeclared_query_parameters(request: Request) -> None:
    """An app-wide dependency: every route's declared query parameters, nothing else."""
    # The raw query, not ``request.url``: building the URL cost more than the rest of the check.
    if not request.scope["query_string"]:
        return
    route = request.scope.get("route")
    if not isinstance(route, APIRoute):
        return
    declared = _query_names(route.dependant)
    unknown = sorted({name for name in request.query_params if name not in declared})
    if unknown:
        raise RequestValidationError(
            [
                {
                    "type": "extra_forbidden",
                    "loc": ("query", name),
                    "msg": "Extra inputs are not permitted",
                    "input": request.query_params[name],
                }
                for name in unknown
            ]
        )


def _query_names(dependant: Dependant) -> set[str]:
    names = {param.alias for param in dependant.query_params}
    for dependency in dependant.dependencies:
        names |= _query_names(dependency)
    return names


def renamed(new: str, value: T | None, old: str, old_value: T | None) -> T | None:
    """A parameter given by its name or by its deprecated one (the API guide, "Naming"): the
    same value either way; both with different values is 422 rather than a silent pick."""
    if value is not None and old_value is not None and value != old_value:
        raise InvalidInput(
            old, f"deprecated name for `{new}`, given a different value: send `{new}` only"
        )
    return value if value is not None else old_value
