"""The ``001`` records of a TRF file are read at once, each distinct field once (TRF-16, FIDE
C.04 Annex 2): the results, errors and warnings are those of each field where it is written.

Expected values come from the record layout (start number 5-8, rating 49-52, points 81-84,
rank 86-89, round r from column 92 + 10(r - 1): opponent, colour at +5, result at +7), not
from the program.
"""

from __future__ import annotations

from fractions import Fraction

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tiebreaks.errors import Diagnostic, InputError, Location
from tiebreaks.formats.readers.trf import read_trf_text, split_lines
from tiebreaks.formats.readers.trf_player import PlayerRecord, read_player_records
from tiebreaks.model import ABSENT, Colour, Player, ResultKind, RoundResult, Tournament
from tiebreaks.model.tournament import built_players

K = ResultKind
W, B = Colour.WHITE, Colour.BLACK


def record(number: str | int, *fields: str, rating: str = "", rank: str = "") -> str:
    """A ``001`` record: start number ``number`` (as written in columns 5-8), round fields
    from column 92, 10 columns apart."""
    head = f"001 {number:>4} m    {'Player':<33} {rating:>4} NOR {'':>11} 1990/01/01"
    head += f" {'':>4} {rank:>4}  "
    assert len(head) == 91
    return (head + "  ".join(fields)).rstrip()


def read(*lines: str) -> Tournament:
    return read_trf_text("\n".join(lines) + "\n", "t.trf")


def error_of(*lines: str) -> InputError:
    with pytest.raises(InputError) as caught:
        read(*lines)
    return caught.value


@pytest.mark.parametrize(
    "field",
    [
        "   2 w 1",
        "0002 w 1",  # leading zeros
        "  02 w 1",
        " 2   w 1",  # not right-aligned
        "2    w 1",
        "\t  2 w 1",  # a tab is a blank
        "   2 w\t1",
    ],
)
def test_an_opponent_written_in_any_blank_padded_way_is_read(field: str) -> None:
    tournament = read(record(1, field), record(2, "   1 b 0"))
    assert tournament.player(1).results == (RoundResult(K.WIN, 2, W),)
    assert tournament.warnings == ()


@pytest.mark.parametrize(
    ("field", "column", "found", "expected"),
    [
        ("  +2 w 1", 92, "+2", "an opponent's start number in columns 92-95"),
        ("   \u0662 w 1", 92, "\u0662", "an opponent's start number in columns 92-95"),
        (" 2 2 w 1", 92, "2 2", "an opponent's start number in columns 92-95"),
        ("   2 w1 ", 98, "1", "a blank column 98 between the fields of round 1"),
        ("   2w 1 ", 96, "w", "a blank column 96 between the fields of round 1"),
        ("   2 x 1", 97, "x", "a colour in column 97"),
        ("   2 w ?", 99, "?", "a result code in column 99"),
    ],
)
def test_a_malformed_round_field_is_an_error_at_its_column(
    field: str, column: int, found: str, expected: str
) -> None:
    error = error_of(record(1, field), record(2, "   1 b 0"))
    assert error.location == Location("t.trf", 1, column)
    assert error.text == found
    assert error.expected.startswith(expected)


@pytest.mark.parametrize(
    ("start", "fields", "round_number"),
    [
        ("   3", ["   3 w 1"], 1),
        ("0003", ["   3 w 1"], 1),
        ("3   ", ["   5 b 0", "   3 w 1"], 2),
        ("   3", ["   5 b 0", "0003 w 1"], 2),
        ("   3", ["   5 b 0", "  03 w 1"], 2),
        ("\t  3", ["   5 b 0", "   3 w 1"], 2),
        ("  3\t", ["   5 b 0", "   3 w 1"], 2),
        ("   3", ["   3 - U"], 1),  # also before the warning of a bye with an opponent
        ("   3", ["   3 x 1"], 1),  # and before a colour that does not exist
    ],
)
def test_a_player_paired_with_themselves_is_an_error_however_written(
    start: str, fields: list[str], round_number: int
) -> None:
    error = error_of(record(start, *fields))
    column = 92 + 10 * (round_number - 1)
    assert error.location == Location("t.trf", 1, column)
    assert error.expected.startswith("the start number of another player (player 3 cannot")


def test_a_start_number_inside_a_longer_opponent_number_is_no_pairing_with_oneself() -> None:
    """``  12`` is written in ``0  1234`` (columns 99-105), yet player 12 met player 1234."""
    [line] = split_lines(record(12, "   5 b 0", "1234 w 1"), "t.trf")
    [read_record] = read_player_records([line], None, [])
    assert read_record.player.results == (
        RoundResult(K.LOSS, 5, B),
        RoundResult(K.WIN, 1234, W),
    )


