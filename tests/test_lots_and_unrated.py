"""Issue 18, items 4 and 5: a drawing of lots that repeats (seeded from the tournament or
given) and the two methods for unrated players in the rating tie-breaks (C.07 Art. 10).

Expected values are worked out by hand from the games below, and the lots from their
definition (SHA-256 of the seed and the start number), never from the program's output."""

from __future__ import annotations

import hashlib
import html
import json
import os
import subprocess
import sys
from fractions import Fraction
from pathlib import Path

import pytest

from tests.builders import Builder
from tiebreaks import compute_standings
from tiebreaks.engine.lots import tournament_seed
from tiebreaks.engine.trace import Trace
from tiebreaks.errors import ParameterError, UsageError
from tiebreaks.formats.writers.trf import write_trf
from tiebreaks.model import Tournament
from tiebreaks.render.explain import explanation_lines
from tiebreaks.render.explanations import worded
from tiebreaks.render.standings import render_standings
from tiebreaks.services.explain import explain_value
from tiebreaks.standings import Row, Standings


def all_drawn(rounds: int = 1) -> Tournament:
    """Four players, every game drawn: all four tied on points whatever the round."""
    builder = Builder(rounds)
    builder.game(1, 1, 2, "=").game(1, 3, 4, "=")
    if rounds > 1:
        builder.game(2, 1, 3, "=").game(2, 2, 4, "=")
    return builder.build("all drawn")


def by_lot(seed: int, numbers: list[int]) -> list[int]:
    """The order a drawing of lots with ``seed`` gives, from its definition."""
    return sorted(numbers, key=lambda n: hashlib.sha256(f"{seed}:{n}".encode()).digest())


# --- item 4: drawing of lots --------------------------------------------------------------


def test_without_lots_the_tied_players_share_the_rank() -> None:
    """The default is unchanged: C.07 Art. 2.1 lets the event decide, ties share the place."""
    standings = compute_standings(all_drawn(), "PTS")
    assert [row.rank for row in standings.rows] == [1, 1, 1, 1]
    assert standings.lots_seed is None
    assert not any(row.drawn_by_lot for row in standings.rows)


@pytest.mark.parametrize("seed", [0, 7, 123456789])
def test_a_given_seed_orders_the_tie_by_lot(seed: int) -> None:
    standings = compute_standings(all_drawn(), "PTS", lots=seed)
    assert [row.player.start_number for row in standings.rows] == by_lot(seed, [1, 2, 3, 4])
    assert [row.rank for row in standings.rows] == [1, 2, 3, 4]
    assert all(row.drawn_by_lot for row in standings.rows)
    assert (standings.lots_seed, standings.lots_source) == (seed, "given")


def test_the_older_lots_seed_parameter_is_the_same_seed() -> None:
    old = compute_standings(all_drawn(), "PTS", lots_seed=7)
    assert old.rows == compute_standings(all_drawn(), "PTS", lots=7).rows
    with pytest.raises(ParameterError, match="differs from lots_seed=7"):
        compute_standings(all_drawn(), "PTS", lots=8, lots_seed=7)


def expected_tournament_seed(tournament: Tournament, rounds: int) -> int:
    """The seed drawn from the tournament, from its documented definition (engine.lots)."""
    digest = hashlib.sha256()
    for player in tournament.players:
        results = " ".join(
            f"{r.kind.value}{r.opponent or 0}{r.colour.value}" for r in player.results[:rounds]
        )
        digest.update(f"{player.start_number}\x1f{player.name}\x1f{results}\x1e".encode())
    return int.from_bytes(digest.digest()[:4], "big")


def test_lots_true_is_seeded_from_the_tournament() -> None:
    tournament = all_drawn()
    standings = compute_standings(tournament, "PTS", lots=True)
    seed = expected_tournament_seed(tournament, 1)
    assert (standings.lots_seed, standings.lots_source) == (seed, "tournament")
    assert [row.player.start_number for row in standings.rows] == by_lot(seed, [1, 2, 3, 4])
    again = compute_standings(all_drawn(), "PTS", lots=True)
    assert again.rows == standings.rows


def placed(standings: Standings) -> list[tuple[int, int]]:
    return [(row.rank, row.player.start_number) for row in standings.rows]


