"""The tie-break half of the checker (issue 18, item 8): each published standings of an event,
round by round, against the declared list; the places that do not follow it, with the
criterion that decides and its C.07 article.

The event is made by hand (six players, three rounds, every game played, 202 ``BH, SB``)::

    round 1: A(1) 1-0 D(4), B(2) 1-0 E(5), C(3) 1-0 F(6)
    round 2: A ½-½ B, C 1-0 D, E 1-0 F
    round 3: A 1-0 C, B ½-½ F, D 0-1 E

    after round 1: A B C 1 point, BH 0, SB 0 (places 1, 1, 1); D E F 0, BH 1, SB 0 (4, 4, 4)
    after round 2: C 2 (1); B 1.5 BH 2.5 (2); A 1.5 BH 1.5 (3); E 1 (4);
                   D 0 BH 3.5 (5); F 0 BH 3 (6)
    after round 3: A 2.5 (1); B 2 BH 5 (2); C 2 BH 3 (3); E 2 BH 2.5 (4); F 0.5 (5); D 0 (6)

(BH after round 3: A = D 0 + B 2 + C 2 = 4, B = E 2 + A 2.5 + F 0.5 = 5, C = F 0.5 + D 0 +
A 2.5 = 3, E = B 2 + F 0.5 + D 0 = 2.5.) Each snapshot is the TRF the arbiter wrote after
that round; the tests alter its published ranks or points and expect exactly those places.
"""

from __future__ import annotations

import json
from fractions import Fraction
from pathlib import Path

import pytest
from click.testing import CliRunner

from tests.team_files import FOUR_TEAM_SLOTS, FOUR_TEAMS, team_file
from tiebreaks.cli.common import EXIT_DIFFERENT
from tiebreaks.cli.main import main
from tiebreaks.formats.readers.trf import read_trf_text
from tiebreaks.formats.writers.trf import write_trf
from tiebreaks.render.check_rounds import rounds_lines
from tiebreaks.services.check_rounds import Order, check_round, check_rounds, publishes_ranks
from tiebreaks.standings import compute_standings

NAMES = {1: "A", 2: "B", 3: "C", 4: "D", 5: "E", 6: "F"}
#: per round, per player: (opponent, colour, result)
GAMES = {
    1: {1: (4, "w", "1"), 4: (1, "b", "0"), 2: (5, "w", "1"), 5: (2, "b", "0"),
        3: (6, "w", "1"), 6: (3, "b", "0")},
    2: {1: (2, "w", "="), 2: (1, "b", "="), 3: (4, "w", "1"), 4: (3, "b", "0"),
        5: (6, "w", "1"), 6: (5, "b", "0")},
    3: {1: (3, "w", "1"), 3: (1, "b", "0"), 2: (6, "w", "="), 6: (2, "b", "="),
        4: (5, "w", "0"), 5: (4, "b", "1")},
}  # fmt: skip
#: the published (correct) points and places after each round, by hand (module docstring)
STANDINGS = {
    1: {1: ("1.0", 1), 2: ("1.0", 1), 3: ("1.0", 1), 4: ("0.0", 4), 5: ("0.0", 4), 6: ("0.0", 4)},
    2: {1: ("1.5", 3), 2: ("1.5", 2), 3: ("2.0", 1), 4: ("0.0", 5), 5: ("1.0", 4), 6: ("0.0", 6)},
    3: {1: ("2.5", 1), 2: ("2.0", 2), 3: ("2.0", 3), 4: ("0.0", 6), 5: ("2.0", 4), 6: ("0.5", 5)},
}


def snapshot(
    played: int,
    ranks: dict[int, int] | None = None,
    points: dict[int, str] | None = None,
    header: str = "202 BH, SB\n",
) -> str:
    """The TRF written after round ``played`` (``XXR 3``), with some published places or
    points replaced."""
    lines = ["012 Checker test", "042 2026/04/01", "092 Individual: Swiss-System", "XXR 3"]
    for number, name in NAMES.items():
        total, rank = STANDINGS[played][number]
        rank = (ranks or {}).get(number, rank)
        total = (points or {}).get(number, total)
        line = f"001 {number:4d} m    {name:<33} {2000 - number:4d} NOR {0:11d} 1990/01/01"
        line += f" {total:>4} {rank:4d}"
        for round_number in range(1, played + 1):
            opponent, colour, result = GAMES[round_number][number]
            line += f"  {opponent:4d} {colour} {result}"
        lines.append(line)
    return header + "\n".join(lines) + "\n"


def test_untouched_snapshots_follow_the_list() -> None:
    checks = check_rounds(
        [(f"r{n}.trf", read_trf_text(snapshot(n), f"r{n}.trf")) for n in (3, 1, 2)]
    )
    assert [(c.round, c.source, c.ranks_compared, c.agrees) for c in checks] == [
        (1, "r1.trf", 6, True),
        (2, "r2.trf", 6, True),
        (3, "r3.trf", 6, True),
    ]
    assert checks[2].tiebreaks == ("PTS", "BH", "SB")


