"""The fast path of the TRF reader builds exactly what the careful path builds, or declines.

Issue 8 (speed, "values identical to the unoptimised path"): the round fields of a ``001``
record (columns 92-99, 102-109 ...) are read by a fast path when the record is regular, by
the careful field-by-field parser otherwise; ``read_trf_text(..., careful=True)`` forces the
careful path everywhere. Every TRF file of the repository and generated Swiss and
round-robin tournaments are read both ways and compared (players, results, line numbers,
warnings); mutated round fields must give the same tournament or the same error both ways.
"""

from __future__ import annotations

from collections.abc import Iterator
from fractions import Fraction
from pathlib import Path

import pytest
from generate_swiss import HEAVY, generate_round_robin, generate_swiss
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tiebreaks.errors import Diagnostic, InputError
from tiebreaks.formats.readers.trf import decode_trf_bytes, read_trf_text, split_lines
from tiebreaks.formats.readers.trf_fields import Line
from tiebreaks.formats.readers.trf_player import (
    PlayerRecord,
    read_plain_records,
    read_player_record,
    read_rounds_ahead,
)
from tiebreaks.model import ABSENT, Colour, Player, ResultKind, RoundResult, Tournament

ROOT = Path(__file__).resolve().parents[2]
Rounds = tuple[RoundResult, ...]


def read(text: str, careful: bool, source: str = "t.trf") -> Tournament | InputError:
    """The tournament read on one path, or the error it reports."""
    try:
        return read_trf_text(text, source, careful=careful)
    except InputError as error:
        return error


def assert_same(text: str, source: str = "t.trf") -> Tournament | InputError:
    """Read ``text`` on both paths and check they agree in everything (the fast one returned)."""
    fast, careful = read(text, False, source), read(text, True, source)
    if isinstance(fast, InputError) or isinstance(careful, InputError):
        assert type(fast) is type(careful)
        assert str(fast) == str(careful)
        assert fast.location == careful.location  # type: ignore[union-attr]
        return fast
    assert fast == careful
    assert fast.warnings == careful.warnings  # not part of Tournament's equality
    assert [player.line for player in fast.players] == [player.line for player in careful.players]
    for fast_player, careful_player in zip(fast.players, careful.players, strict=True):
        assert all(type(result) is RoundResult for result in fast_player.results)
        assert fast_player.results == careful_player.results
    return fast


def repository_files() -> list[Path]:
    """Every TRF file of the repository (examples, test data, fuzzing seeds and regressions)
    and of the shared seeds."""
    files = sorted(ROOT.glob("src/tiebreaks/examples/*.trf"))
    files += sorted(ROOT.glob("tests/**/*.trf"))
    files += sorted(ROOT.glob("fuzz/seeds/trf/*.trf"))
    files += sorted(ROOT.glob("fuzz/regressions/trf/*.trf"))
    files += sorted(Path("/work/shared/seeds").glob("**/*.trf"))
    return files


def generated() -> Iterator[tuple[str, str]]:
    """Generated Swiss tournaments (some with many unplayed rounds) and round robins."""
    for players, rounds, seed, rates in ((40, 5, 1, None), (301, 9, 2, HEAVY), (1000, 11, 3, None)):
        yield f"swiss-{players}x{rounds}", generate_swiss(players, rounds, seed, rates=rates)
    yield "round-robin-10", generate_round_robin(10, 4)
    yield "round-robin-9-double", generate_round_robin(9, 5, double=True)


GENERATED = dict(generated())


def test_the_repository_has_trf_files_to_compare() -> None:
    names = {path.name for path in repository_files()}
    assert {"held-swiss-16.trf", "held-round-robin-6.trf", "held-team-14.trf"} <= names
    assert {"cp1252.trf", "latin1.trf", "utf8-bom-crlf.trf"} <= names


@pytest.mark.parametrize("path", repository_files(), ids=lambda path: path.name)
def test_every_trf_file_of_the_repository_reads_the_same_on_both_paths(path: Path) -> None:
    assert_same(decode_trf_bytes(path.read_bytes()), path.name)


@pytest.mark.parametrize("name", list(GENERATED))
def test_generated_tournaments_read_the_same_on_both_paths(name: str) -> None:
    tournament = assert_same(GENERATED[name], name)
    assert isinstance(tournament, Tournament)


