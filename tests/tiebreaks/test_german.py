"""German practice (DSB, spec §3.15): BBH, SOR, GPL, DEB and the Elo-else-DWZ rating order.

Expected values are hand computations written next to each case.
"""

from __future__ import annotations

from fractions import Fraction
from pathlib import Path

import pytest

import tiebreaks
import tiebreaks.formats.readers.trf
from tiebreaks.errors import InputError, UsageError
from tiebreaks.formats.readers.ratings_csv import parse_rating_table, read_rating_table
from tiebreaks.model import ResultKind
from tiebreaks.model.rating_lists import apply_rating_order

from ..builders import Builder, crosstable
from ..vectors.test_seed_examples import SEED_000

F = Fraction


def _column(
    tournament: tiebreaks.Tournament, descriptor: str, rules: str = "fide-2026"
) -> dict[int, Fraction | None]:
    standings = tiebreaks.compute_standings(tournament, ["PTS", descriptor], rules)
    return {row.player.start_number: row.values[descriptor] for row in standings.rows}


def test_buchholz_of_buchholz_in_seed_000() -> None:
    """Seed 000 (single round robin of 7, all games played, 21 points in all): BH(X) = 21 -
    score(X) and BBH(X) = sum of the others' BH = (7 x 21 - 21) - BH(X) = 126 - BH(X):
    A 5 -> BH 16 -> 110; B 4.5 -> 109.5; C, D 4 -> 109; E 2.5 -> 107.5; F 1 -> 106; G 0 -> 105.
    """
    values = _column(crosstable(SEED_000), "BBH")
    expected = ["110", "109.5", "109", "109", "107.5", "106", "105"]
    assert [values[number] for number in range(1, 8)] == [F(value) for value in expected]


def _small_swiss() -> tiebreaks.Tournament:
    """Round 1: 1-2 1-0, 3-4 draw. Round 2: 1-3 draw, 2 full-point bye, 4 absent."""
    builder = Builder(rounds=2)
    builder.game(1, 1, 2, "1-0").game(1, 3, 4, "=").game(2, 1, 3, "=")
    builder.bye(2, 2, ResultKind.FULL_BYE)
    return builder.build()


@pytest.mark.parametrize(
    ("rules", "expected"),
    [
        # Scores 1.5, 1, 1, 0.5. fide-2026: 4's final absence counts as a draw for opponents
        # (Art. 16.3): 1.0. BH(1) = 1 + 1 = 2; BH(2) = 1.5 + dummy 1 = 2.5; BH(3) = 1 + 1.5
        # = 2.5; BH(4) = 1 + dummy 0.5 = 1.5. BBH: 1: 2.5 + 2.5; 2: 2 (the bye adds
        # nothing); 3: 1.5 + 2; 4: 2.5.
        ("fide-2026", ["5", "2", "3.5", "2.5"]),
        # Actual scores, unplayed rounds add 0: BH 2, 1.5, 2, 1. BBH: 1.5 + 2, 2, 1 + 2, 2.
        ("unadjusted", ["3.5", "2", "3", "2"]),
    ],
)
def test_buchholz_of_buchholz_with_unplayed_rounds(rules: str, expected: list[str]) -> None:
    values = _column(_small_swiss(), "BBH", rules)
    assert [values[number] for number in range(1, 5)] == [F(value) for value in expected]


def _rated_event() -> tiebreaks.Tournament:
    """Player 1 beats 2 (2000), draws 3 (1800), wins by forfeit against 4 (2200)."""
    builder = Builder(rounds=3)
    for number, rating in ((1, 1900), (2, 2000), (3, 1800), (4, 2200)):
        builder.player(number, rating=rating)
    builder.game(1, 1, 2, "1-0").game(2, 3, 1, "=").game(3, 1, 4, "+-")
    builder.game(1, 3, 4, "1-0").game(2, 2, 4, "0-1").game(3, 2, 3, "=")
    return builder.build()


def test_sum_of_opponents_ratings() -> None:
    """SOR counts games over the board only: 2000 + 1800 = 3800; SOR/C1 drops 1800 -> 2000.
    Player 4: 1800 + 2000 (the forfeit does not count) = 3800."""
    values = _column(_rated_event(), "SOR")
    assert (values[1], values[4]) == (F(3800), F(3800))
    assert _column(_rated_event(), "SOR/C1")[1] == 2000


def test_games_played() -> None:
    """GPL: player 1 played 2 games (the forfeit is not a game); player 2 played 3."""
    values = _column(_rated_event(), "GPL")
    assert [values[number] for number in (1, 2, 3, 4)] == [F(2), F(3), F(3), F(2)]


def test_direct_encounter_black_favoured() -> None:
    """Two players who drew: DE leaves them equal, DEB puts the one who had Black first."""
    builder = Builder(rounds=2)
    builder.game(1, 1, 2, "=").game(2, 1, 3, "1-0").game(2, 2, 4, "1-0")
    builder.game(1, 3, 4, "=")
    tournament = builder.build()
    de = tiebreaks.compute_standings(tournament, ["PTS", "DE"])
    assert [row.rank for row in de.rows[:2]] == [1, 1]
    deb = tiebreaks.compute_standings(tournament, ["PTS", "DEB"])
    assert [(row.rank, row.player.start_number) for row in deb.rows[:2]] == [(1, 2), (2, 1)]


