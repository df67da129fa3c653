"""The page's views: what the templates show, already translated and formatted.

Built in the worker of a request from the library's objects; the templates (Jinja2 with
autoescape: every name and text from the input is escaped; and every printed text passes
through :func:`~tiebreaks.render.safe_text.page_text`, which replaces control characters and
bidirectional formatting characters) only lay them out.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any

from jinja2 import Environment, FileSystemLoader, StrictUndefined

from .. import __version__
from ..engine.catalogue import resolve
from ..engine.names_data import NAMES
from ..engine.spec import parse_spec
from ..errors import InputError, TiebreaksError, UsageError
from ..model import Tournament
from ..model.rules import REGIMES
from ..render.html import Crosstable, crosstable
from ..render.i18n import (
    check_language,
    column_abbreviation,
    format_date,
    format_value,
    method_lines,
    reason_text,
    rules_line,
    summary_line,
    tiebreak_name,
)
from ..render.safe_text import page_text
from ..standings import Standings
from .i18n import LANGUAGE_NAMES, web_translator
from .service import Problem, Upload, detected_format, is_team

TEMPLATES = Path(__file__).resolve().parent / "templates"
EXAMPLES = (
    "held-swiss-16.trf",
    "held-round-robin-6.trf",
    "held-team-14.trf",
    "held-swiss-16.pgn",
    "seed-000-crosstable.csv",
)
FORMAT_NAMES = {
    "trf": "TRF",
    "json": "JSON (tiebreaks)",
    "chess-json": "FIDE Chess-JSON",
    "pgn": "PGN",
    "csv": "CSV",
}
#: download buttons: (group, value, label)
DOWNLOADS = (
    ("standings", "csv", "CSV"),
    ("standings", "standings-json", "JSON"),
    ("standings", "text", "Text"),
    ("standings", "html", "HTML"),
    ("standings", "pdf", "PDF"),
    ("tournament", "trf", "TRF26"),
    ("tournament", "json", "JSON"),
    ("tournament", "chess-json", "Chess-JSON"),
)


@dataclass(frozen=True)
class Choice:
    """An option of a menu (or a button): its value, label, and whether it is chosen."""

    value: str
    label: str
    selected: bool = False
    title: str = ""


@dataclass(frozen=True)
class Common:
    """What every page shows: language, the language menu, the version, the limit."""

    lang: str
    languages: tuple[Choice, ...]
    version: str
    max_upload: int


def common(lang: str, max_upload: int) -> Common:
    """The common part of a page in ``lang``."""
    code = check_language(lang)
    languages = tuple(Choice(key, name, key == code) for key, name in LANGUAGE_NAMES.items())
    return Common(code, languages, __version__, max_upload)


@dataclass(frozen=True)
class ErrorView:
    """An error in the input: message, place, and the line it is on with a caret."""

    message: str
    line: int
    column: int
    excerpt: str
    caret: str


def error_view(error: TiebreaksError, upload: Upload | None) -> ErrorView:
    """The view of an error; for a malformed file, the offending line with a caret."""
    if not isinstance(error, InputError) or upload is None or error.location.line <= 0:
        return ErrorView(str(error), 0, 0, "", "")
    lines = upload.data.decode("utf-8", "replace").splitlines()
    line, column = error.location.line, error.location.column
    excerpt = lines[line - 1][:200] if line <= len(lines) else ""
    caret = " " * max(0, min(column, 200) - 1) + "^" if column > 0 and excerpt else ""
    return ErrorView(str(error), line, column, excerpt, caret)


def rules_choices(selected: str, gettext: Callable[[str], str]) -> tuple[Choice, ...]:
    """The rules regime menu: the default (by start date), then every regime."""
    first = Choice("", gettext("FIDE edition of the start date"), not selected)
    return (
        first,
        *tuple(
            Choice(name, name, name == selected, rules.title) for name, rules in REGIMES.items()
        ),
    )


@dataclass(frozen=True)
class UploadView:
    """The first page: choose or paste a file."""

    common: Common
    error: ErrorView | None
    text: str
    formats: tuple[Choice, ...]
    examples: tuple[str, ...]


def upload_view(
    lang: str, max_upload: int, error: ErrorView | None = None, text: str = ""
) -> UploadView:
    """The upload page, with the error of a previous try and its pasted text."""
    gettext = web_translator(lang).gettext
    formats = (
        Choice("", gettext("Detect from the content"), True),
        *tuple(Choice(key, name) for key, name in FORMAT_NAMES.items()),
    )
    return UploadView(common(lang, max_upload), error, text, formats, EXAMPLES)


@dataclass(frozen=True)
class Fact:
    """One line of the detected tournament: what and its value."""

    label: str
    value: str


def facts(
    upload: Upload, tournament: Tournament, standings: Standings | None, lang: str
) -> tuple[Fact, ...]:
    """The detected tournament: format, name, type and size, start date, rules regime."""
    gettext = web_translator(lang).gettext
    found = [Fact(gettext("Format"), FORMAT_NAMES.get(detected_format(upload), "?"))]
    if standings is not None:
        found.append(Fact(gettext("Type"), summary_line(standings, lang)))
    else:
        found.append(Fact(gettext("Participants"), str(len(tournament.players))))
    if tournament.start_date is not None:
        found.append(Fact(gettext("Start date"), format_date(tournament.start_date, lang)))
    if standings is not None:
        found.append(Fact(gettext("Rules"), rules_line(standings, lang).split(":", 1)[-1].strip()))
        for line in method_lines(standings, lang):  # lots and their seed, unrated players
            label, _, value = line.partition(":")
            found.append(Fact(label.strip(), value.strip()))
    if tournament.standings_list or tournament.tiebreak_list:
        listed = tournament.standings_list or tournament.tiebreak_list
        found.append(Fact(gettext("The file's tie-breaks"), ", ".join(listed)))
    return tuple(found)


@dataclass(frozen=True)
class ItemView:
    """One item of the tie-break editor."""

    position: int
    descriptor: str
    name: str
    problem: str
    blocking: bool


def item_views(
    items: tuple[str, ...], problems: list[Problem], override: bool, lang: str
) -> tuple[ItemView, ...]:
    """The editor's items with their names in ``lang`` and their problems."""
    by_position = {problem.position: problem for problem in problems}
    views = []
    for position, item in enumerate(items):
        problem = by_position.get(position)
        try:
            name = tiebreak_name(parse_spec(item), lang)
        except UsageError:
            name = ""
        blocking = problem is not None and not (problem.overridable and override)
        views.append(ItemView(position, item, name, problem.message if problem else "", blocking))
    return tuple(views)


