"""Seed corpora of the fuzz targets and the systematic input classes derived from them.

Seeds (:func:`seeds`) are real files: the bundled examples, the encoding test files, the
hand-written files of ``fuzz/seeds/<target>/``, small tournaments made by
``benchmarks/generate_swiss.py``, every readable file converted by our writers to TRF26, our
JSON and Chess-JSON, and the saved crash reproducers of ``fuzz/regressions/<target>/``.

Input classes (:func:`variants`) are deterministic distortions of a seed, each named by its
class: truncations, encodings and byte-order marks, NUL bytes and invalid UTF-8, other line
breaks (CR, CRLF and the ones ``str.splitlines`` also honours), huge and odd numbers, overlong
lines, repeated and dropped lines, deep nesting and duplicate keys (JSON), unbalanced
comments and variations (PGN), quotes and wide rows (CSV). They are replayed in full by
``fuzz/run.py`` before the coverage-guided phase and given to the fuzzer as starting points.
"""

from __future__ import annotations

import re
import sys
from collections.abc import Callable, Iterator
from functools import cache
from pathlib import Path

FUZZ = Path(__file__).resolve().parent
ROOT = FUZZ.parent
EXAMPLES = ROOT / "src" / "tiebreaks" / "examples"
TEST_DATA = ROOT / "tests" / "formats" / "data"
REGRESSIONS = FUZZ / "regressions"
HAND_SEEDS = FUZZ / "seeds"

#: Which bundled / test files each reader target starts from (by name pattern).
_FILE_PATTERNS: dict[str, tuple[str, ...]] = {
    "trf": ("*.trf",),
    "json": ("*[!s].json",),  # held-swiss-16.json, not *.chess.json
    "chess-json": ("*.chess.json",),
    "pgn": ("*.pgn",),
    "csv": ("*.csv",),
    "vega": (),
    "swiss-chess": (),
    "chess-results": ("chess_results/*.csv", "chess_results/*.html"),
    "ratings": (),
}
_WRITER_TARGETS = ("trf", "json", "chess-json")
_MAX_SEED = 64_000


def seeds(target: str) -> dict[str, bytes]:
    """The seed inputs of ``target`` by name (the dispatcher ``detect`` gets every reader's
    real files)."""
    if target == "detect":  # the real files of every reader (not the converted ones)
        found: dict[str, bytes] = {}
        for reader in (
            "trf",
            "json",
            "chess-json",
            "pgn",
            "csv",
            "vega",
            "swiss-chess",
            "chess-results",
        ):
            found.update(
                {
                    f"{reader}/{name}": data
                    for name, data in seeds(reader).items()
                    if name.startswith(("file:", "hand:"))
                }
            )
        found.update(_files(REGRESSIONS / "detect", "regression"))
        return found
    found = {}
    for folder in (EXAMPLES, TEST_DATA):
        for pattern in _FILE_PATTERNS[target]:
            found.update(_files(folder, "file", pattern))
    found.update(_files(HAND_SEEDS / target, "hand"))
    found.update(_converted(target))
    if target == "trf":
        found.update(_generated())
    found.update(_files(REGRESSIONS / target, "regression"))
    return {name: data for name, data in found.items() if len(data) <= _MAX_SEED}


_KIND_ORDER = ("file", "hand", "generated", "converted", "regression")


def ordered_seeds(target: str) -> list[tuple[str, bytes]]:
    """The seeds of ``target``, real files first, then hand-written, generated, converted and
    the regressions (the order in which their input classes are replayed)."""

    def rank(item: tuple[str, bytes]) -> tuple[int, str]:
        kind = item[0].split("/")[-1].split(":")[0]
        return (_KIND_ORDER.index(kind) if kind in _KIND_ORDER else len(_KIND_ORDER), item[0])

    return sorted(seeds(target).items(), key=rank)