def test_a_problem_in_the_first_field_of_a_record_is_that_record_s() -> None:
    """The field after the last one of a record is the first of the next record."""
    tournament = read(
        record(1, "0000 - H"), record(2, "0000 w 1"), record(3), record(4, "   2 - H")
    )
    assert [warning.location for warning in tournament.warnings] == [
        Location("t.trf", 2, 99),
        Location("t.trf", 4, 92),
    ]


def test_a_round_field_written_twice_warns_at_each_place_with_its_round() -> None:
    """One text, two places: each warning names its own round, line and column."""
    tournament = read(
        "XXR 2",
        record(1, "0000 w 1", "   2 b 0"),
        record(2, "0000 - H", "   1 w 1"),
        record(3, "0000 - H", "0000 w 1"),
    )
    assert [(w.location, w.message) for w in tournament.warnings] == [
        (
            Location("t.trf", 2, 99),
            "round 1: result '1' (win) without an opponent; read as a pairing-allocated bye",
        ),
        (
            Location("t.trf", 4, 109),
            "round 2: result '1' (win) without an opponent; read as a pairing-allocated bye",
        ),
    ]
    assert tournament.player(1).result(1) == RoundResult(K.PAIRING_BYE)
    assert tournament.player(3).result(2) == RoundResult(K.PAIRING_BYE)


def test_a_rank_with_braces_is_quoted_as_written() -> None:
    tournament = read(record(1, "0000 - H", rank="{1}"))
    [warning] = tournament.warnings
    assert warning.location == Location("t.trf", 1, 86)
    assert warning.message == "the rank '{1}' in columns 86-89 is not a positive number; ignored"


@pytest.mark.parametrize(
    ("lines", "line", "column"),
    [
        # a round field of line 2 comes before a rating of line 3
        ([record(1, "   2 x 1"), record(2, "   1 b 0", rating="x")], 1, 97),
        # on one line: the rating (column 49) before a round field
        ([record(1, "   2 x 1", rating="x"), record(2, "   1 b 0")], 1, 49),
        # on one line: a round field before the start number already used
        ([record(1, "0000 - H"), record(1, "   2 x 1")], 2, 97),
        # a start number used before (line 2) comes before a bad rating on line 3
        ([record(1, "0000 - H"), record(1, "0000 - H"), record(2, rating="x")], 2, 5),
        # a round beyond XXR after the errors of the rounds before it
        (["XXR 1", record(1, "   2 x 1", "0000 - H")], 2, 97),
        (["XXR 1", record(1, "0000 - H", "0000 - H")], 2, 102),
    ],
)
def test_the_first_error_is_the_first_in_file_and_field_order(
    lines: list[str], line: int, column: int
) -> None:
    assert error_of(*lines).location == Location("t.trf", line, column)


def test_rounds_end_at_the_last_written_field() -> None:
    """Characters in the two ignored columns after a blank round (120-121) write no round:
    without XXR the tournament has one round."""
    line = record(1, "0000 - H") + " " * 20 + "xx"
    assert len(line) == 121
    tournament = read(line)
    assert tournament.rounds == 1
    assert tournament.player(1).results == (RoundResult(K.HALF_BYE),)


def test_records_of_different_lengths_are_cut_into_their_own_rounds() -> None:
    tournament = read(
        record(1, "   2 w 1", "   3 b =", "0000 - H"),
        record(2, "   1 b 0"),
        record(3, " " * 8, "   1 w ="),
        record(4),
    )
    assert tournament.rounds == 3
    assert tournament.player(1).results == (
        RoundResult(K.WIN, 2, W),
        RoundResult(K.DRAW, 3, B),
        RoundResult(K.HALF_BYE),
    )
    assert tournament.player(2).results == (RoundResult(K.LOSS, 1, B), ABSENT, ABSENT)
    assert tournament.player(3).results == (ABSENT, RoundResult(K.DRAW, 1, W), ABSENT)
    assert tournament.player(4).results == (ABSENT, ABSENT, ABSENT)


