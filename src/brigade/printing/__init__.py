"""Printing: printers and the print outbox that delivers their documents."""
