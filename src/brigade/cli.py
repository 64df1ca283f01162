"""The `brigade` command: serve, migrate, backup, demo-data, token create, device create, journal
verify; `--version`."""

from __future__ import annotations

import asyncio
from pathlib import Path
from typing import Annotated, NoReturn
from uuid import UUID

import typer

from brigade.access.domain.scopes import Scope
from brigade.access.domain.terminals import DeviceKind
from brigade.kit.access import Role
from brigade.settings import AUTH_OFF_WARNING, Settings

cli = typer.Typer(help="Brigade, a restaurant point-of-sale service.", no_args_is_help=True)
token_cli = typer.Typer(help="Staff API tokens.", no_args_is_help=True)
cli.add_typer(token_cli, name="token")
device_cli = typer.Typer(
    help="Paired devices: terminals and kitchen displays.", no_args_is_help=True
)
cli.add_typer(device_cli, name="device")
journal_cli = typer.Typer(help="The journal of sales, refunds, voids, reopens and Zs.")
cli.add_typer(journal_cli, name="journal")


def _settings(**overrides: object) -> Settings:
    given = {name: value for name, value in overrides.items() if value is not None}
    return Settings(**given)  # type: ignore[arg-type]


def _print_version(asked: bool) -> None:
    if not asked:
        return
    from importlib.metadata import version

    from brigade.kit.db.migrate import head_revision

    typer.echo(f"brigade {version('brigade')} (database schema {head_revision()})")
    raise typer.Exit()


@cli.callback()
def options(
    version: Annotated[
        bool,
        typer.Option(
            "--version",
            callback=_print_version,
            is_eager=True,
            help="Print the version and the database schema revision it migrates to, then exit.",
        ),
    ] = False,
) -> None:
    """Brigade, a restaurant point-of-sale service."""


@cli.command()
def migrate(
    check: Annotated[
        bool,
        typer.Option(
            "--check",
            help="Change nothing: exit 0 when the database is at the latest revision, "
            "1 when migrations are pending.",
        ),
    ] = False,
) -> None:
    """Apply pending database migrations, and say what was done."""
    from brigade.kit.db.migrate import current_revision, head_revision, is_known, upgrade

    settings = Settings()
    where = _redacted(settings.database_url)
    before, head = _revision_or_refuse(settings.database_url), head_revision()
    if before is not None and before != head and not is_known(before):
        _refuse(
            f"the database ({where}) is at revision {before}, which this version of Brigade "
            f"does not know (its latest is {head}): a newer Brigade migrated it"
        )
    if before == head:
        typer.echo(f"Already up to date at revision {head} ({where})")
        return
    if check:
        typer.echo(
            f"Migrations pending: the database ({where}) is at "
            f"{'no revision (empty)' if before is None else f'revision {before}'}, the latest "
            f"is {head}; run `brigade migrate`",
            err=True,
        )
        raise typer.Exit(1)
    upgrade(settings.database_url)
    after = current_revision(settings.database_url)
    if before is None:
        typer.echo(f"Created the database at revision {after} ({where})")
    else:
        typer.echo(f"Migrated from revision {before} to {after} ({where})")


@cli.command()
def backup(
    path: Annotated[Path, typer.Argument(help="The new file to write the copy to")],
) -> None:
    """Copy the configured database to PATH while the server may be serving: SQLite's online
    backup (a consistent copy of the file), or pg_dump's custom format for PostgreSQL
    (restore with pg_restore). Exit 2, in words, when it cannot."""
    from brigade.kit.db.backup import BackupRefused
    from brigade.kit.db.backup import backup as copy_database

    settings = Settings()
    try:
        copy_database(settings.database_url, path)
    except BackupRefused as refused:
        _refuse(str(refused))
    typer.echo(f"Backed up {_redacted(settings.database_url)} to {path}")


@cli.command()
def serve(
    host: Annotated[str | None, typer.Option(help="Address to bind [default: 127.0.0.1]")] = None,
    port: Annotated[int | None, typer.Option(help="Port [default: 8000]")] = None,
    workers: Annotated[int | None, typer.Option(help="Worker processes [default: 1]")] = None,
    no_migrate: Annotated[bool, typer.Option("--no-migrate", help="Skip migrations")] = False,
) -> None:
    """Apply pending migrations, then serve the API."""
    from brigade.kit.db.migrate import upgrade
    from brigade.serving import serve as serve_app
    from brigade.serving import shared_metrics_folder

    settings = _settings(host=host, port=port, workers=workers)
    # One worker records in memory and answers for itself (brigade/kit/metrics.py); several
    # share a folder, set before the start-up's commands import prometheus_client here.
    with shared_metrics_folder(settings.metrics == "on" and settings.workers > 1):
        if not no_migrate:
            upgrade(settings.database_url)
        _announce_access(settings)
        typer.echo(
            f"Brigade on http://{settings.host}:{settings.port} "
            f"({_redacted(settings.database_url)}, {settings.workers} worker(s))"
        )
        serve_app(
            "brigade.app:served_app",
            factory=True,
            database_url=settings.database_url,
            host=settings.host,
            port=settings.port,
            workers=settings.workers,
            log_level=settings.log_level,
            forwarded_allow_ips=settings.forwarded_allow_ips,
            header_timeout=settings.header_timeout_seconds,
            body_timeout=settings.body_timeout_seconds,
        )


@cli.command("demo-data")
def demo_data() -> None:
    """Load a believable demo menu (nested categories, products, modifiers) at a demo location
    (set up if missing); migrates an empty database first."""
    from brigade.demo import load_demo_menu
    from brigade.kit.db.migrate import upgrade

    settings = Settings()
    upgrade(settings.database_url)
    summary = asyncio.run(load_demo_menu(settings))
    typer.echo(summary)


