"""The ``warbench serve`` command: the web table on uvicorn."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer


def serve_command(
    host: Annotated[str, typer.Option(help="Address to listen on.")] = "127.0.0.1",
    port: Annotated[int, typer.Option(min=0, max=65535, help="Port to listen on.")] = 8000,
    db: Annotated[
        Path, typer.Option(help="SQLite file keeping every game (created on first run).")
    ] = Path("warbench-games.sqlite"),
    data: Annotated[
        list[str] | None,
        typer.Option(
            "--data",
            metavar="RULESET=FOLDER",
            help="Play RULESET with your own data folder (its files replace the shipped"
            " files of the same name; a NAME.changes.toml says only what differs) in new"
            " games, and show games and replays played with it. Once per ruleset.",
        ),
    ] = None,
) -> None:
    """Serve the web table: a lobby to start games, a table per seat, replays."""
    import uvicorn

    from warbench.server.app import create_app
    from warbench.server.rulebook import Rulebook, parse_data_options

    rulebook = Rulebook(parse_data_options(data or []))  # a bad folder: refused before --db
    if db.exists() and not db.is_file():
        raise typer.BadParameter(f"{db} is not a file", param_hint="--db")
    if not db.parent.exists():
        raise typer.BadParameter(f"folder {db.parent} does not exist", param_hint="--db")
    app = create_app(db, rulebook)  # a file that is no store of games is refused here, untouched
    typer.echo(f"Warbench table on http://{host}:{port}/ (games kept in {db})")
    for rules in rulebook.served():
        typer.echo(f"{rules.id} plays the data folder {rules.data_dir} (digest"
                   f" {rules.data_digest})")
    uvicorn.run(app, host=host, port=port, log_level="info", ws_max_size=1 << 20)


def register(app: typer.Typer) -> None:
    """Add ``serve`` to the ``warbench`` command."""
    app.command("serve")(serve_command)
