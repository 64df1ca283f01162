"""Orders: their aggregate and state machines, items, payments, refunds, receipts."""