@pytest.mark.parametrize("name", list(GENERATED))
def test_the_fast_path_reads_every_record_of_a_generated_file(name: str) -> None:
    """The comparison above is no proof unless the fast path really was taken."""
    lines = [line for line in split_lines(GENERATED[name], name) if line.record == "001"]
    assert lines
    for line, results in zip(lines, fast([line.text for line in lines]), strict=True):
        assert results is not None, line.text
        assert results == careful_rounds(line)


def fast(records: list[str], declared_rounds: int | None = None) -> list[Rounds | None]:
    return read_rounds_ahead(records, declared_rounds)


def careful_rounds(line: Line, declared_rounds: int | None = None) -> Rounds:
    """The rounds of a record as the careful path reads them, up to the last one written."""
    record = read_player_record(line, declared_rounds, [])
    return record.player.results[: record.last_round]


HEAD = f"001    1 m    {'Anna':<33} 2000 NOR {'':>11} 1990/01/01  1.0    1  "


def test_the_fast_path_reads_the_usual_round_fields() -> None:
    fields = ["   2 w 1", "0000 - H", " " * 8, "   2 b =", "   2 W d", "     - z", "  12 b -"]
    assert fast([HEAD + "  ".join(fields)]) == [
        (
            RoundResult(ResultKind.WIN, 2, Colour.WHITE),
            RoundResult(ResultKind.HALF_BYE),
            ABSENT,
            RoundResult(ResultKind.DRAW, 2, Colour.BLACK),
            RoundResult(ResultKind.UNRATED_DRAW, 2, Colour.WHITE),
            RoundResult(ResultKind.ZERO_BYE),
            RoundResult(ResultKind.FORFEIT_LOSS, 12, Colour.BLACK),
        )
    ]


@pytest.mark.parametrize(
    "unusual",
    [
        "   1 w 1",  # paired with oneself: the careful path's error
        "0000 w 1",  # a win without opponent: the careful path's warning (read as a bye)
        "     b +",  # the same, blank opponent
        "   2 - U",  # a bye with an opponent: the careful path's warning
        "   2 w  ",  # an opponent without result: a warning
        " 2   w 1",  # digits not right-aligned: left to the careful path
        "0002 w 1",  # leading zeros: left to the careful path
        "  +2 w 1",  # a sign
        "   2 x 1",  # no such colour: the careful path's error
        "   2 w ?",  # no such result: the careful path's error
        "   2 w1 ",  # shifted: the careful path's error
        "   \u0662 w 1",  # not ASCII digits
        "\t  2 w 1",  # a tab
    ],
)
def test_the_fast_path_leaves_unusual_records_to_the_careful_path(unusual: str) -> None:
    regular = HEAD + "   2 w 1"
    other = HEAD.replace("   1 m", "   3 m") + "   2 w 1"  # start number 3
    assert fast([regular, HEAD + unusual + "     2 b 1", other]) == [
        (RoundResult(ResultKind.WIN, 2, Colour.WHITE),),
        None,
        (RoundResult(ResultKind.WIN, 2, Colour.WHITE),),
    ]


def test_the_fast_path_finds_a_record_paired_with_itself_however_written() -> None:
    def record(start_number: str, *fields: str) -> str:
        return HEAD.replace("   1 m", f"{start_number} m") + "  ".join(fields)

    assert fast([record("   3", "   3 w 1")]) == [None]
    assert fast([record("0003", "   3 w 1")]) == [None]
    assert fast([record("3   ", "   5 b 0", "   3 w 1")]) == [None]
    assert fast([record("   3", "   5 b 0", "0003 w 1")]) == [None]
    assert fast([record("   3", "   5 b 0", "  03 w 1")]) == [None]
    assert fast([record("\t  3", "   5 b 0", "   3 w 1")]) == [None]  # start number 3
    assert fast([record("  3\t", "   5 b 0", "   3 w 1")]) == [None]
    assert fast([record("  12", "   5 b 0", "1234 w 1")])[0] == (  # "  12" in "0  1234"
        RoundResult(ResultKind.LOSS, 5, Colour.BLACK),
        RoundResult(ResultKind.WIN, 1234, Colour.WHITE),
    )


def test_the_fast_path_leaves_records_of_another_shape_to_the_careful_path() -> None:
    assert fast([HEAD + "   2 w 1 x"]) == [None]  # something in the ignored columns at the end
    assert fast([HEAD + "   2 w 1     3 b 0"], 1) == [None]  # beyond XXR 1
    assert fast([HEAD + "   2 w 1     3 b 0"], 2) != [None]
    assert fast([HEAD.rstrip()]) == [None]  # no rounds
    assert fast(["001    1"]) == [None]


