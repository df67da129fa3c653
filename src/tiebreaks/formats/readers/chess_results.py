"""Reader of the crosstables chess-results.com publishes (Swiss-Manager's site), whatever the
file they come in: the Excel export (:mod:`.chess_results_xlsx`), the CSV export and the
"Final Ranking crosstable" page saved from a browser (:mod:`.chess_results_html`). Each front
end gives the cells it found, with where they are, as a :class:`Sheet`; this module reads the
crosstable out of them.

Layout (the header row's names in English; German, Spanish, Italian, French, Dutch and
Portuguese pages are read too)::

    Final Ranking crosstable after 3 Rounds
    Rk.  SNo  Name          Rtg   FED  1.Rd  2.Rd  3.Rd  Pts.  TB1   TB2
    1    2    Solano Ana    1600  CRC  6w1   2b1   3w½   2,5   4     0
    2    1    Quesada Carla 1500  CRC  4w1   1w0   -1    2     4,5   0
    ...
    Tie Break1: Buchholz Tie-Breaks (variabel with parameter)
    Tie Break2: Direct Encounter (DE)

* **Header row**: the first row with a rank (``Rk.``) or start number (``SNo``) column, a
  name column and round columns ``1.Rd``, ``2.Rd`` ... Columns are found by their header;
  others (title, FED, club, ``Rp``, ``K``, ``rtg+/-``) are ignored.
* **Players**: the rows after the header whose rank (or start number) is a whole number,
  up to the first row that is not a player's.
* **Cells**: ``3w1`` (opponent 3, White, won), ``10b½``, ``5w0``; ``5w+`` / ``5b-`` forfeit
  won / lost; ``-1`` a one-point bye (read as a pairing-allocated bye), ``-½`` a half-point
  bye, ``-0`` a zero-point bye, ``-`` or an empty cell no game (absent). ``s`` (schwarz)
  is read as ``b``; a game's colour is always written (``10`` could be 1 and 0).
* **Opponents**: by rank in a ranking crosstable, by start number in a starting-rank
  crosstable. The reader takes the numbering under which every game is written the same way
  from both sides (rank first, unless the title says "starting rank"); if neither does, the
  games are checked under the first, which names the first contradiction.
* **Start numbers**: the ``SNo`` column when there is one, else the order of the rows.
* **Published numbers**: ``Pts.`` (``4``, ``4,5``, ``4.5``, ``4½``) is each player's stated
  score, the rank their stated rank, and ``TB1`` ... ``TBn`` (``Wtg1``, ``Des 1`` ...) the
  published tie-break values. Their legend (``Tie Break1: ...``, anywhere outside the
  players' rows) is resolved to our tie-breaks (:func:`legend_spec`: Swiss-Manager's labels
  in :mod:`tiebreaks.engine.names_data`, also with Swiss-Manager 2026's parameters,
  ``(Gamepoints, Cut1)``); the tournament's tie-break list is the resolved legend, so that
  ``tiebreaks check`` compares the file's ranks and values with ours. A legend that does not
  say which variant (``... (variabel with parameter)``) or that is unknown leaves the file's
  list unset (the FIDE list is used) with a warning ``chessresults.legend-unresolved``;
  ``check --infer`` can still find the variant from the values. A points tie-break
  (``points (game-points)``) is the score, not a published column.

Everything goes through the consistency checks of every reader (:mod:`.consistency`: each game
from both sides, the stated points). Errors are :class:`~tiebreaks.errors.InputError` at the
cell: line and column as the front end counts them (CSV: line and cell number; Excel: row and
column number; HTML: the source line and the cell's number in its row).
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from pathlib import PurePath

from ...engine.names import resolve_name
from ...engine.names_data import (
    SWISS_MANAGER_DEFAULTS,
    SWISS_MANAGER_PARAMETERS,
    SWISS_MANAGER_VARIABLE,
)
from ...errors import N_, Diagnostic, InputError, Location, ParameterHint, UsageError
from ...model import (
    ABSENT,
    STANDARD,
    Colour,
    PairingSystem,
    Player,
    ResultKind,
    RoundResult,
    Tournament,
)
from .chess_results_round_robin import round_robin_players
from .consistency import check_consistency
from .locator import Field, Locator

__all__ = [
    "Cell",
    "NoCrosstable",
    "Sheet",
    "legend_spec",
    "parse_cell",
    "parse_number",
    "read_sheet",
]

K = ResultKind


class NoCrosstable(InputError):
    """The file holds no chess-results crosstable at all (no header row, or a workbook that
    cannot be opened): when the format was told from the content, the caller says what the
    file is instead (:mod:`tiebreaks.formats.detect`)."""


@dataclass(frozen=True)
class Cell:
    """One cell's text and where it is (1-based line and column, as the front end counts)."""

    text: str
    line: int
    column: int

    def location(self, source: str) -> Location:
        """Where the cell is in ``source``."""
        return Location(source, self.line, self.column)


