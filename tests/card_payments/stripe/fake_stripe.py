"""A fake of the part of Stripe's API that the ``stripe_terminal`` provider calls, served on
127.0.0.1 over real HTTP (form-encoded requests, JSON answers, Stripe's error shapes,
``Idempotency-Key`` replays), its state in memory. A test plays the reader and Stripe's back
office through its controls: a card presented on a reader (with a tip chosen there) or
declined, a refund settling, Stripe failing, and webhooks signed as Stripe signs them."""

from __future__ import annotations

import hashlib
import hmac
import itertools
import json
import threading
import time
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any
from urllib.parse import parse_qsl, urlsplit

import httpx
from pydantic import SecretStr

from brigade.settings import Settings

Json = dict[str, Any]

API_KEY = "sk_test_fake_51BrigadeSecretKeyThatMustNeverLeak"
WEBHOOK_SECRET = "whsec_fake_brigade_webhook_secret"
LOCATION_ID = "tml_FakeBrigadeLocation"


class StripeFailure(Exception):
    """An answer of Stripe's other than 200: its status and its ``error`` object."""

    def __init__(self, status: int, error: Json) -> None:
        super().__init__(error.get("message"))
        self.status = status
        self.error = error


def invalid(message: str, code: str | None = None, param: str | None = None) -> StripeFailure:
    error: Json = {"type": "invalid_request_error", "message": message}
    if code is not None:
        error["code"] = code
    if param is not None:
        error["param"] = param
    return StripeFailure(400, error)


def missing(kind: str, object_id: str) -> StripeFailure:
    return StripeFailure(
        404,
        {
            "type": "invalid_request_error",
            "code": "resource_missing",
            "param": "id",
            "message": f"No such {kind}: '{object_id}'",
        },
    )


def form_fields(encoded: str) -> Json:
    """Stripe's form encoding read back: ``a[b][0]=x`` is ``{"a": {"b": ["x"]}}``."""
    fields: Json = {}
    for key, value in parse_qsl(encoded, keep_blank_values=True):
        name, *path = key.replace("]", "").split("[")
        node = fields
        for step in [name, *path][:-1]:
            node = node.setdefault(step, {})
        node[[name, *path][-1]] = value
    listed: Json = _listed(fields)
    return listed


def _listed(node: Any) -> Any:
    if not isinstance(node, dict):
        return node
    items = {key: _listed(value) for key, value in node.items()}
    if items and all(key.isdigit() for key in items):
        return [items[key] for key in sorted(items, key=int)]
    return items


# (method, *path): the fake's handler; "*" is an object's id, handed to it.
ROUTES = {
    ("POST", "v1", "payment_intents"): "_create_intent",
    ("GET", "v1", "payment_intents", "*"): "_get_intent",
    ("POST", "v1", "payment_intents", "*", "capture"): "_capture",
    ("POST", "v1", "payment_intents", "*", "increment_authorization"): "_increment",
    ("POST", "v1", "payment_intents", "*", "cancel"): "_cancel_intent",
    ("POST", "v1", "terminal", "readers"): "_register",
    ("GET", "v1", "terminal", "readers", "*"): "_get_reader",
    ("POST", "v1", "terminal", "readers", "*", "process_payment_intent"): "_process",
    ("POST", "v1", "terminal", "readers", "*", "cancel_action"): "_cancel_action",
    ("POST", "v1", "refunds"): "_create_refund",
    ("GET", "v1", "refunds", "*"): "_get_refund",
}


def _asks_increments(intent: Json) -> bool:
    card: Json = intent["payment_method_options"].get("card_present", {})
    return card.get("request_incremental_authorization_support") == "true"


def signature_header(payload: bytes, secret: str, timestamp: int) -> str:
    """``Stripe-Signature``: the time, and the HMAC-SHA256 of ``"<time>.<payload>"`` keyed by
    the endpoint's secret as written."""
    signed = f"{timestamp}.".encode() + payload
    digest = hmac.new(secret.encode(), signed, hashlib.sha256).hexdigest()
    return f"t={timestamp},v1={digest}"


