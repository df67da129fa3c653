"""What every reader must do with any input, checked on one input at a time.

The oracle: a reader either returns a :class:`~tiebreaks.model.Tournament` or raises
:class:`~tiebreaks.errors.InputError` whose location names the file and a line >= 1 (and a
column >= 1 where the format has columns). Anything else (another exception, a hang, a memory
blow-up) is a defect. A tournament that reads must also go through the whole pipeline
(standings with the default tie-break list, text/JSON/CSV/HTML output, conversion to TRF, our
JSON and Chess-JSON) without an unexpected exception, and every output must be writable as
UTF-8: a reader that accepts something the rest of the program cannot handle is as wrong as a
reader that crashes. Each writer (TRF, our JSON, Chess-JSON; with the standings and without)
either refuses the tournament with a :class:`~tiebreaks.errors.FormatLimitError` naming a
participant and a field, or writes a file that its reader reads back to the same tournament
as far as the format holds one (:func:`tiebreaks.formats.round_trip.differences`). Time is
limited in processor seconds (:data:`READER_SECONDS`, :data:`PIPELINE_SECONDS`), so that a
busy machine fails no run.

The targets (one per reader, plus the content-sniffing dispatcher and the rating CSV reader):
:data:`TARGETS`. :func:`check` raises :class:`Defect` (or lets the unexpected exception out)
and returns normally for every acceptable outcome.
"""

from __future__ import annotations

import os
import re
import tempfile
import time
import traceback
from collections.abc import Callable
from dataclasses import dataclass, replace
from functools import cache
from pathlib import Path
from typing import TYPE_CHECKING

from tiebreaks.errors import (
    WARNING_CODES,
    Diagnostic,
    FormatLimitError,
    InputError,
    TiebreaksError,
    UsageError,
)
from tiebreaks.model import Tournament

if TYPE_CHECKING:
    from tiebreaks.standings import Standings


class Defect(AssertionError):
    """An outcome the oracle refuses (raised so that the fuzzer records the input)."""


class Hang(Exception):
    """An input took longer than its time limit (raised from an alarm signal)."""


class Slow(Defect):
    """Reading (or the pipeline) used more processor time than allowed."""


READER_SECONDS = 2.0
"""Processor time a reader may take on one input (the fuzzer's inputs are at most 64 KB; the
input classes go up to about 1 MB)."""
PIPELINE_SECONDS = 20.0
"""Processor time the standings and every output may take for a tournament that reads."""


@dataclass(frozen=True)
class Target:
    """One reader under test: its name, the file name the input is given under and the
    reader's ``--from`` format (None: told from the content).

    Every error names a line and a column, except the findings of the cross-record checks
    (:mod:`tiebreaks.formats.readers.consistency`) in a format where only the player's line is known
    (``record_columns`` False: JSON, Chess-JSON and PGN keep no column per player)."""

    name: str
    source: str
    fmt: str | None
    record_columns: bool = True


TARGETS: dict[str, Target] = {
    target.name: target
    for target in (
        Target("trf", "fuzz-input.trf", "trf"),
        Target("json", "fuzz-input.json", "json", record_columns=False),
        Target("chess-json", "fuzz-input.chess.json", "chess-json", record_columns=False),
        Target("pgn", "fuzz-input.pgn", "pgn", record_columns=False),
        Target("csv", "fuzz-input.csv", "csv"),
        Target("vega", "fuzz-input.html", "vega"),
        Target("swiss-chess", "fuzz-input.htm", "swiss-chess"),
        Target("chess-results", "fuzz-input.chess-results", "chess-results"),
        Target("detect", "fuzz-input.any", None),
        Target("ratings", "fuzz-ratings.csv", None),
    )
}
_CONSISTENCY_MODULE = "consistency.py"

# Deliberate refusals of the pipeline on a file that reads: the file's own TRF26 202/212 list
# names a tie-break we do not know (the CLI tells the user to give --tiebreaks).
_ALLOWED_PIPELINE_REFUSALS = ("the file's tie-break list",)


