"""The request handler behind every Brigade route: FastAPI's, planned once per route.

FastAPI's own handler walks a route's dependency tree afresh on every request: for each
dependency it asks again whether the callable is a generator or a coroutine, builds its cache
key, looks for overrides and validates four kinds of parameter even where there are none.
On a write that walk cost a tenth of a worker's CPU in the rush (bench/profile.md). Here the
walk is planned when the route is defined and only what each callable takes is read per
request. Parameters, the body and the answer are still parsed, validated and serialised by
FastAPI's own functions, so errors and answers are the ones FastAPI gives.

What the plan refuses when the route is defined, so that no route runs half-supported:
a dependency or endpoint that is a generator or a plain function (FastAPI would run it in
its thread pool: every one here is ``async def``), a form body, background tasks, security
scopes and answers streamed by a generator endpoint. ``app.dependency_overrides`` is not
consulted: tests override settings.
"""

from __future__ import annotations

import inspect
import json
from collections.abc import Callable, Coroutine, Hashable, Mapping
from dataclasses import dataclass
from typing import Any

from fastapi import Request, Response
from fastapi._compat import ModelField, Undefined, field_annotation_is_sequence
from fastapi.datastructures import DefaultPlaceholder
from fastapi.dependencies.models import Dependant
from fastapi.dependencies.utils import (
    _get_param_aliases,
    _get_param_model,
    _validate_value_with_model_field,
    request_body_to_args,
    request_params_to_args,
)
from fastapi.exceptions import RequestValidationError
from fastapi.params import Form, Param
from fastapi.routing import _extract_endpoint_context, serialize_response
from fastapi.utils import is_body_allowed_for_status_code
from starlette.datastructures import QueryParams
from starlette.exceptions import HTTPException

Handler = Callable[[Request], Coroutine[Any, Any, Response]]


class UnplannableRoute(TypeError):
    """A route using what the planned handler does not run: a programming error."""


@dataclass(frozen=True, slots=True)
class _Parameter:
    """A path, query, header or cookie parameter. ``key``: the one name a plain value is read
    under; None for what FastAPI reads its own way (a list, a model, several aliases)."""

    field: ModelField
    key: str | None
    loc: tuple[str, str]

    @classmethod
    def of(cls, field: ModelField) -> _Parameter:
        info = field.field_info
        assert isinstance(info, Param)  # as FastAPI's request_params_to_args asserts
        aliases = _get_param_aliases(field)
        plain = (
            _get_param_model(field) is None
            and not field_annotation_is_sequence(info.annotation)
            and len(aliases) == 1
        )
        key = aliases[0][1]
        return cls(field, key if plain else None, (info.in_.value, key))

    def read(self, source: Mapping[str, Any], values: dict[str, Any]) -> tuple[Any, list[Any]]:
        """The parameter's value from ``source``, validated; or its errors."""
        if self.key is None:
            found, errors = request_params_to_args([self.field], source)
            return found.get(self.field.name), errors
        value = source.get(self.key)
        return _validate_value_with_model_field(
            field=self.field,
            value=Undefined if value is None else value,
            values=values,
            loc=self.loc,
        )


@dataclass(frozen=True, slots=True)
class _Call:
    """A callable (a dependency or the endpoint) and what it takes from the request."""

    call: Callable[..., Any]
    dependencies: tuple[_Dependency, ...]
    path: tuple[_Parameter, ...]
    query: tuple[_Parameter, ...]
    headers: tuple[_Parameter, ...]
    cookies: tuple[_Parameter, ...]
    body: list[ModelField]
    request_names: tuple[str, ...]  # a Request's, or an HTTPConnection's
    response_name: str | None


@dataclass(frozen=True, slots=True)
class _Dependency:
    name: str | None
    needs: _Call
    # One value per request for the same callable, as FastAPI's dependency cache gives.
    cache_key: Hashable | None


