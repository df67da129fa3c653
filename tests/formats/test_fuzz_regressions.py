"""Regression tests for the defects found by fuzzing the readers (see fuzz/README.md).

Every input saved under ``fuzz/regressions/<target>/`` is replayed through the fuzzers' rule:
it reads, and then the standings, every output (written as UTF-8) and our JSON read back all
work; or it fails with an :class:`InputError` naming the file and a line. The tests after it
state what each defect should do instead, from the format descriptions (module docstrings);
locations are counted by hand in the small inputs.

The tests marked "not fixed yet" fail until the reader (or the code after it) that the lead
assigned is fixed; ``fuzz/known_defects.py`` lists them for the fuzzers.
"""

from __future__ import annotations

import json
from dataclasses import replace
from pathlib import Path

import pytest

from tiebreaks.errors import InputError, UsageError
from tiebreaks.formats.chess_json import chess_json_document
from tiebreaks.formats.detect import detect_format, read_data
from tiebreaks.formats.ratings_csv import parse_rating_table, read_rating_table
from tiebreaks.formats.tournament_json import read_tournament_json, write_tournament_json
from tiebreaks.model import Tournament
from tiebreaks.render import standings_csv, standings_json, standings_text
from tiebreaks.render.html import standings_html
from tiebreaks.standings import compute_standings
from tiebreaks.tiebreaks.spec import parse_spec

ROOT = Path(__file__).resolve().parents[2]
REGRESSIONS = ROOT / "fuzz" / "regressions"
EXAMPLES = ROOT / "src" / "tiebreaks" / "examples"
#: fuzz target (folder) -> the ``--from`` format it reads with (None: told from the content)
TARGET_FORMATS: dict[str, str | None] = {
    "trf": "trf",
    "json": "json",
    "chess-json": "chess-json",
    "pgn": "pgn",
    "csv": "csv",
    "detect": None,
}
#: the one refusal allowed after a file reads: its own 202/212 list cannot be used
FILE_LIST_REFUSAL = "the file's tie-break list"


def reads_or_fails_cleanly(data: bytes, fmt: str | None, source: str) -> Tournament | None:
    """The fuzzers' rule for one input (see the module docstring); the tournament, if any."""
    try:
        tournament = read_data(data, source, fmt)
    except InputError as error:
        assert error.location.source == source
        assert error.location.line >= 1
        assert error.expected
        return None
    try:
        standings = compute_standings(tournament)
    except UsageError as error:
        assert str(error).startswith(FILE_LIST_REFUSAL)
        return tournament
    outputs = [
        standings_text(standings, "en"),
        standings_json(standings),
        standings_csv(standings),
        standings_html(standings, "en"),
    ]
    for output in outputs:
        output.encode("utf-8")
    written = write_tournament_json(tournament, standings).encode("utf-8")
    read_tournament_json(written, "written.json")
    return tournament


def _saved_inputs() -> list[tuple[str, Path]]:
    return [
        (folder.name, path)
        for folder in sorted(REGRESSIONS.iterdir())
        if folder.is_dir()
        for path in sorted(folder.iterdir())
        if path.is_file()
    ]


_KNOWN = {  # saved inputs of defects not fixed yet (see the tests below)
    "team-players-outside-every-team.trf",
    "tiebreak-modifier-of-5000-digits.trf",
    "team-file-listing-an-individual-tiebreak.trf",
    "individual-file-listing-a-team-tiebreak.trf",
    "declares-999-rounds.trf",
    "name-with-a-lone-surrogate.json",
    "name-with-a-lone-surrogate.chess.json",
    "forfeit-win-worth-30-digits.json",
    "zero-bye-worth-30-decimals.chess.json",
}


@pytest.mark.parametrize(
    ("target", "path"),
    [
        pytest.param(*item, id=f"{item[0]}/{item[1].name}")
        for item in _saved_inputs()
        if item[0] != "ratings" and item[1].name not in _KNOWN
    ],
)
def test_saved_input_reads_or_fails_cleanly(target: str, path: Path) -> None:
    reads_or_fails_cleanly(path.read_bytes(), TARGET_FORMATS[target], path.name)


def test_every_saved_input_has_a_known_target() -> None:
    """A reproducer saved in a folder the replay does not know would never run."""
    folders = {target for target, _ in _saved_inputs()}
    assert folders <= {*TARGET_FORMATS, "ratings"}
    assert {"ratings", "detect", "trf"} <= folders


# ---------------------------------------------------------------------------------------------
# Rating CSV (--ratings): fixed in formats/ratings_csv.py


def _rating_error(path: Path) -> InputError:
    with pytest.raises(InputError) as caught:
        read_rating_table(path)
    return caught.value


