"""`brigade backup PATH`: a consistent copy of the database, taken while the server serves.

SQLite: sqlite3's online backup API copies the file's pages inside one read transaction, so the
copy is the database as of one moment (WAL lets the server's writers go on meanwhile); the copy
passes SQLite's quick check before it takes PATH's name. PostgreSQL: ``pg_dump --format=custom``
of the configured database (one snapshot, restored with ``pg_restore``); the password goes to
pg_dump in its environment, never on its command line. Either way the copy is written beside
PATH and renamed into place once whole: a failed backup leaves no half file behind.
"""

from __future__ import annotations

import os
import shutil
import sqlite3
import subprocess
from contextlib import closing
from pathlib import Path

from sqlalchemy.engine import make_url

from brigade.kit.db.migrate import sqlite_file

# Where Debian and Ubuntu put each PostgreSQL version's tools when none is on PATH.
_DEBIAN_POSTGRESQL = Path("/usr/lib/postgresql")
# asyncpg's name for what libpq calls sslmode (a URL may carry either).
_LIBPQ_QUERY_NAMES = {"ssl": "sslmode"}


class BackupRefused(Exception):
    """What stops a backup, in words an operator can act on."""


def backup(database_url: str, target: Path) -> None:
    """Copy the database at ``database_url`` to ``target``, a file that does not exist yet."""
    if target.exists():
        raise BackupRefused(f"{target} exists already: name a new file")
    if not target.parent.is_dir():
        raise BackupRefused(f"no folder {target.parent} to write {target.name} into")
    partial = target.with_name(f".{target.name}.partial")
    try:
        if make_url(database_url).get_backend_name() == "sqlite":
            _sqlite_backup(database_url, partial)
        else:
            _pg_dump(database_url, partial)
        os.replace(partial, target)
    finally:
        partial.unlink(missing_ok=True)


def _sqlite_backup(database_url: str, partial: Path) -> None:
    source = sqlite_file(database_url)
    if source is None:
        raise BackupRefused("an in-memory SQLite database has nothing to back up")
    if not source.is_file():
        raise BackupRefused(f"no database at {source}")
    partial.unlink(missing_ok=True)
    # The server's writers hold the write lock for a millisecond or two at a time.
    with (
        closing(sqlite3.connect(source, timeout=30)) as reading,
        closing(sqlite3.connect(partial)) as copy,
    ):
        reading.backup(copy)
        checked = copy.execute("PRAGMA quick_check").fetchone()
    if checked != ("ok",):
        raise BackupRefused(f"the copy of {source} failed SQLite's quick check: {checked}")


def pg_dump_program() -> str | None:
    """pg_dump on PATH, else the newest of Debian's installed versions; None when neither."""
    found = shutil.which("pg_dump")
    if found is not None:
        return found
    installed = [
        program
        for program in _DEBIAN_POSTGRESQL.glob("*/bin/pg_dump")
        if program.parent.parent.name.isdigit()
    ]
    if not installed:
        return None
    return str(max(installed, key=lambda program: int(program.parent.parent.name)))


def _pg_dump(database_url: str, partial: Path) -> None:
    program = pg_dump_program()
    if program is None:
        raise BackupRefused(
            "pg_dump is not installed: install PostgreSQL's client tools "
            "(Debian: apt install postgresql-client) and run the backup again"
        )
    url = make_url(database_url)
    query = {_LIBPQ_QUERY_NAMES.get(name, name): value for name, value in url.query.items()}
    # libpq's own form of the URL, without the password.
    connection = url.set(drivername="postgresql", password=None, query=query)
    environment = dict(os.environ)
    if url.password is not None:
        environment["PGPASSWORD"] = str(url.password)
    command = [program, "--format=custom", "--no-password", f"--file={partial}"]
    command.append(f"--dbname={connection.render_as_string(hide_password=False)}")
    # The program is pg_dump, found above; the arguments are a list (no shell) and name only the
    # configured database and the operator's own PATH.
    done = subprocess.run(  # noqa: S603
        command, env=environment, capture_output=True, text=True, check=False
    )
    if done.returncode != 0:
        raise BackupRefused(f"pg_dump failed (exit {done.returncode}): {done.stderr.strip()}")
