"""``tiebreaks standings`` and ``tiebreaks convert``: the standings of a file, printed or
written in any format we write."""

from __future__ import annotations

from pathlib import Path

import click

from ..errors import Diagnostic, UsageError
from ..formats import CONVERT_FORMATS, EXTENSIONS
from ..formats.files import check_outputs
from ..formats.writing import write_data
from ..render import STANDINGS_FORMATS
from ..render.standings import render_standings
from .common import KEPT, LEAVE_AT_ONCE, OPTIONS, guarded, say
from .options import RULES_HELP, emit, read, standings_for, tournament_options


@click.command()
@click.argument("file")
@click.option("--tiebreaks", "-t", "tiebreak_list", help="Ordered list, e.g. PTS,BH/C1,BH,SB.")
@click.option("--rules", "-r", help=RULES_HELP)
@click.option(
    "--format", "-f", "output_format", type=click.Choice(STANDINGS_FORMATS), default="text"
)
@click.option("--lang", default="en", help="Language of text, HTML and PDF: en de it fr es.")
@click.option("--output", "-o", help="Write to this file (atomically) instead of the screen.")
@click.option("--lots", "lots_seed", type=int, help="Break remaining ties by lot with this seed.")
@tournament_options
def standings(
    file: str,
    tiebreak_list: str | None,
    rules: str | None,
    output_format: str,
    lang: str,
    output: str | None,
    ratings_file: str | None,
    rating_order: str | None,
    **options: int | str | None,
) -> None:
    """Compute and print the standings of FILE (TRF, JSON, Chess-JSON, PGN or a CSV
    crosstable; '-' reads standard input)."""

    guarded(lambda: check_outputs([output], [file, ratings_file]))

    def run() -> str | bytes:
        tournament = read(file, ratings_file, rating_order, options)
        result = standings_for(tournament, tiebreak_list, rules, options)
        if output_format != "json":
            for warning in result.warnings:
                say(f"warning: {warning.worded(OPTIONS)}")
        if output_format == "csv":
            click.echo(f"rules: {result.rules} ({result.rules_reason})", err=True)
        KEPT[:] = [tournament, result]  # freed by the exit, not one object at a time
        return render_standings(result, output_format, lang)

    emit(guarded(run), output)
    LEAVE_AT_ONCE.append(True)  # everything is written: see run()


@click.command()
@click.argument("source")
@click.argument("target")
@click.option("--to", "output_format", type=click.Choice(CONVERT_FORMATS), help="Output format.")
@click.option("--tiebreaks", "-t", "tiebreak_list", help="Tie-break list for the standings.")
@click.option("--rules", "-r", help=RULES_HELP)
@click.option("--lang", default="en", help="Language of HTML, PDF and text: en de it fr es.")
@click.option(
    "--shorten-names",
    is_flag=True,
    help="TRF: cut names wider than their columns (33, teams 32) instead of refusing them; "
    "each cut is listed as a warning.",
)
@tournament_options
def convert(
    source: str,
    target: str,
    output_format: str | None,
    tiebreak_list: str | None,
    rules: str | None,
    lang: str,
    shorten_names: bool,
    ratings_file: str | None,
    rating_order: str | None,
    **options: int | str | None,
) -> None:
    """Convert SOURCE (any format we read) to TARGET: TRF26 (points, ranks and the 202/212
    lists filled in), our JSON, FIDE Chess-JSON, or the standings as CSV, HTML, PDF, text.
    The format comes from TARGET's extension unless --to names it ('-' writes to the screen).
    A value the format cannot hold (a name past TRF's 33 columns, a rating of five digits)
    is an error (exit 1) and nothing is written: the file written reads back to the same
    tournament."""

    written = None if target == "-" else target
    guarded(lambda: check_outputs([written], [source, ratings_file]))

    def run() -> str | bytes:
        chosen = output_format or EXTENSIONS.get(Path(target).suffix.lower())
        if chosen is None:
            raise UsageError(f"cannot tell the output format from {target!r}; use --to")
        tournament = read(source, ratings_file, rating_order, options)
        result = standings_for(tournament, tiebreak_list, rules, options)
        changes: list[Diagnostic] = []
        content = write_data(
            tournament, result, chosen, lang, shorten_names=shorten_names, changes=changes
        )
        for change in changes:
            say(f"warning: {change.worded(OPTIONS)}")
        return content

    emit(guarded(run), written)
