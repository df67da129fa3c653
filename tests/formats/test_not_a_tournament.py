"""A file that is not a tournament (a PDF, a spreadsheet, an archive, an image, a web page, a
program, binary data, our own standings, other JSON, a note, an empty file) is refused with
one error saying what it is, where, and that it is not a tournament file, instead of the
error of the reader its bytes happen to reach. Every valid file still goes to its reader.

The inputs are small hand-made byte strings (the signatures are those of each format's
specification); lines and columns are counted by hand.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from click.testing import CliRunner

import tiebreaks
from tiebreaks.batch import result_line, run_batch
from tiebreaks.cli.common import EXIT_INPUT
from tiebreaks.cli.main import main
from tiebreaks.errors import InputError
from tiebreaks.formats.detect import detect_format, read_data
from tiebreaks.formats.readers.ratings_csv import read_rating_table
from tiebreaks.render import standings_csv, standings_json, standings_text

EXAMPLES = Path(tiebreaks.__file__).parent / "examples"
TESTS = Path(__file__).parent.parent
FUZZ = TESTS.parent / "fuzz"
#: what every such error says we read: the tournament files and the published tables
TOURNAMENT_FILE = (
    "a tournament file (TRF, our JSON, Chess-JSON, PGN or a crosstable CSV) or a published"
    " table (a chess-results crosstable: Excel or CSV export, or the page saved from a"
    " browser; a Vega or Swiss-Chess HTML page)"
)
NOT_A_TOURNAMENT = "this is not a tournament file"
WRITTEN_BY_US = (
    "this is a standings file written by tiebreaks, not a tournament; "
    "convert the tournament instead"
)
SPREADSHEET = f"{NOT_A_TOURNAMENT}; save the sheet as CSV"
ARCHIVE = f"{NOT_A_TOURNAMENT}; unpack it first"
RESAVE = "this is text in another encoding; save it as UTF-8"
JSON_HINT = (
    f'{NOT_A_TOURNAMENT}; our JSON has "format": "tiebreaks-tournament", '
    'Chess-JSON "filetype": "Event"'
)

#: clearly not text: refused whether the format is detected or forced to CSV
BINARY = [
    (
        "pdf",
        b"%PDF-1.7\n%\xe2\xe3\xcf\xd3\n1 0 obj\n<< /Type /Catalog >>\n",
        "a PDF document",
        1,
        1,
        NOT_A_TOURNAMENT,
    ),
    (
        "xlsx",
        b"PK\x03\x04\x14\x00\x06\x00\x08\x00\x00\x00!\x00[Content_Types].xmlPK\x03\x04xl/workbook.xml",
        "a spreadsheet or document (ZIP): an Excel workbook (xlsx)",
        1,
        1,
        SPREADSHEET,
    ),
    (
        "docx",
        b"PK\x03\x04\x14\x00\x06\x00\x08\x00\x00\x00!\x00word/document.xml",
        "a spreadsheet or document (ZIP): a Word document (docx)",
        1,
        1,
        SPREADSHEET,
    ),
    (
        "ods",
        b"PK\x03\x04\n\x00\x00\x00\x00\x00mimetypeapplication/vnd.oasis.opendocument.spreadsheet",
        "a spreadsheet or document (ZIP): an OpenDocument spreadsheet (ods)",
        1,
        1,
        SPREADSHEET,
    ),
    (
        "zip",
        b"PK\x03\x04\x14\x00\x00\x00results.trf",
        "a spreadsheet or document (ZIP)",
        1,
        1,
        SPREADSHEET,
    ),
    (
        "gzip",
        b"\x1f\x8b\x08\x00\x00\x00\x00\x00\x00\x03",
        "a compressed archive (gzip)",
        1,
        1,
        ARCHIVE,
    ),
    ("bzip2", b"BZh91AY&SY\x00\x01", "a compressed archive (bzip2)", 1, 1, ARCHIVE),
    ("xz", b"\xfd7zXZ\x00\x00\x04", "a compressed archive (xz)", 1, 1, ARCHIVE),
    ("7z", b"7z\xbc\xaf\x27\x1c\x00\x04", "a compressed archive (7z)", 1, 1, ARCHIVE),
    ("rar", b"Rar!\x1a\x07\x01\x00", "a compressed archive (RAR)", 1, 1, ARCHIVE),
    ("png", b"\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR", "an image (PNG)", 1, 1, NOT_A_TOURNAMENT),
    ("jpeg", b"\xff\xd8\xff\xe0\x00\x10JFIF\x00", "an image (JPEG)", 1, 1, NOT_A_TOURNAMENT),
    ("gif", b"GIF89a\x01\x00\x01\x00", "an image (GIF)", 1, 1, NOT_A_TOURNAMENT),
    ("webp", b"RIFF\x24\x00\x00\x00WEBPVP8 ", "an image (WebP)", 1, 1, NOT_A_TOURNAMENT),
    (
        "doc",
        b"\xd0\xcf\x11\xe0\xa1\xb1\x1a\xe1\x00\x00\x00\x00",
        "a Word or Excel document in the old format (.doc, .xls)",
        1,
        1,
        SPREADSHEET,
    ),
    (
        "sqlite",
        b"SQLite format 3\x00\x10\x00\x01\x01",
        "a database (SQLite)",
        1,
        1,
        NOT_A_TOURNAMENT,
    ),
    ("elf", b"\x7fELF\x02\x01\x01\x00", "a program (ELF executable)", 1, 1, NOT_A_TOURNAMENT),
    (
        "exe",
        b"MZ\x90\x00\x03\x00\x00\x00\x04\x00",
        "a program (Windows executable)",
        1,
        1,
        NOT_A_TOURNAMENT,
    ),
    # the NUL is the 4th character of line 2
    (
        "nul",
        b"Name;1;2\nAnn\x00;*;1\nBob;0;*\n",
        "binary data (a NUL byte)",
        2,
        4,
        NOT_A_TOURNAMENT,
    ),
    (
        "controls",
        b"\x01\x02\x03\x04\x05\x06 a b c",
        "binary data (control characters)",
        1,
        1,
        NOT_A_TOURNAMENT,
    ),
    (
        "utf-16",
        "Name;1;2\nAnn;*;1\n".encode("utf-16-le"),
        "text in UTF-16 without a byte-order mark",
        1,
        1,
        RESAVE,
    ),
    ("utf-32", "001    1 m    Ann\n".encode("utf-32"), "text in UTF-32", 1, 1, RESAVE),
]

#: text that is no tournament: refused when the format is detected (the CSV reader's error
#: otherwise)
TEXT = [
    ("empty", b"", "an empty file", 1, 1, NOT_A_TOURNAMENT),
    ("blank", b" \r\n\t\n", "a file with no text (only blanks)", 1, 1, NOT_A_TOURNAMENT),
    (
        "html",
        b"<!DOCTYPE html>\n<html><body><pre>001 x</pre></body></html>",
        "a web page (HTML)",
        1,
        1,
        NOT_A_TOURNAMENT,
    ),
    # the page starts on line 3, column 3 (after two blank lines and two spaces)
    (
        "html-later",
        b"\n\n  <html lang=en><table><tr><td>1;2;3</td></tr></table>",
        "a web page (HTML)",
        3,
        3,
        NOT_A_TOURNAMENT,
    ),
    (
        "xml",
        b'<?xml version="1.0"?>\n<results><game/></results>',
        "an XML document",
        1,
        1,
        NOT_A_TOURNAMENT,
    ),
    (
        "note",
        b"Dear arbiter,\nthe results follow tomorrow.\nAnna\n",
        "a text with no tournament records",
        1,
        1,
        NOT_A_TOURNAMENT,
    ),
    (
        "rating list",
        b"no;DWZ\n1;1874\n2;1650\n",
        "a rating list (CSV; lists DWZ)",
        1,
        1,
        f"{NOT_A_TOURNAMENT}; give it with table, next to the tournament file",
    ),
    (
        "wider rating list",
        b"start_number;name;DWZ;ELO\n1;Anna;1874;1900\n2;Bernd;1650;\n",
        "a rating list (CSV; lists DWZ, ELO)",
        1,
        1,
        f"{NOT_A_TOURNAMENT}; give it with table, next to the tournament file",
    ),
    (
        "json keys",
        b'{"a": 1, "b": [2], "c": {}}',
        "a JSON document with keys a, b, c",
        1,
        1,
        JSON_HINT,
    ),
    ("json array", b"\n [1, 2, 3]", "a JSON array of 3 items", 2, 2, JSON_HINT),
    (
        "our standings json",
        b'{"tournament": {"name": "x"}, "rules": "fide-2024", "after_round": 5, "standings": []}',
        "standings written by tiebreaks (JSON)",
        1,
        1,
        WRITTEN_BY_US,
    ),
    (
        "our batch lines",
        b'{"path": "a.trf", "status": "ok"}\n{"path": "b.trf", "status": "error"}\n',
        "batch results written by tiebreaks (JSON lines)",
        1,
        1,
        WRITTEN_BY_US,
    ),
    (
        "our standings csv",
        b"rank,id,name,rating,PTS\n1,2,Anna,2100,3\n",
        "standings written by tiebreaks (CSV)",
        1,
        1,
        WRITTEN_BY_US,
    ),
]


def _refusal(data: bytes, fmt: str | None = None, source: str = "in.x") -> InputError:
    with pytest.raises(InputError) as caught:
        read_data(data, source, fmt)
    return caught.value


def _message(what: str, line: int, column: int, reason: str, source: str = "in.x") -> str:
    return f"{source}:{line}:{column}: found {what}, expected {TOURNAMENT_FILE}: {reason}"


@pytest.mark.parametrize(
    ("data", "what", "line", "column", "reason"),
    [case[1:] for case in BINARY + TEXT],
    ids=[case[0] for case in BINARY + TEXT],
)
def test_a_file_that_is_not_a_tournament_says_what_it_is(
    data: bytes, what: str, line: int, column: int, reason: str
) -> None:
    error = _refusal(data)
    assert str(error) == _message(what, line, column, reason)
    assert (error.location.line, error.location.column) == (line, column)
    assert error.text == what  # the web answer's "found"
    if "give it with table" in reason:  # the command line names its option
        worded = _message(what, line, column, reason.replace("with table", "with --ratings"))
        assert error.worded({"table": "--ratings"}) == worded


@pytest.mark.parametrize(
    ("data", "what", "line", "column", "reason"),
    [case[1:] for case in BINARY],
    ids=[case[0] for case in BINARY],
)
def test_from_csv_refuses_what_is_clearly_not_text(
    data: bytes, what: str, line: int, column: int, reason: str
) -> None:
    assert str(_refusal(data, "csv")) == _message(what, line, column, reason)


@pytest.mark.parametrize("name", ["html", "note", "our standings csv", "json keys"])
def test_from_csv_reads_text_as_a_crosstable(name: str) -> None:
    """Text given as CSV gets the crosstable reader's own error, not a guess of what it is."""
    data = next(case[1] for case in TEXT if case[0] == name)
    error = _refusal(data, "csv")
    assert NOT_A_TOURNAMENT not in str(error) and "written by tiebreaks" not in str(error)