class FakeStripe:
    def __init__(self, api_key: str = API_KEY, location_id: str = LOCATION_ID) -> None:
        self.api_key = api_key
        self.location_id = location_id
        self.intents: dict[str, Json] = {}
        self.charges: dict[str, Json] = {}
        self.readers: dict[str, Json] = {}
        self.refunds: dict[str, Json] = {}
        self.registration_codes: set[str] = set()
        # Answer 500 to every request while set.
        self.failing = False
        # The issuer's answer to an incremental authorisation: declined while set.
        self.declining_increments = False
        # The status a new refund takes; ``settle_refund`` moves a pending one on.
        self.new_refund_status = "succeeded"
        self._replies: dict[str, tuple[str, Json, int, Json]] = {}
        self._ids = itertools.count(1)
        self._lock = threading.Lock()
        self._server: ThreadingHTTPServer | None = None

    # -- the server ------------------------------------------------------------------------

    @property
    def api_base(self) -> str:
        assert self._server is not None
        host, port = self._server.server_address[:2]
        return f"http://{host!s}:{port}"

    def start(self) -> None:
        fake = self

        class Handler(BaseHTTPRequestHandler):
            def do_GET(self) -> None:
                self._answer("GET", urlsplit(self.path).query)

            def do_POST(self) -> None:
                length = int(self.headers.get("Content-Length") or 0)
                self._answer("POST", self.rfile.read(length).decode())

            def _answer(self, method: str, encoded: str) -> None:
                status, body = fake.handle(
                    method,
                    urlsplit(self.path).path,
                    form_fields(encoded),
                    self.headers.get("Authorization", ""),
                    self.headers.get("Idempotency-Key"),
                )
                data = json.dumps(body).encode()
                self.send_response(status)
                self.send_header("Content-Type", "application/json")
                self.send_header("Content-Length", str(len(data)))
                self.send_header("Request-Id", f"req_fake{next(fake._ids)}")
                self.end_headers()
                self.wfile.write(data)

            def log_message(self, *_: object) -> None:
                pass

        self._server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        threading.Thread(
            target=self._server.serve_forever, kwargs={"poll_interval": 0.05}, daemon=True
        ).start()

    def stop(self) -> None:
        if self._server is not None:
            self._server.shutdown()
            self._server.server_close()

    def __enter__(self) -> FakeStripe:
        self.start()
        return self

    def __exit__(self, *_: object) -> None:
        self.stop()

    def handle(
        self, method: str, path: str, params: Json, authorization: str, idempotency_key: str | None
    ) -> tuple[int, Json]:
        with self._lock:
            if self.failing:
                return 500, {"error": {"type": "api_error", "message": "An unknown error occurred"}}
            if authorization != f"Bearer {self.api_key}":
                given = authorization.removeprefix("Bearer ")
                # Stripe quotes a key it refuses with all but its last four characters hidden.
                hidden = f"{given[:8]}{'*' * 8}{given[-4:]}"
                return 401, {
                    "error": {
                        "type": "invalid_request_error",
                        "message": f"Invalid API Key provided: {hidden}",
                    }
                }
            if method == "POST" and idempotency_key is not None:
                return self._replayed(path, params, idempotency_key)
            return self._routed(method, path, params)

    def _replayed(self, path: str, params: Json, key: str) -> tuple[int, Json]:
        if key in self._replies:
            first_path, first_params, status, body = self._replies[key]
            if (first_path, first_params) != (path, params):
                return 400, {
                    "error": {
                        "type": "idempotency_error",
                        "message": "Keys for idempotent requests can only be used with the "
                        "same parameters they were first used with.",
                    }
                }
            return status, body
        status, body = self._routed("POST", path, params)
        if status < 500:
            self._replies[key] = (path, params, status, body)
        return status, body

    def _routed(self, method: str, path: str, params: Json) -> tuple[int, Json]:
        for (verb, *pattern), route in ROUTES.items():
            parts = path.strip("/").split("/")
            if (
                verb != method
                or len(parts) != len(pattern)
                or not all(step in ("*", part) for step, part in zip(pattern, parts, strict=True))
            ):
                continue
            ids = [part for step, part in zip(pattern, parts, strict=True) if step == "*"]
            try:
                return 200, getattr(self, route)(*ids, params)
            except StripeFailure as failure:
                return failure.status, {"error": failure.error}
        return 404, {"error": {"type": "invalid_request_error", "message": "Unrecognized URL"}}

    def _new_id(self, prefix: str) -> str:
        return f"{prefix}_fake{next(self._ids):06d}"

    # -- PaymentIntents ----------------------------------------------------------------------

    def _create_intent(self, params: Json) -> Json:
        methods = params.get("allowed_payment_method_types")
        if methods not in (["card_present"], ["card"]):
            raise invalid(
                "A payment must allow card_present (a reader) or card (online).",
                param="payment_method_types",
            )
        intent_id = self._new_id("pi")
        self.intents[intent_id] = {
            "id": intent_id,
            "object": "payment_intent",
            "amount": int(params["amount"]),
            "amount_capturable": 0,
            "amount_received": 0,
            "amount_details": {"tip": {}},
            "capture_method": params.get("capture_method", "automatic"),
            "currency": params["currency"],
            "latest_charge": None,
            "last_payment_error": None,
            "metadata": params.get("metadata", {}),
            "payment_method_options": params.get("payment_method_options", {}),
            "payment_method_types": methods,
            "status": "requires_payment_method",
            # Stripe.js confirms an online PaymentIntent with it.
            "client_secret": f"{intent_id}_secret_fake",
        }
        return self._intent_view(intent_id, params)

    def _intent(self, intent_id: str) -> Json:
        if intent_id not in self.intents:
            raise missing("payment_intent", intent_id)
        return self.intents[intent_id]

    def _intent_view(self, intent_id: str, params: Json) -> Json:
        intent = dict(self._intent(intent_id))
        if "latest_charge" in params.get("expand", []) and intent["latest_charge"]:
            intent["latest_charge"] = self.charges[intent["latest_charge"]]
        return intent

    def _get_intent(self, intent_id: str, params: Json) -> Json:
        return self._intent_view(intent_id, params)

    def _capture(self, intent_id: str, params: Json) -> Json:
        intent = self._intent(intent_id)
        self._expect_status(intent, "capture", "requires_capture")
        amount = int(params.get("amount_to_capture") or intent["amount_capturable"])
        if amount > intent["amount_capturable"]:
            raise invalid(
                f"The amount to capture ({amount}) is greater than the amount capturable "
                f"({intent['amount_capturable']}).",
                code="amount_too_large",
                param="amount_to_capture",
            )
        intent.update(status="succeeded", amount_received=amount, amount_capturable=0)
        intent["metadata"] = {**intent["metadata"], **params.get("metadata", {})}
        self.charges[intent["latest_charge"]].update(captured=True, amount_captured=amount)
        return self._intent_view(intent_id, params)

    def _increment(self, intent_id: str, params: Json) -> Json:
        """Stripe's incremental authorisation: only for a charge whose PaymentIntent asked for
        its support (and whose card gave it), to a higher total."""
        intent = self._intent(intent_id)
        self._expect_status(intent, "increment the authorization of", "requires_capture")
        card = self.charges[intent["latest_charge"]]["payment_method_details"]["card_present"]
        if not card["incremental_authorization_supported"]:
            raise invalid(
                "This PaymentIntent is not eligible for incremental authorization.",
                code="incremental_authorization_not_supported",
            )
        amount = int(params["amount"])
        if amount <= intent["amount"]:
            raise invalid("The amount must be greater than the current amount.", param="amount")
        if self.declining_increments:
            raise StripeFailure(
                402,
                {
                    "type": "card_error",
                    "code": "card_declined",
                    "decline_code": "insufficient_funds",
                    "message": "Your card has insufficient funds.",
                },
            )
        intent.update(amount=amount, amount_capturable=amount)
        self.charges[intent["latest_charge"]]["amount"] = amount
        return self._intent_view(intent_id, params)

    def _cancel_intent(self, intent_id: str, params: Json) -> Json:
        intent = self._intent(intent_id)
        self._expect_status(
            intent, "cancel", "requires_payment_method", "requires_capture", "processing"
        )
        intent.update(
            status="canceled", amount_capturable=0, cancellation_reason="requested_by_customer"
        )
        return self._intent_view(intent_id, params)

    @staticmethod
    def _expect_status(intent: Json, verb: str, *statuses: str) -> None:
        if intent["status"] not in statuses:
            raise invalid(
                f"You cannot {verb} this PaymentIntent because it has a status of "
                f"{intent['status']}.",
                code="payment_intent_unexpected_state",
            )

    # -- readers -----------------------------------------------------------------------------

    def add_reader(self, label: str = "Bar reader") -> str:
        """A reader already registered at the fake's location: its ``tmr_…``."""
        with self._lock:
            reader_id: str = self._new_reader(label)["id"]
            return reader_id

    def _new_reader(self, label: str) -> Json:
        reader_id = self._new_id("tmr")
        self.readers[reader_id] = {
            "id": reader_id,
            "object": "terminal.reader",
            "action": None,
            "device_type": "bbpos_wisepos_e",
            "label": label,
            "location": self.location_id,
            "serial_number": reader_id.upper(),
            "status": "online",
        }
        return self.readers[reader_id]

    def _reader(self, reader_id: str) -> Json:
        if reader_id not in self.readers:
            raise missing("terminal.reader", reader_id)
        return self.readers[reader_id]

    def _register(self, params: Json) -> Json:
        if params.get("location") != self.location_id:
            raise missing("terminal.location", str(params.get("location")))
        if params.get("registration_code") not in self.registration_codes:
            raise invalid(
                "The registration code you provided is invalid.", param="registration_code"
            )
        self.registration_codes.discard(params["registration_code"])
        return self._new_reader(params.get("label", ""))

    def _get_reader(self, reader_id: str, _params: Json) -> Json:
        return self._reader(reader_id)

    def _process(self, reader_id: str, params: Json) -> Json:
        reader = self._reader(reader_id)
        if reader["action"] is not None and reader["action"]["status"] == "in_progress":
            raise invalid(
                "Reader is currently busy processing another request. Please try again later.",
                code="terminal_reader_busy",
            )
        intent = self._intent(params["payment_intent"])
        self._expect_status(intent, "process", "requires_payment_method")
        reader["action"] = {
            "type": "process_payment_intent",
            "status": "in_progress",
            "failure_code": None,
            "failure_message": None,
            "process_payment_intent": {
                "payment_intent": intent["id"],
                "process_config": params.get("process_config", {}),
            },
        }
        return reader

    def _cancel_action(self, reader_id: str, _params: Json) -> Json:
        reader = self._reader(reader_id)
        if reader["action"] is None or reader["action"]["status"] != "in_progress":
            raise invalid("This reader has no action in progress to cancel.")
        reader["action"] = None
        return reader

    def present_card(
        self, reader_id: str, brand: str = "visa", last4: str = "4242", tip_cents: int | None = None
    ) -> None:
        """The guest presents a card (after choosing ``tip_cents`` on the reader when it asked
        for a tip, None for "no tip"), and the issuer approves it."""
        with self._lock:
            action, intent = self._showing(reader_id)
            config = action["process_payment_intent"]["process_config"]
            asks_tip = "tipping" in config and config.get("skip_tipping") != "true"
            assert asks_tip or tip_cents is None, "the reader did not ask for a tip"
            if asks_tip:
                intent["amount"] += tip_cents or 0
                intent["amount_details"] = {"tip": {"amount": tip_cents or 0}}
            charge_id = self._new_id("ch")
            held = intent["capture_method"] == "manual"
            self.charges[charge_id] = {
                "id": charge_id,
                "object": "charge",
                "amount": intent["amount"],
                "amount_captured": 0 if held else intent["amount"],
                "captured": not held,
                "payment_intent": intent["id"],
                "status": "succeeded",
                "payment_method_details": {
                    "type": "card_present",
                    "card_present": {
                        "brand": brand,
                        "last4": last4,
                        "incremental_authorization_supported": _asks_increments(intent),
                    },
                },
            }
            intent["latest_charge"] = charge_id
            if held:
                intent.update(status="requires_capture", amount_capturable=intent["amount"])
            else:
                intent.update(status="succeeded", amount_received=intent["amount"])
            action["status"] = "succeeded"

    def pay_online(self, client_secret: str, brand: str = "visa", last4: str = "4242") -> str:
        """Stripe.js confirms the PaymentIntent of ``client_secret`` with a card the payer typed,
        and the issuer approves it: its id."""
        with self._lock:
            [intent] = [i for i in self.intents.values() if i["client_secret"] == client_secret]
            assert intent["payment_method_types"] == ["card"], "not an online PaymentIntent"
            self._expect_status(intent, "confirm", "requires_payment_method")
            charge_id = self._new_id("ch")
            self.charges[charge_id] = {
                "id": charge_id,
                "object": "charge",
                "amount": intent["amount"],
                "amount_captured": intent["amount"],
                "captured": True,
                "payment_intent": intent["id"],
                "status": "succeeded",
                "payment_method_details": {
                    "type": "card",
                    "card": {"brand": brand, "last4": last4},
                },
            }
            intent.update(
                latest_charge=charge_id, status="succeeded", amount_received=intent["amount"]
            )
            intent_id: str = intent["id"]
            return intent_id

    def decline(
        self,
        reader_id: str,
        failure_code: str = "card_declined",
        failure_message: str = "Your card was declined.",
    ) -> None:
        """The issuer declines the card presented: the reader's action fails with Stripe's
        code and words, and the PaymentIntent waits for another card."""
        with self._lock:
            action, intent = self._showing(reader_id)
            action.update(
                status="failed", failure_code=failure_code, failure_message=failure_message
            )
            intent["last_payment_error"] = {
                "type": "card_error",
                "code": failure_code,
                "message": failure_message,
            }

    def _showing(self, reader_id: str) -> tuple[Json, Json]:
        action = self.readers[reader_id]["action"]
        assert action is not None, "the reader is idle"
        assert action["status"] == "in_progress", "the reader has finished its action"
        return action, self.intents[action["process_payment_intent"]["payment_intent"]]

    # -- refunds -----------------------------------------------------------------------------

    def _create_refund(self, params: Json) -> Json:
        intent = self._intent(params["payment_intent"])
        if intent["status"] != "succeeded":
            raise invalid(
                f"This PaymentIntent ({intent['id']}) does not have a successful charge to refund.",
                param="payment_intent",
            )
        refunded = sum(
            refund["amount"]
            for refund in self.refunds.values()
            if refund["payment_intent"] == intent["id"] and refund["status"] != "failed"
        )
        left = intent["amount_received"] - refunded
        amount = int(params.get("amount", left))
        if amount > left:
            raise invalid(
                f"Refund amount ({amount}) is greater than unrefunded amount on charge ({left})",
                param="amount",
            )
        refund_id = self._new_id("re")
        self.refunds[refund_id] = {
            "id": refund_id,
            "object": "refund",
            "amount": amount,
            "charge": intent["latest_charge"],
            "currency": intent["currency"],
            "failure_reason": None,
            "payment_intent": intent["id"],
            "status": self.new_refund_status,
        }
        return self.refunds[refund_id]

    def _get_refund(self, refund_id: str, _params: Json) -> Json:
        if refund_id not in self.refunds:
            raise missing("refund", refund_id)
        return self.refunds[refund_id]

    def settle_refund(self, refund_id: str, failure_reason: str | None = None) -> None:
        """A pending refund reaches the card, or fails with Stripe's ``failure_reason``."""
        with self._lock:
            refund = self.refunds[refund_id]
            assert refund["status"] == "pending"
            refund.update(
                status="failed" if failure_reason else "succeeded", failure_reason=failure_reason
            )

    # -- webhooks ----------------------------------------------------------------------------

    def event(self, event_type: str, subject: Json) -> bytes:
        """A Stripe event's body about ``subject`` (a snapshot of the object as it is now)."""
        return json.dumps(
            {
                "id": self._new_id("evt"),
                "object": "event",
                "api_version": "2026-10-28.endive",
                "created": int(time.time()),
                "data": {"object": json.loads(json.dumps(subject))},
                "livemode": False,
                "pending_webhooks": 1,
                "request": {"id": None, "idempotency_key": None},
                "type": event_type,
            }
        ).encode()

    def reader_event(self, reader_id: str) -> bytes:
        """``terminal.reader.action_succeeded`` or ``_failed``, from the reader's action."""
        reader = self.readers[reader_id]
        return self.event(f"terminal.reader.action_{reader['action']['status']}", reader)

    def send_webhook(
        self, url: str, payload: bytes, secret: str, timestamp: int | None = None
    ) -> httpx.Response:
        """Posts ``payload`` to ``url`` signed as Stripe signs its webhooks."""
        signed_at = int(time.time()) if timestamp is None else timestamp
        return httpx.post(
            url,
            content=payload,
            headers={
                "Content-Type": "application/json; charset=utf-8",
                "Stripe-Signature": signature_header(payload, secret, signed_at),
            },
        )


def talking_to(fake: FakeStripe, settings: Settings, **more: Any) -> Settings:
    """``settings`` with Stripe's provider configured against the fake (and ``more``)."""
    return settings.model_copy(
        update={
            "stripe_api_key": SecretStr(API_KEY),
            "stripe_webhook_secret": SecretStr(WEBHOOK_SECRET),
            "stripe_location": LOCATION_ID,
            "stripe_api_base": fake.api_base,
        }
        | more
    )