def test_a_record_read_either_way_gives_the_same_record_and_warnings() -> None:
    fields = ["   1 b 0", "   2 W =", "0000 - U", " " * 8, "   4 w d", "     - h"]
    text = f"001    3 m    {'Cleo':<33} 1800 NOR {'':>11} 1990/01/01  1.5   x1  "
    [line] = split_lines(text + "  ".join(fields), "t.trf")
    [read_ahead] = fast([line.text], 8)
    assert read_ahead is not None
    fast_warnings: list[Diagnostic] = []
    careful_warnings: list[Diagnostic] = []
    by_fast_path = read_player_record(line, 8, fast_warnings, read_ahead)
    by_careful_path = read_player_record(line, 8, careful_warnings)
    assert by_fast_path == by_careful_path
    assert by_fast_path.last_round == 6
    assert len(by_fast_path.player.results) == 8  # padded to XXR 8
    assert fast_warnings == careful_warnings
    assert [warning.location.column for warning in fast_warnings if warning.location] == [86]
    expected = Player(  # as the dataclass builds it, with the values read by hand
        start_number=3,
        name="Cleo",
        results=(
            RoundResult(ResultKind.LOSS, 1, Colour.BLACK),
            RoundResult(ResultKind.DRAW, 2, Colour.WHITE),
            RoundResult(ResultKind.PAIRING_BYE),
            ABSENT,
            RoundResult(ResultKind.UNRATED_DRAW, 4, Colour.WHITE),
            RoundResult(ResultKind.HALF_BYE),
            ABSENT,
            ABSENT,
        ),
        rating=1800,
        sex="m",
        federation="NOR",
        birth_date="1990/01/01",
        stated_points=Fraction(3, 2),
        line=1,
    )
    assert by_fast_path.player == expected
    assert vars(by_fast_path.player) == vars(expected)
    assert list(vars(by_fast_path.player)) == list(vars(expected))  # in the same order


# Mutations of the round fields of a small generated Swiss: each writes 10 columns (a round's
# 8 columns and the 2 ignored ones) at one round of one player.
BASE = generate_swiss(12, 5, 7, rates=HEAVY)
BASE_LINES = BASE.splitlines()
PLAYER_LINES = [number for number, text in enumerate(BASE_LINES) if text.startswith("001")]
FIELD_TEXTS = [
    "   1 w 1  ",
    "   2 b 0  ",
    "   3 w =  ",
    "   2 B =  ",
    "   4 w d  ",
    "   5 b l  ",
    "   6 w +  ",
    "   6 b -  ",
    "  12 - -  ",
    "0000 - U  ",
    "0000 - h  ",
    "     - F  ",
    "     - z  ",
    "0000 w 1  ",
    "     b 0  ",
    "   2 - H  ",
    "   3 w    ",
    "          ",
    "0003 w 1  ",
    " 3   w 1  ",
    "  +3 w 1  ",
    "  3  w 1  ",
    "  99 w 1  ",
    "   3 w 1xx",
    "   3  w 1 ",
    "   3 w\t1  ",
    "\t  3 w 1  ",
    "   3 x 1  ",
    "   3 w ?  ",
    "   3 ww1  ",
    "  ٣ w 1  ",
    "   0 - Z  ",
]


@st.composite
def mutated_files(draw: st.DrawFn) -> str:
    """The base file with a few round fields overwritten (maybe also a start number, maybe
    without its XXR)."""
    lines = list(BASE_LINES)
    for _ in range(draw(st.integers(1, 4))):
        number = draw(st.sampled_from(PLAYER_LINES))
        round_number = draw(st.integers(1, 7))
        field = draw(  # the listed fields twice as often as random text
            st.sampled_from(FIELD_TEXTS)
            | st.sampled_from(FIELD_TEXTS)
            | st.text(st.sampled_from(" 0123456789wbWB-=10DLUFHZdluhz+\tx"), max_size=10)
        )
        start = 91 + 10 * (round_number - 1)
        line = lines[number].ljust(start)
        lines[number] = line[:start] + field.ljust(10) + line[start + 10 :]
    if draw(st.booleans()):  # a start number written another way (or another one)
        number = draw(st.sampled_from(PLAYER_LINES))
        start_number = draw(st.sampled_from(START_NUMBERS))
        lines[number] = lines[number][:4] + start_number + lines[number][8:]
    if draw(st.booleans()):
        lines = [line for line in lines if not line.startswith("XXR")]
    return "\n".join(lines) + "\n"


