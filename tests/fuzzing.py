"""Schemathesis runs shared by the in-process fuzz test and the one over HTTP.

All of schemathesis' checks run, as the admin; one is narrowed (``positive_data_accepted``)
for a documented answer JSON Schema can't express. Budgets are the caller's.
"""

from __future__ import annotations

import asyncio
import json
import os
import re
import uuid
from collections.abc import Callable
from typing import Any

from hypothesis import HealthCheck, given
from hypothesis import settings as hypothesis_settings
from hypothesis import strategies as st
from schemathesis import APIOperation, Case, CheckContext, CheckFunction, Response
from schemathesis.core.result import Err
from schemathesis.generation.modes import GenerationMode
from schemathesis.openapi.checks import RejectedPositiveData
from schemathesis.specs.openapi.checks import positive_data_acceptance
from schemathesis.specs.openapi.schemas import OpenApiSchema

from brigade.kit.db.engine import Database
from brigade.kit.http.idempotency import HEADER, KEY_PATTERN
from brigade.schema import metadata
from brigade.settings import Settings
from factories import ADMIN

# Schemathesis' generic operation and case, as its OpenAPI schemas give them.
Operation = APIOperation[Any, Any, Any, Any]
FuzzCase = Case[Any]
# Where one scalar sits in a JSON value: its keys and indexes from the top.
JsonPath = tuple[str | int, ...]

# JSON numbers that once made a 500 or a long stall, and that hypothesis never writes (it
# serializes floats): past the decimal context's exponent (1e1000000 overflowed it), past int()'s
# 4300 digits, at the decimal module's limit, and their tiny twins. Each is a 4xx in any field.
EXTREME_NUMBERS = [
    "1e1000000",
    "-1e1000000",
    "1E+999999999999999999",
    "1e-1000000",
    "-1e-999999999999999999",
    "9" * 5000,
    "-" + "9" * 5000,
    "0." + "0" * 5000 + "1",
]


# CI's bounds are each test's own; `make soak` asks for at least this many examples of each.
SOAK_EXAMPLES = int(os.environ.get("BRIGADE_FUZZ_EXAMPLES", "0"))


def _settings(max_examples: int, **more: Any) -> hypothesis_settings:
    return hypothesis_settings(
        max_examples=max(max_examples, SOAK_EXAMPLES),
        deadline=None,
        suppress_health_check=list(HealthCheck),
        derandomize=True,
        **more,
    )


def configure(schema: OpenApiSchema) -> OpenApiSchema:
    # Every call carries the admin token (ADMIN); the 401 answers are the ignored-auth
    # check's to try. Negative cases may add unknown query parameters: those are 422 too.
    schema.config.generation.update(with_security_parameters=False, allow_extra_parameters=True)
    # A negative body past a public route's size limit (a list made longer than its maxItems,
    # each of its strings escaped) is refused before it is read: 413, a refusal like a 422.
    rejection = schema.config.checks.negative_data_rejection
    rejection.expected_statuses = [*rejection.expected_statuses, "413"]
    return schema


# 422s that depend on the product, not on the request's shape (docs/design.md §9): its modifier
# groups' rules and its variants.
STATE_CODES = ("modifier_selection_invalid", "variant_required")
# 422s that depend on the network and the server's settings, as a webhook url's does: where a
# printer may point (an address on the restaurant's network, a printer's port, unless
# BRIGADE_PRINTER_ALLOW_HOSTS lists the host).
SETTING_CODES = ("printer_target_refused",)
# A PIN of the right shape that anyone would try first (docs/security.md): a list of patterns
# JSON Schema does not state.
VALUE_RULE_CODES = ("trivial_pin", "weak_password")
# Rules between two fields that JSON Schema does not state: a group's maxSelections >= its
# min, a report's days in order and at most 366, a forced Z's reason (docs/design.md §18), a
# cursor with a page number, a deprecated parameter that disagrees with its new name, a staff
# member's password with a sign-in name and a first sign-in name with a password (§7), a pickup
# time on an order that is not a takeout or a delivery (§5).
CROSS_FIELD_RULES = (
    "maxSelections",
    "to",
    "reason",
    "page",
    "startDate",
    "endDate",
    "since",
    "login",
    "password",
    "pickupAt",
)