def test_a_record_is_read_into_every_field_of_the_player() -> None:
    """The players are built column by column: each value lands in its own field."""
    text = f"001    3 m    {'Cleo':<33} 1800 NOR {'':>11} 1990/01/01  1.5   x1  "
    fields = ["   1 b 0", "   2 W =", "0000 - U", " " * 8, "   4 w d", "     - h"]
    [line] = split_lines(text + "  ".join(fields), "t.trf")
    warnings: list[Diagnostic] = []
    [read_record] = read_player_records([line], 8, warnings)
    assert read_record.last_round == 6
    assert [warning.location for warning in warnings] == [Location("t.trf", 1, 86)]
    expected = Player(
        start_number=3,
        name="Cleo",
        results=(
            RoundResult(K.LOSS, 1, B),
            RoundResult(K.DRAW, 2, W),
            RoundResult(K.PAIRING_BYE),
            ABSENT,
            RoundResult(K.UNRATED_DRAW, 4, W),
            RoundResult(K.HALF_BYE),
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
    assert read_record.player == expected
    assert list(vars(read_record.player).items()) == list(vars(expected).items())


# Reading records together gives what reading each one alone gives: the fields read once for
# the whole file are worded and placed for each place they are written.
FIELDS = [  # read without an error (some with a warning)
    "   1 w 1",
    "   2 b 0",
    "   3 W =",
    "  12 - -",
    "0000 - U",
    "     - h",
    "0000 w 1",
    "     b =",
    "   2 - H",
    "   3 w  ",
    "   3",
    "0003 b 1",
    " 3   w 1",
    "        ",
    "\t       ",
    "   3 w 1xx",  # two characters in the ignored columns: the next fields shift
]
BAD_FIELDS = ["  +3 w 1", "   3 x 1", "   3 w ?", "   3 ww1"]
START_NUMBERS = ["   1", "   2", "   3", "0003", "  12", "   x"]


@st.composite
def record_lines(draw: st.DrawFn) -> list[str]:
    """A few ``001`` records of different start numbers, ratings, ranks and round fields;
    errors are rare, so that most files are read through (one in eight fields)."""
    starts = draw(st.lists(st.sampled_from(START_NUMBERS), min_size=1, max_size=5, unique=True))
    lines = []
    for start in starts:
        fields = draw(st.lists(st.sampled_from(FIELDS * 2 + BAD_FIELDS), max_size=5))
        rating = draw(st.sampled_from(["", "2000", "0", "", "2000", "0", "x"]))
        rank = draw(st.sampled_from(["", "1", "0", "?"]))
        lines.append(record(start, *fields, rating=rating, rank=rank))
    return lines


Outcome = tuple[list[PlayerRecord] | tuple[Location, str], list[Diagnostic]]


def read_lines(texts: list[str], declared: int | None) -> Outcome:
    """The records of ``texts`` read together (or the first error) and the warnings."""
    lines = split_lines("\n".join(texts), "t.trf")
    warnings: list[Diagnostic] = []
    try:
        return read_player_records(lines, declared, warnings), warnings
    except InputError as error:
        return (error.location, str(error)), warnings


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(record_lines(), st.sampled_from([None, 3, 5]))
def test_records_read_together_read_as_each_one_alone(
    texts: list[str], declared: int | None
) -> None:
    """Each record alone at its own line (comment lines before it): the same records and
    warnings, or the first record's error, or the first start number used twice."""
    together, warnings = read_lines(texts, declared)
    alone: list[PlayerRecord] = []
    alone_warnings: list[Diagnostic] = []
    for number, text in enumerate(texts, start=1):
        one, one_warnings = read_lines(["###"] * (number - 1) + [text], declared)
        if not isinstance(one, list):
            assert together == one
            return
        if one[0].player.start_number in {r.player.start_number for r in alone}:
            assert not isinstance(together, list)
            assert together[0] == Location("t.trf", number, 5)
            assert "a start number not used before" in together[1]
            return
        alone += one
        alone_warnings += one_warnings
    assert together == alone
    assert warnings == alone_warnings


def test_players_built_column_by_column_equal_those_built_one_by_one() -> None:
    """The reader's builder sets every field, in field order, as ``Player(...)`` does."""
    expected = Player(
        7, "Ann", (ABSENT,), 2100, 1900, "w", "GM", "NOR", "123", "2000/01/01",
        Fraction(3, 2), 4, (None,), 12,
    )  # fmt: skip
    [built] = built_players(*([value] for value in vars(expected).values()))
    assert built == expected
    assert list(vars(built).items()) == list(vars(expected).items())


@pytest.mark.parametrize("name", ["Ærøskøbing", "王小明", "José?", "\U0001d400bc"])
def test_a_name_beyond_ascii_leaves_every_column_in_its_place(name: str) -> None:
    """Columns count characters, not bytes: a name of characters beyond ASCII (or a '?', which
    the column reading also uses for them) moves no field."""
    head = f"001    1 m    {name:<33} 1800 NOR {'':>11} 1990/01/01  1.0    1  "
    tournament = read(head + "   2 w 1", record(2, "   1 b 0"))
    player = tournament.player(1)
    assert (player.name, player.rating, player.stated_rank) == (name, 1800, 1)
    assert player.results == (RoundResult(K.WIN, 2, W),)
