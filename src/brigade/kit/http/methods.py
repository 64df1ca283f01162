"""405 done right: the path decides the resource, then the method is allowed or not.

Starlette tries routes in order and takes the first that matches path and method, so
``PUT /api/products/bulk-update`` reached ``PUT /api/products/{productId}`` (a 422 about
a UUID), and a 405 listed the methods of one route only. Here the most specific path
template that matches wins (a literal segment beats a parameter), and a method it does
not serve is answered 405 with ``Allow`` listing every method of that path.
"""

from __future__ import annotations

import re
from collections import defaultdict
from collections.abc import Sequence
from re import Pattern

from fastapi.routing import iter_route_contexts
from starlette.routing import BaseRoute
from starlette.types import ASGIApp, Receive, Scope, Send

from brigade.kit.http.errors import problem

_PARAMETER = re.compile(r"\{[^}]*\}")
# The order Allow lists methods in; any other method after these.
_RANK = {m: i for i, m in enumerate(("GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"))}


class _Path:
    __slots__ = ("allow", "methods", "regex")

    def __init__(self, regex: Pattern[str], methods: set[str]) -> None:
        self.regex = regex
        self.methods = methods
        self.allow = ""


class AllowedMethods:
    def __init__(self, app: ASGIApp, routes: Sequence[BaseRoute]) -> None:
        self.app = app
        templates: dict[str, _Path] = {}
        for route in iter_route_contexts(routes):
            if route.path_regex is not None and route.path_format and route.methods:
                # Parameter names may differ between routes of one path: /{id} is /{orderId}.
                shape = _PARAMETER.sub("{}", route.path_format)
                found = templates.setdefault(shape, _Path(route.path_regex, set()))
                found.methods |= route.methods
        # Only templates of as many segments can match a path; the first two segments narrow
        # it further, but templates with a parameter there are tried after, being less specific.
        self._candidates: dict[tuple[int, str], list[_Path]] = defaultdict(list)
        for template in sorted(templates, key=_specificity):
            path = templates[template]
            ordered = sorted(path.methods, key=lambda m: (_RANK.get(m, len(_RANK)), m))
            path.allow = ", ".join(ordered)
            head = _head(template)
            self._candidates[template.count("/"), "" if "{" in head else head].append(path)

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] == "http":
            path = scope["path"].removeprefix(scope.get("root_path", ""))
            depth = path.count("/")
            candidates = self._candidates.get((depth, _head(path)), [])
            for candidate in candidates + self._candidates.get((depth, ""), []):
                if candidate.regex.match(path):
                    if scope["method"] not in candidate.methods:
                        await self._not_allowed(scope["method"], candidate.allow)(
                            scope, receive, send
                        )
                        return
                    break
        await self.app(scope, receive, send)

    @staticmethod
    def _not_allowed(method: str, allow: str) -> ASGIApp:
        detail = f"{method} is not allowed here; allowed: {allow}."
        return problem(405, "method_not_allowed", detail, headers={"Allow": allow})


def _head(path: str) -> str:
    """The first two segments: ``/api/orders`` of ``/api/orders/{orderId}/items``."""
    return "/".join(path.split("/", 3)[:3])


def _specificity(template: str) -> tuple[bool, ...]:
    """Literal segments sort before parameters, segment by segment from the left."""
    return tuple(segment.startswith("{") for segment in template.split("/"))