def check(target_name: str, data: bytes) -> None:
    """Run ``data`` through the reader of ``target_name`` and, when it reads, the pipeline."""
    target = TARGETS[target_name]
    if target.name == "ratings":
        _check_ratings(target, data)
        return
    from tiebreaks.formats.detect import read_data

    started = time.process_time()
    try:
        tournament = read_data(data, target.source, target.fmt)
    except InputError as error:
        _check_time(started, READER_SECONDS, "reading")
        if target.fmt is None:  # the dispatcher: the rules of the reader it chose
            from tiebreaks.formats.detect import detect_format

            target = replace(TARGETS[detect_format(data)], source=target.source)
        check_input_error(error, target)
        return
    _check_time(started, READER_SECONDS, "reading")
    check_tournament(tournament, target)
    started = time.process_time()
    run_pipeline(tournament, target)
    _check_time(started, PIPELINE_SECONDS, "standings and outputs")


def _check_time(started: float, limit: float, what: str) -> None:
    """Processor time, not wall-clock time, so that a busy machine does not fail a run."""
    spent = time.process_time() - started
    if spent > limit:
        raise Slow(f"{what} took {spent:.1f} s of processor time (limit {limit:g} s)")


def check_input_error(error: InputError, target: Target) -> None:
    """The error names the input file, a line >= 1 and (where the format has columns) a
    column >= 1; its message can be shown."""
    location = error.location
    if location.source != target.source:
        raise Defect(f"InputError names file {location.source!r}, not {target.source!r}: {error}")
    if location.line < 1:
        raise Defect(f"InputError without a line: {error}")
    if location.column < 1 and (target.record_columns or not _from_consistency(error)):
        raise Defect(f"InputError without a column: {error}")
    if not str(error) or not isinstance(error.expected, str) or not error.expected:
        raise Defect(f"InputError without a description of what was expected: {error!r}")


def _from_consistency(error: InputError) -> bool:
    """Raised by the cross-record checks (which locate a player's record, not a field)."""
    frames = traceback.extract_tb(error.__traceback__)
    return any(Path(frame.filename).name == _CONSISTENCY_MODULE for frame in frames)


def check_tournament(tournament: Tournament, target: Target) -> None:
    """A tournament that reads is an object of the model whose warnings can be shown."""
    if not isinstance(tournament, Tournament):
        raise Defect(f"the reader returned {type(tournament).__name__}, not a Tournament")
    for warning in tournament.warnings:
        _check_warning(warning, target)


def _check_warning(warning: Diagnostic, target: Target) -> None:
    str(warning)
    if warning.code not in WARNING_CODES:
        raise Defect(f"warning without a documented code ({warning.code!r}): {warning}")
    location = warning.location
    if location is not None and location.source and location.source != target.source:
        raise Defect(f"warning names file {location.source!r}, not {target.source!r}: {warning}")


def run_pipeline(tournament: Tournament, target: Target) -> None:
    """Standings with the default list, every text output and every conversion."""
    try:
        _pipeline(tournament)
    except InputError as error:
        check_input_error(error, target)
    except UsageError as error:
        if not str(error).startswith(_ALLOWED_PIPELINE_REFUSALS):
            raise Defect(f"UsageError on a file that reads ({_gist(error)}): {error}") from error
    except TiebreaksError as error:
        raise Defect(f"{type(error).__name__} on a file that reads: {error}") from error


def _gist(error: Exception) -> str:
    """The message without its details (tie-break names, numbers), to tell defects apart."""
    words = re.sub(r"\b[A-Z][A-Z0-9/]*\b|[0-9]+", "X", str(error).split(":")[0])
    return words[:80]


def _pipeline(tournament: Tournament) -> None:
    from tiebreaks.formats.round_trip import FORMATS
    from tiebreaks.render import standings_csv, standings_json, standings_text
    from tiebreaks.render.html import standings_html
    from tiebreaks.standings import compute_standings

    standings = compute_standings(tournament)
    outputs: dict[str, Callable[[], str]] = {
        "text": lambda: standings_text(standings, "en"),
        "JSON standings": lambda: standings_json(standings),
        "CSV standings": lambda: standings_csv(standings),
        "HTML": lambda: standings_html(standings, "en"),
    }
    for name, output in outputs.items():
        _utf8(name, output())
    for fmt in FORMATS:
        _write_and_read_back(tournament, fmt, None)
        _write_and_read_back(tournament, fmt, standings)


