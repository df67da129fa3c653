"""What every command shares: the exit codes, the names of the library's parameters as the
command line's options, and how an error of the library becomes a message and an exit code."""

from __future__ import annotations

import sys
from collections.abc import Callable
from typing import TypeVar

import click

from ..errors import CATALOGUE, FormatLimitError, InputError, SourceError, TiebreaksError
from ..model.text import shown_text

EXIT_INPUT = 1
EXIT_USAGE = 2
EXIT_DIFFERENT = 3
#: ``check``: the file publishes no rank and no tie-break value, so nothing was compared
EXIT_NOTHING_TO_COMPARE = 4
EXIT_INTERNAL = 70

T = TypeVar("T")

#: set by a command whose output is complete and that has nothing left to close
LEAVE_AT_ONCE: list[bool] = []
#: the last standings command's tournament and standings (a big run's objects are left to the
#: exit instead of being freed one by one before it: see main.run)
KEPT: list[object] = []


def say(message: str) -> None:
    """A message on standard error; names and texts quoted from the input cannot send
    control sequences to the terminal (they are neutralised as in every readable output)."""
    click.echo(shown_text(message), err=True)


#: the library's parameters and the options that give them: the library's errors and warnings
#: name its parameters (``after_round=12 is outside ...``), the command line its options
OPTIONS = {
    "after_round": "--after-round",
    "unrated_rating": "--unrated-rating",
    "pairing_system": "--system",
    "lots_seed": "--lots",
    "lots": "--lots",
    "unrated_excluded": "--unrated-excluded",
    "rating_by_round": "--ratings-by-round",
    "primary": "--primary",
    "excluded": "--exclude/--expelled",
    "manual_values": "--manual",
    "manual_order": "--order",
    "tiebreaks": "--tiebreaks",
    "rules": "--rules",
    "order": "--rating-order",
    "table": "--ratings",
    "max_input_bytes": "--max-input",
    "shorten_names": "--shorten-names",
    CATALOGUE: "run 'tiebreaks list'",
}


def guarded(action: Callable[[], T]) -> T:
    """Run ``action``; turn our errors into a one-line message (naming our options, not the
    library's parameters) and an exit code."""
    try:
        return action()
    except (FormatLimitError, InputError, SourceError) as error:
        say(f"error: {error.worded(OPTIONS)}")
        sys.exit(EXIT_INPUT)
    except TiebreaksError as error:
        say(f"error: {error.worded(OPTIONS)}")
        sys.exit(EXIT_USAGE)