def _only_unknown_references(response: Response) -> bool:
    """A 422 whose every field error is on an id reference: "no such category" and the like,
    on a webhook `url` whose host resolves inside the network or not at all, on a
    `timezone` name the tz database does not know, on a `cursor` the server never answered
    (like an id, a reference to what it made), or on a rule between fields (a report's
    `to` before its `from` or more than 366 days after it, a group's `maxSelections` under its
    min); or a 422 that a product's own menu makes (``STATE_CODES``), the network and the
    settings make (``SETTING_CODES``), or a trivial PIN (``VALUE_RULE_CODES``).

    Existence (and where a name resolves) can't be written in JSON Schema, nor a rule between
    two parameters, and docs/design.md §4, §8 and §13 answer them with 422. Path ids count
    too: stateful links fill them from responses, a null `openedBy.staffId` included.
    """
    if response.status_code != 422:
        return False
    problem = json.loads(response.content)
    if problem["code"] in (*STATE_CODES, *SETTING_CODES, *VALUE_RULE_CODES):
        return True
    errors = problem.get("errors") or []
    return bool(errors) and all(
        re.sub(r"\.\d+$", "", error["field"]).endswith(("Id", "_id", "Ids"))
        or error["field"] in ("url", "timezone", "cursor", *CROSS_FIELD_RULES)
        for error in errors
    )


def _stale_version(response: Response) -> bool:
    """A 412 `stale_version`: whether an If-Match version is current is state, not schema."""
    return response.status_code == 412 and json.loads(response.content).get("code") == (
        "stale_version"
    )


def positive_data_accepted(ctx: CheckContext, response: Response, case: FuzzCase) -> bool | None:
    """Schemathesis' positive-data check, but for the design's 422 on ids that name nothing and
    412 on an order version that is no longer current."""
    try:
        return positive_data_acceptance(ctx, response, case)
    except RejectedPositiveData:
        if _only_unknown_references(response) or _stale_version(response):
            return None
        raise


def _fresh_idempotency_key(case: FuzzCase) -> None:
    key = case.headers.get(HEADER)  # never None: schemathesis makes an empty one
    if key is not None and re.match(KEY_PATTERN, key):
        # Generated keys repeat across different bodies; that is a reused key (422) by design.
        case.headers[HEADER] = str(uuid.uuid4())


def _has_input(operation: Operation) -> bool:
    definition = operation.definition.raw
    return bool(definition.get("parameters") or definition.get("requestBody"))


def operations(api_schema: OpenApiSchema) -> list[Operation]:
    found: list[Operation] = []
    for result in api_schema.get_all_operations():
        if isinstance(result, Err):
            raise result.err()  # an operation the schema can't resolve: the schema is wrong
        found.append(result.ok())
    return found


def every_operation_conforms(
    api_schema: OpenApiSchema, mode: GenerationMode, *, max_examples: int
) -> None:
    found = operations(api_schema)
    assert len(found) >= 20, "every route is in the schema"
    for operation in found:
        if mode is GenerationMode.NEGATIVE and not _has_input(operation):
            continue  # nothing to send wrong

        @given(case=operation.as_strategy(generation_mode=mode))
        @_settings(max_examples)
        def check(case: FuzzCase) -> None:
            _fresh_idempotency_key(case)
            case.call_and_validate(
                headers=ADMIN,
                excluded_checks=[positive_data_acceptance],
                additional_checks=[positive_data_accepted],
            )

        check()


def empty_database(database_url: str) -> None:
    async def empty() -> None:
        database = Database(Settings(database_url=database_url))
        try:
            async with database.unit_of_work(write=True) as uow:
                connection = await uow.connection()
                for table in reversed(metadata.sorted_tables):
                    await connection.execute(table.delete())
        finally:
            await database.dispose()

    asyncio.run(empty())


