"""Progress on standard error for the long commands (``standings -f html/pdf`` of a big event,
``check --infer``, ``batch``), drawn by rich.

Only on a terminal: when standard error is not one (a pipe, a file, a test), nothing is
drawn and rich is not even imported, so no output that a program reads ever holds a progress
line. ``batch --progress`` forces it on (the final state is then printed once, without
redrawing). Standard output is never touched.
"""

from __future__ import annotations

import sys
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import TYPE_CHECKING, Protocol

if TYPE_CHECKING:
    from rich.progress import Progress


class Advance(Protocol):
    """What a command calls to move its progress on: the steps done since the last call, a
    new description and a new total (None: keep them)."""

    def __call__(
        self, steps: int, description: str | None = None, total: int | None = None
    ) -> None: ...


def _nothing(steps: int, description: str | None = None, total: int | None = None) -> None:
    """The progress of a run that shows none."""


def on_terminal() -> bool:
    """True when standard error is a terminal (the only place progress is drawn)."""
    try:
        return sys.stderr.isatty()
    except (AttributeError, ValueError):  # replaced or closed
        return False


def _progress(transient: bool) -> Progress:
    """A rich progress display on standard error: description, bar, done/total, time."""
    from rich.console import Console  # noqa: PLC0415 (progress on a terminal)
    from rich.progress import (  # noqa: PLC0415 (progress on a terminal)
        BarColumn,
        MofNCompleteColumn,
        Progress,
        TextColumn,
        TimeElapsedColumn,
    )

    return Progress(
        TextColumn("{task.description}"),
        BarColumn(),
        MofNCompleteColumn(),
        TimeElapsedColumn(),
        TextColumn("{task.fields[note]}"),
        console=Console(stderr=True),
        transient=transient,
    )


@contextmanager
def progress(
    description: str, total: int | None, shown: bool | None = None, transient: bool = True
) -> Iterator[Advance]:
    """A progress display of ``total`` steps (None: unknown) while the block runs; yields the
    function that advances it. ``shown``: None draws it only on a terminal; ``transient``:
    the display disappears at the end (else its last state stays)."""
    if not (on_terminal() if shown is None else shown):
        yield _nothing
        return
    display = _progress(transient)
    task = display.add_task(description, total=total, note="")

    def advance(steps: int, description: str | None = None, total: int | None = None) -> None:
        display.update(task, advance=steps, description=description, total=total)

    with display:
        yield advance


@contextmanager
def counted(
    description: str, total: int, shown: bool | None
) -> Iterator[Callable[[int, str], None]]:
    """Like :func:`progress`, with a note after the bar (``batch``: the count of each status
    and the files per second); its last state stays on the screen."""
    if not (on_terminal() if shown is None else shown):
        yield lambda steps, note: None
        return
    display = _progress(transient=False)
    task = display.add_task(description, total=total, note="")
    with display:
        yield lambda steps, note: display.update(task, advance=steps, note=note)