def test_the_tournament_seed_follows_the_results_of_the_rounds_considered() -> None:
    """A changed result gives another seed; a round added later does not change the draw of
    the standings after the earlier round (published standings stay as published)."""
    one, two = all_drawn(1), all_drawn(2)
    assert tournament_seed(one.players, 1) == tournament_seed(two.players, 1)
    assert tournament_seed(two.players, 2) != tournament_seed(two.players, 1)
    after_one = compute_standings(two, "PTS", lots=True, after_round=1)
    assert placed(after_one) == placed(compute_standings(one, "PTS", lots=True))
    changed = Builder(1).game(1, 1, 2, "1-0").game(1, 3, 4, "=").build("all drawn")
    assert tournament_seed(changed.players, 1) != tournament_seed(one.players, 1)


def test_the_seed_is_shown_in_text_json_and_html() -> None:
    standings = compute_standings(all_drawn(), "PTS", lots=True)
    seed = standings.lots_seed
    line = f"Drawing of lots for the ties left: seed {seed} (drawn from the tournament's results)"
    assert line in str(render_standings(standings, "text", "en"))
    assert line in html.unescape(str(render_standings(standings, "html", "en")))
    data = json.loads(render_standings(standings, "json", "en"))
    assert data["lots"] == {"seed": seed, "source": "tournament"}
    plain = json.loads(render_standings(compute_standings(all_drawn(), "PTS"), "json", "en"))
    assert "lots" not in plain and "unrated" not in plain  # unchanged without them


def written(tournament: Tournament, path: Path) -> Path:
    """The tournament as a TRF file."""
    path.write_text(write_trf(tournament, compute_standings(tournament, "PTS")), "utf-8")
    return path


def cli(path: Path, *args: str, hash_seed: str = "0") -> subprocess.CompletedProcess[str]:
    environment = {**os.environ, "PYTHONHASHSEED": hash_seed}
    command = [sys.executable, "-m", "tiebreaks", "standings", str(path), *args]
    return subprocess.run(command, capture_output=True, text=True, env=environment, check=False)


def test_the_cli_draw_repeats_across_processes(tmp_path: Path) -> None:
    """``--lots`` without a value: the same order and seed in two processes whose ``hash()``
    differs (the seed never uses Python's salted hash)."""
    path = written(all_drawn(), tmp_path / "drawn.trf")
    first = cli(path, "-t", "PTS", "--lots", hash_seed="1")
    second = cli(path, "-t", "PTS", "--lots", hash_seed="2")
    assert first.returncode == 0, first.stderr
    assert first.stdout == second.stdout
    seed = expected_tournament_seed(all_drawn(), 1)
    assert f"seed {seed} (drawn from the tournament's results)" in first.stdout
    given = cli(path, "-t", "PTS", "--lots", "7", "-f", "csv")
    assert "Drawing of lots for the ties left: seed 7 (given)" in given.stderr
    ids = [line.split(",")[1] for line in given.stdout.splitlines()[1:]]
    assert ids == [str(n) for n in by_lot(7, [1, 2, 3, 4])]
    bad = cli(path, "-t", "PTS", "--lots", "x")
    assert bad.returncode == 2 and "--lots x is not a seed" in bad.stderr


# --- item 5: unrated players ----------------------------------------------------------------


def one_unrated() -> Tournament:
    """1 (2100), 2 (1900), 3 unrated, 4 (1500). Round 1: 1-3 1-0, 2-4 draw; round 2: 1-2
    draw, 3-4 1-0. Points: 1 = 1.5, 2 = 1, 3 = 1, 4 = 0.5."""
    builder = Builder(2)
    builder.player(1, "A", 2100).player(2, "B", 1900).player(3, "C", None).player(4, "D", 1500)
    builder.game(1, 1, 3, "1-0").game(1, 2, 4, "=").game(2, 1, 2, "=").game(2, 3, 4, "1-0")
    return builder.build("one unrated")


def values(standings: Standings, label: str) -> dict[int, Fraction | None]:
    return {row.player.start_number: row.values[label] for row in standings.rows}


def test_unrated_left_out_of_the_rating_tiebreaks() -> None:
    """Games against the unrated player 3 do not count; 3's own games do.
    ARO: 1 meets only 2 (1900); 2 meets 4 and 1: (1500 + 2100) / 2 = 1800; 3 meets 1 and 4:
    1800; 4 meets only 2: 1900. TPR: 1 drew its one counted game: 1900 + dp(0.50) = 1900;
    3 scored 1 of 2 against an ARO of 1800: 1800; 4 drew against 1900: 1900. RTNG of 3 is
    undefined (ranked last)."""
    standings = compute_standings(one_unrated(), "PTS,ARO,TPR,RTNG", unrated_excluded=True)
    assert values(standings, "ARO") == {1: 1900, 2: 1800, 3: 1800, 4: 1900}
    assert values(standings, "TPR") == {1: 1900, 2: 1800, 3: 1800, 4: 1900}
    assert values(standings, "RTNG") == {1: 2100, 2: 1900, 3: None, 4: 1500}
    assert not standings.warnings  # nothing dropped
    assert [row.player.start_number for row in standings.rows] == [1, 2, 3, 4]  # 1 > 2 = 3
    assert (standings.unrated_excluded, standings.unrated_rating) == (True, None)