def _files(folder: Path, kind: str, pattern: str = "*") -> dict[str, bytes]:
    if not folder.is_dir():
        return {}
    return {
        f"{kind}:{path.name}": path.read_bytes()
        for path in sorted(folder.glob(pattern))
        if path.is_file() and not path.name.startswith(".")
    }


@cache
def _real_tournaments() -> tuple[tuple[str, object], ...]:
    """Every bundled / hand-written tournament that reads (name, Tournament)."""
    from tiebreaks.errors import InputError
    from tiebreaks.formats.detect import read_data

    files = {**_files(EXAMPLES, "file"), **_generated()}
    for target in ("trf", "json", "chess-json", "pgn", "csv", "chess-results"):
        files.update(_files(HAND_SEEDS / target, f"hand-{target}"))
    found = []
    for name, data in sorted(files.items()):
        try:
            found.append((name, read_data(data, name)))
        except InputError:
            continue
    return tuple(found)


def _converted(target: str) -> dict[str, bytes]:
    """Every readable seed written by our writer for ``target`` (with standings; a seed the
    format cannot hold, which the writer refuses, is left out)."""
    if target not in _WRITER_TARGETS:
        return {}
    from tiebreaks.errors import FormatLimitError
    from tiebreaks.formats.writers.chess_json import write_chess_json
    from tiebreaks.formats.writers.tournament_json import write_tournament_json
    from tiebreaks.formats.writers.trf import write_trf
    from tiebreaks.model import Tournament
    from tiebreaks.standings import compute_standings

    writers: dict[str, Callable[..., str]] = {
        "trf": write_trf,
        "json": write_tournament_json,
        "chess-json": write_chess_json,
    }
    found = {}
    for name, tournament in _real_tournaments():
        assert isinstance(tournament, Tournament)
        standings = compute_standings(tournament)
        try:
            text = writers[target](tournament, standings)
        except FormatLimitError:
            continue
        found[f"converted:{name}"] = text.encode("utf-8")
    return found


@cache
def _generated() -> dict[str, bytes]:
    """Small synthetic tournaments (Swiss with every kind of unplayed round, round robins)."""
    sys.path.insert(0, str(ROOT / "benchmarks"))
    try:
        import generate_swiss as generator
    finally:
        sys.path.pop(0)
    texts = {
        "generated:swiss-9x5": generator.generate_swiss(9, 5, 1),
        "generated:swiss-24x7": generator.generate_swiss(24, 7, 2),
        "generated:round-robin-5": generator.generate_round_robin(5, 3),
        "generated:double-round-robin-4": generator.generate_round_robin(4, 4, double=True),
    }
    return {name: text.encode("utf-8") for name, text in texts.items()}


# ---------------------------------------------------------------------------------------------
# Input classes


Variant = tuple[str, bytes]
_DIGITS = re.compile(rb"[0-9]+")
_ODD_NUMBERS = (
    b"9" * 30,
    b"999999999",
    b"0",
    b"-1",
    b"000000000001",
    "\u00b2".encode(),  # superscript two: str.isdigit() but not int()
    "\u0661\u0662".encode(),  # Arabic-Indic digits: int() reads them
    "\uff11".encode(),  # full-width one
    b"1" * 5000,  # beyond Python's 4300-digit int/str conversion limit
)
_LINE_BREAKS = (b"\r", b"\r\n", b"\x0b", b"\x0c", b"\x1c", b"\xc2\x85", "\u2028".encode())
_BAD_BYTES = (b"\x00", b"\xff", b"\x81", b"\xed\xa0\x80", b"\xc0\xaf", b"\x1b", b"\x7f")
_NAMES = (
    "\u202eRTL\u202c",
    "e\u0301\u0301\u0301",
    "\U0001f600",
    "\u200b",
    "\ufb01",
    "A" * 300,
    "\ud800",
)


