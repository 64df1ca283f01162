"""The payment providers this server talks to, by name, built from Settings (docs/design.md
§27): the simulator always; each other provider when its settings are given. A provider
module adds its builder to ``BUILDERS``: a function of the settings answering its client, or
None when it is not configured. Their keys stay in Settings: never in an answer, a log or an
event."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from types import MappingProxyType

from brigade.card_payments.provider import PaymentProvider
from brigade.card_payments.simulator import Simulator
from brigade.card_payments.stripe_terminal import StripeTerminal
from brigade.settings import Settings

Builder = Callable[[Settings], PaymentProvider | None]


def _stripe_terminal(settings: Settings) -> PaymentProvider | None:
    """Stripe Terminal, once its key, its webhooks' signing secret and its location are set."""
    key, secret, location = (
        settings.stripe_api_key,
        settings.stripe_webhook_secret,
        settings.stripe_location,
    )
    if key is None or secret is None or location is None:
        return None
    return StripeTerminal(
        key.get_secret_value(), location, settings.stripe_api_base, secret.get_secret_value()
    )


# The providers besides the simulator, each built only when configured.
BUILDERS: list[Builder] = [_stripe_terminal]


class Providers:
    """The configured providers by name, and the simulator (its page taps cards)."""

    def __init__(self, simulator: Simulator, others: Mapping[str, PaymentProvider]) -> None:
        self.simulator = simulator
        self._by_name: Mapping[str, PaymentProvider] = MappingProxyType(
            {simulator.name: simulator, **others}
        )

    def __getitem__(self, name: str) -> PaymentProvider:
        return self._by_name[name]

    def get(self, name: str) -> PaymentProvider | None:
        return self._by_name.get(name)

    @property
    def names(self) -> frozenset[str]:
        return frozenset(self._by_name)

    async def close(self) -> None:
        """Lets go of the providers' connections (a worker stopping): those that hold any
        have a ``close``."""
        for provider in self._by_name.values():
            closing = getattr(provider, "close", None)
            if closing is not None:
                await closing()


def configured(settings: Settings) -> Providers:
    others = [provider for build in BUILDERS if (provider := build(settings)) is not None]
    return Providers(
        Simulator(settings.card_simulator_seconds),
        {provider.name: provider for provider in others},
    )
