"""``tiebreaks check``: published ranks and values compared with ours; ``--infer`` finds the
regime and the variant behind a table produced under a known but hidden reading."""

from __future__ import annotations

from dataclasses import replace

import tiebreaks
from tiebreaks import example_path
from tiebreaks.services.check import check_published, infer_variants

SWISS = example_path("held-swiss-16.trf")


def _published(list_text: str, rules: str, declared: tuple[str, ...]) -> tiebreaks.Tournament:
    """The Held Swiss with the ranks of ``list_text`` under ``rules`` written in, and the
    file's 212 list saying ``declared``."""
    tournament = tiebreaks.read_tournament(SWISS)
    truth = tiebreaks.compute_standings(tournament, list_text, rules)
    ranks = {row.player.start_number: row.rank for row in truth.rows}
    players = tuple(replace(p, stated_rank=ranks[p.start_number]) for p in tournament.players)
    return replace(tournament, players=players, standings_list=declared)


def test_agreeing_table() -> None:
    tournament = _published("PTS,BH/C1,SB", "fide-2024", ("PTS", "BH/C1", "SB"))
    report = check_published(tournament, rules="fide-2024")
    assert (report.ranks_compared, report.agrees) == (16, True)


def test_hidden_buchholz_variant_from_ranks() -> None:
    """Ranks made with BH/M1 under the 2009 rules, the file claiming PTS, BH, SB: the check
    reports the places that differ under the file's list and today's rules, and inference
    finds readings that reproduce every rank, all under fide-2009, one of them BH/M1."""
    tournament = _published("PTS,BH/M1,SB", "fide-2009", ("PTS", "BH", "SB"))
    report = check_published(tournament, rules="fide-2026")
    assert not report.agrees
    assert all(difference.what == "rank" for difference in report.differences)
    readings = infer_variants(tournament)
    assert readings
    assert {reading.rules for reading in readings} == {"fide-2009"}
    assert ("PTS", "BH/M1", "SB") in {reading.tiebreaks for reading in readings}
    assert all(reading.matched == reading.compared == 16 for reading in readings)


def test_cli_check_exit_codes(tmp_path: object) -> None:
    from click.testing import CliRunner

    from tiebreaks.cli.common import EXIT_DIFFERENT
    from tiebreaks.cli.main import main

    result = CliRunner().invoke(main, ["check", str(SWISS)])
    # The Held file's rank column holds the ranks that its published values give.
    assert result.exit_code == 0
    assert "Compared 16 ranks" in result.stdout and "Everything agrees." in result.stdout
    result = CliRunner().invoke(main, ["check", str(SWISS), "-t", "PTS,TPN"])
    assert result.exit_code == EXIT_DIFFERENT
    assert "#1 Alyx: the file says rank 4, we compute 2" in result.stdout


#: the ranks of the Held Swiss (spec TV-3) under the FIDE recommended list PTS, BH/C1, BH,
#: SB, DE, WIN, BWG with the published 2023 values, by hand: 4 points Bruno; 3.5 points by
#: BH/C1 Charline 13, David 11.5, then Alyx and Stephan (11; BH 12.5 both; SB 8 > 7.25);
#: Franck alone on 3; 2.5 points: Maria and Irina (BH/C1 12, BH 13.5; SB 5.75 > 5.25), Helene
#: 7.5; 2 points by BH/C1 Reine 11, Nick 9.5, Paul 9; 1.5 points Genevieve 12.5, Opal 12,
#: Jessica 7.5; Lais alone on 1. Round robin (spec TV-4, list PTS, DE, WIN, SB, KS): DE
#: places 1, 2, 2 on 3.5 points (Bruno and Charline equal on WIN 3, SB 6.25, KS 0.5) and
#: Helene, Franck, David on 1.5.
HELD_RANKS = {
    "held-swiss-16.trf": {2: 1, 3: 2, 4: 3, 1: 4, 16: 5, 6: 6, 11: 7, 8: 8, 5: 9, 15: 10},
    "held-round-robin-6.trf": {1: 1, 2: 2, 3: 2, 6: 4, 5: 5, 4: 6},
}


