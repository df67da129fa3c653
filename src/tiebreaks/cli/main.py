"""Command line: ``tiebreaks standings``, ``explain``, ``why``, ``compare`` and ``list`` (a thin
adapter over the API).

Exit codes: 0 success; 1 the input file is malformed or cannot be read, or a value cannot be
written in the output format; 2 bad usage (unknown option, tie-break or rules edition, bad
value); 70 internal error (a bug: please report it).
"""

from __future__ import annotations

import os
import sys
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING

import click

from ..formats import CONVERT_FORMATS, EXTENSIONS, READ_FORMATS
from ..formats.files import MAX_INPUT_BYTES, check_outputs, write_output
from ..render import STANDINGS_FORMATS
from .common import EXIT_DIFFERENT, EXIT_INPUT, EXIT_INTERNAL, OPTIONS, guarded, say
from .types import MAX_INPUT_OPTION

if TYPE_CHECKING:
    from ..errors import Diagnostic, Location
    from ..model import Tournament
    from ..standings import Standings


@click.group(context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(package_name="tiebreaks")
def main() -> None:
    """Chess tournament standings with every FIDE tie-break, computed exactly."""


RULES_HELP = (
    "Rules regime: fide-2026, fide-2024, fide-2009, unadjusted, unplayed-draw or uscf "
    "(default: the FIDE edition in force at the start date)."
)


def _tournament_options(command: Callable[..., None]) -> Callable[..., None]:
    """Options shared by the commands that read a tournament and compute standings."""
    options = [
        click.option("--after-round", "-n", type=click.IntRange(min=0), help="After round N."),
        click.option(
            "--unrated-rating", type=click.IntRange(min=0), help="Rating for unrated players."
        ),
        click.option(
            "--system",
            type=click.Choice(["swiss", "round-robin"]),
            help="Override the detected pairing system.",
        ),
        click.option(
            "--from",
            "input_format",
            type=click.Choice(READ_FORMATS),
            help="Input format (default: told from the content).",
        ),
        click.option(
            "--strict",
            is_flag=True,
            help="Treat the input's warnings (anomalies found while reading) as errors.",
        ),
        click.option("--ratings", "ratings_file", help="CSV of other rating lists (e.g. DWZ)."),
        MAX_INPUT_OPTION,
        click.option(
            "--primary",
            type=click.Choice(["MP", "GP"], case_sensitive=False),
            help="Team tournaments: the score that ranks first (default: the file's 192 code).",
        ),
        click.option(
            "--rating-order",
            help="Rating lists to use, first available wins, e.g. FIDE,DWZ or NATIONAL,FIDE "
            "(default: the file's TRF26 172 method, else FIDE; then the columns of --ratings).",
        ),
    ]
    for option in reversed(options):
        command = option(command)
    return command


def _read(
    file: str,
    ratings_file: str | None,
    rating_order: str | None,
    options: dict[str, int | str | None] | None = None,
) -> Tournament:
    """The tournament of ``file`` with the rating order applied (the file is not changed)."""
    from ..formats.readers.ratings_csv import read_rating_table
    from ..formats.reading import read_tournament
    from ..model.rating_lists import apply_rating_order, file_rating_order

    options = options or {}
    input_format, limit = options.get("input_format"), _max_input(options)
    tournament = read_tournament(
        file, str(input_format) if input_format else None, max_input_bytes=limit
    )
    if options.get("strict"):
        _refuse_anomalies(tournament)
    if ratings_file is None and rating_order is None:
        return tournament
    table = read_rating_table(ratings_file, limit) if ratings_file else None
    if rating_order:
        order = [name for name in rating_order.split(",") if name.strip()]
    else:
        order = [*(file_rating_order(tournament) or ("FIDE",)), *(table.lists if table else ())]
    return apply_rating_order(tournament, order, table)


def _max_input(options: dict[str, int | str | None]) -> int:
    """The ``--max-input`` limit in bytes (the library's default when not given)."""
    limit = options.get("max_input")
    return limit if isinstance(limit, int) else MAX_INPUT_BYTES


def _refuse_anomalies(tournament: Tournament) -> None:
    """``--strict``: every warning of the input (docs/input-checks.md) is an error; the first
    one in the input (line, column; the reader's order) is reported, with how many follow."""
    from ..errors import InputError, Location

    anomalies = tournament.warnings
    if not anomalies:
        return
    first = min(anomalies, key=lambda warning: _position(warning.location))
    location = first.location or Location(tournament.source)
    more = f" (and {len(anomalies) - 1} more)" if len(anomalies) > 1 else ""
    raise InputError(location, first.message, f"no anomaly (--strict){more}")


def _position(location: Location | None) -> tuple[int, int]:
    """Where a warning is, for ordering (warnings without a line first)."""
    return (location.line, location.column) if location is not None else (0, 0)


def _standings_for(
    tournament: Tournament,
    tiebreak_list: str | None,
    rules: str | None,
    options: dict[str, int | str | None],
) -> Standings:
    from ..model import PairingSystem
    from ..standings import compute_standings

    system = options.get("system")
    after_round, unrated = options.get("after_round"), options.get("unrated_rating")
    return compute_standings(
        tournament,
        tiebreak_list or None,
        rules,
        after_round=int(after_round) if after_round is not None else None,
        unrated_rating=int(unrated) if unrated is not None else None,
        pairing_system=PairingSystem(system) if isinstance(system, str) else None,
        lots_seed=_int_or_none(options.get("lots_seed")),
        primary=str(options["primary"]) if options.get("primary") else None,
    )


def _int_or_none(value: int | str | None) -> int | None:
    return None if value is None else int(value)


@main.command()
@click.argument("file")
@click.option("--tiebreaks", "-t", "tiebreak_list", help="Ordered list, e.g. PTS,BH/C1,BH,SB.")
@click.option("--rules", "-r", help=RULES_HELP)
@click.option(
    "--format", "-f", "output_format", type=click.Choice(STANDINGS_FORMATS), default="text"
)
@click.option("--lang", default="en", help="Language of text, HTML and PDF: en de it fr es.")
@click.option("--output", "-o", help="Write to this file (atomically) instead of the screen.")
@click.option("--lots", "lots_seed", type=int, help="Break remaining ties by lot with this seed.")
@_tournament_options
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
        tournament = _read(file, ratings_file, rating_order, options)
        result = _standings_for(tournament, tiebreak_list, rules, options)
        if output_format != "json":
            for warning in result.warnings:
                say(f"warning: {warning.worded(OPTIONS)}")
        if output_format == "csv":
            click.echo(f"rules: {result.rules} ({result.rules_reason})", err=True)
        _KEPT[:] = [tournament, result]  # freed by the exit, not one object at a time
        from ..render.standings import render_standings

        return render_standings(result, output_format, lang)

    _emit(guarded(run), output)
    _LEAVE_AT_ONCE.append(True)  # everything is written: see run()


def _emit(content: str | bytes, output: str | None) -> None:
    """Print ``content``, or write it to ``output``: atomically over a regular file, straight
    through to a device or a pipe (checked by :func:`check_outputs` before)."""
    if output is None:
        if isinstance(content, bytes):
            sys.stdout.buffer.write(content)
            sys.stdout.buffer.flush()
        else:
            click.echo(content, nl=False)
        return
    guarded(lambda: write_output(output, content))


@main.command()
@click.argument("file")
@click.option("--rules", "-r", "rules", multiple=True, help="A regime; give it twice to compare.")
@click.option(
    "--tiebreaks", "-t", "tiebreak_lists", multiple=True, help="A list; give two to compare."
)
@click.option(
    "--format", "-f", "output_format", type=click.Choice(["text", "json"]), default="text"
)
@_tournament_options
def compare(
    file: str,
    rules: tuple[str, ...],
    tiebreak_lists: tuple[str, ...],
    output_format: str,
    ratings_file: str | None,
    rating_order: str | None,
    **options: int | str | None,
) -> None:
    """Standings of FILE under two rules regimes (--rules A --rules B) or two tie-break lists
    (-t LIST1 -t LIST2) side by side: who changes place and the first tie-break that decides
    differently."""
    from .. import render
    from ..services.compare import compare_standings

    def run() -> str:
        sides = _sides(rules, tiebreak_lists)
        tournament = _read(file, ratings_file, rating_order, options)
        a, b = (_standings_for(tournament, tbs, regime, options) for regime, tbs in sides)
        comparison = compare_standings(a, b)
        if output_format == "json":
            return render.comparison_json(comparison)
        for warning in dict.fromkeys(w.worded(OPTIONS) for w in (*a.warnings, *b.warnings)):
            say(f"warning: {warning}")
        return render.comparison_text(comparison)

    click.echo(guarded(run), nl=False)


@main.command()
@click.argument("file")
@click.argument("participant")
@click.option("--tiebreaks", "-t", "tiebreak_list", help="Ordered list, e.g. PTS,BH/C1,BH,SB.")
@click.option("--rules", "-r", help=RULES_HELP)
@click.option("--only", help="Explain only this column of the list, e.g. SB or BH/C1.")
@click.option(
    "--format", "-f", "output_format", type=click.Choice(["text", "json"]), default="text"
)
@click.option("--lang", default="en", help="Language of the explanations: en de it fr es.")
@_tournament_options
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
    from ..render.explain import placing_json, placing_text
    from ..services.explain import explain as explain_placing

    def run() -> str:
        tournament = _read(file, ratings_file, rating_order, options)
        result = _standings_for(tournament, tiebreak_list, rules, options)
        placing = explain_placing(result, participant, (only,) if only else ())
        if output_format == "json":
            return placing_json(result, placing, lang)
        return placing_text(result, placing, lang)

    click.echo(guarded(run), nl=False)


@main.command()
@click.argument("file")
@click.argument("first")
@click.argument("second")
@click.option("--tiebreaks", "-t", "tiebreak_list", help="Ordered list, e.g. PTS,BH/C1,BH,SB.")
@click.option("--rules", "-r", help=RULES_HELP)
@click.option(
    "--format", "-f", "output_format", type=click.Choice(["text", "json"]), default="text"
)
@click.option("--lang", default="en", help="Language of the explanations: en de it fr es.")
@_tournament_options
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
    from ..render.explain import why_json, why_text
    from ..services.explain import why as compare_two

    def run() -> str:
        tournament = _read(file, ratings_file, rating_order, options)
        result = _standings_for(tournament, tiebreak_list, rules, options)
        outcome = compare_two(result, first, second)
        if output_format == "json":
            return why_json(result, outcome, lang)
        return why_text(result, outcome, lang)

    click.echo(guarded(run), nl=False)


@main.command()
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
@_tournament_options
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
        from ..errors import UsageError

        chosen = output_format or EXTENSIONS.get(Path(target).suffix.lower())
        if chosen is None:
            raise UsageError(f"cannot tell the output format from {target!r}; use --to")
        tournament = _read(source, ratings_file, rating_order, options)
        result = _standings_for(tournament, tiebreak_list, rules, options)
        changes: list[Diagnostic] = []
        from ..formats.writing import write_data

        content = write_data(
            tournament, result, chosen, lang, shorten_names=shorten_names, changes=changes
        )
        for change in changes:
            say(f"warning: {change.worded(OPTIONS)}")
        return content

    _emit(guarded(run), written)


@main.command()
@click.argument("file")
@click.option("--tiebreaks", "-t", "tiebreak_list", help="List (default: the file's own).")
@click.option("--rules", "-r", help=RULES_HELP)
@click.option("--infer", is_flag=True, help="Search the regimes and variants that fit.")
@click.option(
    "--format", "-f", "output_format", type=click.Choice(["text", "json"]), default="text"
)
@_tournament_options
def check(
    file: str,
    tiebreak_list: str | None,
    rules: str | None,
    infer: bool,
    output_format: str,
    ratings_file: str | None,
    rating_order: str | None,
    **options: int | str | None,
) -> None:
    """Compare the ranks (and tie-break values, where the file carries them) that FILE
    publishes with the standings computed here; exit code 3 when they differ. With --infer,
    list every regime and modifier variant that reproduces the published numbers."""
    from ..render.check import check_json, check_text
    from ..services.check import check_published, infer_variants

    def run() -> tuple[str, bool]:
        tournament = _read(file, ratings_file, rating_order, options)
        report = check_published(tournament, tiebreak_list or None, rules)
        variants = infer_variants(tournament, tiebreak_list or None) if infer else None
        render = check_json if output_format == "json" else check_text
        return render(report, variants), report.agrees

    text, agrees = guarded(run)
    click.echo(text, nl=False)
    if not agrees:
        sys.exit(EXIT_DIFFERENT)


@main.command(name="team")
@click.argument("file")
@click.argument("team_number", metavar="TEAM", type=int)
@MAX_INPUT_OPTION
def team_view(file: str, team_number: int, max_input: int) -> None:
    """Every match of TEAM (its number) in a team tournament, with the board results."""
    from ..model.team_matches import team_tournament
    from ..render.team import team_text

    def run() -> str:
        from ..errors import UsageError
        from ..formats.reading import read_tournament

        tournament = read_tournament(file, max_input_bytes=max_input)
        if tournament.team_records is None:
            raise UsageError(f"{file} is not a team tournament (no 013 or 310 team records)")
        teams = team_tournament(tournament)
        try:
            return team_text(teams, team_number)
        except KeyError:
            known = ", ".join(str(team.number) for team in teams.teams)
            raise UsageError(f"no team {team_number}; the teams are {known}") from None

    click.echo(guarded(run), nl=False)


def _sides(rules: tuple[str, ...], lists: tuple[str, ...]) -> list[tuple[str | None, str | None]]:
    """The (regime, list) of A and B: two regimes, two lists, or two of each in pairs."""
    from ..errors import UsageError

    if len(rules) > 2 or len(lists) > 2 or max(len(rules), len(lists)) < 2:
        raise UsageError(
            "compare needs two sides: --rules A --rules B, or -t LIST1 -t LIST2 (or both)"
        )
    regimes = list(rules) if len(rules) == 2 else [rules[0] if rules else None] * 2
    tiebreaks = list(lists) if len(lists) == 2 else [lists[0] if lists else None] * 2
    return list(zip(regimes, tiebreaks, strict=True))


@main.command(name="list")
@click.argument("name", required=False)
def list_tiebreaks(name: str | None) -> None:
    """List the catalogue (code, name, article, type, modifiers, regimes, other names), or
    everything about one tie-break NAME (a code or any name it is known by)."""
    from ..render import catalogue as catalogue_text

    click.echo(guarded(lambda: catalogue_text.details(name) if name else catalogue_text.table()))


#: set by a command whose output is complete and that has nothing left to close
_LEAVE_AT_ONCE: list[bool] = []
#: the last standings command's tournament and standings (see run(): a big run's objects
#: are left to the exit instead of being freed one by one before it)
_KEPT: list[object] = []


def run() -> None:
    """Entry point that never shows a traceback."""
    import gc

    gc.disable()  # a short-lived process building large acyclic structures: see api.py
    _keep_freed_memory()
    try:
        main(standalone_mode=True)
    except SystemExit as leaving:
        if _LEAVE_AT_ONCE and leaving.code in (0, None):
            _leave(0)
        raise
    except BrokenPipeError:  # the reader of our output went away (e.g. `| head`)
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
        sys.exit(EXIT_INPUT)
    except KeyboardInterrupt:
        sys.exit(130)
    except Exception as error:
        say(f"internal error: {type(error).__name__}: {error}")
        click.echo("This is a bug in tiebreaks; please report it with the input file.", err=True)
        sys.exit(EXIT_INTERNAL)


def _keep_freed_memory() -> None:
    """With glibc, keep freed memory for reuse instead of handing it back to the system at
    once: the columnar path allocates and frees many arrays of megabytes, and each one taken
    again from the system costs a page fault per 4 KiB (a third of a second of system time on
    100,000 players). A short-lived process only; elsewhere nothing is changed."""
    if not sys.platform.startswith("linux"):
        return
    import ctypes

    try:
        libc = ctypes.CDLL("libc.so.6")
        libc.mallopt(_M_TRIM_THRESHOLD, 1 << 30)
        libc.mallopt(_M_MMAP_THRESHOLD, 1 << 30)
    except (OSError, AttributeError):  # not glibc
        return


_M_TRIM_THRESHOLD = -1  # glibc malloc.h
_M_MMAP_THRESHOLD = -3


def _leave(code: int) -> None:
    """Exit without the interpreter's teardown, which frees every object one by one (half a
    second after the standings of 100,000 players); the operating system takes the memory
    back at once. Only after a command that wrote all its output and holds nothing open."""
    try:
        sys.stdout.flush()
        sys.stderr.flush()
    except BrokenPipeError:
        code = EXIT_INPUT
    os._exit(code)


from .batch import batch  # noqa: E402

main.add_command(batch)

from .serve import serve  # noqa: E402

main.add_command(serve)
