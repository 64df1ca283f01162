"""Pure business rules. Standard library only: no web, database or validation framework."""