def test_bundled_examples_carry_their_published_ranks() -> None:
    """The examples' rank column holds the ranks of their published answers (it held the
    start numbers): check compares them and agrees, in every format that has ranks."""
    for name, ranks in HELD_RANKS.items():
        tournament = tiebreaks.read_tournament(example_path(name))
        stated = {p.start_number: p.stated_rank for p in tournament.players}
        assert {number: stated[number] for number in ranks} == ranks
        assert check_published(tournament).agrees
    for name in ("held-swiss-16.json", "held-swiss-16.chess.json"):
        tournament = tiebreaks.read_tournament(example_path(name))
        report = check_published(tournament)
        assert (report.ranks_compared, report.agrees) == (16, True)


def test_cli_check_nothing_to_compare() -> None:
    """A file without published ranks or values (a PGN file has neither) is not "everything
    agrees": check says there is nothing to compare and leaves with its own exit code, with
    or without --infer, in text and in JSON."""
    from click.testing import CliRunner

    from tiebreaks.cli.common import EXIT_DIFFERENT, EXIT_NOTHING_TO_COMPARE
    from tiebreaks.cli.main import main

    pgn = str(example_path("held-swiss-16.pgn"))
    assert EXIT_NOTHING_TO_COMPARE not in (0, 1, 2, EXIT_DIFFERENT, 70)
    for extra in ([], ["--infer"]):
        result = CliRunner().invoke(main, ["check", pgn, *extra])
        assert result.exit_code == EXIT_NOTHING_TO_COMPARE
        assert "Nothing to compare" in result.stdout
        assert "agrees" not in result.stdout
    result = CliRunner().invoke(main, ["check", pgn, "-f", "json"])
    assert result.exit_code == EXIT_NOTHING_TO_COMPARE
    assert '"nothing_to_compare": true' in result.stdout


def _splits(standings: tiebreaks.Standings) -> list[list[list[int]]]:
    """The groups still tied after each column (start numbers), as the test sees them."""
    groups = [[row.player.start_number for row in standings.rows]]
    values = {row.player.start_number: row.values for row in standings.rows}
    found = []
    for label in standings.columns:
        parts: list[list[int]] = []
        for group in groups:
            by_value: dict[object, list[int]] = {}
            for number in group:
                by_value.setdefault(values[number][label], []).append(number)
            parts.extend(sorted(part) for part in by_value.values() if len(part) > 1)
        groups = parts
        found.append(sorted(parts))
    return found


def test_inferred_readings_are_plausible_and_distinct() -> None:
    """The Held Swiss published with the FIDE recommended list under the 2024 rules: every
    reading reproduces all 16 ranks, none names one tie-break twice with the same modifiers,
    no two (under one regime) leave the same participants tied after each tie-break, and
    the first is the file's own list up to its last deciding tie-break."""
    declared = ("PTS", "BH/C1", "BH", "SB", "DE", "WIN", "BWG")
    tournament = _published(",".join(declared), "fide-2024", declared)
    readings = infer_variants(tournament)
    assert readings and readings[0].rules == "fide-2024"
    assert declared[: len(readings[0].tiebreaks)] == readings[0].tiebreaks
    seen = set()
    for reading in readings:
        assert reading.matched == reading.compared == 16
        assert len(set(reading.tiebreaks)) == len(reading.tiebreaks)
        standings = tiebreaks.compute_standings(tournament, list(reading.tiebreaks), reading.rules)
        splits = _splits(standings)
        assert splits[-1] == [] or len(reading.tiebreaks) == len(declared)
        key = (reading.rules, repr(splits))
        assert key not in seen
        seen.add(key)


def test_infer_tells_its_progress() -> None:
    """Inference tells a progress callback each reading tried, with the number to try."""
    declared = ("PTS", "BH", "SB")
    tournament = _published("PTS,BH/M1,SB", "fide-2009", declared)
    told: list[tuple[int, int]] = []
    infer_variants(tournament, progress=lambda done, total: told.append((done, total)))
    assert told and [done for done, _ in told] == list(range(1, len(told) + 1))
    assert {total for _, total in told} == {len(told)}
