"""The operator's commands (docs/operations.md): `brigade migrate` says what it did, `migrate
--check` tells pending migrations by its exit code and changes nothing, `--version` names the
package's version and the schema's revision, and `backup` writes a consistent copy while the app
serves (SQLite's online backup; pg_dump for PostgreSQL, restored here with pg_restore)."""

from __future__ import annotations

import asyncio
import shutil
import sqlite3
import subprocess
from collections.abc import Iterator
from contextlib import contextmanager
from importlib.metadata import version
from pathlib import Path

import pytest
from alembic.script import ScriptDirectory
from sqlalchemy import text
from sqlalchemy.ext.asyncio import create_async_engine
from typer.testing import CliRunner, Result

from brigade.cli import cli
from brigade.kit.db import backup as backup_module
from brigade.kit.db.engine import async_url
from brigade.kit.db.migrate import alembic_config, current_revision
from brigade.settings import Settings
from factories import AppClient, make_product
from throwaway_db import throwaway_database

SCRIPTS = ScriptDirectory.from_config(alembic_config(""))
HEAD = SCRIPTS.get_current_head()
# The revision before the latest: a database one migration behind.
BEHIND = SCRIPTS.get_revision(HEAD).down_revision if HEAD is not None else None


@pytest.fixture
def db_option(request: pytest.FixtureRequest) -> str:
    option: str = request.config.getoption("--db-url")
    return option


def _brigade(url: str, *args: str) -> Result:
    return CliRunner().invoke(cli, list(args), env={"BRIGADE_DATABASE_URL": url})


@pytest.fixture
def empty_database(db_option: str, tmp_path: Path) -> Iterator[str]:
    """SQLite: a file that does not exist yet; PostgreSQL: a database with no tables."""
    with throwaway_database(db_option, tmp_path, None) as url:
        yield url


def test_migrate_says_it_created_the_database_then_that_it_is_up_to_date(
    empty_database: str,
) -> None:
    created = _brigade(empty_database, "migrate")
    assert created.exit_code == 0, created.output
    assert created.output.startswith(f"Created the database at revision {HEAD} (")
    assert current_revision(empty_database) == HEAD

    again = _brigade(empty_database, "migrate")
    assert again.exit_code == 0, again.output
    assert again.output.startswith(f"Already up to date at revision {HEAD} (")
    checked = _brigade(empty_database, "migrate", "--check")
    assert checked.exit_code == 0, checked.output
    assert f"revision {HEAD}" in checked.output


def test_migrate_check_on_an_empty_database_exits_1_and_makes_nothing(
    empty_database: str, db_option: str, tmp_path: Path
) -> None:
    checked = _brigade(empty_database, "migrate", "--check")
    assert checked.exit_code == 1
    assert f"is at no revision (empty), the latest is {HEAD}" in checked.output
    assert current_revision(empty_database) is None
    if db_option == "sqlite":
        assert not (tmp_path / "brigade.db").exists()


def test_migrate_check_names_both_revisions_changes_nothing_then_migrate_says_from_and_to(
    db_option: str, tmp_path: Path
) -> None:
    assert BEHIND is not None
    with throwaway_database(db_option, tmp_path, str(BEHIND)) as url:
        checked = _brigade(url, "migrate", "--check")
        assert checked.exit_code == 1
        assert f"is at revision {BEHIND}, the latest is {HEAD}" in checked.output
        assert current_revision(url) == BEHIND

        migrated = _brigade(url, "migrate")
        assert migrated.exit_code == 0, migrated.output
        assert migrated.output.startswith(f"Migrated from revision {BEHIND} to {HEAD} (")
        assert _brigade(url, "migrate", "--check").exit_code == 0


def test_migrate_refuses_a_revision_it_does_not_know(db_option: str, tmp_path: Path) -> None:
    """A database a newer Brigade migrated: said in words (exit 2), never downgraded."""
    with throwaway_database(db_option, tmp_path) as url:
        asyncio.run(_run(url, "UPDATE alembic_version SET version_num = '9999_from_the_future'"))
        for args in (["migrate"], ["migrate", "--check"]):
            refused = _brigade(url, *args)
            assert refused.exit_code == 2
            assert "at revision 9999_from_the_future, which this version" in refused.output
        assert current_revision(url) == "9999_from_the_future"


def test_a_database_that_cannot_be_reached_is_said_in_words() -> None:
    """A health probe running `migrate --check` learns why (exit 2), not from a traceback."""
    unreachable = "postgresql://brigade:hunter2@127.0.0.1:1/brigade"
    for args in (["migrate"], ["migrate", "--check"]):
        refused = _brigade(unreachable, *args)
        assert refused.exit_code == 2
        assert "cannot read the database (postgresql://brigade:***@127.0.0.1:1/brigade)" in (
            refused.output
        )
        assert "hunter2" not in refused.output


