"""``tiebreaks standings``: the standings of a file, printed or written in a readable format."""

from __future__ import annotations

import click

from ..errors import UsageError
from ..formats.files import check_outputs
from ..render import STANDINGS_FORMATS
from ..render.i18n import method_lines, warning_text
from ..render.standings import render_standings
from .common import KEPT, LEAVE_AT_ONCE, OPTIONS, guarded, say
from .options import LOTS_OPTION, RULES_HELP, emit, read, standings_for, tournament_options
from .progress import progress

#: the formats whose writing takes long enough on a big event to show progress (on a terminal)
SLOW = ("html", "pdf")


@click.command()
@click.argument("file")
@click.option("--tiebreaks", "-t", "tiebreak_list", help="Ordered list, e.g. PTS,BH/C1,BH,SB.")
@click.option("--rules", "-r", help=RULES_HELP)
@click.option(
    "--format", "-f", "output_format", type=click.Choice(STANDINGS_FORMATS), default="text"
)
@click.option("--lang", default="en", help="Language of text, HTML and PDF: en de it fr es.")
@click.option("--output", "-o", help="Write to this file (atomically) instead of the screen.")
@click.option(
    "--explanations",
    is_flag=True,
    help="PDF: every value explained after the tables, one block per participant.",
)
@LOTS_OPTION
@tournament_options
def standings(
    file: str,
    tiebreak_list: str | None,
    rules: str | None,
    output_format: str,
    lang: str,
    output: str | None,
    explanations: bool,
    ratings_file: str | None,
    rating_order: str | None,
    **options: int | str | None,
) -> None:
    """Compute and print the standings of FILE (TRF, JSON, Chess-JSON, PGN or a CSV
    crosstable; '-' reads standard input)."""

    guarded(lambda: check_outputs([output], [file, ratings_file]))
    if explanations and output_format != "pdf":
        guarded(_explanations_need_pdf)

    def run() -> str | bytes:
        with progress("reading", 3, shown=None if output_format in SLOW else False) as advance:
            tournament = read(file, ratings_file, rating_order, options)
            advance(1, "computing the standings")
            result = standings_for(tournament, tiebreak_list, rules, options)
            advance(1, f"writing {output_format.upper()}")
            rendered = render_standings(result, output_format, lang, explanations=explanations)
            advance(1)
        if output_format != "json":
            for warning in result.warnings:
                say(f"warning: {warning_text(warning, lang, OPTIONS)}")
        if output_format == "csv":
            click.echo(f"rules: {result.rules} ({result.rules_reason})", err=True)
            for line in method_lines(result, "en"):  # the seed of the lots, unrated players
                click.echo(line, err=True)
        KEPT[:] = [tournament, result]  # freed by the exit, not one object at a time
        return rendered

    emit(guarded(run), output)
    LEAVE_AT_ONCE.append(True)  # everything is written: see run()


def _explanations_need_pdf() -> None:
    raise UsageError(
        "--explanations applies to --format pdf (the HTML page always has the explanations;"
        " 'tiebreaks explain FILE PLAYER' prints them as text)"
    )