def test_two_places_swapped_in_round_three() -> None:
    """B and C swapped after round 3: both named, BH decides (Art. 8.1), 5 against 3."""
    check = check_round("r3.trf", read_trf_text(snapshot(3, {2: 3, 3: 2}), "r3.trf"))
    found = [
        (m.start_number, m.published_rank, m.computed_rank, m.order, m.other, m.criterion,
         m.article, m.value, m.other_value)
        for m in check.misplaced
    ]  # fmt: skip
    assert found == [
        (2, 3, 2, Order.AHEAD, 3, "BH", "8.1", Fraction(5), Fraction(3)),
        (3, 2, 3, Order.BEHIND, 2, "BH", "8.1", Fraction(3), Fraction(5)),
    ]
    text = "\n".join(rounds_lines([check]))
    assert (
        "#2 B: published place 3, the list gives 2: ahead of #3 C (published place 2)"
        " on BH (C.07 Art. 8.1): 5 against 3"
    ) in text


def test_only_the_altered_round_is_named() -> None:
    """A and B swapped after round 2 (BH 1.5 against 2.5); rounds 1 and 3 untouched."""
    snapshots = [
        ("r1.trf", read_trf_text(snapshot(1), "r1.trf")),
        ("r2.trf", read_trf_text(snapshot(2, {1: 2, 2: 3}), "r2.trf")),
        ("r3.trf", read_trf_text(snapshot(3), "r3.trf")),
    ]
    checks = check_rounds(snapshots)
    assert [c.agrees for c in checks] == [True, False, True]
    assert {
        (m.start_number, m.order, m.other, m.value, m.other_value) for m in checks[1].misplaced
    } == {
        (1, Order.BEHIND, 2, Fraction(3, 2), Fraction(5, 2)),
        (2, Order.AHEAD, 1, Fraction(5, 2), Fraction(3, 2)),
    }


def test_standings_already_computed_serve_only_their_own_snapshot() -> None:
    """Standings handed over (as `check` hands over those of its comparison) serve only the
    tournament they were computed from: those of the untouched file after round 3 leave the
    snapshot of the same round with B and C swapped to be checked on its own, and both are
    named; handed over with their own file, they give what computing them again gives."""
    untouched = read_trf_text(snapshot(3), "r3.trf")
    swapped = [("r3-swapped.trf", read_trf_text(snapshot(3, {2: 3, 3: 2}), "r3-swapped.trf"))]
    checks = check_rounds(swapped, computed=compute_standings(untouched))
    assert checks == check_rounds(swapped)
    assert {m.start_number for m in checks[0].misplaced} == {2, 3}
    own = [("r3.trf", untouched)]
    assert check_rounds(own, computed=compute_standings(untouched)) == check_rounds(own)


def test_places_separated_where_the_list_leaves_a_tie() -> None:
    """After round 1, A, B and C are equal on PTS, BH and SB: places 1, 2, 3 do not follow
    from the list (only lots could give them, Art. 4.2): B and C are named."""
    check = check_round("r1.trf", read_trf_text(snapshot(1, {2: 2, 3: 3}), "r1.trf"))
    assert [(m.start_number, m.order, m.criterion, m.article) for m in check.misplaced] == [
        (2, Order.LEVEL, None, "4.2"),
        (3, Order.LEVEL, None, "4.2"),
    ]


def test_changed_points_value() -> None:
    """E's published points after round 3 say 1.5 where the results give 2."""
    check = check_round("r3.trf", read_trf_text(snapshot(3, points={5: "1.5"}), "r3.trf"))
    assert [(m.start_number, m.order, m.value, m.other_value) for m in check.misplaced] == [
        (5, Order.POINTS, Fraction(3, 2), Fraction(2))
    ]


def test_recorded_list_change_applies_the_previous_list_before_it() -> None:
    """The round-2 file declares ``TPN`` with a ``###`` comment saying the list was
    ``BH, SB`` until it changed after round 3: round 2 is checked with BH first, and its
    places (B 2nd on BH 2.5 against 1.5) follow it. Without the comment, TPN puts A
    (number 1) ahead of B (number 2): both are named."""
    changed = "202 TPN\n### 202 changed after round 3; previous list: BH,SB\n"
    check = check_round("r2.trf", read_trf_text(snapshot(2, header=changed), "r2.trf"))
    assert (check.tiebreaks, check.changed_after, check.agrees) == (("PTS", "BH", "SB"), 3, True)
    check = check_round("r2.trf", read_trf_text(snapshot(2, header="202 TPN\n"), "r2.trf"))
    assert check.tiebreaks == ("PTS", "TPN")
    assert [(m.start_number, m.order, m.criterion) for m in check.misplaced] == [
        (1, Order.AHEAD, "TPN"),
        (2, Order.BEHIND, "TPN"),
    ]


@pytest.mark.parametrize("lang", ["de", "it", "fr", "es"])
def test_reasons_are_translated(lang: str) -> None:
    check = check_round("r3.trf", read_trf_text(snapshot(3, {2: 3, 3: 2}), "r3.trf"))
    text = "\n".join(rounds_lines([check], lang))
    assert "published place" not in text and "#2 B" in text and "8.1" in text


