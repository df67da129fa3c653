"""Issue 15: the participant asked for by ``explain`` and ``why`` (and the library's
:func:`~tiebreaks.services.explain.find_participant`): a part of a name that fits several names is
ambiguous, and all of them are listed (up to ten); a start number that does not exist gets the
range of start numbers; invisible characters in a name or in what is typed do not count.

held-swiss-16's names: 1 Alyx, 2 Bruno, 3 Charline, 4 David, 5 Helene, 6 Franck, 7 Genevieve,
8 Irina, 9 Jessica, 10 Lais, 11 Maria, 12 Nick, 13 Opal, 14 Paul, 15 Reine, 16 Stephan; every
expected list below is read from them by hand.
"""

from __future__ import annotations

import re
from dataclasses import replace
from functools import cache
from pathlib import Path

import pytest
from click.testing import CliRunner

from tiebreaks import (
    Standings,
    Tournament,
    UsageError,
    compute_standings,
    example_path,
    read_tournament,
)
from tiebreaks.cli.common import EXIT_USAGE
from tiebreaks.cli.main import main
from tiebreaks.services.explain import find_participant

SWISS = example_path("held-swiss-16.trf")


@cache
def swiss() -> Tournament:
    return read_tournament(SWISS)


def renamed(names: dict[int, str]) -> Standings:
    """The Swiss with some players (by start number) renamed, ranked by points."""
    players = tuple(
        replace(player, name=names.get(player.start_number, player.name))
        for player in swiss().players
    )
    return compute_standings(replace(swiss(), players=players), "PTS")


def cli(*args: str) -> tuple[int, str]:
    result = CliRunner().invoke(main, list(args))
    return result.exit_code, result.stderr


# --- explain / why: the participant asked for ------------------------------------------------

#: held-swiss-16: the names that have an "a", by start number
WITH_A = "#1 Alyx, #3 Charline, #4 David, #6 Franck, #8 Irina, #9 Jessica, #10 Lais, #11 Maria"


@cache
def swiss_standings() -> Standings:
    return compute_standings(swiss(), "PTS,SB")


@pytest.mark.parametrize(
    ("text", "message"),
    [
        (
            "an",
            "'an' matches 2 participants: #6 Franck, #16 Stephan; "
            "give more of the name or the start number",
        ),
        (
            "E",
            "'E' matches 6 participants: #3 Charline, #5 Helene, #7 Genevieve, #9 Jessica, "
            "#15 Reine, #16 Stephan; give more of the name or the start number",
        ),
        (
            "a",
            f"'a' matches 11 participants: {WITH_A}, #13 Opal, #14 Paul and 1 more; "
            "give more of the name or the start number",
        ),
        ("99", "no participant has start number 99; the start numbers are 1..16"),
        ("#0", "no participant has start number #0; the start numbers are 1..16"),
        (
            "1" * 5000,
            "no participant has a start number of 5000 digits; the start numbers are 1..16",
        ),
        ("\u200b", "'\\u200b' is not a name: give a name or a start number"),
    ],
)
def test_participant_lookup_messages(text: str, message: str) -> None:
    with pytest.raises(UsageError) as caught:
        find_participant(swiss_standings(), text)
    assert str(caught.value) == message


def test_start_numbers_with_gaps(tmp_path: Path) -> None:
    """Player 16 renumbered 20 (in its own line and as the opponent of others)."""
    lines = [
        re.sub(r"(?<= )16(?= )", "20", line) if line.startswith("001") else line
        for line in SWISS.read_text(encoding="utf-8").splitlines()
    ]
    path = tmp_path / "gap.trf"
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    standings = compute_standings(read_tournament(path))
    assert find_participant(standings, "20").player.name == "Stephan"
    with pytest.raises(UsageError) as caught:
        find_participant(standings, "16")
    assert str(caught.value) == (
        "no participant has start number 16; the start numbers are between 1 and 20 "
        "(16 participants)"
    )


@pytest.mark.parametrize(
    ("name", "typed"),
    [
        ("Alyx\u200b", "Alyx"),  # zero width space at the end
        ("\u200fAlyx", "alyx"),  # right-to-left mark at the start
        ("Al\u00adyx", "Alyx"),  # soft hyphen
        ("Alyx", "\u2060Alyx\ufeff"),  # invisible characters typed
        ("Alyx\x1b[2J", "Alyx\ufffd[2J"),  # copied from an output, as shown there
        ("Al\u200dyx", "alyx"),  # a joiner kept inside the name
    ],
)
def test_names_with_invisible_characters_are_found(name: str, typed: str) -> None:
    assert find_participant(renamed({1: name}), typed).player.start_number == 1


def test_two_equal_names_are_listed() -> None:
    with pytest.raises(UsageError) as caught:
        find_participant(renamed({5: "Alyx\u200b"}), "alyx")
    assert str(caught.value) == (
        "2 participants are named 'alyx': #1 Alyx, #5 Alyx\ufffd; give the start number"
    )


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (
            ["explain", str(SWISS), "a"],
            f"error: 'a' matches 11 participants: {WITH_A}, #13 Opal, #14 Paul and 1 more; "
            "give more of the name or the start number\n",
        ),
        (
            ["why", str(SWISS), "Alyx", "an"],
            "error: 'an' matches 2 participants: #6 Franck, #16 Stephan; "
            "give more of the name or the start number\n",
        ),
        (
            ["explain", str(SWISS), "17"],
            "error: no participant has start number 17; the start numbers are 1..16\n",
        ),
    ],
)
def test_cli_participant_lookup(args: list[str], message: str) -> None:
    assert cli(*args) == (EXIT_USAGE, message)


def test_cli_lists_hostile_names_neutralised(tmp_path: Path) -> None:
    """The names an ambiguous part fits are listed as every readable output shows them: an
    invisible character or an escape sequence cannot hide, reorder or clear anything."""
    lines = SWISS.read_text(encoding="utf-8").splitlines()
    for number, name in ((1, "\u200f=Alyx\u2060"), (3, "Char\x1b[2Jline")):
        index = next(i for i, line in enumerate(lines) if line.startswith(f"001 {number:>4}"))
        lines[index] = lines[index][:14] + f"{name:<33}" + lines[index][47:]
    path = tmp_path / "hostile.trf"
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    assert cli("explain", str(path), "lyx")[0] == 0  # found despite the invisible characters
    assert cli("explain", str(path), "Char[2Jl")[0] == 0
    assert cli("explain", str(path), "l") == (
        EXIT_USAGE,
        "error: 'l' matches 6 participants: #1 \ufffd=Alyx\ufffd, #3 Char\ufffd[2Jline, "
        "#5 Helene, #10 Lais, #13 Opal, #14 Paul; give more of the name or the start number\n",
    )
