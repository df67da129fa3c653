"""How bytes become text in the TRF, PGN, crosstable CSV and rating CSV readers: UTF-8, else
CP1252, else Latin-1; a file that mixes UTF-8 with another encoding is refused at its odd one
out instead of being read as CP1252 with every UTF-8 character shifting the columns after it.

Lines and columns below are counted by hand (columns in characters of the line, a UTF-8
byte-order mark not counted).
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

import tiebreaks
from tiebreaks.errors import InputError
from tiebreaks.formats.detect import read_data
from tiebreaks.formats.readers.ratings_csv import read_rating_table
from tiebreaks.formats.readers.trf import decode_trf_bytes, read_trf_bytes, read_trf_text

EXAMPLES = Path(tiebreaks.__file__).parent / "examples"
ROUND_ROBIN_6 = (EXAMPLES / "held-round-robin-6.trf").read_text("utf-8")
MIXES = "the file mixes two encodings; save it as UTF-8"


def _error(data: bytes, source: str = "f.trf", fmt: str | None = None) -> InputError:
    with pytest.raises(InputError) as caught:
        read_data(data, source, fmt)
    return caught.value


# --- a file that mixes UTF-8 with a single-byte encoding -----------------------------------

UTF8_NAME = "Müller".encode()  # C3 BC: one UTF-8 character
LATIN1_NAME = "José".encode("latin-1")  # E9: not UTF-8
UTF8_FIRST = (
    "the UTF-8 name on line 2, the Latin-1 byte on line 3 (column 18: 17 characters before)",
    b"012 Open\n001    1 m    " + UTF8_NAME + b"\n001    2 m    " + LATIN1_NAME + b"\n",
    (3, 18),
    "byte 0xE9 ('é' in Latin-1/CP1252), expected UTF-8 like the rest of the file "
    "(line 2 has UTF-8 'ü')",
)
LATIN1_FIRST = (
    "the reverse order: the Latin-1 byte on line 2, the UTF-8 name on line 3",
    b"012 Open\n001    1 m    " + LATIN1_NAME + b"\n001    2 m    " + UTF8_NAME + b"\n",
    (2, 18),
    "byte 0xE9 ('é' in Latin-1/CP1252), expected UTF-8 like the rest of the file "
    "(line 3 has UTF-8 'ü')",
)
COLUMN_IN_CHARACTERS = (
    "two-byte 'Ł' before the bad byte on its line counts as one column: "
    "'001    1 m    Łukasz G' is 22 characters",
    "001    1 m    Łukasz G".encode() + b"\xe9rard\n",
    (1, 23),
    "byte 0xE9 ('é' in Latin-1/CP1252), expected UTF-8 like the rest of the file "
    "(line 1 has UTF-8 'Ł')",
)
WINDOWS_ONLY_BYTE = (
    "0x80 is the euro sign in CP1252 only; CR LF line ends count once; a BOM takes no column",
    b"\xef\xbb\xbf012 Caf\xc3\xa9\r\n001    1 m    Price 5\x80\r\n",
    (2, 22),
    "byte 0x80 ('€' in CP1252, a control character in Latin-1), expected UTF-8 like the rest "
    "of the file (line 1 has UTF-8 'é')",
)
UNDEFINED_IN_CP1252 = (
    "0x81 is undefined in CP1252; lines ending in CR alone are counted",
    b"012 \xc3\x85sa\r001    1 m    A\x81\r",
    (2, 16),
    "byte 0x81 (a control character in Latin-1, undefined in CP1252), expected UTF-8 like "
    "the rest of the file (line 1 has UTF-8 'Å')",
)
MOSTLY_CP1252 = (
    "three CP1252 names and one UTF-8 name: the UTF-8 character is the odd one out "
    "(line 4, column 17: '001    3 m    Fr' is 16 characters)",
    "012 Turnier\n001    1 m    Jürgen\n001    2 m    Søren\n".encode("cp1252")
    + "001    3 m    Frånck\n".encode()
    + "001    4 m    Zoë\n".encode("cp1252"),
    (4, 17),
    "'å' in UTF-8 (bytes 0xC3 0xA5), expected CP1252/Latin-1 like the rest of the file "
    "(line 2 has byte 0xFC ('ü' in Latin-1/CP1252))",
)
MIXED = [
    UTF8_FIRST,
    LATIN1_FIRST,
    COLUMN_IN_CHARACTERS,
    WINDOWS_ONLY_BYTE,
    UNDEFINED_IN_CP1252,
    MOSTLY_CP1252,
]


@pytest.mark.parametrize(
    ("data", "where", "message"), [case[1:] for case in MIXED], ids=[c[0] for c in MIXED]
)
def test_a_file_mixing_utf8_and_another_encoding_is_refused_at_the_odd_one_out(
    data: bytes, where: tuple[int, int], message: str
) -> None:
    error = _error(data, "f.trf", "trf")
    assert (error.location.source, error.location.line, error.location.column) == ("f.trf", *where)
    assert str(error) == f"f.trf:{where[0]}:{where[1]}: found {message}: {MIXES}"


MIXED_IN_EVERY_FORMAT = {
    "trf": b"001    1 m    " + UTF8_NAME + b"\n001    2 m    " + LATIN1_NAME + b"\n",
    "csv": b"Name;1;2\n" + UTF8_NAME + b";*;1\n" + LATIN1_NAME + b";0;*\n",
    "pgn": b'[Event "x"]\n[White "' + UTF8_NAME + b'"]\n[Black "' + LATIN1_NAME + b'"]\n',
}
#: the line and column of the Latin-1 byte: after "001    2 m    Jos", "Jos" and '[Black "Jos'
MIXED_BYTE_AT = {"trf": (2, 18), "csv": (3, 4), "pgn": (3, 12)}


@pytest.mark.parametrize("fmt", sorted(MIXED_IN_EVERY_FORMAT))
@pytest.mark.parametrize("detected", [False, True])
def test_every_text_reader_refuses_mixed_encodings(fmt: str, detected: bool) -> None:
    error = _error(MIXED_IN_EVERY_FORMAT[fmt], f"f.{fmt}", None if detected else fmt)
    assert (error.location.line, error.location.column) == MIXED_BYTE_AT[fmt]
    assert str(error).endswith(MIXES)


def test_the_rating_list_refuses_mixed_encodings(tmp_path: Path) -> None:
    path = tmp_path / "dwz.csv"
    path.write_bytes(b"name;DWZ\n" + UTF8_NAME + b";1800\n" + LATIN1_NAME + b";1700\n")
    with pytest.raises(InputError) as caught:
        read_rating_table(path)
    assert (caught.value.location.line, caught.value.location.column) == (3, 4)
    assert str(caught.value).endswith(MIXES)


# --- files in one encoding read as before ---------------------------------------------------


def _with_name(text: str, number: int, name: str) -> str:
    """The round robin example with player ``number`` renamed (columns 15-47)."""
    lines = text.split("\n")
    index = next(i for i, line in enumerate(lines) if line.startswith(f"001 {number:4d}"))
    line = lines[index]
    lines[index] = line[:14] + name.ljust(33)[:33] + line[47:]
    return "\n".join(lines)


@pytest.mark.parametrize(
    ("encoding", "name"),
    [
        ("utf-8", "Đorđević, Đorđe"),
        ("utf-8", "Ødegård, Åse"),
        ("cp1252", "Škoda, Žaneta"),
        ("cp1252", "Œuvre, Ÿves €"),
        ("latin-1", "Groß, Søren\x90"),  # 0x90: not CP1252, so Latin-1
    ],
)
def test_a_file_in_one_encoding_reads_with_its_names(encoding: str, name: str) -> None:
    text = _with_name(ROUND_ROBIN_6, 2, name)
    tournament = read_data(text.encode(encoding), "one.trf")
    assert tournament.player(2).name == name
    assert tournament == read_trf_text(text, "one.trf")


def test_a_multi_byte_legacy_encoding_is_still_read_as_cp1252() -> None:
    """A GBK name (CD F5 D0 A1 C3 F7): D0 A1 alone would be UTF-8 'С', but the run of six
    bytes is not UTF-8, so nothing shows a UTF-8 file: read as CP1252 as before, each byte one
    column, so the rating and results stay in place."""
    data = ROUND_ROBIN_6.encode().replace(b"Charline  ", "王小明".encode("gbk") + b"    ")
    tournament = read_data(data, "gbk.trf")
    assert tournament.player(3).name == "ÍõÐ¡Ã÷"
    assert tournament.player(3).rating == 2100


def test_a_utf16_file_cut_short_is_an_error_at_its_last_byte() -> None:
    """An odd number of bytes after a UTF-16 byte-order mark: the last byte (the first half of
    the final line break, 0x0A) is on line 1, after the 4 characters of "001 " and "Anna"."""
    data = "001 Anna\n".encode("utf-16-le")
    error = _error(b"\xff\xfe" + data[:-1], "cut.trf", "trf")
    assert (error.location.line, error.location.column) == (1, 9)
    assert str(error).startswith("cut.trf:1:9: found byte 0x0A, expected UTF-16 text")


def test_a_single_byte_field_error_names_the_encoding_when_a_name_looks_multi_byte() -> None:
    """A file written in GBK by a program that pads names by characters: the 3 characters of
    the name are 6 bytes, so CP1252 sees 3 more columns and the rest of the line is shifted;
    the error says which encoding was assumed."""
    data = _with_name(ROUND_ROBIN_6, 3, "王小明").encode("gbk")
    error = _error(data, "gbk.trf")
    assert error.location.line == 7
    assert str(error).endswith(
        "; the file was read as CP1252 (it is not UTF-8): "
        "if it is in another encoding, save it as UTF-8"
    )


def test_a_field_error_in_plain_cp1252_text_says_nothing_of_the_encoding() -> None:
    text = _with_name(ROUND_ROBIN_6, 2, "Müller").replace("2150", "21x0")
    error = _error(text.encode("cp1252"), "cp.trf")
    assert (error.location.line, error.location.column) == (6, 49)
    assert "CP1252" not in str(error)


# --- properties -------------------------------------------------------------------------------

NAMES = st.text(
    st.characters(blacklist_categories=("Cc", "Cs", "Zl", "Zp"), blacklist_characters="\ufeff"),
    min_size=1,
    max_size=33,
).filter(lambda name: name.strip() == name and len(name.encode()) > 0)


@given(NAMES)
def test_a_utf8_file_reads_as_its_text(name: str) -> None:
    """Any UTF-8 TRF reads as the text it encodes (the same tournament or the same error)."""
    text = _with_name(ROUND_ROBIN_6, 4, name)
    try:
        expected = read_trf_text(text, "u.trf")
    except InputError as error:
        with pytest.raises(InputError) as caught:
            read_trf_bytes(text.encode(), "u.trf")
        assert str(caught.value) == str(error)
        return
    assert read_trf_bytes(text.encode(), "u.trf") == expected


_NON_ASCII_RUN = re.compile(rb"[\x80-\xff]+")


def _some_run_is_utf8(data: bytes) -> bool:
    for run in _NON_ASCII_RUN.findall(data):
        try:
            text = run.decode("utf-8")
        except UnicodeDecodeError:
            continue
        if any(not 0x80 <= ord(character) < 0xA0 for character in text):
            return True
    return False


@given(st.binary(max_size=200))
def test_bytes_with_no_utf8_run_decode_as_cp1252_else_latin1(data: bytes) -> None:
    """Bytes that are not UTF-8 and hold no whole UTF-8 run decode as they always did."""
    data = data.replace(b"\xef\xbb\xbf", b"").lstrip(b"\xff\xfe")
    try:
        data.decode("utf-8")
    except UnicodeDecodeError:
        pass
    else:
        return
    if _some_run_is_utf8(data):
        return
    try:
        expected = data.decode("cp1252")
    except UnicodeDecodeError:
        expected = data.decode("latin-1")
    assert decode_trf_bytes(data) == expected
