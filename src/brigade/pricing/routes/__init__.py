"""Pricing routes: tax rates and service charges."""