def test_a_signature_wins_over_a_record_pattern_inside_the_file() -> None:
    """A stored (uncompressed) ZIP of a TRF holds lines starting with '001 '; a PDF may hold
    a PGN tag: they are still what their signature says."""
    trf = (EXAMPLES / "held-swiss-16.trf").read_bytes()
    assert detect_format(b"PK\x03\x04\n\x00\x00\x00\x00\x00\n" + trf) == "trf"
    assert _refusal(b"PK\x03\x04\n\x00\x00\x00\x00\x00\n" + trf).text == (
        "a spreadsheet or document (ZIP)"
    )
    assert _refusal(b'%PDF-1.4\n[Event "x"]\n[White "a"]\n').text == "a PDF document"


# --- our own outputs given back as the tournament ---------------------------------------------


def _standings() -> tiebreaks.Standings:
    tournament = tiebreaks.read_tournament(EXAMPLES / "held-swiss-16.trf")
    return tiebreaks.compute_standings(tournament, "PTS,BH,SB", "fide-2024")


@pytest.mark.parametrize(
    ("kind", "write"),
    [
        ("JSON", standings_json),
        ("CSV", standings_csv),
        ("text", lambda standings: standings_text(standings, "en")),
        ("text", lambda standings: standings_text(standings, "fr")),
    ],
)
def test_our_standings_are_not_taken_for_a_tournament(kind: str, write: object) -> None:
    assert callable(write)
    error = _refusal(write(_standings()).encode("utf-8"), source="out")
    assert str(error) == _message(
        f"standings written by tiebreaks ({kind})", 1, 1, WRITTEN_BY_US, "out"
    )


