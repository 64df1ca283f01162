"""The event log: the outbox every change writes, read as a page or a stream."""