START_NUMBERS = [
    "   3",
    "0003",
    "3   ",
    " 3  ",
    "  03",
    "\t  3",
    "  3\t",
    "  12",
    "0012",
    " 12 ",
    "    ",
    "   0",
]


def test_the_base_file_reads_on_the_fast_path() -> None:
    tournament = assert_same(BASE)
    assert isinstance(tournament, Tournament)
    assert len(tournament.players) == 12
    assert tournament.rounds == 5


def read_record(
    line: Line, declared_rounds: int | None, read_ahead: Rounds | None = None
) -> tuple[PlayerRecord | str, list[Diagnostic]]:
    """One ``001`` record read on one path (the error's text if it fails) and its warnings."""
    warnings: list[Diagnostic] = []
    try:
        return read_player_record(line, declared_rounds, warnings, read_ahead), warnings
    except InputError as error:
        return str(error), warnings


def assert_same_records(text: str) -> None:
    """Every ``001`` record of ``text`` that the fast path reads gives the same record (and
    no warning) as on the careful path, with and without a declared number of rounds; each
    one alone as with all the others. Checked record by record, so that an error on an
    earlier line cannot hide a difference."""
    lines = [line for line in split_lines(text, "t.trf") if line.record == "001"]
    for declared_rounds in (None, 5):
        read_ahead = fast([line.text for line in lines], declared_rounds)
        for line, results in zip(lines, read_ahead, strict=True):
            assert fast([line.text], declared_rounds) == [results]
            if results is not None:
                careful = read_record(line, declared_rounds)
                assert read_record(line, declared_rounds, results) == careful


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(mutated_files())
def test_mutated_round_fields_read_the_same_on_both_paths(text: str) -> None:
    assert_same_records(text)
    assert_same(text)


PLAYER_FIELD_TEXTS = {
    (48, 52): ["2000", "   0", "    ", "0000", "12a4", "\uff11234", " 99 ", "²000", "-100"],
    (80, 84): [" 1.0", "    ", "1,5 ", " .5 ", "1.25", "abc ", "   0", " 1. ", "10.5"],
    (85, 89): ["   1", "    ", "   0", "0000", "  x ", " 12 ", "\u0661   ", "   7"],
    (10, 13): ["GM ", "g  ", "wf ", "   ", "xyz"],
}


@st.composite
def files_with_mutated_player_fields(draw: st.DrawFn) -> str:
    """The base file with the rating, points, rank, title or start number of some records
    written in odd ways (blank, zero, letters, other digit sets, decimal commas ...)."""
    lines = BASE.splitlines()
    for _ in range(draw(st.integers(1, 6))):
        number = draw(st.sampled_from(PLAYER_LINES))
        (start, end), texts = draw(st.sampled_from(list(PLAYER_FIELD_TEXTS.items())))
        text = draw(st.sampled_from(texts))
        lines[number] = lines[number][:start] + text + lines[number][end:]
    if draw(st.booleans()):
        number = draw(st.sampled_from(PLAYER_LINES))
        lines[number] = lines[number][:4] + draw(st.sampled_from(START_NUMBERS)) + lines[number][8:]
    return "\n".join(lines) + "\n"


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(files_with_mutated_player_fields())
def test_mutated_player_fields_read_the_same_on_both_paths(text: str) -> None:
    """The fields of all records read at once (:func:`read_plain_records`) give what the
    careful path gives record by record, or leave the record to it."""
    assert_same(text)
    lines = [line for line in split_lines(text, "t.trf") if line.record == "001"]
    for declared_rounds in (None, 5):
        read_ahead = fast([line.text for line in lines], declared_rounds)
        plain = read_plain_records(lines, declared_rounds, read_ahead)
        for line, results, record in zip(lines, read_ahead, plain, strict=True):
            if record is not None:
                assert read_record(line, declared_rounds, results) == (record, [])


def test_plain_records_are_read_at_once() -> None:
    """The comparison above is no proof unless the batch path really reads records."""
    lines = [line for line in split_lines(BASE, "t.trf") if line.record == "001"]
    plain = read_plain_records(lines, 5, fast([line.text for line in lines], 5))
    assert all(record is not None for record in plain)
