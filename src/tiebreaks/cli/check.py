"""``tiebreaks check`` (published values against ours), ``team`` (one team's matches) and
``list`` (the catalogue)."""

from __future__ import annotations

import sys
from collections.abc import Sequence

import click

from ..errors import UsageError
from ..formats.reading import read_tournament
from ..model.team_matches import team_tournament
from ..render import catalogue as catalogue_text
from ..render.check import check_json, check_text
from ..render.i18n import check_language
from ..render.team import team_text
from ..services.check import (
    CheckReport,
    ColumnReadings,
    check_published,
    infer_columns,
    infer_variants,
    publishes_numbers,
    publishes_values,
)
from ..services.check_rounds import RoundCheck, check_rounds, publishes_ranks
from ..services.explain import find_participant
from ..standings import compute_standings
from .common import EXIT_DIFFERENT, EXIT_NOTHING_TO_COMPARE, guarded
from .options import LOTS_OPTION, RULES_HELP, read, standings_options, tournament_options
from .progress import progress
from .types import MAX_INPUT_OPTION


@click.command()
@click.argument("file")
@click.argument("more_files", nargs=-1, metavar="[FILE]...")
@click.option("--tiebreaks", "-t", "tiebreak_list", help="List (default: the file's own).")
@click.option("--rules", "-r", help=RULES_HELP)
@click.option("--infer", is_flag=True, help="Search the regimes and variants that fit.")
@click.option(
    "--format", "-f", "output_format", type=click.Choice(["text", "json"]), default="text"
)
@click.option("--lang", default="en", help="Language of the places checked: en de it fr es.")
@LOTS_OPTION
@tournament_options
def check(
    file: str,
    more_files: tuple[str, ...],
    tiebreak_list: str | None,
    rules: str | None,
    infer: bool,
    output_format: str,
    lang: str,
    ratings_file: str | None,
    rating_order: str | None,
    **options: int | str | None,
) -> None:
    """Compare the ranks (and tie-break values, where the file carries them) that FILE
    publishes with the standings computed here; exit code 3 when they differ, 4 when the file
    publishes nothing to compare. Each published place that does not follow the list is
    named with the criterion that decides (round by round when several FILEs are given, e.g.
    the TRF written after each round; values and --infer: the last FILE). With --infer, list
    the plausible, distinct regimes and modifier variants that reproduce the published
    numbers. The arbiter's and the ratings' options (--exclude, --manual, --order, --lots,
    --unrated-rating, --ratings-by-round, --after-round ...) apply as in `tiebreaks standings`."""

    def run() -> tuple[str, int]:
        check_language(lang)
        if more_files and options.get("after_round") is not None:
            raise UsageError(
                "--after-round applies to one FILE: with several FILEs each is checked after"
                " its own last round; give one FILE, or leave --after-round out"
            )
        snapshots = [(name, read(name, ratings_file, rating_order, options)) for name in files]
        tournament = snapshots[-1][1]
        chosen = standings_options(tournament, options)
        tiebreaks = tiebreak_list or None
        report = check_published(tournament, tiebreaks, rules, options=chosen)
        published = [(name, t) for name, t in snapshots if publishes_ranks(t)]
        rounds = check_rounds(published, tiebreaks, rules, chosen, report.standings)
        variants = columns = None
        if infer and publishes_numbers(tournament):
            with progress("trying readings", None) as advance:
                told = lambda done, total: advance(1, total=total)  # noqa: E731
                if publishes_values(tournament):
                    columns = infer_columns(tournament, told, chosen)
                else:
                    variants = infer_variants(tournament, tiebreaks, told, chosen)
        code = _exit_code(report, rounds, columns)
        if output_format == "json":
            return check_json(report, variants, columns, rounds), code
        return check_text(report, variants, columns, rounds, lang), code

    files = (file, *more_files)

    text, code = guarded(run)
    click.echo(text, nl=False)
    if code:
        sys.exit(code)


def _exit_code(
    report: CheckReport,
    rounds: Sequence[RoundCheck] = (),
    columns: Sequence[ColumnReadings] | None = None,
) -> int:
    """0 when everything compared agrees, 3 when something differs (a value, a rank, a place
    that does not follow the list in any round), 4 when nothing could be compared (no
    published rank or value, or only values of tie-breaks not in the list). When the list
    compared nothing but --infer compared the published columns: 0 when a reading gives
    every value of each column, 3 when some value no reading gives."""
    if report.nothing_compared and not any(check.ranks_compared for check in rounds):
        if columns:
            return 0 if all(column.readings for column in columns) else EXIT_DIFFERENT
        return EXIT_NOTHING_TO_COMPARE
    agrees = report.agrees and all(check.agrees for check in rounds)
    return 0 if agrees else EXIT_DIFFERENT


@click.command(name="team")
@click.argument("file")
@click.argument("team", metavar="TEAM")
@MAX_INPUT_OPTION
def team_view(file: str, team: str, max_input: int) -> None:
    """Every match of TEAM in a team tournament, with the board results (TEAM: its number or
    its name, or a unique part of it, as `tiebreaks explain` takes a participant)."""

    def run() -> str:
        tournament = read_tournament(file, max_input_bytes=max_input)
        if tournament.team_records is None:
            raise UsageError(f"{file} is not a team tournament (no 013 or 310 team records)")
        teams = team_tournament(tournament)
        # the teams are the participants of the standings: found as explain finds one
        found = find_participant(compute_standings(tournament, ["MP"]), team)
        return team_text(teams, found.player.start_number)

    click.echo(guarded(run), nl=False)


@click.command(name="list")
@click.argument("name", required=False)
def list_tiebreaks(name: str | None) -> None:
    """List the catalogue (code, name, article, type, modifiers, regimes, other names), or
    everything about one tie-break NAME (a code or any name it is known by)."""
    click.echo(guarded(lambda: catalogue_text.details(name) if name else catalogue_text.table()))
