"""HTTP layer: routers, request/response schemas, error mapping. Thin by design."""
