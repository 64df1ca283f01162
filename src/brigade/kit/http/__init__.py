"""The HTTP kit: routing, problem answers, OpenAPI, middleware, shared request and answer types."""