def test_direct_encounter_black_favoured_needs_all_to_have_met() -> None:
    """A three-way tie in which 1 and 2 drew (2 had Black) and 3 met neither: DE cannot
    separate them (Art. 6.3) and DEB does not use a colour advantage from a partial table."""
    builder = Builder(rounds=2)
    builder.game(1, 1, 2, "=").game(1, 3, 4, "=")
    builder.game(2, 1, 5, "=").game(2, 2, 6, "=").game(2, 3, 7, "=")
    tournament = builder.build()
    deb = tiebreaks.compute_standings(tournament, ["PTS", "DEB"])
    ranks = {row.player.start_number: row.rank for row in deb.rows}
    assert ranks[1] == ranks[2] == ranks[3] == 1


RATINGS_CSV = "start_number;name;DWZ\n1;A;1950\n2;B;\n3;C;1700\n4;D;2100\n"


def test_elo_else_dwz() -> None:
    """German championships: the opponents' Elo, else their DWZ. Player 3 has no Elo here, so
    with the order FIDE,DWZ their 1700 DWZ is used; player 2 keeps 2000 Elo."""
    builder = Builder(rounds=1)
    builder.player(1, rating=1900).player(2, rating=2000).player(3).player(4, rating=2200)
    builder.game(1, 1, 3, "1-0").game(1, 2, 4, "=")
    tournament = builder.build()
    table = parse_rating_table(RATINGS_CSV)
    rated = apply_rating_order(tournament, ["Elo", "DWZ"], table)
    assert [player.rating for player in rated.players] == [1900, 2000, 1700, 2200]
    assert str(rated.warnings[-1]).endswith("3 from FIDE, 1 from DWZ")
    assert _column(rated, "SOR")[1] == 1700
    dwz_only = apply_rating_order(tournament, ["DWZ"], table)
    assert [player.rating for player in dwz_only.players] == [1950, None, 1700, 2100]
    assert tournament.players[2].rating is None  # the tournament read is not modified


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("", "<ratings>:1:1: found nothing, expected a header row"),
        ("who;DWZ\n1;1800\n", "expected a column start_number (or name)"),
        ("no;DWZ\n1;18x0\n", "<ratings>:2:2: found '18x0', expected a whole number"),
        ("no,DWZ\nx,1800\n", "<ratings>:2:1: found 'x', expected a whole number"),
        ("no;DWZ\n1;9999\n", "expected a rating from 0 to 4000"),
    ],
)
def test_rating_csv_errors(text: str, message: str) -> None:
    with pytest.raises(InputError) as error:
        parse_rating_table(text)
    assert message in str(error.value)


def test_unknown_rating_list() -> None:
    table = parse_rating_table(RATINGS_CSV)
    with pytest.raises(
        UsageError, match=r"unknown rating list .NWZ.*FIDE, NATIONAL, HIGHER, LOWER, DWZ"
    ):
        apply_rating_order(Builder(rounds=1).build(), ["NWZ"], table)


def test_rating_csv_by_name(tmp_path: Path) -> None:
    """A list keyed by name (any case and spacing), comma-separated, read from a file."""
    path = tmp_path / "dwz.csv"
    path.write_text("Name,DWZ\n  player   3 ,1650\n", "utf-8")
    builder = Builder(rounds=1).player(1, rating=1900).player(3)
    builder.game(1, 1, 3, "1-0")
    table = read_rating_table(path)
    rated = apply_rating_order(builder.build(), ["FIDE", "DWZ"], table)
    assert [player.rating for player in rated.players] == [1900, 1650]


SWISS = Path(__file__).resolve().parents[2] / "src" / "tiebreaks" / "examples" / "held-swiss-16.trf"


def _with_national_ratings(method: str) -> tiebreaks.Tournament:
    """The Held Swiss with a TRF26 172 record: Jessica (#9) has no FIDE rating but a national
    1700; Opal (#13) has FIDE 1600 and national 1650."""
    lines = SWISS.read_text(encoding="utf-8").splitlines()
    jessica = next(i for i, line in enumerate(lines) if line[4:8] == "   9")
    lines[jessica] = lines[jessica][:48] + "    " + lines[jessica][52:]
    national = [f"{'GER    9':<48}1700", f"{'GER   13':<48}1650"]
    lines[1:1] = [f"172 GER {method}"]
    return tiebreaks.formats.readers.trf.read_trf_text(
        "\n".join([*lines, *national]) + "\n", "nrs.trf"
    )


@pytest.mark.parametrize(
    ("method", "sor"),
    [
        # Alyx's opponents: #9, #13, #2 (2150), #15 (1500), #4 (2050) = 5700 + #9 + #13.
        ("FIDON", 1700 + 1600 + 5700),  # FIDE else national
        ("NIDOF", 1700 + 1650 + 5700),  # national else FIDE
        ("HBFN", 1700 + 1650 + 5700),  # the higher
        ("LBFN", 1700 + 1600 + 5700),  # the lower
    ],
)
def test_trf26_national_ratings(method: str, sor: int) -> None:
    tournament = _with_national_ratings(method)
    assert tournament.player(9).national_rating == 1700
    assert tournament.player(9).rating is None
    assert _column(tournament, "SOR")[1] == sor


def test_trf26_national_ratings_only_when_asked() -> None:
    """With the plain FIDE method Jessica is unrated, so SOR is dropped (C.07 Art. 10)."""
    standings = tiebreaks.compute_standings(_with_national_ratings("FIDE"), ["PTS", "SOR"])
    assert [str(spec) for spec in standings.tiebreaks] == ["PTS"]
    with pytest.raises(InputError, match=r"nrs.trf:2:9: found 'XYZ', expected a rating method"):
        _with_national_ratings("XYZ")