@dataclass(frozen=True)
class Sheet:
    """What a chess-results export holds: its rows of cells (the crosstable and, in the
    spreadsheets, the title and legend lines around it) and the other lines of text (the
    page around the table of a saved web page), each with its place."""

    source: str
    rows: tuple[tuple[Cell, ...], ...]
    notes: tuple[Cell, ...] = ()
    title: str = ""


#: header names, compared after :func:`_key` (lower case, no dots or blanks)
_RANK = frozenset({"rk", "rg", "rang", "rank", "pl", "platz", "pos", "clas", "cl", "class"})
_START = frozenset({"sno", "snr", "nr", "no", "stnr", "startnr", "nini", "ni", "num", "n"})
_NAME = frozenset(
    {"name", "nombre", "nom", "nome", "naam", "spieler", "teilnehmer", "jugador", "player"}
)
_RATING = frozenset({"rtg", "elo", "fide", "rtgi", "eloi", "ratingi", "rating"})
_FED = frozenset({"fed", "land", "pais", "país", "paese", "pays"})
_POINTS = frozenset({"pts", "pkt", "punkte", "ptos", "puntos", "punti", "pt", "points", "pnt"})
_ROUND = re.compile(
    r"(\d{1,3})\s*\.?\s*(?:rd|r|rde|rnd|ronda|runde|rodada|turno|ronde|rd\.)\.?", re.IGNORECASE
)
_TIEBREAK = re.compile(
    r"(?:tb|wtg|fw|des|desempate|sp|spar|dep|dép|tie ?break|wertung)\s*(\d{1,2})"
)
_LEGEND = re.compile(
    r"[\s#*]*(?:tie[ -]?break|feinwertung|wertung|desempate|spareggio|d[ée]partage|tb)\s*"
    r"(\d{1,2})\s*:\s*(.+?)\s*",
    re.IGNORECASE,
)
_CELL = re.compile(r"(\d{1,6})\s*([wWbBsS])\s*(1|½|0|\+|-|=|0[.,]5|1/2)")
_BYE = re.compile(r"[-–]\s*(1|½|0|0[.,]5|1/2)?")
_NUMBER = re.compile(r"(\d{0,9})(?:[.,](\d{1,9}))?(½?)")
_WHOLE = re.compile(r"\d{1,6}")
_GAME = {"1": K.WIN, "0": K.LOSS, "+": K.FORFEIT_WIN, "-": K.FORFEIT_LOSS}
_BYES = {"1": K.PAIRING_BYE, "": K.ZERO_BYE, "0": K.ZERO_BYE}
_COLOURS = {"w": Colour.WHITE, "b": Colour.BLACK, "s": Colour.BLACK, "": Colour.NONE}
_CELL_EXPECTED = (
    "a crosstable cell: opponent, colour and result (3w1, 10b½, 5w0, 5w+ or 5b- for a "
    "forfeit), or -1, -½, -0 for a bye, - or empty for no game"
)
_MAX_PLAYERS = 100_000


def _key(text: str) -> str:
    """A header's name compared: lower case, without blanks, dots and other marks."""
    return re.sub(r"[\s.\-_/#]+", "", text.casefold())