@token_cli.command("create")
def create_token(
    name: Annotated[
        str, typer.Option(help="What the token is for, or who holds it: 'Laptop', 'Ana'")
    ],
    staff_id: Annotated[
        UUID | None,
        typer.Option("--staff-id", help="An existing, active person's id: the token is theirs"),
    ] = None,
    role: Annotated[
        Role | None,
        typer.Option(help="Without --staff-id: KITCHEN, SERVER, MANAGER or ADMIN of a new person"),
    ] = None,
    scope: Annotated[
        list[Scope] | None,
        typer.Option(
            help="Repeatable: the token may do only what these allow, within the role "
            "(none: everything the role allows)"
        ),
    ] = None,
) -> None:
    """Print a new token (shown this once): for the person --staff-id names, or for a new staff
    member called NAME with ROLE."""
    from brigade.commands import create_staff_token, create_token_for
    from brigade.kit.db.migrate import upgrade
    from brigade.kit.errors import NotFound

    if (staff_id is None) == (role is None):
        _refuse("give either --staff-id (an existing person) or --role (a new person)")
    settings = Settings()
    upgrade(settings.database_url)
    scopes = frozenset(scope) if scope else None
    if role is not None:
        token = asyncio.run(create_staff_token(settings, name.strip(), role, scopes))
    elif staff_id is not None:
        try:
            token = asyncio.run(create_token_for(settings, staff_id, name.strip(), scopes))
        except NotFound:
            _refuse(f"no active staff member has the id {staff_id}")
    typer.echo(token)


@device_cli.command("create")
def create_device(
    kind: Annotated[DeviceKind, typer.Option(help="TERMINAL, KITCHEN_DISPLAY or BOARD")],
    location: Annotated[UUID, typer.Option(help="The location id it serves")],
    name: Annotated[str, typer.Option(help="What it is: 'Bar terminal', 'Grill screen'")],
) -> None:
    """Pair a device and print its token (shown this once)."""
    from brigade.commands import pair_device
    from brigade.kit.db.migrate import upgrade
    from brigade.kit.errors import InvalidInput

    settings = Settings()
    upgrade(settings.database_url)
    try:
        token = asyncio.run(pair_device(settings, name.strip(), kind, location))
    except InvalidInput:
        _refuse(f"no such location: {location} (make it first: PUT /api/locations/{location})")
    typer.echo(token)


@journal_cli.command("verify")
def verify_journal(
    location: Annotated[
        UUID | None, typer.Option(help="One location's journal [default: every location's]")
    ] = None,
) -> None:
    """Recompute the journal's hash chain: exit 0 when every location's is whole, 1 naming
    the first broken sequence otherwise (docs/design.md §18)."""
    # Not brigade.commands: its imports (every feature) would double the command's time.
    from brigade.dining.service.rooms import location_ids
    from brigade.journal.command import verify_journal as verify
    from brigade.reports.service import z_reports_agree

    results = asyncio.run(verify(Settings(), location, [z_reports_agree], location_ids))
    broken = False
    for result in results:
        if result.ok:
            typer.echo(f"location {result.location_id}: ok, {result.entries} entries")
        else:
            broken = True
            typer.echo(
                f"location {result.location_id}: BROKEN at sequence {result.first_broken_sequence}",
                err=True,
            )
    if not results:
        typer.echo("no journal yet")
    raise typer.Exit(1 if broken else 0)


def _revision_or_refuse(database_url: str) -> str | None:
    """The database's revision; a database that cannot be reached: said in words, exit 2."""
    from sqlalchemy.exc import DBAPIError

    from brigade.kit.db.migrate import current_revision

    try:
        return current_revision(database_url)
    except (DBAPIError, OSError) as error:
        reason = str(getattr(error, "orig", None) or error).splitlines()[0]
        _refuse(f"cannot read the database ({_redacted(database_url)}): {reason}")


def _refuse(reason: str) -> NoReturn:
    """A command given what cannot be: the reason in words, exit code 2 (as a usage error)."""
    typer.secho(f"Error: {reason}", fg="red", err=True)
    raise typer.Exit(2)


def _announce_access(settings: Settings) -> None:
    """Say loudly when nothing is protected; until someone has a password, print the first
    run's link; hand out the first admin token once (for integrators)."""
    from brigade.commands import bootstrap_admin_token, prepare_setup
    from brigade.serving import links_to

    if settings.auth == "off":
        typer.secho(f"\n!!! {AUTH_OFF_WARNING} !!!\n", fg="red", bold=True, err=True)
        return
    setup_token = asyncio.run(prepare_setup(settings))
    if setup_token is not None:
        here, *network = links_to(f"/setup#{setup_token}", settings.host, settings.port)
        elsewhere = "".join(
            f"\nor from another machine on this network:\n\n    {link}\n" for link in network
        )
        typer.secho(
            "\nFirst run: open this link in a browser to set up the restaurant and its first "
            f"manager (it works once, until the next start):\n\n    {here}\n{elsewhere}",
            fg="green",
            bold=True,
        )
    if settings.admin_token is not None:
        return
    token = asyncio.run(bootstrap_admin_token(settings))
    if token is not None:
        typer.secho(
            "\nNo API token existed, so an ADMIN token was created. It is shown only this once:"
            f"\n\n    {token}\n\n"
            "For integrators: send it as 'Authorization: Bearer <token>'; create staff tokens "
            "with it.\n",
            fg="yellow",
            bold=True,
        )


def _redacted(database_url: str) -> str:
    from sqlalchemy.engine import make_url

    return make_url(database_url).render_as_string(hide_password=True)


def main() -> None:
    cli()
