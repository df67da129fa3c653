"""What the commands that read a tournament share: their options, reading the file (with the
rating order and ``--strict``), computing the standings and writing the output."""

from __future__ import annotations

import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

import click

from ..errors import Diagnostic, InputError, Location, ParameterError, UsageError
from ..formats import READ_FORMATS
from ..formats.files import MAX_INPUT_BYTES, write_output
from ..formats.reading import read_tournament
from ..lazy import load
from ..model import PairingSystem, Tournament
from ..model.rating_lists import apply_rating_order, apply_round_ratings, file_rating_order
from ..render.i18n import warning_text
from ..standings import Options, Standings, compute_standings_with
from .common import OPTIONS, guarded, say
from .types import MAX_INPUT_OPTION

#: the reader of ``--ratings``, loaded when the option is given
RATING_TABLE = "..formats.readers.ratings_csv:read_rating_table"
#: the reader of ``--manual``, loaded when the option is given
MANUAL_VALUES = "..formats.readers.manual_csv:read_manual_values"

RULES_HELP = (
    "Rules regime: fide-2026, fide-2024, fide-2009, unadjusted, unplayed-draw or uscf "
    "(default: the FIDE edition in force at the start date)."
)


#: ``--lots [SEED]`` (standings, check)
LOTS_OPTION = click.option(
    "--lots",
    is_flag=False,
    flag_value="tournament",
    default=None,
    metavar="[SEED]",
    help="Break the ties left after the last tie-break by a repeatable drawing of lots: with"
    " SEED, or without (after FILE) with a seed drawn from the tournament's results.",
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
        click.option(
            "--ratings",
            "ratings_file",
            help="CSV of other rating lists (e.g. DWZ), or of ratings per round"
            " (start_number;round;rating) for events longer than 30 days.",
        ),
        click.option(
            "--ratings-by-round",
            is_flag=True,
            default=None,
            help="Rating tie-breaks: use each opponent's rating in force in the round played"
            " (events with several ratings per player; default: the first rating, C.07 Art. 10).",
        ),
        MAX_INPUT_OPTION,
        click.option(
            "--primary",
            type=click.Choice(["MP", "GP"], case_sensitive=False),
            help="Team tournaments: the score that ranks first (default: the file's 192 code).",
        ),
        click.option(
            "--exclude",
            metavar="N[,N]",
            help="Leave these start numbers out of the ranking as withdrawn (listed apart;"
            " their games still count for their opponents).",
        ),
        click.option(
            "--expelled",
            metavar="N[,N]",
            help="Leave these start numbers out of the ranking as expelled (listed apart;"
            " their games still count for their opponents).",
        ),
        click.option(
            "--exclude-withdrawn",
            is_flag=True,
            default=None,
            help="Leave out every participant the file shows withdrawn (absent from some"
            " round to the last).",
        ),
        click.option(
            "--manual",
            "manual_file",
            metavar="FILE.csv",
            help="Values of the MAN tie-break given by the arbiter: CSV rows of start number"
            " (or name) and value.",
        ),
        click.option(
            "--order",
            "manual_order",
            metavar="N[,N]",
            help="The arbiter's order of participants still tied after the whole list"
            " (start numbers, or a file of them; each tied group whole).",
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
    if table is not None and table.round_entries:  # ratings per round (events over 30 days)
        tournament = apply_round_ratings(tournament, table)
        if rating_order is None:
            return tournament
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
    """The standings of ``tournament`` with the command's options."""
    chosen = standings_options(tournament, options)
    return compute_standings_with(tournament, tiebreak_list or None, rules, chosen)


def standings_options(tournament: Tournament, options: dict[str, int | str | None]) -> Options:
    """The options of the standings (after round, unrated players, ratings by round, the
    arbiter's decisions, lots, the program profile) as one :class:`~tiebreaks.standings.Options`,
    for every command that computes standings (``standings``, ``check``)."""
    system = options.get("system")
    after_round, unrated = options.get("after_round"), options.get("unrated_rating")
    arbiter = arbiter_options(tournament, options)
    return Options(
        after_round=int(after_round) if after_round is not None else None,
        unrated_rating=int(unrated) if unrated is not None else None,
        pairing_system=PairingSystem(system) if isinstance(system, str) else None,
        lots=_lots(options.get("lots")),
        primary=str(options["primary"]) if options.get("primary") else None,
        unrated_excluded=bool(options.get("unrated_excluded")),
        excluded=arbiter["excluded"],
        exclude_withdrawn=arbiter["exclude_withdrawn"],
        manual_values=arbiter["manual_values"],
        manual_order=tuple(arbiter["manual_order"]),
        rating_by_round=bool(options.get("ratings_by_round")),
        like=str(options["like"]).lower() if options.get("like") else None,
    )


def arbiter_options(tournament: Tournament, options: dict[str, int | str | None]) -> dict[str, Any]:
    """The arbiter's decisions given as options (``--exclude``, ``--expelled``,
    ``--exclude-withdrawn``, ``--manual``, ``--order``) as the library's parameters."""
    excluded = {number: "withdrawn" for number in _numbers("excluded", options.get("exclude"))}
    for number in _numbers("excluded", options.get("expelled")):
        excluded[number] = "expelled"
    manual_file = options.get("manual_file")
    manual = None
    if manual_file:
        reader = load(MANUAL_VALUES, __package__)
        manual = reader(str(manual_file), tournament, _max_input(options))
    return {
        "excluded": excluded or None,
        "exclude_withdrawn": bool(options.get("exclude_withdrawn")),
        "manual_values": manual,
        "manual_order": _order(options.get("manual_order"), _max_input(options)),
    }


def _order(text: int | str | None, limit: int) -> list[int]:
    """``--order 12,7,3``, or ``--order FILE`` (start numbers, best first)."""
    numbers = isinstance(text, str) and text.replace(",", "").strip().isdigit()
    if isinstance(text, str) and text and not numbers and Path(text).is_file():
        reader = load("..formats.readers.manual_csv:read_order", __package__)
        order: list[int] = reader(text, limit)
        return order
    return _numbers("manual_order", text)


def _numbers(parameter: str, text: int | str | None) -> list[int]:
    """Start numbers written as ``12,7,3`` (UsageError for anything else)."""
    if text is None or text == "":
        return []
    items = [item.strip() for item in str(text).split(",")]
    if not all(item.isascii() and item.isdigit() for item in items):
        raise ParameterError(parameter, text, "is not a list of start numbers such as 12,7,3")
    return [int(item) for item in items]


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


def say_warnings(warnings: tuple[Diagnostic, ...] | list[Diagnostic], lang: str = "en") -> None:
    """Each warning once, on standard error, in ``lang``, naming our options."""
    for warning in dict.fromkeys(warning_text(item, lang, OPTIONS) for item in warnings):
        say(f"warning: {warning}")