def test_cli_round_by_round(tmp_path: Path) -> None:
    names = []
    for played, ranks in ((1, None), (2, None), (3, {2: 3, 3: 2})):
        path = tmp_path / f"r{played}.trf"
        path.write_text(snapshot(played, ranks), encoding="utf-8")
        names.append(str(path))
    result = CliRunner().invoke(main, ["check", *names])
    assert result.exit_code == EXIT_DIFFERENT, result.output
    assert "Round 1 (" in result.stdout and "Round 2 (" in result.stdout
    assert "2 published places do not follow the list:" in result.stdout
    result = CliRunner().invoke(main, ["check", *names[:2], "--format", "json"])
    assert result.exit_code == 0, result.output
    document = json.loads(result.stdout)
    assert [(r["round"], r["agrees"], r["misplaced"]) for r in document["rounds"]] == [
        (1, True, []),
        (2, True, []),
    ]
    result = CliRunner().invoke(main, ["check", names[2], "--format", "json"])
    misplaced = json.loads(result.stdout)["rounds"][0]["misplaced"]
    assert [
        (m["id"], m["order"], m["criterion"], m["value"], m["other_value"]) for m in misplaced
    ] == [
        (2, "ahead", "BH", "5", "3"),
        (3, "behind", "BH", "3", "5"),
    ]


def _ranked_teams(ranks: dict[int, int]) -> str:
    """``tests/team_files.py``'s four teams after two rounds, with ``310`` ranks (69-71)."""
    text = team_file("Teams", 2, FOUR_TEAMS, FOUR_TEAM_SLOTS, trf26=True)
    lines = text.splitlines()
    for index, line in enumerate(lines):
        if line.startswith("310"):
            number = int(line[4:7])
            lines[index] = line[:68] + f"{ranks[number]:>3}" + line[71:]
    return "\n".join(lines) + "\n"


def test_team_ranks_of_310_records() -> None:
    """Match points by hand (tests/formats/test_trf26_records.py): T1 4, T4 3, T3 1, T2 0.
    Published T3 2nd and T4 3rd: both named, MP decides (C.07 Art. 11), 3 against 1."""
    right = read_trf_text(_ranked_teams({1: 1, 2: 4, 3: 3, 4: 2}), "teams.trf")
    check = check_round("teams.trf", right, "MP,GP")
    assert (check.ranks_compared, check.agrees) == (4, True)
    wrong = read_trf_text(_ranked_teams({1: 1, 2: 4, 3: 2, 4: 3}), "teams.trf")
    unranked = team_file("Teams", 2, FOUR_TEAMS, FOUR_TEAM_SLOTS, trf26=True)
    assert publishes_ranks(wrong) and not publishes_ranks(read_trf_text(unranked, "t.trf"))
    check = check_round("teams.trf", wrong, "MP,GP")
    assert [
        (m.start_number, m.order, m.criterion, m.article, m.value) for m in check.misplaced
    ] == [
        (4, Order.AHEAD, "MP", "11", Fraction(3)),
        (3, Order.BEHIND, "MP", "11", Fraction(1)),
    ]


def test_team_ranks_are_written_back() -> None:
    tournament = read_trf_text(_ranked_teams({1: 1, 2: 4, 3: 2, 4: 3}), "teams.trf")
    again = read_trf_text(write_trf(tournament), "again.trf")
    assert again.team_records is not None
    assert [team.stated_rank for team in again.team_records.teams] == [1, 4, 2, 3]


def test_a_team_rank_that_is_no_number_is_a_located_warning() -> None:
    text = _ranked_teams({1: 1, 2: 4, 3: 2, 4: 3}).replace("  1  ", "  x  ", 1)
    warnings = [w for w in read_trf_text(text, "teams.trf").warnings if "team rank" in w.message]
    assert [(w.code, w.location.line if w.location else 0) for w in warnings] == [
        ("trf.team-rank-not-a-number", 6)
    ]


def test_the_json_rounds_are_the_rounds_document() -> None:
    """``check --format json`` writes the rounds as :class:`RoundsDocument` describes them."""
    import jsonschema  # type: ignore[import-untyped]
    import msgspec

    from tiebreaks.render.check import check_json
    from tiebreaks.render.check_rounds import RoundsDocument, rounds_document
    from tiebreaks.render.documents import json_schemas
    from tiebreaks.services.check import check_published

    tournament = read_trf_text(snapshot(3, {2: 3, 3: 2}), "r3.trf")
    checks = check_rounds([("r3.trf", tournament)])
    data = json.loads(check_json(check_published(tournament), None, rounds=checks))
    document = {"format": "tiebreaks-round-check", "version": 1, "rounds": data["rounds"]}
    built = rounds_document(checks)
    assert msgspec.json.decode(json.dumps(document), type=RoundsDocument, strict=True) == built
    schema = {"$ref": "#/$defs/RoundsDocument", "$defs": json_schemas()}
    jsonschema.Draft202012Validator(schema).validate(document)
    assert data["agrees"] is False