def parse_number(text: str) -> Fraction | None:
    """A published number: ``4``, ``4,5``, ``4.5``, ``4½``, ``½``, ``10,00``; None for
    anything else (or an empty cell)."""
    compact = text.strip()
    match = _NUMBER.fullmatch(compact)
    if not compact or match is None or not (match.group(1) or match.group(3)):
        return None
    whole, decimals, half = match.groups()
    value = Fraction(int(whole or "0"))
    if decimals:
        value += Fraction(int(decimals), 10 ** len(decimals))
    return value + (Fraction(1, 2) if half else 0)


def parse_cell(text: str) -> tuple[int | None, Colour, ResultKind] | None:
    """A result cell as (opponent's number, colour, kind); the number is None for a bye or
    no game. None when the text is not a crosstable cell."""
    compact = "".join(text.split())
    if not compact:
        return None, Colour.NONE, K.ABSENT
    bye = _BYE.fullmatch(compact)
    if bye is not None:
        points = bye.group(1) or ""
        if compact in ("-", "–"):
            return None, Colour.NONE, K.ABSENT
        kind = _BYES.get(points, K.HALF_BYE)
        return None, Colour.NONE, kind
    game = _CELL.fullmatch(compact)
    if game is None:
        return None
    number, colour, result = game.groups()
    kind = _GAME.get(result, K.DRAW)
    return int(number), _COLOURS[colour.lower()], kind


def legend_spec(text: str) -> str | None:
    """The tie-break a legend line names, as its FIDE descriptor; None when it names none
    or does not say which variant. A Swiss-Manager 2026 label takes its parameters in
    parentheses at the end: ``Buchholz Tie-Break Variable (2026) (Gamepoints, Cut1)`` is
    ``BH/C1`` (:data:`~tiebreaks.engine.names_data.SWISS_MANAGER_VARIABLE`)."""
    whole = _resolved(text)
    if whole is not None:
        return whole
    match = re.fullmatch(r"(.+?)\s*\(([^()]*)\)", text.strip())
    if match is None:
        return None
    base, parameters = match.groups()
    acronym = SWISS_MANAGER_VARIABLE.get(base.strip().casefold()) or _resolved(base)
    if acronym is None:
        return None
    modifiers = []
    for parameter in parameters.split(","):
        name = re.sub(r"\s+", "", parameter.casefold())
        if (acronym, name) in SWISS_MANAGER_DEFAULTS:
            continue
        if name not in SWISS_MANAGER_PARAMETERS:
            return None
        modifiers.append(SWISS_MANAGER_PARAMETERS[name])
    return _resolved("/".join([acronym, *(modifier for modifier in modifiers if modifier)]))


def _resolved(text: str) -> str | None:
    """The descriptor of a tie-break name, or None when it names none (or is ambiguous)."""
    try:
        resolved = resolve_name(text)
    except UsageError:
        return None
    return None if resolved.corrected else str(resolved.spec)


@dataclass
class _Columns:
    """Where each field is in the header row (0-based positions in the row)."""

    header: tuple[Cell, ...]
    rank: int | None = None
    start: int | None = None
    name: int | None = None
    rating: int | None = None
    federation: int | None = None
    points: int | None = None
    rounds: dict[int, int] = field(default_factory=dict)
    #: a round robin's result columns (``1``, ``2`` ...): the row number -> position
    opponents: dict[int, int] = field(default_factory=dict)
    tiebreaks: list[tuple[int, int]] = field(default_factory=list)  # (TB number, position)

    @property
    def key(self) -> int:
        """The column that says whether a row is a player's: the rank, else the start number."""
        found = self.rank if self.rank is not None else self.start
        assert found is not None
        return found


def _columns(header: tuple[Cell, ...]) -> _Columns | None:
    """The columns of a header row, or None when the row is not a crosstable's header."""
    columns = _Columns(header)
    for position, cell in enumerate(header):
        _place(columns, position, cell.text)
    if not columns.rounds:
        columns.tiebreaks = [] if not columns.opponents else columns.tiebreaks
    else:
        columns.opponents = {}
    found = columns.rounds or columns.opponents
    if columns.name is None or not found or (columns.rank, columns.start) == (None, None):
        return None
    return columns