def _refusal(dependant: Dependant) -> str | None:
    """What in ``dependant`` the plan does not run, if anything."""
    call = dependant.call
    if inspect.isgeneratorfunction(call) or inspect.isasyncgenfunction(call):
        return "is a generator"
    if call is None or not _is_coroutine(call):
        return "is a plain function, not a coroutine"
    if dependant.background_tasks_param_name:
        return "takes background tasks"
    if dependant.security_scopes_param_name or dependant.own_oauth_scopes:
        return "takes security scopes"
    if dependant.websocket_param_name:
        return "takes a websocket"
    return None


def _planned(dependant: Dependant, where: str) -> _Call:
    refusal = _refusal(dependant)
    if refusal is not None:
        raise UnplannableRoute(f"{where}: {getattr(dependant.call, '__name__', '?')} {refusal}")
    assert dependant.call is not None
    dependencies = tuple(
        _Dependency(
            name=sub.name,
            needs=_planned(sub, where),
            cache_key=sub.call if sub.use_cache else None,
        )
        for sub in dependant.dependencies
    )
    return _Call(
        call=dependant.call,
        dependencies=dependencies,
        path=tuple(map(_Parameter.of, dependant.path_params)),
        query=tuple(map(_Parameter.of, dependant.query_params)),
        headers=tuple(map(_Parameter.of, dependant.header_params)),
        cookies=tuple(map(_Parameter.of, dependant.cookie_params)),
        body=list(dependant.body_params),
        request_names=tuple(
            name
            for name in (dependant.request_param_name, dependant.http_connection_param_name)
            if name is not None
        ),
        response_name=dependant.response_param_name,
    )


def _is_coroutine(call: Callable[..., Any]) -> bool:
    if inspect.isroutine(call):
        return inspect.iscoroutinefunction(call)
    if inspect.isclass(call):
        return False
    return inspect.iscoroutinefunction(getattr(call, "__call__", None))  # noqa: B004


@dataclass(slots=True)
class _Solving:
    """One request's dependency values, its errors and the response its callables set."""

    request: Request
    body: Any
    embed_body_fields: bool
    response: Response
    cache: dict[Hashable, Any]
    errors: list[Any]


# What a request without a query string reads its query parameters from: most reads of one
# resource take an optional parameter (``?language=``) they are seldom given, and parsing the
# empty string into Starlette's QueryParams was a few per cent of such a read's CPU.
_NO_QUERY = QueryParams()


def _query_of(request: Request) -> QueryParams:
    return request.query_params if request.scope.get("query_string") else _NO_QUERY


async def _arguments(needs: _Call, solving: _Solving) -> dict[str, Any] | None:
    """What ``needs.call`` is called with; None when a parameter it takes is invalid."""
    values: dict[str, Any] = {}
    failed = False
    for dependency in needs.dependencies:
        key = dependency.cache_key
        if key is not None and key in solving.cache:
            solved = solving.cache[key]
        else:
            arguments = await _arguments(dependency.needs, solving)
            if arguments is None:
                failed = True
                continue
            solved = await dependency.needs.call(**arguments)
            if key is not None:
                solving.cache[key] = solved
        if dependency.name is not None:
            values[dependency.name] = solved
    request = solving.request
    for parameters, source in (
        (needs.path, lambda: request.path_params),
        (needs.query, lambda: _query_of(request)),
        (needs.headers, lambda: request.headers),
        (needs.cookies, lambda: request.cookies),
    ):
        if parameters:
            read_from = source()
            for parameter in parameters:
                value, errors = parameter.read(read_from, values)
                if errors:
                    solving.errors += errors
                    failed = True
                else:
                    values[parameter.field.name] = value
    if needs.body:
        found, errors = await request_body_to_args(
            needs.body, solving.body, solving.embed_body_fields
        )
        values.update(found)
        if errors:
            solving.errors += errors
            failed = True
    for name in needs.request_names:
        values[name] = request
    if needs.response_name is not None:
        values[needs.response_name] = solving.response
    return None if failed else values