def _utf8(name: str, text: str) -> bytes:
    try:
        return text.encode("utf-8")  # as the CLI writes it
    except UnicodeEncodeError as error:
        raise Defect(f"the {name} output cannot be written as UTF-8: {error}") from error


def _write_and_read_back(tournament: Tournament, fmt: str, standings: Standings | None) -> None:
    """What we write must read back: written in ``fmt`` (with the standings, as ``tiebreaks
    convert`` writes it, or without, the tournament alone), read by the matching reader, the
    same tournament as far as the format holds one
    (:func:`tiebreaks.formats.round_trip.differences`). A value the format cannot hold must
    be refused by a FormatLimitError naming a participant of the tournament and a field."""
    from tiebreaks.formats.detect import read_data
    from tiebreaks.formats.round_trip import differences, write

    name = f"{fmt} output" + (" with standings" if standings is not None else "")
    try:
        text = write(tournament, fmt, standings)
    except FormatLimitError as error:
        if error.participant not in _participants(tournament) or not error.field:
            raise Defect(f"a refusal that names no participant and field: {error}") from error
        return
    try:
        read = read_data(_utf8(name, text), "written", fmt)
    except InputError as error:
        raise Defect(
            f"the {name} does not read back (expected {error.expected}): {error}"
        ) from error
    found = differences(tournament, read, fmt, published=standings is not None)
    if found:
        field = found[0].split(": ")[1]  # "player 3 (Ann): rating: 1 written, ..."
        raise Defect(f"the {name} reads back another {field}: {found[0]} ({len(found)} in all)")


def _participants(tournament: Tournament) -> set[str]:
    from tiebreaks.formats.writers.limits import TOURNAMENT, player_label, team_label

    named = {TOURNAMENT, *map(player_label, tournament.players)}
    if tournament.team_records is not None:
        named.update(map(team_label, tournament.team_records.teams))
    return named


def _check_ratings(target: Target, data: bytes) -> None:
    """The rating CSV reader (``--ratings``), through a real file as the CLI gives it; a table
    that reads is applied to a bundled tournament and ranked."""
    from tiebreaks.formats.readers.ratings_csv import read_rating_table

    handle, path = tempfile.mkstemp(prefix="fuzz-ratings-", suffix=".csv")
    try:
        with os.fdopen(handle, "wb") as stream:
            stream.write(data)
        try:
            table = read_rating_table(path)
        except InputError as error:
            check_input_error(error, Target(target.name, path, None))
            return
    finally:
        os.unlink(path)
    _apply_ratings(table)


def _apply_ratings(table: object) -> None:
    from tiebreaks.model.rating_lists import RatingTable, apply_rating_order
    from tiebreaks.standings import compute_standings

    if not isinstance(table, RatingTable):
        raise Defect(f"the rating reader returned {type(table).__name__}")
    for name in table.lists:
        try:
            rated = apply_rating_order(_rating_example(), [name, "FIDE"], table)
        except UsageError as error:
            raise Defect(f"a list of the table cannot be used: {error}") from error
        compute_standings(rated, "PTS,ARO,AROC1,TPR")


@cache
def _rating_example() -> Tournament:
    from tiebreaks.formats.reading import example_path, read_tournament

    return read_tournament(example_path("held-swiss-16.trf"))


def check_file(target_name: str, path: Path) -> None:
    """:func:`check` on the bytes of a file."""
    check(target_name, path.read_bytes())


def signature(error: BaseException) -> str:
    """A short name for how an input failed, to group the failures of one defect: the
    exception type and the innermost frame inside ``tiebreaks`` (the oracle's message for a
    :class:`Defect`)."""
    if isinstance(error, Slow):
        return f"Slow: {str(error).split(' took ')[0]}"
    if isinstance(error, Defect):
        gist = re.sub(r"\[[0-9]+\]", "[]", str(error).split(":")[0])
        return "Defect: " + re.sub(r"[0-9]+", "N", gist)
    if isinstance(error, Hang | MemoryError):
        return type(error).__name__
    frames = [
        frame
        for frame in traceback.extract_tb(error.__traceback__)
        if "/tiebreaks/" in frame.filename.replace("\\", "/")
    ]
    if not frames:
        return type(error).__name__
    innermost = frames[-1]
    return f"{type(error).__name__} at {Path(innermost.filename).name}:{innermost.name}"