def _place(columns: _Columns, position: int, text: str) -> None:
    """Note what the header cell at ``position`` names (the first column of each name)."""
    key = _key(text)
    round_match = _ROUND.fullmatch(text.strip())
    tiebreak = _TIEBREAK.fullmatch(text.strip().casefold())
    if round_match is not None:
        columns.rounds.setdefault(int(round_match.group(1)), position)
    elif _WHOLE.fullmatch(text.strip()) is not None and columns.name is not None:
        columns.opponents.setdefault(int(text.strip()), position)
    elif tiebreak is not None and (columns.rounds or columns.opponents):
        columns.tiebreaks.append((int(tiebreak.group(1)), position))
    else:
        for name, wanted in (
            ("rank", _RANK),
            ("start", _START),
            ("name", _NAME),
            ("rating", _RATING),
            ("federation", _FED),
            ("points", _POINTS),
        ):
            if key in wanted and getattr(columns, name) is None:
                setattr(columns, name, position)
                return


def _text(row: tuple[Cell, ...], position: int | None) -> str:
    """The text of a row's cell, blanks removed; empty beyond the row or without a column."""
    if position is None or position >= len(row):
        return ""
    return row[position].text.strip()


def _cell(row: tuple[Cell, ...], position: int) -> Cell:
    """The row's cell at ``position``; beyond the end of the row, an empty one after it."""
    if position < len(row):
        return row[position]
    last = row[-1]
    return Cell("", last.line, last.column + position - len(row) + 1)


@dataclass(frozen=True)
class _Read:
    """One player's row as read: its numbers, name, results and published values."""

    row: tuple[Cell, ...]
    rank: int | None
    start: int | None
    name: str
    rating: int | None
    federation: str
    points: Fraction | None
    values: tuple[Fraction | None, ...]
    cells: tuple[tuple[int | None, Colour, ResultKind], ...]


def read_sheet(sheet: Sheet) -> Tournament:
    """Read the crosstable of ``sheet`` (module docstring); InputError at the cell for a
    malformed one."""
    source = sheet.source
    found = _find_header(sheet)
    columns, players_from = found
    title = sheet.title or _title(sheet.rows[: players_from - 1])
    rows = _player_rows(sheet.rows[players_from:], columns)
    if not rows:
        raise InputError(
            columns.header[0].location(source),
            columns.header[0].text,
            "the players' rows after the crosstable's header",
        )
    warnings: list[Diagnostic] = []
    legend = _legend(sheet, rows)
    labels, tiebreak_list, points_from = _published(columns, legend, source, warnings)
    read = [_read_row(row, columns, labels, points_from, source) for row in rows]
    if columns.rounds:
        players = _players(read, columns, sheet, _by_rank_first(sheet))
        rounds, system, kind = max(columns.rounds), PairingSystem.SWISS, ""
    else:
        players, rounds = _round_robin(read, columns, source)
        system, kind = PairingSystem.ROUND_ROBIN, "round robin"
    tournament = Tournament(
        name=title or (PurePath(source).stem if source else ""),
        rounds=rounds,
        players=players,
        type_text=kind,
        pairing_system=system,
        score_system=STANDARD,
        tiebreak_list=tiebreak_list,
        published_columns=tuple(label for _, label in labels),
        source=source,
        warnings=tuple(warnings),
    )
    placed = columns.rounds
    fields = {} if columns.points is None else {Field.POINTS: columns.points + 1}
    locator = Locator(
        source,
        fields,
        round_column=lambda number: placed.get(number, columns.name or 0) + 1,
        points_label="the Pts. column",
    )
    return check_consistency(tournament, locator)


def _round_robin(
    read: list[_Read], columns: _Columns, source: str
) -> tuple[tuple[Player, ...], int]:
    """The players of a round-robin crosstable and its number of rounds
    (:mod:`.chess_results_round_robin`)."""
    grid = [(entry.row, _player_of(entry, index + 1)) for index, entry in enumerate(read)]
    return round_robin_players(grid, columns.opponents, source)