def test_our_batch_results_are_not_taken_for_a_tournament() -> None:
    lines = [result_line(result) for result in run_batch([EXAMPLES], workers=0)]
    assert len(lines) > 1
    error = _refusal("\n".join(lines).encode("utf-8") + b"\n", source="results.jsonl")
    assert error.text == "batch results written by tiebreaks (JSON lines)"
    assert str(error).endswith(WRITTEN_BY_US)


# --- the command line and the rating list -----------------------------------------------------


@pytest.mark.parametrize(
    ("name", "data", "what"), [(c[0], c[1], c[2]) for c in BINARY[:3] + TEXT[5:6]]
)
def test_the_command_line_says_what_the_file_is(
    tmp_path: Path, name: str, data: bytes, what: str
) -> None:
    path = tmp_path / f"{name}.file"
    path.write_bytes(data)
    result = CliRunner().invoke(main, ["standings", str(path)])
    assert result.exit_code == EXIT_INPUT
    assert result.stderr.startswith(f"error: {path}:")
    assert f"found {what}, expected {TOURNAMENT_FILE}" in result.stderr
    assert "Traceback" not in result.stderr


@pytest.mark.parametrize(
    ("data", "what"),
    [(case[1], case[2]) for case in BINARY if case[0] in ("pdf", "xlsx", "nul", "utf-16")],
)
def test_a_rating_list_that_is_not_one(tmp_path: Path, data: bytes, what: str) -> None:
    path = tmp_path / "dwz.csv"
    path.write_bytes(data)
    with pytest.raises(InputError) as caught:
        read_rating_table(path)
    location = caught.value.location
    assert str(caught.value).startswith(
        f"{path}:{location.line}:{location.column}: found {what}, "
        "expected a rating list (CSV with a header row such as start_number;DWZ): "
        + (RESAVE if "UTF-16" in what else "this is not a rating list")
    )