def stateful_sequences_conform(
    api_schema: OpenApiSchema, database_url: str, *, max_examples: int, steps: int
) -> None:
    # The machine class is made at run time from the schema: mypy takes no such base.
    class AsAdmin(api_schema.as_state_machine()):  # type: ignore[misc]
        def setup(self) -> None:
            # Every sequence starts on an empty database, so a replayed sequence meets the
            # state it met the first time (a table name taken by an earlier one would be 409).
            empty_database(database_url)

        def get_call_kwargs(self, case: FuzzCase) -> dict[str, Any]:
            _fresh_idempotency_key(case)
            return {"headers": ADMIN}

        def validate_response(
            self,
            response: Response,
            case: FuzzCase,
            additional_checks: list[CheckFunction] | None = None,
            **kwargs: Any,
        ) -> None:
            case.validate_response(
                response,
                excluded_checks=[positive_data_acceptance],
                additional_checks=[*(additional_checks or []), positive_data_accepted],
                transport_kwargs=kwargs,
            )

    AsAdmin.run(settings=_settings(max_examples, stateful_step_count=steps))


_PLACEHOLDER = "<extreme number>"


def _is_number(value: object) -> bool:
    return isinstance(value, int | float) and not isinstance(value, bool)


def _leaves(value: object, path: JsonPath = ()) -> list[tuple[bool, JsonPath]]:
    """Paths to every scalar in a JSON value, numbers first (where an extreme one belongs)."""
    if isinstance(value, dict):
        found = [leaf for key, item in value.items() for leaf in _leaves(item, (*path, key))]
    elif isinstance(value, list):
        found = [leaf for index, item in enumerate(value) for leaf in _leaves(item, (*path, index))]
    else:
        return [(_is_number(value), path)]
    return sorted(found, key=lambda leaf: not leaf[0])


def _replace(value: Any, path: JsonPath, replacement: object) -> Any:
    if not path:
        return replacement
    head, *rest = path
    copy: Any = list(value) if isinstance(value, list) else dict(value)  # indexed by `head`
    copy[head] = _replace(value[head], tuple(rest), replacement)
    return copy


def _with_extreme_number(
    case: FuzzCase, number: str, draw: Callable[[st.SearchStrategy[JsonPath]], JsonPath]
) -> bytes | None:
    """The case's body with one scalar (a number when there is one) written as ``number``."""
    leaves = _leaves(case.body) if isinstance(case.body, dict | list) else []
    if not leaves:
        return None
    numeric = [path for is_number, path in leaves if is_number]
    path = draw(st.sampled_from(numeric or [path for _is_number, path in leaves]))
    body = json.dumps(_replace(case.body, path, _PLACEHOLDER))
    return body.replace(json.dumps(_PLACEHOLDER), number).encode()


def extreme_numbers_are_a_4xx(api_schema: OpenApiSchema, *, max_examples: int) -> None:
    """Each operation's valid input with one number (in the body or the query) made extreme."""
    for operation in operations(api_schema):

        @given(
            case=operation.as_strategy(generation_mode=GenerationMode.POSITIVE),
            number=st.sampled_from(EXTREME_NUMBERS),
            data=st.data(),
        )
        @_settings(max_examples)
        def check(case: FuzzCase, number: str, data: st.DataObject) -> None:
            _fresh_idempotency_key(case)
            numeric_query = [
                name for name, value in (case.query or {}).items() if _is_number(value)
            ]
            body = _with_extreme_number(case, number, data.draw)
            if body is not None:
                response = case.call(headers=ADMIN, data=body)
            elif numeric_query:
                case.query[data.draw(st.sampled_from(numeric_query))] = number
                response = case.call(headers=ADMIN)
            else:
                return  # no number to make extreme
            assert 400 <= response.status_code < 500, (case.method, case.path, response.text)

        check()