def _player_of(entry: _Read, start: int, results: tuple[RoundResult, ...] = ()) -> Player:
    """The player of a row, with its start number and ``results`` (none: a player of a round
    robin before its results are placed, start number = row order)."""
    return Player(
        start_number=start,
        name=entry.name,
        results=results,
        rating=entry.rating,
        federation=entry.federation,
        stated_points=entry.points,
        stated_rank=entry.rank,
        stated_values=entry.values,
        line=_cell(entry.row, 0).line,
    )


def _find_header(sheet: Sheet) -> tuple[_Columns, int]:
    """The header row's columns and the index of the row after it."""
    for index, row in enumerate(sheet.rows):
        columns = _columns(row)
        if columns is not None:
            _check_rounds(columns, sheet.source)
            return columns, index + 1
    first = next((cell for row in sheet.rows for cell in row if cell.text.strip()), None)
    where = first.location(sheet.source) if first else Location(sheet.source, 1, 1)
    raise NoCrosstable(
        where,
        first.text.strip()[:40] if first else "",
        "a chess-results crosstable: a header row with Rk. (or SNo), Name and the round "
        "columns 1.Rd, 2.Rd, ...",
    )


#: the lines of an export around the title: the site's line, the date, the table's heading
_NOT_TITLE = re.compile(
    r"chess-results|\d{1,2}\.\d{1,2}\.\d{4}|\d{4}/\d{1,2}/\d{1,2}|crosstable|kreuztabelle|"
    r"cuadro|tabella|grille|ranking|rangliste|clasificaci|classifica|classement",
    re.IGNORECASE,
)


def _title(rows: Sequence[tuple[Cell, ...]]) -> str:
    """The tournament's name: the first line before the header that is not the site's line,
    a date or the table's heading (the spreadsheets' second line)."""
    for row in rows:
        text = " ".join(cell.text.strip() for cell in row if cell.text.strip())
        if text and _NOT_TITLE.search(text) is None:
            return text
    return ""


def _check_rounds(columns: _Columns, source: str) -> None:
    """The round columns are 1.Rd, 2.Rd ... without a gap."""
    for expected, number in enumerate(sorted(columns.rounds), start=1):
        if number != expected:
            cell = columns.header[columns.rounds[number]]
            raise InputError(cell.location(source), cell.text, f"the column {expected}.Rd")


def _player_rows(rows: Sequence[tuple[Cell, ...]], columns: _Columns) -> list[tuple[Cell, ...]]:
    """The rows after the header whose rank (or start number) is a whole number, up to the
    first row that is not a player's (blank rows are skipped)."""
    players: list[tuple[Cell, ...]] = []
    for row in rows:
        if not any(cell.text.strip() for cell in row):
            continue
        if _WHOLE.fullmatch(_text(row, columns.key)) is None:
            break
        players.append(row)
        if len(players) > _MAX_PLAYERS:
            break
    return players


def _legend(sheet: Sheet, rows: list[tuple[Cell, ...]]) -> dict[int, Cell]:
    """The legend lines (``Tie Break1: ...``) outside the players' rows, by TB number: the
    cell holds the label."""
    players = {id(row) for row in rows}
    cells: Iterable[Cell] = [
        cell for row in sheet.rows if id(row) not in players for cell in row
    ] + list(sheet.notes)
    legend: dict[int, Cell] = {}
    for cell in cells:
        for line in cell.text.splitlines():
            match = _LEGEND.fullmatch(line)
            if match is not None:
                number = int(match.group(1))
                legend.setdefault(number, Cell(match.group(2), cell.line, cell.column))
    return legend