def test_rating_csv_with_a_byte_that_no_encoding_decodes() -> None:
    """0x81 is neither UTF-8 nor CP1252: the file was refused with a UnicodeDecodeError.
    Like a TRF file it is now read as Latin-1, so the cell is a bad start number (2:1)."""
    path = REGRESSIONS / "ratings" / "undecodable-byte-0x81.csv"
    error = _rating_error(path)
    assert (error.location.source, error.location.line, error.location.column) == (str(path), 2, 1)
    assert error.text == "\x81"
    assert error.expected == "a whole number"


def test_rating_csv_with_a_superscript_digit() -> None:
    """'²' passes str.isdigit() but not int(): it was a ValueError; now 2:2, a whole number."""
    error = _rating_error(REGRESSIONS / "ratings" / "superscript-two-as-rating.csv")
    assert (error.location.line, error.location.column) == (2, 2)
    assert error.text == "\u00b2"
    assert error.expected == "a whole number"


def test_rating_csv_with_a_start_number_of_5000_digits() -> None:
    """Beyond Python's 4300-digit conversion limit: it was a ValueError; now 2:1."""
    error = _rating_error(REGRESSIONS / "ratings" / "5000-digit-start-number.csv")
    assert (error.location.line, error.location.column) == (2, 1)
    assert error.expected == "a whole number"


def test_rating_csv_with_a_cell_over_the_csv_module_limit() -> None:
    """A cell of 140,000 characters exceeds the csv module's field limit (131,072): it was a
    _csv.Error; now an InputError at that line."""
    error = _rating_error(REGRESSIONS / "ratings" / "cell-over-the-csv-field-limit.csv")
    assert (error.location.line, error.location.column) == (2, 1)
    assert error.expected.startswith("a CSV row")


@pytest.mark.parametrize("separator", ["\x0c", "\x85", "\u2028", "\x1c"])
def test_rating_csv_lines_end_only_at_cr_and_lf(separator: str) -> None:
    """str.splitlines() also breaks lines at form feeds, NEL, U+2028 ... so errors named a
    line an editor does not show. The bad cell 'x' is on the third line (3:2)."""
    with pytest.raises(InputError) as caught:
        parse_rating_table(f"no;DWZ\n1;1800{separator}\n2;x\n", "dwz.csv")
    assert (caught.value.location.line, caught.value.location.column) == (3, 2)


# ---------------------------------------------------------------------------------------------
# Content sniffing (formats/detect.py): fixed


def test_json_nested_deeper_than_the_recursion_limit_is_an_input_error() -> None:
    """json.loads in the format detection raised RecursionError on 5,000 open brackets; the
    JSON reader now reports the nesting at 1:1."""
    data = (REGRESSIONS / "detect" / "json-nested-5000-deep.json").read_bytes()
    with pytest.raises(InputError) as caught:
        read_data(data, "deep.json")
    assert (caught.value.location.line, caught.value.location.column) == (1, 1)


def test_many_blank_lines_are_detected_in_linear_time() -> None:
    """The PGN tag pattern started with ``^\\s*``: from each of 200,000 blank lines it
    rescanned all the following ones (about 26 s). The document ``{}`` after them is our
    JSON missing its "format" key, on line 200,001, column 1."""
    data = (REGRESSIONS / "detect" / "200000-blank-lines.json").read_bytes()
    assert detect_format(data) == "json"
    with pytest.raises(InputError) as caught:
        read_data(data, "blank.json")
    assert (caught.value.location.line, caught.value.location.column) == (200_001, 1)


def test_pgn_tags_after_blank_lines_are_still_detected() -> None:
    assert detect_format(b'\n\n  [Event "x"]\n[White "a"]\n') == "pgn"
    assert detect_format(b'\r\r[Event "x"]\r') == "pgn"


def test_utf16_trf_is_detected_as_trf() -> None:
    """The TRF reader decodes UTF-16 (with its byte-order mark) but the detection looked for
    record codes in the raw bytes and handed the file to the CSV reader."""
    data = (REGRESSIONS / "detect" / "utf-16-trf.trf").read_bytes()
    assert detect_format(data) == "trf"
    tournament = read_data(data, "utf16.trf")
    assert [player.name for player in tournament.players] == [
        "Alyx",
        "Bruno",
        "Charline",
        "David",
        "Franck",
        "Helene",
    ]


# ---------------------------------------------------------------------------------------------
# Chess-JSON writer (formats/chess_json.py): fixed


def _written_fide_ids(fide_ids: list[str]) -> list[object]:
    """The ``fideId`` of the first profiles written for players with these FIDE ids."""
    tournament = read_data((EXAMPLES / "held-round-robin-6.trf").read_bytes(), "rr.trf")
    players = tuple(
        replace(player, fide_id=fide_id)
        for player, fide_id in zip(tournament.players, fide_ids, strict=False)
    )
    document = chess_json_document(replace(tournament, players=players))
    profiles = document["event"]["profiles"]
    return [profile.get("fideId") for profile in profiles]


