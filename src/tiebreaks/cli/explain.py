"""``tiebreaks explain``, ``why`` and ``compare``: why a participant has its place, why one is
ahead of another, and two regimes or lists side by side."""

from __future__ import annotations

import click

from .. import render
from ..render.explain import placing_json, placing_text, why_json, why_text
from ..services.compare import compare_standings
from ..services.explain import explain as explain_placing
from ..services.explain import why as compare_two
from .common import guarded
from .options import RULES_HELP, read, say_warnings, sides, standings_for, tournament_options


@click.command()
@click.argument("file")
@click.argument("participant")
@click.option("--tiebreaks", "-t", "tiebreak_list", help="Ordered list, e.g. PTS,BH/C1,BH,SB.")
@click.option("--rules", "-r", help=RULES_HELP)
@click.option("--only", help="Explain only this column of the list, e.g. SB or BH/C1.")
@click.option(
    "--format", "-f", "output_format", type=click.Choice(["text", "json"]), default="text"
)
@click.option("--lang", default="en", help="Language of the explanations: en de it fr es.")
@tournament_options
def explain(
    file: str,
    participant: str,
    tiebreak_list: str | None,
    rules: str | None,
    only: str | None,
    output_format: str,
    lang: str,
    ratings_file: str | None,
    rating_order: str | None,
    **options: int | str | None,
) -> None:
    """Explain PARTICIPANT's place and every value (PARTICIPANT: start number or name)."""

    def run() -> str:
        tournament = read(file, ratings_file, rating_order, options)
        result = standings_for(tournament, tiebreak_list, rules, options)
        placing = explain_placing(result, participant, (only,) if only else ())
        if output_format == "json":
            return placing_json(result, placing, lang)
        return placing_text(result, placing, lang)

    click.echo(guarded(run), nl=False)


@click.command()
@click.argument("file")
@click.argument("first")
@click.argument("second")
@click.option("--tiebreaks", "-t", "tiebreak_list", help="Ordered list, e.g. PTS,BH/C1,BH,SB.")
@click.option("--rules", "-r", help=RULES_HELP)
@click.option(
    "--format", "-f", "output_format", type=click.Choice(["text", "json"]), default="text"
)
@click.option("--lang", default="en", help="Language of the explanations: en de it fr es.")
@tournament_options
def why(
    file: str,
    first: str,
    second: str,
    tiebreak_list: str | None,
    rules: str | None,
    output_format: str,
    lang: str,
    ratings_file: str | None,
    rating_order: str | None,
    **options: int | str | None,
) -> None:
    """Why FIRST is ahead of SECOND (or not): the tie-breaks in order until one separates
    them, and where the deciding one differs (start numbers or names)."""

    def run() -> str:
        tournament = read(file, ratings_file, rating_order, options)
        result = standings_for(tournament, tiebreak_list, rules, options)
        outcome = compare_two(result, first, second)
        if output_format == "json":
            return why_json(result, outcome, lang)
        return why_text(result, outcome, lang)

    click.echo(guarded(run), nl=False)


@click.command()
@click.argument("file")
@click.option("--rules", "-r", "rules", multiple=True, help="A regime; give it twice to compare.")
@click.option(
    "--tiebreaks", "-t", "tiebreak_lists", multiple=True, help="A list; give two to compare."
)
@click.option(
    "--format", "-f", "output_format", type=click.Choice(["text", "json"]), default="text"
)
@click.option("--lang", default="en", help="Language of the table: en de it fr es.")
@tournament_options
def compare(
    file: str,
    rules: tuple[str, ...],
    tiebreak_lists: tuple[str, ...],
    output_format: str,
    lang: str,
    ratings_file: str | None,
    rating_order: str | None,
    **options: int | str | None,
) -> None:
    """Standings of FILE under two rules regimes (--rules A --rules B) or two tie-break lists
    (-t LIST1 -t LIST2) side by side: who changes place and the first tie-break that decides
    differently."""

    def run() -> str:
        both = sides(rules, tiebreak_lists)
        tournament = read(file, ratings_file, rating_order, options)
        a, b = (standings_for(tournament, tbs, regime, options) for regime, tbs in both)
        comparison = compare_standings(a, b)
        if output_format == "json":
            return render.comparison_json(comparison)
        say_warnings([*a.warnings, *b.warnings], lang)
        return render.comparison_text(comparison, lang)

    click.echo(guarded(run), nl=False)
