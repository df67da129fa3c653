"""The page's views: what the templates show, already translated and formatted.

Built in the worker of a request from the library's objects; the templates (Jinja2 with
autoescape: every name and text from the input is escaped; and every printed text passes
through :func:`~tiebreaks.render.safe_text.page_text`, which replaces control characters and
bidirectional formatting characters) only lay them out.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, replace
from functools import cache
from pathlib import Path
from typing import Any

from jinja2 import Environment
from markupsafe import Markup, escape

from .. import __version__
from ..engine.catalogue import resolve
from ..engine.names_data import NAMES
from ..engine.spec import parse_spec
from ..errors import InputError, TiebreaksError, UsageError
from ..model import Tournament
from ..model.rules import REGIMES
from ..render.html import Crosstable, crosstable, page_environment
from ..render.i18n import (
    check_language,
    format_date,
    method_lines,
    reason_text,
    rules_line,
    summary_line,
    tiebreak_name,
)
from ..render.page_views import (
    Cell,
    Column,
    TableRow,
    person_columns,
    table_rows,
    value_columns,
)
from ..render.safe_text import page_text
from ..standings import Standings
from .i18n import LANGUAGE_NAMES, web_translator
from .paging import Paging, paging
from .service import Problem, Upload, detected_format, is_team, page_names, web_message

TEMPLATES = Path(__file__).resolve().parent / "templates"


def N_(message: str) -> str:
    """A message marked for translation, translated where it is shown."""
    return message


#: the examples the upload page offers: file name and title (translated on the page)
EXAMPLES = {
    "held-swiss-16.trf": N_("Swiss, 16 players (TRF)"),
    "held-round-robin-6.trf": N_("Round robin, 6 players (TRF)"),
    "held-team-14.trf": N_("Team Swiss, 14 teams (TRF)"),
    "held-swiss-16.pgn": N_("Swiss, 16 players (PGN)"),
    "seed-000-crosstable.csv": N_("Round robin crosstable, 7 players (CSV)"),
}
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


def error_view(error: TiebreaksError, upload: Upload | None, lang: str) -> ErrorView:
    """The view of an error in the page's words (``lang``); for a malformed file, the
    offending line with a caret."""
    if not isinstance(error, InputError) or upload is None or error.location.line <= 0:
        return ErrorView(web_message(error, page_names(lang)), 0, 0, "", "")
    lines = upload.data.decode("utf-8", "replace").splitlines()
    line, column = error.location.line, error.location.column
    excerpt, caret = excerpt_window(lines[line - 1] if line <= len(lines) else "", column)
    return ErrorView(web_message(error, page_names(lang)), line, column, excerpt, caret)


#: how many characters of the bad line the error box shows: it fits a phone's width
EXCERPT_WIDTH = 30
ELLIPSIS = "\u2026"


def excerpt_window(text: str, column: int) -> tuple[str, str]:
    """The part of a bad line around ``column`` (1 = the first character; 0 = unknown) and
    its caret line: at most :data:`EXCERPT_WIDTH` characters, with an ellipsis where the line
    is cut, so that the bad character and its caret are in view in a narrow box."""
    if column <= 0 or column > len(text) + 1:
        return text[:EXCERPT_WIDTH] + (ELLIPSIS if len(text) > EXCERPT_WIDTH else ""), ""
    start = max(0, min(column - 1 - EXCERPT_WIDTH // 2, len(text) - EXCERPT_WIDTH))
    end = start + EXCERPT_WIDTH
    before = ELLIPSIS if start > 0 else ""
    after = ELLIPSIS if end < len(text) else ""
    caret = " " * (len(before) + column - 1 - start) + "^"
    return before + text[start:end] + after, caret


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
    text: Markup
    formats: tuple[Choice, ...]
    examples: tuple[Choice, ...]


def upload_view(
    lang: str, max_upload: int, error: ErrorView | None = None, text: str = ""
) -> UploadView:
    """The upload page, with the error of a previous try and its pasted text."""
    gettext = web_translator(lang).gettext
    formats = (
        Choice("", gettext("Detect from the content"), True),
        *tuple(Choice(key, name) for key, name in FORMAT_NAMES.items()),
    )
    examples = tuple(Choice(name, gettext(title), title=name) for name, title in EXAMPLES.items())
    return UploadView(common(lang, max_upload), error, textarea_text(text), formats, examples)


def textarea_text(text: str) -> Markup:
    """A pasted text as the content of its ``<textarea>``, so that the browser sends back the
    very same characters: its line ends as line feeds before ``page_text`` (which would make
    the carriage return of the CR LF every browser sends a U+FFFD; the HTML parser reads a
    line end in a textarea as a line feed, and the browser sends each as CR LF again).
    Control and bidirectional formatting characters are still shown as U+FFFD, as
    everywhere on the page: no text of the input can hide or reorder what is shown."""
    return escape(page_text(text.replace("\r\n", "\n").replace("\r", "\n")))


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
class RowView:
    """One line of the standings table as the standalone page has it (``line``: rank, values,
    score-group shading), with what the web page adds: each value a button that explains it
    (``buttons``: the value's text and the button's value, "4|BH/C1") and whether this is
    the participant a search ``found``."""

    line: TableRow
    buttons: tuple[Cell, ...]
    found: bool = False

    @property
    def shade(self) -> bool:
        """True in every other score group (the shaded ones)."""
        return self.line.group == "odd"


@dataclass(frozen=True)
class Table:
    """One page of the standings table and of the crosstable; title and federation
    columns when the file gives them."""

    columns: tuple[Column, ...]
    rows: tuple[RowView, ...]
    crosstable: Crosstable
    team: bool
    drawn_by_lot: bool
    paging: Paging
    titles: bool = False
    federations: bool = False


def table(standings: Standings, lang: str, page: Paging | None = None) -> Table:
    """One page of the standings table in ``lang`` (all of it when ``page`` is None):
    the standalone page's lines (:func:`~tiebreaks.render.page_views.table_rows`), every
    value a button that explains it."""
    page = page or paging(standings, "1", "")
    columns = value_columns(standings, lang)
    rows = tuple(
        RowView(
            line,
            tuple(
                Cell(text, f"{line.number}|{column.label}")
                for text, column in zip(line.cells, columns, strict=True)
            ),
            line.number == page.found,
        )
        for line in table_rows(standings, lang, page.first, page.last)
    )
    titles, federations = person_columns(standings)
    return Table(
        columns,
        rows,
        crosstable(page_of(standings, page), lang),
        standings.is_team,
        any(row.drawn_by_lot for row in standings.rows),
        page,
        titles,
        federations,
    )


def page_of(standings: Standings, page: Paging) -> Standings:
    """The standings cut to the rows of ``page``, for the crosstable of that page; in an
    individual event, its tournament keeps only the players the page shows and their
    opponents (the crosstable reads every player's rounds)."""
    if page.first == 0 and page.last == len(standings.rows):
        return standings
    rows = standings.rows[page.first : page.last]
    if standings.is_team:
        return replace(standings, rows=rows)
    wanted = {row.player.start_number for row in rows}
    for row in rows:
        wanted.update(
            result.opponent for result in row.player.results if result.opponent is not None
        )
    players = tuple(p for p in standings.tournament.players if p.start_number in wanted)
    return replace(standings, rows=rows, tournament=replace(standings.tournament, players=players))


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
    """The page's templates, under the standalone page's rule (autoescape on: names and
    texts from the input are escaped; every printed text through ``page_text``)."""
    return page_environment(TEMPLATES)


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
