"""Issue 15: what we write reads back to the same tournament.

For every writer (TRF, our JSON, Chess-JSON) a tournament either is written and read back by
the matching reader to the same tournament, as far as the format holds one
(:func:`tiebreaks.formats.round_trip.differences`), with the same standings; or the writer
refuses it with a :class:`FormatLimitError` that names a participant of the tournament and a
field, and writes nothing. Property tests over generated tournaments with extreme values
(``tests/strategies.py``), worked examples of each case of the issue, and the CLI: exit 1,
the output file neither created nor changed.
"""

from __future__ import annotations

import hashlib
import json
from dataclasses import replace
from fractions import Fraction
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner
from hypothesis import HealthCheck, given, settings

import tiebreaks
from tiebreaks.cli.main import main
from tiebreaks.errors import FormatLimitError
from tiebreaks.formats.round_trip import FORMATS, differences, read_back, write
from tiebreaks.formats.writers.limits import player_label, team_label
from tiebreaks.formats.writers.trf import write_trf
from tiebreaks.model import Colour, ResultKind, RoundResult, ScoreSystem, Tournament

from ..builders import Builder
from ..lists import fitting
from ..strategies import extreme_tournaments, team_tournaments

K = ResultKind
SETTINGS = settings(
    max_examples=40,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)
INDIVIDUAL = "PTS,BH/C1,SB,DE,BPG,WIN,ARO"

Rows = list[tuple[int, int, dict[str, Fraction | None]]]


def standings_rows(tournament: Tournament) -> Rows:
    """Rank, participant and values (an explicit list: the file's own may not be usable)."""
    team = tournament.team_records is not None
    listed = None if team else fitting(INDIVIDUAL, tournament.rounds)
    standings = tiebreaks.compute_standings(tournament, listed, "fide-2026")
    return [(row.rank, row.player.start_number, row.values) for row in standings.rows]


def participants(tournament: Tournament) -> set[str]:
    """Who a FormatLimitError may name: a player, a team or the tournament."""
    named = {"the tournament"} | {player_label(p) for p in tournament.players}
    if tournament.team_records is not None:
        named |= {team_label(team) for team in tournament.team_records.teams}
    return named


def check_written_and_read_back(tournament: Tournament, fmt: str) -> FormatLimitError | None:
    """The rule of the module docstring for one writer; returns the refusal, if any."""
    try:
        text = write(tournament, fmt)
    except FormatLimitError as error:
        assert error.participant in participants(tournament)
        assert error.field
        assert f"{error.participant}: {error.field} " in str(error)
        return error
    read = read_back(text, fmt)
    assert differences(tournament, read, fmt) == []
    assert standings_rows(read) == standings_rows(tournament)
    return None


@pytest.mark.parametrize("fmt", FORMATS)
@SETTINGS
@given(tournament=extreme_tournaments())
def test_every_writer_reads_back_or_refuses(fmt: str, tournament: Tournament) -> None:
    check_written_and_read_back(tournament, fmt)


@pytest.mark.parametrize("fmt", FORMATS)
@SETTINGS
@given(tournament=team_tournaments())
def test_team_events_read_back_or_are_refused(fmt: str, tournament: Tournament) -> None:
    check_written_and_read_back(tournament, fmt)


@pytest.mark.parametrize("fmt", FORMATS)
@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(tournament=extreme_tournaments(extremes=()))
def test_ordinary_tournaments_are_never_refused(fmt: str, tournament: Tournament) -> None:
    assert check_written_and_read_back(tournament, fmt) is None


@pytest.mark.parametrize("fmt", ["json", "chess-json"])
@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    tournament=extreme_tournaments(
        extremes=("start numbers", "names", "ratings", "points and ranks", "rounds")
    )
)
def test_json_formats_hold_what_trf_cannot(fmt: str, tournament: Tournament) -> None:
    """Long and Unicode names, start numbers and ratings beyond four digits, points of any
    width, 999 rounds: our JSON and Chess-JSON refuse only what no JSON reader takes (a lone
    surrogate, numbers beyond their readers' ranges, values TRF's reader would not take
    either are kept)."""
    error = check_written_and_read_back(tournament, fmt)
    if error is not None:
        assert error.field in ("name", "start number", "rating", "points", "number of rounds")
        assert error.field != "name" or "surrogate" in str(error)


@SETTINGS
@given(tournament=extreme_tournaments(extremes=("names",)))
def test_shortened_names_read_back_with_one_warning_per_name_cut(tournament: Tournament) -> None:
    changes: list[tiebreaks.Diagnostic] = []
    try:
        text = write_trf(tournament, shorten_names=True, changes=changes)
    except FormatLimitError as error:  # a character or blank no cut removes
        assert error.field == "name" and "does not fit the 33-column" not in str(error)
        return
    read = read_back(text, "trf")
    expected = {p.start_number: p.name[:33].rstrip() for p in tournament.players}
    assert {p.start_number: p.name for p in read.players} == expected
    cut = [p for p in tournament.players if len(p.name) > 33]
    notes = [c.message for c in changes if "shortened" in c.message]
    assert notes == [
        f"{player_label(p)}: name shortened to 33 characters: {p.name!r} -> "
        f"{p.name[:33].rstrip()!r}"
        for p in cut
    ]
    renamed = replace(
        tournament,
        players=tuple(replace(p, name=expected[p.start_number]) for p in tournament.players),
    )
    assert differences(renamed, read, "trf") == []