@cache
def suggestions(team: bool, lang: str) -> tuple[Choice, ...]:
    """What the editor's add field suggests: every named tie-break for this kind of event."""
    found: dict[str, str] = {}
    for descriptor in NAMES:
        try:
            spec, _ = resolve(parse_spec(descriptor), team)
        except UsageError:
            continue
        found.setdefault(str(spec), tiebreak_name(spec, lang))
    return tuple(Choice(value, label) for value, label in found.items())


@dataclass(frozen=True)
class Column:
    """A value column: descriptor, short header, full name."""

    label: str
    header: str
    name: str


@dataclass(frozen=True)
class Cell:
    """A value in the table; ``target`` is its explain button's value."""

    text: str
    target: str


@dataclass(frozen=True)
class RowView:
    """One line of the standings."""

    rank: str
    number: int
    name: str
    rating: str
    cells: tuple[Cell, ...]


@dataclass(frozen=True)
class Table:
    """The standings table and the crosstable."""

    columns: tuple[Column, ...]
    rows: tuple[RowView, ...]
    crosstable: Crosstable
    team: bool
    drawn_by_lot: bool


def table(standings: Standings, lang: str) -> Table:
    """The standings table in ``lang``: every value a button that explains it."""
    columns = tuple(
        Column(label, column_abbreviation(label, lang), tiebreak_name(spec, lang))
        for label, spec in zip(standings.columns, standings.tiebreaks, strict=True)
    )
    places = [standings.places.get(label) for label in standings.columns]
    team = standings.is_team
    rows = []
    for row in standings.rows:
        number = row.player.start_number
        cells = tuple(
            Cell(format_value(row.values[label], lang, place) or "–", f"{number}|{label}")
            for label, place in zip(standings.columns, places, strict=True)
        )
        rank = str(row.rank) + ("*" if row.drawn_by_lot else "")
        rating = "" if team else str(row.player.rating or "")
        rows.append(RowView(rank, number, row.player.name, rating, cells))
    lots = any(row.drawn_by_lot for row in standings.rows)
    return Table(columns, tuple(rows), crosstable(standings, lang), team, lots)


def participant_choices(standings: Standings, chosen: str) -> tuple[Choice, ...]:
    """The participants as menu options ("3. #4 David"), in standings order."""
    return tuple(
        Choice(
            str(row.player.start_number),
            f"{row.rank}. #{row.player.start_number} {row.player.name}",
            str(row.player.start_number) == chosen,
        )
        for row in standings.rows
    )


def origin_text(origin: str, standings: Standings | None, lang: str) -> str:
    """Where the list comes from, in ``lang``."""
    reason = origin or (standings.tiebreaks_source if standings is not None else "")
    return reason_text(reason, lang) if reason else ""


@cache
def environment() -> Environment:
    """The page's templates (autoescape on: names and texts from the input are escaped)."""
    return Environment(
        loader=FileSystemLoader(TEMPLATES),
        autoescape=True,
        undefined=StrictUndefined,
        trim_blocks=True,
        lstrip_blocks=True,
        finalize=page_text,
    )


def render(template: str, lang: str, **context: Any) -> bytes:
    """A template rendered in ``lang``, as UTF-8."""
    translations = web_translator(lang)
    text = (
        environment()
        .get_template(template)
        .render(_=translations.gettext, pgettext=translations.pgettext, **context)
    )
    return text.encode("utf-8", "xmlcharrefreplace")


def kind_of_event(tournament: Tournament) -> bool:
    """True for a team event (what the editor suggests depends on it)."""
    return is_team(tournament)