def test_a_rating_given_to_unrated_players_counts_in_the_average() -> None:
    """The first method with rating 0: 1's ARO is (0 + 1900) / 2 = 950, 4's (1900 + 0) / 2."""
    standings = compute_standings(one_unrated(), "PTS,ARO", unrated_rating=0)
    assert values(standings, "ARO") == {1: 950, 2: 1800, 3: 1800, 4: 950}


def test_a_rating_on_the_tiebreak_wins_over_leaving_them_out() -> None:
    """``ARO/U1000``: 1's ARO is (1000 + 1900) / 2 = 1450 even when the others leave 3 out."""
    standings = compute_standings(one_unrated(), "PTS,ARO/U1000,ARO", unrated_excluded=True)
    assert values(standings, "ARO/U1000")[1] == 1450
    assert values(standings, "ARO")[1] == 1900


def test_one_method_for_unrated_players() -> None:
    with pytest.raises(UsageError, match="choose one method for unrated players"):
        compute_standings(one_unrated(), "PTS,ARO", unrated_rating=1000, unrated_excluded=True)


@pytest.mark.parametrize(
    ("options", "line", "detail"),
    [
        (
            {"unrated_excluded": True},
            "Unrated players in rating tie-breaks: left out (C.07 Art. 10)",
            {"method": "excluded", "rating": None},
        ),
        (
            {"unrated_rating": 1000},
            "Unrated players in rating tie-breaks: rating 1000 (C.07 Art. 10)",
            {"method": "rating", "rating": 1000},
        ),
    ],
)
def test_the_method_is_shown_in_every_output(
    options: dict[str, object], line: str, detail: dict[str, object]
) -> None:
    standings = compute_standings(one_unrated(), "PTS,ARO", **options)  # type: ignore[arg-type]
    assert line in str(render_standings(standings, "text", "en"))
    assert line in html.unescape(str(render_standings(standings, "html", "en")))
    assert json.loads(render_standings(standings, "json", "en"))["unrated"] == detail


def test_the_cli_leaves_unrated_players_out(tmp_path: Path) -> None:
    path = written(one_unrated(), tmp_path / "unrated.trf")
    done = cli(path, "-t", "PTS,ARO", "--unrated-excluded", "-f", "csv")
    assert done.returncode == 0, done.stderr
    assert "Unrated players in rating tie-breaks: left out (C.07 Art. 10)" in done.stderr
    aro = {line.split(",")[1]: line.split(",")[-1] for line in done.stdout.splitlines()[1:]}
    assert aro == {"1": "1900", "2": "1800", "3": "1800", "4": "1900"}


def explanation_text(standings: Standings, row: Row, label: str) -> str:
    trace = explain_value(standings, row, label)
    assert isinstance(trace, Trace)
    return "\n".join(explanation_lines(worded(trace, standings)))


def test_the_explanations_say_which_games_do_not_count() -> None:
    """Player 1 met the unrated player 3 once: that game is named as not counted (Art. 10)
    in every rating tie-break's explanation, which gives the standings' value; player 3's
    RTNG is undefined."""
    listed = "PTS,ARO,TPR,PTP,APRO,APPO,RTNG"
    standings = compute_standings(one_unrated(), listed, unrated_excluded=True)
    for row in standings.rows:
        for label in ("ARO", "TPR", "PTP", "APRO", "APPO", "RTNG"):
            trace = explain_value(standings, row, label)
            assert isinstance(trace, Trace)
            assert trace.value == row.values[label], (label, row.player.start_number)
            left = [step.numbers for step in trace.steps if step.code == "unrated-left-out"]
            met_unrated = row.player.start_number in (1, 4) and label != "RTNG"
            assert left == ([(1,)] if met_unrated else []), (label, row.player.start_number)
    text = explanation_text(standings, standings.row(1), "ARO")
    assert "1 game against an unrated opponent does not count (Art. 10)" in text
    assert "RTNG is undefined" in explanation_text(standings, standings.row(3), "RTNG")
