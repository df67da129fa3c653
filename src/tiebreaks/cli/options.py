"""What the commands that read a tournament share: their options, reading the file (with the
rating order and ``--strict``), computing the standings and writing the output."""

from __future__ import annotations

import sys
from collections.abc import Callable

import click

from ..errors import Diagnostic, InputError, Location, ParameterError, UsageError
from ..formats import READ_FORMATS
from ..formats.files import MAX_INPUT_BYTES, write_output
from ..formats.reading import read_tournament
from ..lazy import load
from ..model import PairingSystem, Tournament
from ..model.rating_lists import apply_rating_order, file_rating_order
from ..standings import Standings, compute_standings
from .common import OPTIONS, guarded, say
from .types import MAX_INPUT_OPTION

#: the reader of ``--ratings``, loaded when the option is given
RATING_TABLE = "..formats.readers.ratings_csv:read_rating_table"

RULES_HELP = (
    "Rules regime: fide-2026, fide-2024, fide-2009, unadjusted, unplayed-draw or uscf "
    "(default: the FIDE edition in force at the start date)."
)


def tournament_options(command: Callable[..., None]) -> Callable[..., None]:
    """Options shared by the commands that read a tournament and compute standings."""
    options = [
        click.option("--after-round", "-n", type=click.IntRange(min=0), help="After round N."),
        click.option(
            "--unrated-rating",
            type=click.IntRange(min=0),
            help="Rating tie-breaks: give unrated players this rating (C.07 Art. 10).",
        ),
        click.option(
            "--unrated-excluded",
            is_flag=True,
            default=None,
            help="Rating tie-breaks: leave unrated players out (games against them do not"
            " count; their own RTNG is empty) - the other method of C.07 Art. 10.",
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
            "--like",
            type=click.Choice(["swiss-manager", "vega", "swiss-chess"], case_sensitive=False),
            help="Read as that program publishes: Swiss-Manager's SB and ARO cut, Vega's"
            " order of the ties left (docs/conformance.md); printed in every output.",
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


def read(
    file: str,
    ratings_file: str | None,
    rating_order: str | None,
    options: dict[str, int | str | None] | None = None,
) -> Tournament:
    """The tournament of ``file`` with the rating order applied (the file is not changed)."""
    options = options or {}
    input_format, limit = options.get("input_format"), _max_input(options)
    tournament = read_tournament(
        file, str(input_format) if input_format else None, max_input_bytes=limit
    )
    if options.get("strict"):
        refuse_anomalies(tournament)
    if ratings_file is None and rating_order is None:
        return tournament
    table = load(RATING_TABLE, __package__)(ratings_file, limit) if ratings_file else None
    if rating_order:
        order = [name for name in rating_order.split(",") if name.strip()]
    else:
        order = [*(file_rating_order(tournament) or ("FIDE",)), *(table.lists if table else ())]
    return apply_rating_order(tournament, order, table)


def _max_input(options: dict[str, int | str | None]) -> int:
    """The ``--max-input`` limit in bytes (the library's default when not given)."""
    limit = options.get("max_input")
    return limit if isinstance(limit, int) else MAX_INPUT_BYTES


def refuse_anomalies(tournament: Tournament) -> None:
    """``--strict``: every warning of the input (docs/input-checks.md) is an error; the first
    one in the input (line, column; the reader's order) is reported, with how many follow."""
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


def standings_for(
    tournament: Tournament,
    tiebreak_list: str | None,
    rules: str | None,
    options: dict[str, int | str | None],
) -> Standings:
    system = options.get("system")
    after_round, unrated = options.get("after_round"), options.get("unrated_rating")
    return compute_standings(
        tournament,
        tiebreak_list or None,
        rules,
        after_round=int(after_round) if after_round is not None else None,
        unrated_rating=int(unrated) if unrated is not None else None,
        pairing_system=PairingSystem(system) if isinstance(system, str) else None,
        lots=_lots(options.get("lots")),
        primary=str(options["primary"]) if options.get("primary") else None,
        unrated_excluded=bool(options.get("unrated_excluded")),
        like=str(options["like"]).lower() if options.get("like") else None,
    )


#: ``--lots`` without a seed: drawn with the tournament's own seed
FROM_TOURNAMENT = "tournament"


def _lots(value: int | str | None) -> bool | int:
    """``--lots``: absent (no lots), without a value or ``tournament`` (True: the seed drawn
    from the tournament), or a seed; anything else is refused (exit 2)."""
    if value is None:
        return False
    if value == FROM_TOURNAMENT:
        return True
    try:
        return int(value)
    except ValueError:
        raise ParameterError(
            "lots",
            value,
            "is not a seed: give a whole number, or nothing after --lots (put it after the"
            " file; the seed is then drawn from the tournament)",
        ) from None


def emit(content: str | bytes, output: str | None) -> None:
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


def sides(rules: tuple[str, ...], lists: tuple[str, ...]) -> list[tuple[str | None, str | None]]:
    """The (regime, list) of A and B: two regimes, two lists, or two of each in pairs."""
    if len(rules) > 2 or len(lists) > 2 or max(len(rules), len(lists)) < 2:
        raise UsageError(
            "compare needs two sides: --rules A --rules B, or -t LIST1 -t LIST2 (or both)"
        )
    regimes = list(rules) if len(rules) == 2 else [rules[0] if rules else None] * 2
    tiebreaks = list(lists) if len(lists) == 2 else [lists[0] if lists else None] * 2
    return list(zip(regimes, tiebreaks, strict=True))


def say_warnings(warnings: tuple[Diagnostic, ...] | list[Diagnostic]) -> None:
    """Each warning once, on standard error, naming our options."""
    for warning in dict.fromkeys(item.worded(OPTIONS) for item in warnings):
        say(f"warning: {warning}")
