"""Regression tests for the defects found by fuzzing the readers (see fuzz/README.md).

Every input saved under ``fuzz/regressions/<target>/`` is replayed through the fuzzers' rule:
it reads, and then the standings and every output (written as UTF-8) work, and each writer
(TRF, our JSON, Chess-JSON; with the standings and without) writes a file that reads back to
the same tournament as far as its format holds one, or refuses with a
:class:`FormatLimitError` naming a participant and a field; or it fails with an
:class:`InputError` naming the file and a line. The tests after it
state what each defect should do instead, from the format descriptions (module docstrings);
locations are counted by hand in the small inputs.

A defect found but not fixed yet gets its test (failing until the fix, under "not fixed yet"
at the end) and an entry in ``fuzz/known_defects.py`` for the fuzzers.
"""

from __future__ import annotations

import ast
import json
from dataclasses import replace
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tiebreaks.engine.spec import parse_spec
from tiebreaks.errors import FormatLimitError, InputError, UsageError
from tiebreaks.formats.detect import detect_format, read_data
from tiebreaks.formats.readers.ratings_csv import parse_rating_table, read_rating_table
from tiebreaks.formats.round_trip import FORMATS, differences, write
from tiebreaks.formats.writers.chess_json import chess_json_document
from tiebreaks.model import Tournament
from tiebreaks.render import standings_csv, standings_json, standings_text
from tiebreaks.render.html import standings_html
from tiebreaks.services.explain import explain_value
from tiebreaks.standings import Standings, compute_standings

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
    "vega": "vega",
    "swiss-chess": "swiss-chess",
    "chess-results": "chess-results",
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
    for writer in FORMATS:
        for published in (None, standings):
            written_and_read_back(tournament, writer, published)
    return tournament


def written_and_read_back(
    tournament: Tournament, fmt: str, standings: Standings | None
) -> FormatLimitError | None:
    """The file written in ``fmt`` reads back to the same tournament, or the writer refuses
    it naming a participant and a field (returned)."""
    try:
        text = write(tournament, fmt, standings)
    except FormatLimitError as error:
        assert error.participant and error.field
        return error
    read = read_data(text.encode("utf-8"), "written", fmt)
    assert differences(tournament, read, fmt, published=standings is not None) == []
    return None


def _saved_inputs() -> list[tuple[str, Path]]:
    return [
        (folder.name, path)
        for folder in sorted(REGRESSIONS.iterdir())
        if folder.is_dir()
        for path in sorted(folder.iterdir())
        if path.is_file()
    ]


_KNOWN: set[str] = set()  # saved inputs of defects not fixed yet (none now)


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


def _tokens() -> list[bytes]:
    """The format tokens of the fuzzers' dictionaries (libFuzzer syntax: one quoted string a
    line, with \\xNN escapes)."""
    tokens = []
    for path in sorted((ROOT / "fuzz" / "dictionaries").glob("*.dict")):
        for line in path.read_text(encoding="ascii").splitlines():
            if line.startswith('"'):
                token = ast.literal_eval("b" + line)
                assert isinstance(token, bytes)
                tokens.append(token)
    return tokens


_EXAMPLE_FILES = sorted(path.read_bytes() for path in EXAMPLES.iterdir() if path.is_file())
_EDITS = st.tuples(
    st.floats(0, 1),
    st.sampled_from(["insert", "replace", "delete"]),
    st.sampled_from(_tokens()) | st.binary(min_size=1, max_size=3),
)


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.sampled_from(_EXAMPLE_FILES), st.lists(_EDITS, min_size=1, max_size=6))
def test_examples_edited_with_format_tokens_read_or_fail_cleanly(
    example: bytes, edits: list[tuple[float, str, bytes]]
) -> None:
    """Property: any bundled example with a few format tokens inserted, written over or
    deleted (any reader, through the content sniffing) reads and goes through the whole
    program, or fails with a located InputError. A short version of the coverage-guided
    fuzzers, with shrinking."""
    data = bytearray(example)
    for where, action, token in edits:
        position = int(where * len(data))
        if action == "insert":
            data[position:position] = token
        elif action == "replace":
            data[position : position + len(token)] = token
        else:
            del data[position : position + len(token)]
    reads_or_fails_cleanly(bytes(data), None, "edited")


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
# Chess-JSON writer (formats/writers/chess_json.py): fixed


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
# Fixed in files owned by others (the lead), found here


def _error(name: str, fmt: str) -> InputError:
    with pytest.raises(InputError) as caught:
        read_data((REGRESSIONS / name).read_bytes(), Path(name).name, fmt)
    return caught.value


def _line_and_column(text: str, needle: str) -> tuple[int, int]:
    """Where ``needle`` starts in ``text`` (1-based), counted on the text itself."""
    before = text[: text.index(needle)]
    return before.count("\n") + 1, len(before) - (before.rfind("\n") + 1) + 1


