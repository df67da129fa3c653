"""``tiebreaks serve``: the web page and HTTP API (FastAPI and uvicorn are imported only when
the command runs, so ``tiebreaks --help`` stays fast)."""

from __future__ import annotations

import gc

import click

from .types import byte_size


@click.command()
@click.option("--host", default="127.0.0.1", show_default=True, help="Address to listen on.")
@click.option("--port", default=8000, show_default=True, type=click.IntRange(0, 65535))
@click.option(
    "--max-upload",
    callback=byte_size,
    default="4M",
    show_default=True,
    help="Largest tournament file accepted (e.g. 500k, 4M).",
)
@click.option(
    "--time-limit",
    type=click.FloatRange(min=0.1),
    default=20.0,
    show_default=True,
    help="Longest computation of one request, in seconds.",
)
def serve(host: str, port: int, max_upload: int, time_limit: float) -> None:
    """Serve the web page and the HTTP API (needs the web extra: pip install '.[web]')."""
    try:
        import uvicorn  # noqa: PLC0415 (optional: web)

        from ..web import create_app  # noqa: PLC0415 (optional: web)
    except ImportError as error:
        raise click.ClickException(
            f"the web server needs the 'web' extra ({error.name} is missing): "
            "pip install '.[web]' from the checkout (or 'tiebreaks[web]')"
        ) from None
    app = create_app(max_upload_bytes=max_upload, time_limit_seconds=time_limit)
    click.echo(f"tiebreaks: serving on http://{host}:{port}/ (Ctrl-C stops)", err=True)
    gc.enable()  # `tiebreaks` turns the collector off for one-shot commands; a server lives on
    uvicorn.run(app, host=host, port=port, log_level="warning")