def _published(
    columns: _Columns, legend: dict[int, Cell], source: str, warnings: list[Diagnostic]
) -> tuple[list[tuple[int, str]], tuple[str, ...], int | None]:
    """The published tie-break columns (position, label), the tie-break list they make, and
    the position of a points tie-break when there is no Pts. column."""
    labels: list[tuple[int, str]] = []
    specs: list[str] = []
    unresolved = False
    points_from: int | None = None
    for number, position in columns.tiebreaks:
        header = columns.header[position]
        label_cell = legend.get(number)
        spec = legend_spec(label_cell.text) if label_cell is not None else None
        if spec == "PTS":
            if columns.points is None and points_from is None:
                points_from = position
            continue
        if spec is None:
            unresolved = True
            where = (label_cell or header).location(source)
            template = N_(
                "%(header)s: 'no legend' does not say which tie-break it is; the file's"
                " tie-break list is not used"
            )
            if label_cell is not None:
                template = N_(
                    "%(header)s: %(said)s does not say which tie-break it is; the file's"
                    " tie-break list is not used"
                )
            warnings.append(
                Diagnostic.told(
                    template,
                    where,
                    ParameterHint("tiebreaks", N_("give the list with {}")),
                    code="chessresults.legend-unresolved",
                    header=header.text.strip(),
                    said=repr(label_cell.text) if label_cell is not None else "",
                )
            )
        labels.append((position, spec or (label_cell.text if label_cell else header.text.strip())))
        specs.append(spec or "")
    return labels, (() if unresolved else tuple(specs)), points_from


def _read_row(
    row: tuple[Cell, ...],
    columns: _Columns,
    labels: list[tuple[int, str]],
    points_from: int | None,
    source: str,
) -> _Read:
    """One player's row: numbers, name, rating, results, points and published values."""
    name = _text(row, columns.name)
    if not name:
        raise InputError(_cell(row, columns.name or 0).location(source), "", "the player's name")
    points_at = columns.points if columns.points is not None else points_from
    return _Read(
        row=row,
        rank=_whole(row, columns.rank, source, "a rank: a whole number"),
        start=_whole(row, columns.start, source, "a start number: a whole number"),
        name=name,
        rating=_rating(row, columns.rating, source),
        federation=_text(row, columns.federation)[:3],
        points=_value(row, points_at, source, "the player's points: 4, 4,5, 4.5 or 4½"),
        values=tuple(
            _value(row, position, source, "a tie-break value: a number such as 4, 4,5 or 4.5")
            for position, _ in labels
        ),
        cells=tuple(
            _result(row, columns.rounds[number], source) for number in sorted(columns.rounds)
        ),  # a round robin's cells are read with the whole table (_round_robin)
    )


def _whole(row: tuple[Cell, ...], position: int | None, source: str, expected: str) -> int | None:
    """A whole number cell (rank, start number); None without the column."""
    if position is None:
        return None
    text = _text(row, position)
    if _WHOLE.fullmatch(text) is None or int(text) == 0:
        raise InputError(_cell(row, position).location(source), text, expected)
    return int(text)


def _rating(row: tuple[Cell, ...], position: int | None, source: str) -> int | None:
    """A rating cell: a whole number up to 4 digits; empty, ``-`` or 0 mean unrated."""
    text = _text(row, position)
    if position is None or text in ("", "-", "0"):
        return None
    if re.fullmatch(r"\d{1,4}", text) is None:
        raise InputError(_cell(row, position).location(source), text, "a rating from 0 to 9999")
    return int(text) or None


def _value(
    row: tuple[Cell, ...], position: int | None, source: str, expected: str
) -> Fraction | None:
    """A published number; None without the column or for an empty cell or ``-``."""
    text = _text(row, position)
    if position is None or text in ("", "-"):
        return None
    value = parse_number(text)
    if value is None:
        raise InputError(_cell(row, position).location(source), text, expected)
    return value


def _result(
    row: tuple[Cell, ...], position: int, source: str
) -> tuple[int | None, Colour, ResultKind]:
    """A round's cell read (:func:`parse_cell`); InputError at the cell when it is not one."""
    text = _text(row, position)
    parsed = parse_cell(text)
    if parsed is None:
        raise InputError(_cell(row, position).location(source), text, _CELL_EXPECTED)
    return parsed