def variants(data: bytes, target: str, limit_digit_runs: int = 12) -> Iterator[Variant]:
    """Every input class applied to ``data`` (deterministic, named ``class:detail``)."""
    yield from _sizes(data)
    yield from _encodings(data)
    yield from _bytes(data)
    yield from _line_breaks(data)
    yield from _numbers(data, limit_digit_runs)
    yield from _lines(data)
    yield from _names(data)
    specific: dict[str, Callable[[bytes], Iterator[Variant]]] = {
        "json": _json,
        "chess-json": _json,
        "pgn": _pgn,
        "csv": _csv,
        "chess-results": _csv,
        "ratings": _csv,
        "trf": _trf,
    }
    if target in specific:
        yield from specific[target](data)


def _sizes(data: bytes) -> Iterator[Variant]:
    yield "empty", b""
    yield "blank", b" \n\t\r\n"
    yield "bom-only", b"\xef\xbb\xbf"
    for fraction in (1, 2, 3, 5, 7):
        yield f"truncated:{fraction}/8", data[: len(data) * fraction // 8]
    first_break = data.find(b"\n")
    if first_break > 0:
        yield "truncated:first-line", data[:first_break]
        yield "truncated:mid-first-line", data[: first_break // 2]
    yield "truncated:last-byte", data[:-1]
    yield "doubled", data + data
    yield "trailing-garbage", data + b"\x00garbage\xff"


def _encodings(data: bytes) -> Iterator[Variant]:
    text = data.decode("utf-8", "replace")
    yield "bom:utf-8", b"\xef\xbb\xbf" + data
    yield "bom:utf-8-twice", b"\xef\xbb\xbf\xef\xbb\xbf" + data
    yield "encoding:utf-16", text.encode("utf-16")
    yield "encoding:utf-16-be-bom", b"\xfe\xff" + text.encode("utf-16-be")
    yield "encoding:utf-16-le-no-bom", text.encode("utf-16-le")
    yield "encoding:utf-32", text.encode("utf-32")
    yield "encoding:cp1252", text.encode("cp1252", "replace")
    yield "encoding:latin-1-names", text.replace("e", "\u00e9").encode("latin-1", "replace")
    yield "encoding:utf-16-odd-length", text.encode("utf-16")[:-1]


def _bytes(data: bytes) -> Iterator[Variant]:
    middle = len(data) // 2
    for bad in _BAD_BYTES:
        yield f"byte:{bad.hex()}-inserted", data[:middle] + bad + data[middle:]
    line_two = data.find(b"\n") + 1
    if 0 < line_two < len(data):
        yield "byte:nul-on-line-2", data[:line_two] + b"\x00" + data[line_two + 1 :]
    yield "byte:all-nul", b"\x00" * max(len(data), 1)
    yield "byte:nul-for-spaces", data.replace(b" ", b"\x00")
    yield "byte:tabs-for-spaces", data.replace(b" ", b"\t")


def _line_breaks(data: bytes) -> Iterator[Variant]:
    for index, new in enumerate(_LINE_BREAKS):
        yield f"line-break:{index}-everywhere", data.replace(b"\n", new)
        yield f"line-break:{index}-inside-lines", data.replace(b" ", new, 3)
    yield "line-break:none-at-end", data.rstrip(b"\r\n")
    yield "line-break:blank-lines", data.replace(b"\n", b"\n\n\n")


def _numbers(data: bytes, limit: int) -> Iterator[Variant]:
    runs = list(_DIGITS.finditer(data))
    step = max(1, len(runs) // limit)
    for index, run in enumerate(runs[::step][:limit]):
        for odd_index, odd in enumerate(_ODD_NUMBERS):
            yield (
                f"number:run{index}-odd{odd_index}",
                data[: run.start()] + odd + data[run.end() :],
            )
    yield "number:all-huge", _DIGITS.sub(b"99999999999", data)
    yield "number:all-zero", _DIGITS.sub(b"0", data)


def _lines(data: bytes) -> Iterator[Variant]:
    lines = data.split(b"\n")
    for index in range(min(len(lines), 12)):
        yield f"lines:drop-{index}", b"\n".join(lines[:index] + lines[index + 1 :])
    for index in range(min(len(lines) - 1, 6)):
        swapped = [*lines]
        swapped[index], swapped[index + 1] = swapped[index + 1], swapped[index]
        yield f"lines:swap-{index}", b"\n".join(swapped)
    yield "lines:each-twice", b"\n".join(line for line in lines for _ in (0, 1))
    yield "lines:reversed", b"\n".join(reversed(lines))
    longest = max(lines, key=len)
    yield "lines:overlong-100k", data + b"\n" + longest * (100_000 // max(len(longest), 1))
    yield "lines:overlong-1m-spaces", data.replace(b"\n", b" " * 1_000_000 + b"\n", 1)
    yield "lines:many-blank", b"\n" * 200_000 + data
    second = lines[min(1, len(lines) - 1)]
    yield "lines:10k-copies-of-line-2", b"\n".join([*lines[:2], *[second] * 10_000, *lines[2:]])


def _names(data: bytes) -> Iterator[Variant]:
    text = data.decode("utf-8", "replace")
    letters = re.search(r"[A-Z][a-z]+", text)
    if letters is None:
        return
    for index, name in enumerate(_NAMES):
        changed = text[: letters.start()] + name + text[letters.end() :]
        yield f"name:{index}", changed.encode("utf-8", "surrogatepass")


def _json(data: bytes) -> Iterator[Variant]:
    for depth in (63, 64, 65, 1000, 100_000):
        yield f"json:nested-arrays-{depth}", b"[" * depth + b"]" * depth
        yield f"json:wrapped-{depth}", b'{"a":' * depth + data + b"}" * depth
    yield "json:nested-unclosed", b"[{" * 50_000
    key = re.search(rb'"([A-Za-z_]+)"\s*:', data)
    if key is not None:
        yield (
            "json:duplicate-first-key",
            data[: key.start()] + key.group(0) + b"1," + data[key.start() :],
        )
    for old, new in (
        (rb'"[0-9.]+"', b"1e999"),
        (rb'"[0-9.]+"', b"-0.0"),
        (rb'"[0-9.]+"', b"NaN"),
        (rb'"[0-9.]+"', b"Infinity"),
        (rb":\s*[0-9]+", b": 1.5"),
        (rb":\s*[0-9]+", b': "7"'),
        (rb":\s*[0-9]+", b": true"),
        (rb":\s*[0-9]+", b": 1" + b"0" * 5000),
        (rb":\s*\[", b': {}, "x": ['),
        (rb'"[A-Za-z ]+"', b'"\\u0000"'),
        (rb'"[A-Za-z ]+"', b'"\\ud800"'),
        (rb'"[A-Za-z ]+"', b"null"),
        (rb'"[A-Za-z ]+"', b"[]"),
    ):
        name = f"{old.decode()}->{new[:12].decode()}"
        template = new.replace(b"\\", b"\\\\")  # taken literally by re.sub
        yield f"json:{name}", re.sub(old, template, data, count=3)
        yield f"json:all-{name}", re.sub(old, template, data)
    for index, value in enumerate(_ODD_TEXTS):
        yield f"json:odd-text-{index}", _set_text_values(data, value)
    yield "json:trailing-comma", data.replace(b"}", b",}", 1)
    yield "json:single-quotes", data.replace(b'"', b"'")


_TEXT_KEYS = re.compile(
    rb'("(?:name|fideName|lastName|firstName|title|federation|eventName|teamName|sex)"\s*:\s*)'
    rb'"[^"]*"'
)
_ODD_TEXTS = (
    b'"\\ud800"',  # a lone surrogate: JSON allows it, UTF-8 cannot encode it
    b'"\\u0000\\u001b\\u202e"',
    b'"' + b"A" * 100_000 + b'"',
    b'""',
    b'" "',
    b"12",
    b"null",
)


def _set_text_values(data: bytes, value: bytes) -> bytes:
    """Every text value of a name-like key replaced by ``value``."""

    def replace(match: re.Match[bytes]) -> bytes:
        return match.group(1) + value

    return _TEXT_KEYS.sub(replace, data)


def _pgn(data: bytes) -> Iterator[Variant]:
    yield "pgn:unclosed-comment", data.replace(b"\n\n", b"\n\n{ never closed\n", 1)
    yield "pgn:unclosed-variation", data.replace(b"\n\n", b"\n\n1. e4 ( e5 \n", 1)
    yield "pgn:deep-variations", data + b"\n\n1. e4 " + b"( e5 " * 5000 + b"\n"
    yield "pgn:deep-comments", data + b"\n\n{ " + b"{ " * 5000 + b"}\n"
    yield "pgn:escaped-quote", data.replace(b'"]', b'\\"]', 3)
    yield "pgn:tag-without-value", data.replace(b'[White "', b"[White ", 1)
    yield "pgn:round-dots", re.sub(rb'\[Round "([^"]*)"', rb'[Round "\1.1.1.1.1"', data)
    yield "pgn:round-1000", re.sub(rb'\[Round "[^"]*"', b'[Round "1000"', data, count=1)
    yield "pgn:percent-escape", b"%escaped line\n" + data
    position = b'[SetUp "1"]\n[FEN "8/8/8/8/8/8/8/8 w - - 0 1"]\n[Round'
    yield "pgn:fen", data.replace(b"[Round", position, 1)
    yield "pgn:many-games", b"\n\n".join([data] * 20)


def _csv(data: bytes) -> Iterator[Variant]:
    yield "csv:unbalanced-quote", data.replace(b";", b';"', 1).replace(b",", b',"', 1)
    yield "csv:quoted-newline", data.replace(b"\n", b'"\n"', 2)
    yield "csv:semicolons-to-commas", data.replace(b";", b",")
    yield "csv:commas-to-tabs", data.replace(b",", b"\t").replace(b";", b"\t")
    first = data.split(b"\n", 1)[0]
    yield "csv:wide-row", data + b"\n" + (first + b";") * 500
    yield "csv:only-separators", b";;;\n;;;\n;;;\n"
    yield "csv:header-only", first + b"\n"


def _trf(data: bytes) -> Iterator[Variant]:
    yield "trf:shifted-columns", data.replace(b"\n001 ", b"\n001  ", 3)
    yield "trf:shifted-left", data.replace(b"\n001  ", b"\n001 ", 3)
    yield "trf:rounds-999", re.sub(rb"XXR +[0-9]+", b"XXR 999", data)
    yield "trf:rounds-1000", re.sub(rb"XXR +[0-9]+", b"XXR 1000", data)
    yield "trf:rounds-0", re.sub(rb"XXR +[0-9]+", b"XXR 0", data)
    yield "trf:142-huge", b"142 99999999999\n" + data
    yield "trf:start-number-9999", re.sub(rb"\n001 +1 ", b"\n001 9999 ", data, count=1)
    yield "trf:opponent-9999", re.sub(rb"(\n001 .{86}) +[0-9]+ ", rb"\1 9999 ", data, count=1)
    many_rounds = rb"\1" + b"    2 w 1" * 1200
    yield "trf:long-round-list", re.sub(rb"(\n001 [^\n]*)", many_rounds, data, count=1)
    yield "trf:team-record-huge", b"013 Team" + b" 9999" * 400 + b"\n" + data
    yield "trf:lowercase-records", data.replace(b"XXR", b"xxr").replace(b"XXS", b"xxs")
    yield (
        "trf:only-header",
        b"\n".join(line for line in data.split(b"\n") if not line.startswith(b"001")),
    )