# Worked examples ----------------------------------------------------------------------------


def event(**changes: Any) -> Tournament:
    """Players 12 (Ann Example, 2000) and 13 (Bob Example, 1900) drew with each other; player
    14 (Cid Example, 1800) had a half-point bye. ``changes``: fields of player 12."""
    builder = Builder(rounds=1)
    builder.player(12, "Ann Example", 2000).player(13, "Bob Example", 1900)
    builder.player(14, "Cid Example", 1800)
    builder.game(1, 12, 13, "=").bye(1, 14, K.HALF_BYE)
    tournament = builder.build("Example Open")
    first, *others = tournament.players
    return replace(tournament, players=(replace(first, **changes), *others))


def renumbered(number: int) -> Tournament:
    """:func:`event` with player 12 renumbered ``number`` (and named so in player 13's
    round)."""
    tournament = event(start_number=number)
    ann, bob, cid = tournament.players
    bob = replace(bob, results=(RoundResult(K.DRAW, number, Colour.BLACK),))
    players = tuple(sorted((ann, bob, cid), key=lambda p: p.start_number))
    return replace(tournament, players=players)


REFUSED = [
    # (format, tournament, participant, field, the message after "cannot write ...: ")
    (
        "trf",
        event(rating=123456),
        "player 12 (Ann Example)",
        "rating",
        "rating 123456 does not fit the 4-digit rating field (0-9999)",
    ),
    (
        "trf",
        renumbered(12345),
        "player 12345 (Ann Example)",
        "start number",
        "start number 12345 does not fit the 4-column start number field (columns 5-8, 1-9999)",
    ),
    (
        "trf",
        event(name="Example-Example, Annabel Maria Louise"),  # 40 characters
        "player 12 (Example-Example, Annabel Maria Louise)",
        "name",
        "name 'Example-Example, Annabel Maria Louise' does not fit the 33-column name field "
        "(columns 15-47) of TRF",
    ),
    (
        "trf",
        event(name=" Ann Example"),
        "player 12 ( Ann Example)",
        "name",
        "name ' Ann Example' does not fit TRF, which reads every field without its leading and "
        "trailing blanks",
    ),
    (
        "trf",
        event(stated_points=Fraction(201, 2)),
        "player 12 (Ann Example)",
        "points",
        "points 100.5 does not fit the 4-column points field (columns 81-84)",
    ),
    (
        "trf",
        event(title="g"),
        "player 12 (Ann Example)",
        "title",
        "title 'g' does not fit TRF, which reads it as 'GM'",
    ),
    (
        "json",
        renumbered(10_000_000),
        "player 10000000 (Ann Example)",
        "start number",
        "start number 10000000 does not fit start numbers from 1 to 9,999,999",
    ),
    (
        "json",
        event(name="lone \ud800"),
        "player 12 (lone \ufffd)",
        "name",
        "name 'lone \\ud800' does not fit UTF-8 text, which cannot carry the lone surrogate U+D800",
    ),
]


@pytest.mark.parametrize(("fmt", "tournament", "who", "field", "message"), REFUSED)
def test_values_a_format_cannot_hold_are_refused(
    fmt: str, tournament: Tournament, who: str, field: str, message: str
) -> None:
    with pytest.raises(FormatLimitError) as caught:
        write(tournament, fmt)
    assert (caught.value.participant, caught.value.field) == (who, field)
    assert str(caught.value).startswith(f"cannot write {caught.value.format}: {who}: {message}")


def test_an_unrated_win_scored_otherwise_is_refused_by_trf_and_chess_json() -> None:
    """TRF's 162/XXS and Chess-JSON's result codes score an unrated win as a win."""
    system = ScoreSystem().with_points({K.UNRATED_WIN: Fraction(2)})
    tournament = replace(event(), score_system=system)
    for fmt in ("trf", "chess-json"):
        with pytest.raises(FormatLimitError, match=r"score of a win \(unrated game\) 2 does not"):
            write(tournament, fmt)
    assert differences(tournament, read_back(write(tournament, "json"), "json"), "json") == []


def test_a_game_without_colours_is_refused_by_chess_json_only() -> None:
    """Chess-JSON names White and Black; TRF writes '-' and our JSON '-'."""
    tournament = event()
    ann, bob, cid = tournament.players
    ann = replace(ann, results=(RoundResult(K.DRAW, 13, Colour.NONE),))
    bob = replace(bob, results=(RoundResult(K.DRAW, 12, Colour.NONE),))
    colourless = replace(tournament, players=(ann, bob, cid))
    with pytest.raises(FormatLimitError, match=r"player 12 \(Ann Example\): colour in round 1"):
        write(colourless, "chess-json")
    for fmt in ("trf", "json"):
        assert check_written_and_read_back(colourless, fmt) is None


