"""Webhooks: subscriptions and the deliveries of the event log to them."""
