"""How pricing's events show their payloads: the tax rate (``tax_rate.*``) and the service
charge (``service_charge.*``), as the API answers them."""

from __future__ import annotations

from brigade.kit.events import register_payload_shape
from brigade.kit.http.schemas import shaped
from brigade.pricing.domain import ServiceCharge, TaxRate
from brigade.pricing.routes.service_charges import service_charge_out
from brigade.pricing.routes.tax_rates import TaxRateOut


def install_event_payloads() -> None:
    register_payload_shape(TaxRate, lambda rate: shaped(TaxRateOut, rate).model_dump_json())
    register_payload_shape(
        ServiceCharge, lambda charge: service_charge_out(charge).model_dump_json()
    )
