"""The unit of work every service function runs in, as the layers above services see it.

The API opens one per request (api/routing.py) and hands it to one service function; the
implementation, and the one place a transaction commits, is db/engine.py. Naming it here
keeps api/ free of imports from db/.
"""

from __future__ import annotations

from brigade.db.engine import Database, UnitOfWork

__all__ = ["Database", "UnitOfWork"]
