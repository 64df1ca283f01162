"""The HTTP kit: routing, the error table, OpenAPI, middleware, shared request and answer types."""