def _by_rank_first(sheet: Sheet) -> bool:
    """Opponents are tried by rank first, unless the title says a starting-rank table."""
    texts = [sheet.title, *(cell.text for row in sheet.rows[:8] for cell in row)]
    starting = re.compile(r"starting rank|startrang|ranking inicial|ordine di partenza", re.I)
    return not any(starting.search(text) for text in texts)


def _players(
    read: list[_Read], columns: _Columns, sheet: Sheet, rank_first: bool
) -> tuple[Player, ...]:
    """The players, opponents numbered by rank or by start number (module docstring)."""
    source = sheet.source
    starts = _start_numbers(read, columns, source)
    named = ((columns.rank, "rank"), (columns.start, "start number"))
    keys = [(position, what) for position, what in named if position is not None]
    if not rank_first:
        keys.reverse()
    shared = [_shared_number(read, position, what, source) for position, what in keys]
    usable = [key for key, error in zip(keys, shared, strict=True) if error is None]
    if not usable:
        raise next(error for error in shared if error is not None)
    chosen: list[Player] | None = None
    for position, what in usable:
        attempt = _with_opponents(read, starts, position, what, columns, source)
        if chosen is None:
            chosen = attempt
        if _both_sides_agree(attempt):
            return tuple(attempt)
    assert chosen is not None
    return tuple(chosen)


def _shared_number(read: list[_Read], position: int, what: str, source: str) -> InputError | None:
    """The error for a number (rank, start number) that two rows share, when one does: the
    cells could not tell which of them they name."""
    seen: dict[str, int] = {}
    for entry in read:
        cell = _cell(entry.row, position)
        text = cell.text.strip()
        if text in seen:
            expected = (
                f"a {what} no other player has (opponents are named by {what}; "
                f"{text} is also on line {seen[text]})"
            )
            return InputError(cell.location(source), text, expected)
        seen[text] = cell.line
    return None


def _start_numbers(read: list[_Read], columns: _Columns, source: str) -> list[int]:
    """The players' start numbers: the SNo column (each once), else the rows' order."""
    if columns.start is None:
        return list(range(1, len(read) + 1))
    seen: dict[int, _Read] = {}
    for entry in read:
        assert entry.start is not None
        if entry.start in seen:
            cell = _cell(entry.row, columns.start)
            first = _cell(seen[entry.start].row, columns.start)
            raise InputError(
                cell.location(source),
                cell.text,
                f"a start number no other player has ({entry.start} is also on line {first.line})",
            )
        seen[entry.start] = entry
    return [entry.start for entry in read if entry.start is not None]


def _with_opponents(
    read: list[_Read],
    starts: list[int],
    position: int,
    what: str,
    columns: _Columns,
    source: str,
) -> list[Player]:
    """The players with each cell's opponent number read as a ``what`` (column ``position``);
    InputError at a cell whose number no player has."""
    numbers: dict[int, int] = {}
    for entry, start in zip(read, starts, strict=True):
        number = int(_text(entry.row, position))
        numbers.setdefault(number, start)
    rounds = sorted(columns.rounds)
    players = []
    for entry, start in zip(read, starts, strict=True):
        results = []
        for number, (opponent, colour, kind) in zip(rounds, entry.cells, strict=True):
            if opponent is None:
                results.append(ABSENT if kind is K.ABSENT else RoundResult(kind))
                continue
            if opponent not in numbers:
                cell = _cell(entry.row, columns.rounds[number])
                raise InputError(
                    cell.location(source), cell.text, f"an opponent's {what} (1 to {len(read)})"
                )
            results.append(RoundResult(kind, numbers[opponent], colour))
        players.append(_player_of(entry, start, tuple(results)))
    return players


def _both_sides_agree(players: list[Player]) -> bool:
    """Every game names another player, who names the player back in that round."""
    by_number = {player.start_number: player for player in players}
    for player in players:
        for index, result in enumerate(player.results):
            if result.opponent is None:
                continue
            if result.opponent == player.start_number:
                return False
            opponent = by_number.get(result.opponent)
            if opponent is None or index >= len(opponent.results):
                return False
            if opponent.results[index].opponent != player.start_number:
                return False
    return True