@pytest.mark.parametrize("number", [9999, 12345, 9_999_999])
@pytest.mark.parametrize("fmt", ["json", "chess-json"])
def test_start_numbers_beyond_four_digits_read_back_from_json_formats(
    fmt: str, number: int
) -> None:
    tournament = renumbered(number)
    read = read_back(write(tournament, fmt), fmt)
    assert [p.start_number for p in read.players] == sorted([number, 13, 14])
    assert differences(tournament, read, fmt) == []


@pytest.mark.parametrize("fmt", FORMATS)
def test_rating_0_reads_back_as_unrated(fmt: str) -> None:
    """TRF-16: "blank/0 = unrated"; our JSON keeps the 0."""
    read = read_back(write(event(rating=0), fmt), fmt)
    assert read.player(12).rating == (0 if fmt == "json" else None)
    assert differences(event(rating=0), read, fmt) == []


def test_a_year_before_1000_is_written_with_four_digits() -> None:
    from datetime import date

    tournament = replace(event(), start_date=date(999, 1, 2))
    assert "042 0999/01/02" in write(tournament, "trf").splitlines()
    for fmt in FORMATS:
        assert read_back(write(tournament, fmt), fmt).start_date == date(999, 1, 2)


def test_national_federation_without_national_ratings_reads_back_from_chess_json() -> None:
    tournament = replace(event(), national_federation="GER", rating_method="FIDE")
    read = read_back(write(tournament, "chess-json"), "chess-json")
    assert (read.national_federation, read.rating_method) == ("GER", "FIDE")


def test_differences_are_named_field_by_field() -> None:
    read = replace(event(), name="Other Open", players=event(rating=1999).players)
    assert differences(event(), read, "json") == [
        "the tournament: name: 'Example Open' written, 'Other Open' read back",
        "player 12 (Ann Example): rating: 2000 written, 1999 read back",
    ]


# The CLI ------------------------------------------------------------------------------------


def json_file(path: Path, tournament: Tournament) -> Path:
    path.write_text(write(tournament, "json"), "utf-8")
    return path


def checksum(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


@pytest.mark.parametrize("target", ["out.trf", "out-existing.trf"])
def test_cli_refusal_exits_1_and_leaves_the_output_alone(tmp_path: Path, target: str) -> None:
    source = json_file(tmp_path / "event.json", event(rating=123456))
    output = tmp_path / target
    if "existing" in target:
        output.write_text("001    1      Kept\n", "utf-8")
    before = checksum(output) if output.exists() else None
    result = CliRunner().invoke(main, ["convert", str(source), str(output)])
    assert result.exit_code == 1
    assert result.output.strip().splitlines()[-1] == (
        "error: cannot write TRF: player 12 (Ann Example): rating 123456 does not fit the "
        "4-digit rating field (0-9999)"
    )
    assert (checksum(output) if output.exists() else None) == before


def test_cli_start_number_12345_to_trf_and_to_chess_json(tmp_path: Path) -> None:
    source = json_file(tmp_path / "event.json", renumbered(12345))
    refused = CliRunner().invoke(main, ["convert", str(source), str(tmp_path / "out.trf")])
    assert refused.exit_code == 1
    assert "player 12345 (Ann Example): start number 12345 does not fit" in refused.output
    assert not (tmp_path / "out.trf").exists()
    target = tmp_path / "out.chess.json"
    written = CliRunner().invoke(main, ["convert", str(source), str(target), "--to", "chess-json"])
    assert written.exit_code == 0, written.output
    read = read_back(target.read_text("utf-8"), "chess-json")
    assert differences(renumbered(12345), read, "chess-json", published=True) == []


def test_cli_shorten_names(tmp_path: Path) -> None:
    name = "Example-Example, Annabel Maria Louise"  # 40 characters
    source = json_file(tmp_path / "event.json", event(name=name))
    target = tmp_path / "out.trf"
    refused = CliRunner().invoke(main, ["convert", str(source), str(target)])
    assert refused.exit_code == 1 and "--shorten-names" in refused.output
    assert not target.exists()
    result = CliRunner().invoke(main, ["convert", str(source), str(target), "--shorten-names"])
    assert result.exit_code == 0, result.output
    cut = name[:33]  # "Example-Example, Annabel Maria Lo"
    line = json.loads(source.read_text("utf-8"))["players"][0]  # where player 12 is
    assert line["start_number"] == 12
    expected = f"player 12 ({name}): name shortened to 33 characters: {name!r} -> {cut!r}"
    warnings = [w for w in result.output.splitlines() if w.startswith("warning:")]
    assert len(warnings) == 1 and warnings[0].endswith(expected)
    assert warnings[0].startswith(f"warning: {source}:")
    read = read_back(target.read_text("utf-8"), "trf")
    assert read.player(12).name == cut
    shortened = event(name=cut)
    assert differences(shortened, read, "trf", published=True) == []
