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
    # The Held file's rank column holds the start numbers, not the final ranks.
    assert result.exit_code == EXIT_DIFFERENT
    assert "#2 Bruno: the file says rank 2, we compute 1" in result.stdout


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
