"""The `brigade` command: serve, migrate, demo-data."""

from __future__ import annotations

import asyncio
from typing import Annotated

import typer

from brigade.settings import Settings

cli = typer.Typer(help="Brigade, a restaurant point-of-sale service.", no_args_is_help=True)


def _settings(**overrides: object) -> Settings:
    given = {name: value for name, value in overrides.items() if value is not None}
    return Settings(**given)  # type: ignore[arg-type]


@cli.command()
def migrate() -> None:
    """Apply pending database migrations."""
    from brigade.db.migrate import upgrade

    settings = Settings()
    upgrade(settings.database_url)
    typer.echo(f"database is up to date ({_redacted(settings.database_url)})")


@cli.command()
def serve(
    host: Annotated[str | None, typer.Option(help="Address to bind [default: 127.0.0.1]")] = None,
    port: Annotated[int | None, typer.Option(help="Port [default: 8000]")] = None,
    workers: Annotated[int | None, typer.Option(help="Worker processes [default: 1]")] = None,
    no_migrate: Annotated[bool, typer.Option("--no-migrate", help="Skip migrations")] = False,
) -> None:
    """Apply pending migrations, then serve the API."""
    import uvicorn

    from brigade.db.migrate import upgrade

    settings = _settings(host=host, port=port, workers=workers)
    if not no_migrate:
        upgrade(settings.database_url)
    typer.echo(
        f"Brigade on http://{settings.host}:{settings.port} "
        f"({_redacted(settings.database_url)}, {settings.workers} worker(s))"
    )
    uvicorn.run(
        "brigade.app:create_app",
        factory=True,
        host=settings.host,
        port=settings.port,
        workers=settings.workers,
        loop="uvloop",
        http="httptools",
        log_level=settings.log_level,
        timeout_graceful_shutdown=30,
    )


@cli.command("demo-data")
def demo_data() -> None:
    """Load a believable demo menu (nested categories, products, modifiers)."""
    from brigade.demo import load_demo_menu

    settings = Settings()
    summary = asyncio.run(load_demo_menu(settings))
    typer.echo(summary)


def _redacted(database_url: str) -> str:
    from sqlalchemy.engine import make_url

    return make_url(database_url).render_as_string(hide_password=True)


def main() -> None:
    cli()
