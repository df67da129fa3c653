"""The consistency check of a TRF file reads its results from the columns the reader read them
from (:class:`~tiebreaks.formats.readers.consistency.ReadResults`) instead of walking every
result object again, and the engine's context is built from the columns the reader hands over
with the tournament (``Tournament.result_columns``). Those columns must say exactly what the
result objects say: for every TRF file of the repository, hand-made files with odd fields,
short rows and rounds beyond ``XXR``, and generated tournaments written as TRF, the opponents
and sides from the columns equal those read from the objects, and so do the kinds, opponents
and colours the engine is given (:func:`~tiebreaks.engine.context.columns_from_results`)."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings

from tiebreaks.engine.context import NO_OPPONENT, columns_from_results, columns_of
from tiebreaks.engine.grid import CODE
from tiebreaks.errors import InputError
from tiebreaks.formats.readers import consistency
from tiebreaks.formats.readers.consistency import ReadResults, _Flat, _Table
from tiebreaks.formats.readers.trf import read_trf_text
from tiebreaks.formats.writers.trf import write_trf
from tiebreaks.model import ResultKind, Tournament
from tiebreaks.standings import compute_standings

from ..strategies import swiss_tournaments

ROOT = Path(__file__).resolve().parent.parent.parent
FILES = sorted(
    path
    for folder in ("src/tiebreaks/examples", "tests", "fuzz")
    for path in (ROOT / folder).rglob("*.trf")
)


class _Compared:
    """Replaces :meth:`_Flat.of` while a file is read: each call also reads the objects
    (without the columns) and records whether the columns were used and agreed."""

    def __init__(self, monkeypatch: pytest.MonkeyPatch) -> None:
        self.used: list[bool] = []
        self.original = _Flat.of
        monkeypatch.setattr(consistency._Flat, "of", self)

    def __call__(self, table: _Table, read: ReadResults | None = None) -> _Flat:
        from_objects = self.original(table)
        order = None if read is None else read.order_of(table.results)
        if read is not None and order is not None:
            from_columns = _Flat.of_read(read, order, table.rounds)
            np.testing.assert_array_equal(from_columns.opponents, from_objects.opponents)
            np.testing.assert_array_equal(from_columns.sides, from_objects.sides)
            self.used.append(True)
        else:
            self.used.append(False)
        return from_objects


def _read(text: str) -> Tournament | None:
    try:
        tournament = read_trf_text(text, "test.trf")
    except InputError:
        return None  # an error is raised after the columns were compared
    _check_engine_columns(tournament)
    return tournament


def _check_engine_columns(tournament: Tournament) -> None:
    """The columns handed to the engine, when there are some, are those of the players'
    result objects."""
    columns = tournament.result_columns
    if columns is None:
        return
    assert columns.describe(tournament.players)
    expected = columns_from_results(tournament.players)
    assert columns.rounds == tournament.rounds >= expected.rounds
    width = expected.rounds  # the objects' columns end at the longest row
    np.testing.assert_array_equal(columns.kind[:, :width], expected.kind)
    np.testing.assert_array_equal(columns.opponent[:, :width], expected.opponent)
    np.testing.assert_array_equal(columns.black[:, :width], expected.black)
    assert (columns.kind[:, width:] == CODE[ResultKind.ABSENT]).all()
    assert (columns.opponent[:, width:] == NO_OPPONENT).all()


def _record(number: int, fields: str) -> str:
    """An ``001`` record of player ``number`` (TRF-16 columns: rounds from column 92) with the
    round fields ``fields`` as written."""
    head = f"001 {number:>4} m    {'Player ' + str(number):<33} {'':>4} NOR {'':>11} 1990/01/01"
    return f"{head} {'':>4} {'':>4}  {fields}".rstrip()


@pytest.mark.parametrize("path", FILES, ids=lambda path: path.name)
def test_the_columns_of_every_repository_file_agree_with_its_results(
    path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    compared = _Compared(monkeypatch)
    _read(path.read_bytes().decode("utf-8", errors="replace"))
    assert len(compared.used) <= 1


@pytest.mark.parametrize(
    "name", ["held-swiss-16.trf", "held-swiss-16x9.trf", "held-round-robin-6.trf"]
)
def test_the_individual_examples_use_the_columns(
    name: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    compared = _Compared(monkeypatch)
    _read((ROOT / "src/tiebreaks/examples" / name).read_text(encoding="utf-8"))
    assert compared.used == [True]


@pytest.mark.parametrize(
    ("header", "fields", "columns_used"),
    [
        # games, forfeits, byes, an absence and a blank field between games
        (
            "XXR 4\n",
            [
                "   2 w 1     3 b +  0000 - U  0000 - H  ",
                "   1 b 0     4 w =     3 w 1",
                "   4 w =     1 w -     2 b 0  0000 - Z  ",
                "   3 b =     2 b =  0000 - F",
            ],
            True,
        ),
        # lower-case codes and fields read as text (a tab for a separator)
        (
            "",
            [
                "   2 w d     3 b\t1",
                "   1 b d  0000 - f",
                "   4 w 1     1 w 0",
                "   3 b 0  0000 - z",
            ],
            True,
        ),
        # no XXR and a short row: the reader pads it with absences, as the columns say
        ("", ["   2 w 1  ", "   1 b 0     3 w 1", "   4 b 0     2 b 0", "   3 w 1"], True),
    ],
)
def test_hand_made_fields_agree(
    header: str, fields: list[str], columns_used: bool, monkeypatch: pytest.MonkeyPatch
) -> None:
    compared = _Compared(monkeypatch)
    records = [_record(number, text) for number, text in enumerate(fields, start=1)]
    _read("012 Columns\n" + header + "\n".join(records) + "\n")
    assert compared.used == [columns_used]


def test_records_out_of_order_use_the_columns(monkeypatch: pytest.MonkeyPatch) -> None:
    """The reader sorts the records by start number; the check finds each one's row."""
    compared = _Compared(monkeypatch)
    fields = [
        "   2 w 1     3 b =",
        "   1 b 0     4 w 1",
        "   4 w 0     1 w =",
        "   3 b 1     2 b 0",
    ]
    records = [_record(number, text) for number, text in enumerate(fields, start=1)]
    _read("012 Columns\nXXR 2\n" + "\n".join(records[::-1]) + "\n")
    assert compared.used == [True]


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(swiss_tournaments())
def test_generated_tournaments_written_as_trf_agree(tournament: Tournament) -> None:
    with pytest.MonkeyPatch.context() as monkeypatch:
        compared = _Compared(monkeypatch)
        _read(write_trf(tournament))
    assert compared.used == [True]