# --- every valid file still goes to its reader ------------------------------------------------

VALID = {
    **{f"examples/{path.name}": path for path in sorted(EXAMPLES.iterdir()) if path.is_file()},
    **{
        f"data/{path.name}": path
        for path in sorted((TESTS / "formats" / "data").iterdir())
        if path.is_file()
    },
    **{
        f"data/chess_results/{path.name}": path
        for path in sorted((TESTS / "formats" / "data" / "chess_results").glob("final.*"))
    },
    **{
        f"seeds/{path.parent.name}/{path.name}": path
        for path in sorted((FUZZ / "seeds").glob("*/*"))
        if path.parent.name != "ratings"
    },
}
#: the format of each by its name: .chess.json is Chess-JSON, other .json our JSON
FORMAT_OF_SUFFIX = {
    ".trf": "trf",
    ".pgn": "pgn",
    ".csv": "csv",
    ".json": "json",
    ".html": "chess-results",
    ".xlsx": "chess-results",
}
#: the published pages' seeds, by their folder (one program's pages each)
FORMAT_OF_FOLDER = {"vega": "vega", "swiss-chess": "swiss-chess"}


def _outcome(data: bytes, name: str, fmt: str | None) -> object:
    """The tournament read, or the error's message."""
    try:
        return read_data(data, name, fmt)
    except InputError as error:
        return str(error)


@pytest.mark.parametrize("name", sorted(VALID))
def test_every_file_of_a_format_goes_to_its_reader(name: str) -> None:
    """Detected as its format, and read (or refused: a fuzz seed may be malformed) exactly as
    its reader reads it."""
    path = VALID[name]
    fmt = FORMAT_OF_FOLDER.get(path.parent.name) or (
        "chess-json" if path.name.endswith(".chess.json") else FORMAT_OF_SUFFIX[path.suffix]
    )
    if path.parent.name in ("chess_results", "chess-results"):
        fmt = "chess-results"
    data = path.read_bytes()
    assert detect_format(data) == fmt
    assert _outcome(data, path.name, None) == _outcome(data, path.name, fmt)
