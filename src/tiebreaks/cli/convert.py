"""``tiebreaks convert``: a tournament in any format we write (TRF26, our JSON, Chess-JSON) or
its standings (CSV, HTML, PDF, text)."""

from __future__ import annotations

from pathlib import Path

import click

from ..errors import Diagnostic, UsageError
from ..formats import CONVERT_FORMATS, EXTENSIONS
from ..formats.files import check_outputs
from ..formats.writing import STANDINGS_CHOICES, STANDINGS_NONE, write_data
from .common import OPTIONS, guarded, say
from .options import RULES_HELP, emit, read, standings_for, tournament_options


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
@click.option(
    "--standings",
    "standings_kept",
    type=click.Choice(STANDINGS_CHOICES),
    default=STANDINGS_NONE,
    show_default=True,
    help="TRF, JSON, Chess-JSON: our computed ranks and values: 'none' (the file states only"
    " what the input stated), 'ours' (our JSON keeps them apart, marked computed; TRF and"
    " Chess-JSON have no such place and leave them out), 'published' (written as the file's"
    " own ranks, e.g. for a rating report; a later check then compares us with ourselves).",
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
    standings_kept: str,
    ratings_file: str | None,
    rating_order: str | None,
    **options: int | str | None,
) -> None:
    """Convert SOURCE (any format we read) to TARGET: TRF26 (with the 202/212 lists), our
    JSON, FIDE Chess-JSON, or the standings as CSV, HTML, PDF, text. A tournament format
    states the ranks and values the input stated; ours only with --standings.
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
            tournament,
            result,
            chosen,
            lang,
            shorten_names=shorten_names,
            changes=changes,
            standings=standings_kept,
        )
        for change in changes:
            say(f"warning: {change.worded(OPTIONS)}")
        return content

    emit(guarded(run), written)