def test_team_file_with_players_outside_every_team() -> None:
    """Only players 1 and 2 are in a team (013); their opponents 3 and 4 are in none. The
    file read, then the HTML crosstable raised KeyError(0) looking up the opponents' team;
    now player 3, the first without a team (line 6), is an input error."""
    error = _error("trf/team-players-outside-every-team.trf", "trf")
    assert error.location.line == 6
    assert error.location.column >= 1


def test_tiebreak_modifier_with_thousands_of_digits() -> None:
    """A cut of 5,000 digits passed the descriptor pattern, then int() raised ValueError (over
    Python's 4300-digit limit), from a TRF 202 list as from --tiebreaks. Like any other bad
    modifier it is a UsageError, which for the file's own list names the record."""
    with pytest.raises(UsageError):
        parse_spec("BH/C" + "1" * 5000)
    data = (REGRESSIONS / "trf" / "tiebreak-modifier-of-5000-digits.trf").read_bytes()
    with pytest.raises(UsageError, match=r"^the file's tie-break list \(record 202\)"):
        compute_standings(read_data(data, "list.trf"))


def test_html_of_a_file_declaring_999_rounds() -> None:
    """The held Swiss (16 players, 5 rounds played) declaring ``XXR 999``: the text standings
    are 1.5 KB, the HTML was 19.6 MB (8 s), about 1.2 KB per player and round, absent rounds
    included; 80 such players took 42 s and 99 MB. The bound below is a generous size for
    16 players whatever the fix."""
    data = (REGRESSIONS / "trf" / "declares-999-rounds.trf").read_bytes()
    tournament = read_data(data, "rounds.trf")
    assert tournament.rounds == 999
    assert len(standings_html(compute_standings(tournament), "en")) < 2_000_000


@pytest.mark.parametrize(
    ("name", "record"),
    [
        ("team-file-listing-an-individual-tiebreak.trf", "212"),
        ("individual-file-listing-a-team-tiebreak.trf", "212"),
    ],
)
def test_file_listing_a_tiebreak_of_the_other_kind(name: str, record: str) -> None:
    """The held team Swiss with a TRF26 list ``212 PTS,SB`` (SB ranks players, not teams), and
    the held round robin with ``212 PTS,MPVGP`` (a team tie-break). The errors were "SB ranks
    individual players, not teams" and "MPVGP is a team tie-break (team tournaments only)":
    usage errors that did not say the list came from the file. Like an unknown tie-break in
    the file's list, they name the record."""
    tournament = read_data((REGRESSIONS / "trf" / name).read_bytes(), name)
    with pytest.raises(UsageError, match=rf"^the file's tie-break list \(record {record}\)"):
        compute_standings(tournament)


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
    It is refused at the string, as invalid UTF-8 is."""
    text = (REGRESSIONS / name).read_text(encoding="utf-8")
    assert json.loads(text)  # the document itself is valid JSON
    error = _error(name, fmt)
    assert (error.location.line, error.location.column) == _line_and_column(text, '"\\ud800"')


@pytest.mark.parametrize(
    ("name", "fmt", "value"),
    [
        ("json/forfeit-win-worth-30-digits.json", "json", '"999999999999999999999999999999.0"'),
        ("chess-json/zero-bye-worth-30-decimals.chess.json", "chess-json", '"0.9999999999'),
    ],
)
def test_huge_score_system_values_read_back(name: str, fmt: str, value: str) -> None:
    """A score of 30 digits (or 30 decimals) was accepted, but the points and tie-break values
    computed from it had more digits than the JSON reader accepts, so our own JSON of the
    tournament did not read back. Such a score system is refused, at a line from the score
    system's key to the value."""
    text = (REGRESSIONS / name).read_text(encoding="utf-8")
    score_system = '"scoreSystem"' if fmt == "chess-json" else '"score_system"'
    first, last = _line_and_column(text, score_system)[0], _line_and_column(text, value)[0]
    assert first <= _error(name, fmt).location.line <= last


# ---------------------------------------------------------------------------------------------
# Found by fuzzing, fixed in the TRF team records


@pytest.mark.parametrize(
    "name",
    ["bye-of-a-team-that-does-not-exist.trf", "bye-in-a-round-the-tournament-does-not-have.trf"],
)
def test_bye_record_that_does_not_fit(name: str) -> None:
    """The held team Swiss whose ``320`` record gives the bye of round 5 to team 99 (there are
    14 teams); and ``001 1`` / ``320  2.0 000004`` / ``013`` (found by the fuzzer, shrunk):
    the bye of round 1 to team 4, with one team and no result, so no round at all. Both read,
    and our JSON of them lists a bye the JSON reader refuses (it does not read back). The TRF
    reader should refuse such a 320 record (an InputError at its line) or every output should
    work."""
    data = (REGRESSIONS / "trf" / name).read_bytes()
    reads_or_fails_cleanly(data, "trf", name)


# ---------------------------------------------------------------------------------------------
# Found by fuzzing, fixed in the TRF score records