@pytest.mark.parametrize(
    "name", ["held-swiss-16.trf", "held-swiss-16x9.trf", "held-round-robin-6.trf"]
)
def test_the_individual_examples_hand_their_columns_to_the_engine(name: str) -> None:
    tournament = _read((ROOT / "src/tiebreaks/examples" / name).read_text(encoding="utf-8"))
    assert tournament is not None and tournament.result_columns is not None


def test_a_bye_of_record_240_leaves_the_columns_to_the_objects() -> None:
    """A TRF26 240 bye changes a result after the fields were read: the reader's columns no
    longer describe that player, so the engine builds them from the objects."""
    fields = ["   2 w 1  ", "   1 b 0  ", "   4 w =  ", "   3 b =  "]
    records = [_record(number, text) for number, text in enumerate(fields, start=1)]
    text = "012 Columns\nXXR 2\n240 H    2    1\n" + "\n".join(records) + "\n"
    tournament = _read(text)
    assert tournament is not None
    assert tournament.player(1).result(2).kind is ResultKind.HALF_BYE
    columns = tournament.result_columns
    assert columns is None or not columns.describe(tournament.players)


def test_a_tournament_changed_after_reading_is_computed_from_its_results() -> None:
    """Columns describe the very results they were read from: after a result is changed
    (``dataclasses.replace``), the engine builds the columns from the result objects, and
    the standings are those of the changed results."""
    read = _read((ROOT / "src/tiebreaks/examples/held-swiss-16.trf").read_text(encoding="utf-8"))
    assert read is not None and read.result_columns is not None
    first = read.players[0]
    lost = tuple(
        replace(result, kind=ResultKind.LOSS) if result.kind is ResultKind.WIN else result
        for result in first.results
    )
    assert lost != first.results  # the first player won a game: now lost
    changed = replace(read, players=(replace(first, results=lost), *read.players[1:]))
    assert columns_of(changed) is not read.result_columns
    without = replace(changed, result_columns=None)
    ours = compute_standings(changed, "PTS,BH/C1,SB,DE", "fide-2024")
    expected = compute_standings(without, "PTS,BH/C1,SB,DE", "fide-2024")
    assert [(row.rank, row.player.start_number, row.values) for row in ours.rows] == [
        (row.rank, row.player.start_number, row.values) for row in expected.rows
    ]
    assert ours.rows != compute_standings(read, "PTS,BH/C1,SB,DE", "fide-2024").rows