def json_media_type(content_type: str) -> bool:
    """Whether a Content-Type names JSON (``application/json`` or ``application/*+json``),
    read as FastAPI reads it (through ``email.message``, whose parse this is, at a fraction of
    its cost): the parameters are ignored, and a type that is not one ``type/subtype`` counts
    as text/plain."""
    media_type = content_type.split(";", 1)[0].strip().lower()
    if media_type.count("/") != 1:
        return False
    main, subtype = media_type.split("/")
    return main == "application" and (subtype == "json" or subtype.endswith("+json"))


async def _body(request: Request, strict_content_type: bool) -> Any:
    """The body as FastAPI hands it to validation: JSON-decoded when it is JSON, else bytes."""
    body_bytes = await request.body()
    if not body_bytes:
        return Undefined
    content_type = request.headers.get("content-type")
    if (not content_type and not strict_content_type) or (
        content_type and json_media_type(content_type)
    ):
        try:
            return await request.json()
        except json.JSONDecodeError as error:
            raise RequestValidationError(
                [
                    {
                        "type": "json_invalid",
                        "loc": ("body", error.pos),
                        "msg": "JSON decode error",
                        "input": {},
                        "ctx": {"error": error.msg},
                    }
                ],
                body=error.doc,
            ) from error
        except Exception as error:
            raise HTTPException(400, "There was an error parsing the body") from error
    return body_bytes


def planned_handler(route: Any, where: str) -> Handler:
    """The request handler for ``route`` (an APIRoute, or the context FastAPI includes it
    in: its prefix's dependencies are the context's)."""
    endpoint = _planned(route.dependant, where)
    if route.body_field is not None and isinstance(route.body_field.field_info, Form):
        raise UnplannableRoute(f"{where}: a form body")
    if route.is_json_stream or route.stream_item_field is not None:
        raise UnplannableRoute(f"{where}: a streamed answer")
    strict = route.strict_content_type
    strict_content_type = bool(strict.value if isinstance(strict, DefaultPlaceholder) else strict)
    response_class = route.response_class
    answers_json_bytes = route.response_field is not None and isinstance(
        response_class, DefaultPlaceholder
    )
    if isinstance(response_class, DefaultPlaceholder):
        response_class = response_class.value
    reads_body = route.body_field is not None
    embed_body_fields = route._embed_body_fields
    endpoint_context = _extract_endpoint_context(endpoint.call)
    serialisation: Mapping[str, Any] = {
        "field": route.response_field,
        "include": route.response_model_include,
        "exclude": route.response_model_exclude,
        "by_alias": route.response_model_by_alias,
        "exclude_unset": route.response_model_exclude_unset,
        "exclude_defaults": route.response_model_exclude_defaults,
        "exclude_none": route.response_model_exclude_none,
        "endpoint_ctx": endpoint_context,
        "dump_json": answers_json_bytes,
    }

    async def handle(request: Request) -> Response:
        body = await _body(request, strict_content_type) if reads_body else Undefined
        # The response a dependency or the endpoint may set headers or a status on.
        response = Response()
        del response.headers["content-length"]
        response.status_code = None  # type: ignore[assignment]
        solving = _Solving(
            request=request,
            body=body,
            embed_body_fields=embed_body_fields,
            response=response,
            cache={},
            errors=[],
        )
        arguments = await _arguments(endpoint, solving)
        if arguments is None:
            raise RequestValidationError(
                solving.errors,
                body=None if body is Undefined else body,
                endpoint_ctx=endpoint_context,
            )
        answer = await endpoint.call(**arguments)
        if isinstance(answer, Response):
            return answer
        status_code = response.status_code or route.status_code
        content = await serialize_response(response_content=answer, **serialisation)
        status: dict[str, Any] = {} if status_code is None else {"status_code": status_code}
        if answers_json_bytes:
            made = Response(content=content, media_type="application/json", **status)
        else:
            made = response_class(content, **status)
        if not is_body_allowed_for_status_code(made.status_code):
            made.body = b""
        made.headers.raw.extend(response.headers.raw)
        return made

    return handle
