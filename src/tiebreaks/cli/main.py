"""Command line: a thin adapter over the library. Each command lives in its own module and is
imported only when it runs (``tiebreaks --help`` imports none of them, nor NumPy).

Exit codes: 0 success; 1 the input file is malformed or cannot be read, or a value cannot be
written in the output format; 2 bad usage (unknown option, tie-break or rules edition, bad
value); 3 ``check``: the published values differ; 4 ``check``: the file publishes no rank or
value, nothing was compared; 70 internal error (a bug: please report it).

This is the only place for process tricks: the collector off, ``mallopt``, a fast exit.
"""

from __future__ import annotations

import ctypes
import os
import sys

import click

from .common import EXIT_INPUT, EXIT_INTERNAL, LEAVE_AT_ONCE, say
from .lazy import LazyGroup

#: every command: its module and function, and its one-line help (shown without importing it)
COMMANDS = {
    "standings": ("standings:standings", "Compute and print the standings of FILE."),
    "explain": ("explain:explain", "Explain PARTICIPANT's place and every value."),
    "why": ("explain:why", "Why FIRST is ahead of SECOND (or not)."),
    "compare": ("explain:compare", "Standings under two regimes or two lists, side by side."),
    "convert": ("convert:convert", "Convert SOURCE (any format we read) to TARGET."),
    "check": ("check:check", "Compare the ranks and values FILE publishes with ours."),
    "team": ("check:team_view", "Every match of TEAM in a team tournament."),
    "list": ("check:list_tiebreaks", "List the catalogue, or everything about one tie-break."),
    "batch": ("batch:batch", "The standings (or the check) of many files, in parallel."),
    "serve": ("serve:serve", "Serve the web page and the HTTP API."),
}


@click.group(
    cls=LazyGroup,
    commands_by_name=COMMANDS,
    package=__package__,
    context_settings={"help_option_names": ["-h", "--help"]},
)
@click.version_option(package_name="tiebreaks")
def main() -> None:
    """Chess tournament standings with every FIDE tie-break, computed exactly."""


def run() -> None:
    """Entry point that never shows a traceback (the cycle collector is already off:
    :func:`tiebreaks.__main__.main`)."""
    _keep_freed_memory()
    try:
        main(standalone_mode=True)
    except SystemExit as leaving:
        if LEAVE_AT_ONCE and leaving.code in (0, None):
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
    once: the engine allocates and frees many arrays of megabytes, and each one taken
    again from the system costs a page fault per 4 KiB. A short-lived process only;
    elsewhere nothing is changed."""
    if not sys.platform.startswith("linux"):
        return
    try:
        libc = ctypes.CDLL("libc.so.6")
        libc.mallopt(_M_TRIM_THRESHOLD, 1 << 30)
        libc.mallopt(_M_MMAP_THRESHOLD, 1 << 30)
    except (OSError, AttributeError):  # not glibc
        return


_M_TRIM_THRESHOLD = -1  # glibc malloc.h
_M_MMAP_THRESHOLD = -3


def _leave(code: int) -> None:
    """Exit without the interpreter's teardown, which frees every object one by one; the
    operating system takes the memory back at once. Only after a command that wrote all its
    output and holds nothing open."""
    try:
        sys.stdout.flush()
        sys.stderr.flush()
    except BrokenPipeError:
        code = EXIT_INPUT
    os._exit(code)
