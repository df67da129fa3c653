"""A file written during the event (issue 9, found by fuzzing a file declaring 999 rounds):
the declared number of rounds is larger than the rounds with results. The standings are those
after the last round with a result, with a warning, not standings in which every player
missed the rounds that were not played yet."""

from __future__ import annotations

from tiebreaks import compute_standings, example_path
from tiebreaks.formats.readers.trf import read_trf_text
from tiebreaks.standings import rounds_with_results


def test_rounds_not_played_yet_are_not_counted() -> None:
    text = example_path("held-swiss-16.trf").read_text(encoding="utf-8")
    assert "XXR 5" in text
    finished = compute_standings(read_trf_text(text, "h.trf"), "PTS,BH/C1,BH,SB")
    running = compute_standings(
        read_trf_text(text.replace("XXR 5", "XXR 9"), "h.trf"), "PTS,BH/C1,BH,SB"
    )
    assert running.tournament.rounds == 9
    assert running.rounds == 5
    assert [(r.rank, r.player.start_number, r.values) for r in running.rows] == [
        (r.rank, r.player.start_number, r.values) for r in finished.rows
    ]
    notes = [str(w) for w in running.warnings if "no result after round 5" in str(w)]
    assert notes == [
        "the tournament has 9 rounds but no result after round 5: standings after round 5; "
        "choose another round with after_round"
    ]


def test_the_declared_round_is_used_when_asked_for() -> None:
    text = example_path("held-swiss-16.trf").read_text(encoding="utf-8").replace("XXR 5", "XXR 6")
    standings = compute_standings(read_trf_text(text, "h.trf"), "PTS,BH", after_round=6)
    assert standings.rounds == 6
    # round 6 is an absence for Bruno (4 points after round 5): still 4 points
    assert str(standings.row(2).values["PTS"]) == "4"


def test_the_round_the_standings_are_after_is_known_without_computing_them() -> None:
    text = example_path("held-swiss-16.trf").read_text(encoding="utf-8")
    finished = read_trf_text(text, "h.trf")
    running = read_trf_text(text.replace("XXR 5", "XXR 9"), "h.trf")
    # held-swiss-16 has results in rounds 1 to 5; XXR 9 declares four rounds not played yet
    assert rounds_with_results(finished) == 5
    assert rounds_with_results(running) == 5
    assert compute_standings(running, "PTS").rounds == rounds_with_results(running)