@pytest.mark.parametrize(
    ("name", "record"),
    [("xxs-win-worth-999999999.trf", "XXS"), ("record-162-win-worth-999999999.trf", "162")],
)
def test_trf_score_system_beyond_the_json_bounds(name: str, record: str) -> None:
    """The held round robin with a win worth 999,999,999 points (``XXS W=999999999``, or a
    ``162`` record). Our JSON and Chess-JSON readers now refuse a score system of points
    from 1,000,000 on; the TRF reader still reads it, so our JSON of the tournament does not
    read back. The TRF reader should apply the same bound (an InputError at the record's
    line, here line 5) or every output should work."""
    data = (REGRESSIONS / "trf" / name).read_bytes()
    assert data.decode().splitlines()[4].startswith(record)
    reads_or_fails_cleanly(data, "trf", name)
    with pytest.raises(InputError) as caught:
        read_data(data, name, "trf")
    assert caught.value.location.line == 5
    assert "below 1000000, at most 4 decimals" in str(caught.value)


# ---------------------------------------------------------------------------------------------
# Found by the write-and-read-back rule (issue 15), fixed in the writers

WRITER_REFUSALS = [
    # (saved input, the writer that cannot hold a value of it, participant, field)
    ("json/birth-date-of-17-characters.json", "trf", "player 3 (Cid)", "birth date"),
    ("json/fide-id-of-12-digits.json", "trf", "player 2 (Bob)", "FIDE id"),
    ("json/negative-stated-points.json", "trf", "player 2 (Bob)", "points"),
    ("json/rank-of-9-digits.json", "trf", "player 3 (Cid)", "rank"),
    ("json/tournament-name-of-one-blank.json", "trf", "the tournament", "name"),
    (
        "json/unrated-win-scored-apart-from-a-win.json",
        "trf",
        "the tournament",
        "score of a win (unrated game)",
    ),
    (
        "json/unrated-win-scored-apart-from-a-win.json",
        "chess-json",
        "the tournament",
        "score of a win (unrated game)",
    ),
    (
        "json/forfeit-win-scored-apart-from-a-win.json",
        "chess-json",
        "the tournament",
        "score of a forfeit win",
    ),
    (
        "json/published-values-of-unnamed-columns.json",
        "chess-json",
        "the tournament",
        "published tie-break values",
    ),
    ("chess-json/sex-of-two-characters.chess.json", "trf", "player 1 (Ann)", "sex"),
    (
        "chess-json/rating-method-without-a-federation.chess.json",
        "trf",
        "the tournament",
        "national rating federation (172)",
    ),
    ("trf/tournament-name-with-a-control-character.trf", "trf", "the tournament", "name"),
]


@pytest.mark.parametrize(("name", "writer", "who", "field"), WRITER_REFUSALS)
def test_a_value_the_writer_cannot_hold_is_refused(
    name: str, writer: str, who: str, field: str
) -> None:
    """Each file was written with a value cut (birth date, FIDE id, sex, rank to 4 columns),
    stripped (a name of one blank), replaced (a control character by U+FFFD), left out (a
    negative points column, a 172 method without a federation, published values of columns
    the rank order does not have) or scored otherwise (an unrated win as a win in 162/XXS, a
    forfeit win as a win in Chess-JSON), and read back as another tournament. The writer
    refuses it now, naming the participant and the field; our JSON holds it."""
    folder = name.split("/", maxsplit=1)[0]
    tournament = read_data((REGRESSIONS / name).read_bytes(), name, TARGET_FORMATS[folder])
    with pytest.raises(FormatLimitError) as caught:
        write(tournament, writer)
    assert (caught.value.participant, caught.value.field) == (who, field)
    assert written_and_read_back(tournament, "json", None) is None


def test_172_without_national_ratings_reads_back_from_chess_json() -> None:
    """``172 GER NIDOF`` and no national rating line: the Chess-JSON writer wrote the national
    list only for players with a national rating, so the federation was lost. It is written
    whenever the tournament names one."""
    name = "172-without-national-ratings.trf"
    data = (REGRESSIONS / "trf" / name).read_bytes()
    assert data.startswith(b"172 GER NIDOF\n")
    tournament = read_data(data, name, "trf")
    assert written_and_read_back(tournament, "chess-json", None) is None
    read = read_data(write(tournament, "chess-json").encode(), "w", "chess-json")
    assert (read.national_federation, read.rating_method) == ("GER", "NIDOF")


def test_a_cut_is_explained_in_an_event_without_rounds() -> None:
    """A team file of one team and no round: the standings had the default team list
    (BH:MP/C1 among it) and explaining its cut took the minimum of an empty array
    (``ValueError``). Nothing is cut: the explanation says none of the values existed."""
    data = (REGRESSIONS / "trf" / "team-of-one-without-rounds-explained.trf").read_bytes()
    standings = compute_standings(read_data(data, "team.trf"))
    row = standings.rows[0]
    trace = explain_value(standings, row, "BH:MP/C1")
    assert trace.value == 0
    assert trace.entries == ()
    # SSSC's F (Art. 13.4) divided by what a match can score, 0 here: F is 1, no crash
    assert compute_standings(read_data(data, "team.trf"), "MP,SSSC").rows[0].values["SSSC"] == 0