def test_version_names_the_package_and_the_schema_revision() -> None:
    shown = CliRunner().invoke(cli, ["--version"])
    assert shown.exit_code == 0, shown.output
    assert shown.output == f"brigade {version('brigade')} (database schema {HEAD})\n"


# --- backup -------------------------------------------------------------------------------------


async def _run(url: str, statement: str) -> list[tuple[object, ...]]:
    engine = create_async_engine(async_url(url))
    try:
        async with engine.begin() as connection:
            result = await connection.execute(text(statement))
            return [tuple(row) for row in result] if result.returns_rows else []
    finally:
        await engine.dispose()


async def _backup_beside_a_writer(url: str, product_id: str, target: Path) -> None:
    """The backup while another connection holds an uncommitted change (the server writing)."""
    engine = create_async_engine(async_url(url))
    try:
        async with engine.connect() as writer:
            changed = await writer.execute(
                text("UPDATE products SET name = 'Not committed' WHERE id = :id"),
                {"id": product_id if url.startswith("postgresql") else product_id.replace("-", "")},
            )
            assert changed.rowcount == 1
            await asyncio.to_thread(backup_module.backup, url, target)
            await writer.rollback()
    finally:
        await engine.dispose()


@contextmanager
def _restored(db_option: str, copy: Path, tmp_path: Path) -> Iterator[str]:
    """The copy, readable as a database: the file itself, or restored by pg_restore."""
    if db_option == "sqlite":
        yield f"sqlite:///{copy}"
        return
    with throwaway_database(db_option, tmp_path, None) as url:
        restore = shutil.which("pg_restore") or str(
            Path(str(backup_module.pg_dump_program())).with_name("pg_restore")
        )
        restored = subprocess.run(
            [restore, "--no-owner", "--exit-on-error", f"--dbname={url}", str(copy)],
            capture_output=True,
            text=True,
            check=False,
        )
        assert restored.returncode == 0, restored.stderr
        yield url


def test_backup_copies_the_database_as_committed_while_it_serves(
    client: AppClient, settings: Settings, db_option: str, tmp_path: Path
) -> None:
    if db_option != "sqlite" and backup_module.pg_dump_program() is None:
        pytest.skip("pg_dump is not installed")
    product = make_product(client, name="Soup of the day")
    copy = tmp_path / "brigade.backup"
    asyncio.run(_backup_beside_a_writer(settings.database_url, product["id"], copy))
    # The app serves on, and wrote nothing half-way beside the copy.
    assert client.get(f"/api/products/{product['id']}").json()["name"] == "Soup of the day"
    assert sorted(path.name for path in tmp_path.iterdir()) == ["brigade.backup"]
    if db_option == "sqlite":
        with sqlite3.connect(copy) as reading:
            assert reading.execute("PRAGMA integrity_check").fetchone() == ("ok",)

    (tmp_path / "restored").mkdir()
    with _restored(db_option, copy, tmp_path / "restored") as url:
        assert asyncio.run(_run(url, "SELECT name FROM products")) == [("Soup of the day",)]
        assert current_revision(url) == HEAD


def test_the_backup_command_says_where_and_refuses_to_overwrite(
    client: AppClient, settings: Settings, db_option: str, tmp_path: Path
) -> None:
    if db_option != "sqlite" and backup_module.pg_dump_program() is None:
        pytest.skip("pg_dump is not installed")
    target = tmp_path / "nightly.backup"
    done = _brigade(settings.database_url, "backup", str(target))
    assert done.exit_code == 0, done.output
    assert done.output.startswith("Backed up ")
    assert done.output.endswith(f" to {target}\n")
    size = target.stat().st_size
    assert size > 0

    again = _brigade(settings.database_url, "backup", str(target))
    assert again.exit_code == 2
    assert f"{target} exists already" in again.output
    assert target.stat().st_size == size
    nowhere = _brigade(settings.database_url, "backup", str(tmp_path / "no" / "such.backup"))
    assert nowhere.exit_code == 2
    assert "no folder" in nowhere.output


def test_without_pg_dump_a_postgresql_backup_is_refused_in_words(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    """Found neither on PATH nor among Debian's versions: exit 2, no file (nothing connects)."""
    monkeypatch.setenv("PATH", str(tmp_path))
    monkeypatch.setattr(backup_module, "_DEBIAN_POSTGRESQL", tmp_path / "none")
    target = tmp_path / "pg.backup"
    refused = _brigade("postgresql://brigade@127.0.0.1:1/brigade", "backup", str(target))
    assert refused.exit_code == 2
    assert "pg_dump is not installed" in refused.output
    assert not target.exists()


def test_a_sqlite_backup_of_no_database_is_refused(tmp_path: Path) -> None:
    refused = _brigade(f"sqlite:///{tmp_path / 'missing.db'}", "backup", str(tmp_path / "b"))
    assert refused.exit_code == 2
    assert f"no database at {tmp_path / 'missing.db'}" in refused.output
    assert not (tmp_path / "missing.db").exists()