def test_chess_json_writes_fide_ids_that_are_not_plain_numbers_as_text() -> None:
    """A FIDE id is free text in TRF, PGN and our JSON. '²' (str.isdigit() but not int()) and
    5,000 digits (over int()'s limit) made the writer raise ValueError; they are written as
    text, like '0012'; a plain number stays a number."""
    ids = ["\u00b2", "1" * 5000, "0012", "1503014", "0"]
    assert _written_fide_ids(ids) == ["\u00b2", "1" * 5000, "0012", 1503014, 0]


def test_trf_with_a_superscript_fide_id_converts_to_chess_json() -> None:
    data = (REGRESSIONS / "trf" / "fide-id-superscript-two.trf").read_bytes()
    tournament = reads_or_fails_cleanly(data, "trf", "fide.trf")
    assert tournament is not None
    assert tournament.players[0].fide_id == "\u00b2"


# ---------------------------------------------------------------------------------------------
# Not fixed yet (files owned by others; see fuzz/known_defects.py)


def test_team_file_with_players_outside_every_team() -> None:
    """Only players 1 and 2 are in a team (013); their opponents 3 and 4 are in none. The
    file reads, then the HTML crosstable raised KeyError(0) looking up the opponents' team.
    Either the reader refuses the file (InputError at a player's line) or every output works.
    """
    data = (REGRESSIONS / "trf" / "team-players-outside-every-team.trf").read_bytes()
    reads_or_fails_cleanly(data, "trf", "teams.trf")


def test_tiebreak_modifier_with_thousands_of_digits() -> None:
    """A cut of 5,000 digits passed the descriptor pattern, then int() raised ValueError (over
    Python's 4300-digit limit), from a TRF 202 list as from --tiebreaks. Like any other bad
    modifier it must be a UsageError."""
    with pytest.raises(UsageError):
        parse_spec("BH/C" + "1" * 5000)
    data = (REGRESSIONS / "trf" / "tiebreak-modifier-of-5000-digits.trf").read_bytes()
    reads_or_fails_cleanly(data, "trf", "list.trf")


def test_html_of_a_file_declaring_999_rounds() -> None:
    """The held Swiss (16 players, 5 rounds played) declaring ``XXR 999``: the text standings
    are 1.5 KB, the HTML was 19.6 MB (8 s), about 1.2 KB per player and round, absent rounds
    included; 80 such players took 42 s and 99 MB. The bound below is a generous size for
    16 players whatever the fix (the reader questioning the 994 empty rounds, or the HTML
    not listing every absent round)."""
    data = (REGRESSIONS / "trf" / "declares-999-rounds.trf").read_bytes()
    tournament = read_data(data, "rounds.trf")
    assert tournament.rounds == 999
    assert len(standings_html(compute_standings(tournament), "en")) < 2_000_000


@pytest.mark.parametrize(
    "name",
    ["team-file-listing-an-individual-tiebreak.trf", "individual-file-listing-a-team-tiebreak.trf"],
)
def test_file_listing_a_tiebreak_of_the_other_kind(name: str) -> None:
    """The held team Swiss with a TRF26 list ``212 PTS,SB`` (SB ranks players, not teams), and
    the held round robin with ``212 PTS,MPVGP`` (a team tie-break). The errors were "SB ranks
    individual players, not teams" and "MPVGP is a team tie-break (team tournaments only)":
    usage errors (exit 2) that do not say the list came from the file. Like an unknown
    tie-break in the file's list, they should name the record and suggest --tiebreaks (or the
    standings should be computed without it)."""
    data = (REGRESSIONS / "trf" / name).read_bytes()
    reads_or_fails_cleanly(data, "trf", name)


@pytest.mark.parametrize(
    ("name", "fmt"),
    [
        ("json/name-with-a-lone-surrogate.json", "json"),
        ("chess-json/name-with-a-lone-surrogate.chess.json", "chess-json"),
    ],
)
def test_json_name_with_a_lone_surrogate(name: str, fmt: str) -> None:
    """ "\\ud800" is valid JSON syntax but no Unicode character: the name was read, then no
    output could be written as UTF-8 (``tiebreaks convert`` ended with an internal error).
    The reader should refuse it at the string (an InputError), as it refuses invalid UTF-8."""
    data = (REGRESSIONS / name).read_bytes()
    assert json.loads(data)  # the document itself is valid JSON
    reads_or_fails_cleanly(data, fmt, Path(name).name)


@pytest.mark.parametrize(
    ("name", "fmt"),
    [
        ("json/forfeit-win-worth-30-digits.json", "json"),
        ("chess-json/zero-bye-worth-30-decimals.chess.json", "chess-json"),
    ],
)
def test_huge_score_system_values_read_back(name: str, fmt: str) -> None:
    """A score of 30 digits (or 30 decimals) is accepted, but the points and tie-break values
    computed from it have more digits than the JSON reader accepts, so our own JSON of the
    tournament does not read back. Either the readers refuse such scores or the limit is the
    same for what we write."""
    data = (REGRESSIONS / name).read_bytes()
    reads_or_fails_cleanly(data, fmt, Path(name).name)
