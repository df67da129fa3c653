"""The standings as one self-contained HTML5 page (``--format html``).

The page holds, in the chosen language: the title, the rules regime and why, the tie-break list
with localised names, the standings table and a crosstable, as plain HTML (they need no
script, and print with their header rows repeated and no row split). Every value is explained
on demand: the explanations travel as compact data (:mod:`.html_data`: sentence templates from
the gettext catalogs and their fields, a tied group's mini-table once per group) in one
``<script type="application/gzip">`` island (JSON, gzipped, in base64), and a few lines of
inline script render the
explanation of a value when it is clicked, in the page's language. So the page grows with the
games, not with the games times the members of each tied group. Without script a value is
plain text (no link: a per-participant explanation in HTML would be the size this page
avoids). A ``Content-Security-Policy`` in the page allows only its own style and script, by
their hashes.

CSS is inline, there are no external fetches, and the page is also well-formed XML (polyglot
markup), which the tests use to check it. Jinja2 escapes every text that comes from the
input, and every printed text passes through :func:`~tiebreaks.render.safe_text.page_text`
(control characters and bidirectional formatting characters replaced); the body rows of the
standings and the crosstable are built here, one string per row, by the same rule
(:func:`standings_rows`, instead of a template loop per cell); names stand in
``<span dir="auto">`` (an isolate, as ``<bdi>``: a right-to-left name keeps the text after
it in place). The print mode (for the PDF) still writes every explanation out.
"""

from __future__ import annotations

import base64
import hashlib
import re
from collections.abc import Mapping
from dataclasses import dataclass
from fractions import Fraction
from functools import lru_cache
from pathlib import Path

from jinja2 import Environment, FileSystemLoader, StrictUndefined
from markupsafe import Markup, escape

from .. import __version__
from ..errors import UsageError
from ..model import Colour, Player, ResultKind, RoundResult
from ..model.memory import paused_garbage_collector
from ..model.team import Match, MatchKind
from ..model.team_matches import TeamTournament
from ..services.explain import explain_value
from ..standings import Row, Standings
from .explanations import worded
from .html_data import data_json, explanation_data
from .i18n import (
    N_,
    check_language,
    column_abbreviation,
    format_date,
    format_value,
    method_lines,
    rules_line,
    summary_line,
    tiebreak_name,
    tiebreaks_line,
    translator,
    value_formatter,
    warning_text,
)
from .page_views import (
    UNDEFINED,
    Cell,
    Column,
    ExplanationView,
    TableRow,
    explanation_view,
    person_columns,
    rank_text,
    table_rows,
    value_columns,
)
from .safe_text import page_text
from .values import ValueTexts

TEMPLATES = Path(__file__).resolve().parent / "templates"
#: a page wider than this many table columns is printed in landscape
LANDSCAPE_COLUMNS = 12


@dataclass(frozen=True)
class ParticipantView:
    """A participant's explanations."""

    anchor: str
    rank: str
    number: int
    name: str
    explanations: tuple[ExplanationView, ...]


@dataclass(slots=True, unsafe_hash=True)
class CrossCell:
    """One crosstable cell: short text, what it means (on hover), a CSS class and a link
    (never changed once made; not frozen: a frozen dataclass's ``__init__`` sets each field
    through ``object.__setattr__``, and a crosstable has a cell per participant and round)."""

    text: str
    title: str
    css: str
    target: str = ""


@dataclass(frozen=True)
class CrossRow:
    """One participant's line of the crosstable."""

    anchor: str
    rank: str
    number: int
    name: str
    points: str
    cells: tuple[CrossCell, ...]


@dataclass(frozen=True)
class Crosstable:
    """Results by round (Swiss), or of each pairing of participants (round robin: square)."""

    headers: tuple[Cell, ...]
    rows: tuple[CrossRow, ...]
    note: str
    square: bool
    points_header: str


@dataclass(frozen=True)
class Page:
    """Everything the template shows, already translated and formatted."""

    lang: str
    title: str
    summary: str
    start_date: str
    rules: str
    tiebreak_line: str
    #: the drawing of lots and its seed, the method for unrated players (when asked for)
    method_lines: tuple[str, ...]
    tiebreaks: tuple[tuple[str, str], ...]
    columns: tuple[Column, ...]
    rows: tuple[TableRow, ...]
    crosstable: Crosstable
    #: every explanation written out: only in print mode (else they come from ``data``)
    participants: tuple[ParticipantView, ...]
    warnings: tuple[str, ...]
    drawn_by_lot: bool
    is_team: bool
    print_mode: bool
    landscape: bool
    version: str
    #: the explanations as JSON (empty in print mode)
    data: str = ""
    federations: bool = False
    titles: bool = False

    @property
    def first_value(self) -> int:
        """The position of the first value cell in a line of the standings table."""
        return 3 + self.titles + self.federations + (not self.is_team)


def standings_html(standings: Standings, lang: str = "en") -> str:
    """The standings as one self-contained HTML5 page in ``lang`` (en, de, it, fr, es)."""
    return render_page(standings, lang, print_mode=False)


def render_page(standings: Standings, lang: str, *, print_mode: bool) -> str:
    """The page; ``print_mode`` opens every explanation and adds the page size (for PDF)."""
    code = check_language(lang)
    translations = translator(code)
    template = _environment().get_template("standings.html.j2")
    with paused_garbage_collector():  # the page's many small objects are in no cycle
        page = build_page(standings, code, print_mode=print_mode)
        style, script = _inline(print_mode, page.landscape)
        return template.render(
            page=page,
            style=Markup(style),
            script=Markup(script),
            policy=content_security_policy(style, script),
            standings_rows=standings_rows(page),
            crosstable_rows=crosstable_rows(page),
            _=translations.gettext,
            pgettext=translations.pgettext,
        )


class _Shown(dict[object, str]):
    """Texts as the template prints them (:func:`page_text`, then escaped), each distinct
    text made once: a table repeats its numbers and scores thousands of times."""

    def __missing__(self, value: object) -> str:
        if isinstance(value, str) and _PLAIN.fullmatch(value):  # shown as it is
            return value
        shown = self[value] = str(escape(page_text(value)))
        return shown


#: a text that neither :func:`page_text` nor escaping changes: printable ASCII without
#: markup characters, and the half and the dash of the tables (each crosstable cell's text
#: is its own: one per participant and round)
_PLAIN = re.compile(r"[\x20-\x21\x23-\x25\x28-\x3b\x3d\x3f-\x7e½–]*")


def standings_rows(page: Page) -> Markup:
    """The body rows of the standings table, one string per row (instead of a template loop
    per cell); every text as the template prints it."""
    shown = _Shown()
    rows = []
    for row in page.rows:
        number = shown[row.number]
        name = f'<span dir="auto">{shown[row.name]}</span>'
        if page.print_mode:
            name = f'<a href="#p-{number}">{name}</a>'
        parts = [
            f'<tr id="{shown[row.anchor]}" class="sg-{shown[row.group]}">\n'
            f"<td>{shown[row.rank]}</td>\n<td>{number}</td>\n"
        ]
        if page.titles:
            parts.append(f'<td class="title">{shown[row.title]}</td>\n')
        parts.append(f'<th scope="row" class="name">{name}</th>\n')
        if page.federations:
            parts.append(f'<td class="fed">{shown[row.federation]}</td>\n')
        if not page.is_team:
            parts.append(f"<td>{shown[row.rating]}</td>\n")
        parts.extend(f"<td>{shown[cell]}</td>\n" for cell in row.cells)
        parts.append("</tr>\n")
        rows.append("".join(parts))
    return Markup("".join(rows))


def crosstable_rows(page: Page) -> Markup:
    """The body rows of the crosstable, one string per row, as :func:`standings_rows`."""
    shown = _Shown()
    points = page.crosstable.points_header
    rows = []
    for row in page.crosstable.rows:
        parts = [
            f'<tr id="{shown[row.anchor]}">\n<td>{shown[row.rank]}</td>\n'
            f"<td>{shown[row.number]}</td>\n"
            f'<th scope="row" class="name"><span dir="auto">{shown[row.name]}</span></th>\n'
        ]
        parts.extend(
            f'<td class="{shown[cell.css]}">{shown[cell.text]}</td>\n'
            if cell.css
            else f"<td>{shown[cell.text]}</td>\n"
            for cell in row.cells
        )
        if points:
            parts.append(f'<td class="num points">{shown[row.points]}</td>\n')
        parts.append("</tr>\n")
        rows.append("".join(parts))
    return Markup("".join(rows))


#: the translations of a language, looked up once: the crosstable asks per cell
_translations = lru_cache(maxsize=None)(translator)


@lru_cache(maxsize=4)
def _inline(print_mode: bool, landscape: bool) -> tuple[str, str]:
    """The page's style and (off the print mode) script, exactly as the page holds them; in
    print mode the page size (A4, landscape when the tables are wide) and page numbers."""
    style = (TEMPLATES / "standings.css").read_text(encoding="utf-8")
    if print_mode:
        size = "A4 landscape" if landscape else "A4"
        style += (
            f"@page {{ size: {size}; margin: 12mm 10mm 14mm;\n"
            '  @bottom-right { content: counter(page) " / " counter(pages); font-size: 8pt;'
            " color: #555; } }\n"
        )
    else:
        style += (TEMPLATES / "screen.css").read_text(encoding="utf-8")
    script = "" if print_mode else (TEMPLATES / "reveal.js").read_text(encoding="utf-8")
    return style, script


def content_security_policy(style: str, script: str) -> str:
    """The page's policy: nothing from outside, its one style and its one script allowed by
    their SHA-256 hashes (no 'unsafe-inline'; the JSON island is data, never run)."""

    def digest(text: str) -> str:
        hashed = base64.b64encode(hashlib.sha256(text.encode("utf-8")).digest()).decode("ascii")
        return f"'sha256-{hashed}'"

    scripts = digest(script) if script else "'none'"
    return (
        f"default-src 'none'; style-src {digest(style)}; script-src {scripts}; "
        "img-src data:; base-uri 'none'; form-action 'none'"
    )


def page_environment(folder: Path, *, keep_trailing_newline: bool = False) -> Environment:
    """The templates of a page in ``folder`` (this page's, the web page's), under one rule:
    autoescape on (names and texts from the input are escaped), every printed text through
    :func:`page_text` (control and bidirectional formatting characters replaced), an
    undefined name an error, block tags leaving no blank lines."""
    return Environment(
        loader=FileSystemLoader(folder),
        autoescape=True,
        undefined=StrictUndefined,
        trim_blocks=True,
        lstrip_blocks=True,
        keep_trailing_newline=keep_trailing_newline,
        finalize=page_text,
    )


@lru_cache(maxsize=1)
def _environment() -> Environment:
    return page_environment(TEMPLATES, keep_trailing_newline=True)


def build_page(standings: Standings, lang: str, *, print_mode: bool = False) -> Page:
    """The translated, formatted content of the page."""
    code = check_language(lang)
    _ = translator(code).gettext
    tournament = standings.tournament
    columns = value_columns(standings, code)
    table = crosstable(standings, code, titles=False)
    widest = max(len(columns) + 4, len(table.headers) + 4)
    titles, federations = person_columns(standings)
    explained = _explanations(standings, code) if print_mode else {}
    return Page(
        lang=code,
        title=tournament.name or tournament.source or _("Tournament"),
        summary=summary_line(standings, code),
        start_date=format_date(tournament.start_date, code) if tournament.start_date else "",
        rules=rules_line(standings, code),
        tiebreak_line=tiebreaks_line(standings, code),
        method_lines=tuple(method_lines(standings, code)),
        tiebreaks=tuple((column.label, column.name) for column in columns),
        columns=columns,
        rows=table_rows(standings, code),
        crosstable=table,
        participants=tuple(
            _participant(row, explained[row.player.start_number])
            for row in standings.rows
            if print_mode
        ),
        warnings=tuple(warning_text(warning, code) for warning in standings.warnings),
        drawn_by_lot=any(row.drawn_by_lot for row in standings.rows),
        is_team=standings.is_team,
        print_mode=print_mode,
        landscape=widest + federations + titles > LANDSCAPE_COLUMNS,
        version=__version__,
        data="" if print_mode else data_json(explanation_data(standings, code)),
        federations=federations,
        titles=titles,
    )


def _participant(row: Row, views: tuple[ExplanationView, ...]) -> ParticipantView:
    number = row.player.start_number
    return ParticipantView(f"p-{number}", rank_text(row), number, row.player.name, views)


def _explanations(standings: Standings, lang: str) -> dict[int, tuple[ExplanationView, ...]]:
    """Every value of every participant explained, by start number; each value as the
    table prints it."""
    translations = translator(lang)
    texts = ValueTexts(standings, value_formatter(lang))  # as the table prints them
    names = [tiebreak_name(spec, lang) for spec in standings.tiebreaks]
    result: dict[int, tuple[ExplanationView, ...]] = {}
    for row in standings.rows:
        views = []
        for position, (label, value) in enumerate(
            zip(standings.columns, texts.row(row), strict=True)
        ):
            anchor = f"x-{row.player.start_number}-{position + 1}"
            try:
                explanation = worded(explain_value(standings, row, label), standings, lang)
            except UsageError as error:
                views.append(_unexplained(anchor, label, names[position], value, str(error)))
                continue
            views.append(
                explanation_view(
                    explanation,
                    explanation.tiebreak,
                    names[position],
                    value,
                    lang,
                    translations,
                    anchor=anchor,
                    cell=value or UNDEFINED,
                )
            )
        result[row.player.start_number] = tuple(views)
    return result


def _unexplained(anchor: str, label: str, name: str, value: str, reason: str) -> ExplanationView:
    """A value that cannot be explained: the reason stands for the definition."""
    shown = value or UNDEFINED
    return ExplanationView(label, name, shown, reason, (), None, "", (), anchor, shown)


def fraction_text(value: Fraction, lang: str) -> str:
    """Points as a chess table writes them: "½", "2½", "3", else exact decimals."""
    whole, rest = divmod(value, 1)
    if rest == 0:
        return str(int(whole))
    if rest == Fraction(1, 2):
        return ("" if whole == 0 else str(int(whole))) + "½"
    return format_value(value, lang)


#: at most this many participants get a square round-robin table (else results by round)
SQUARE_LIMIT = 30
_RESULT_WORDS = (
    N_("win"),
    N_("draw"),
    N_("loss"),
    N_("win (unrated game)"),
    N_("draw (unrated game)"),
    N_("loss (unrated game)"),
    N_("forfeit win"),
    N_("forfeit loss"),
    N_("pairing-allocated bye"),
    N_("full-point bye"),
    N_("half-point bye"),
    N_("zero-point bye"),
    N_("absent"),
    N_("match"),
    N_("double forfeit"),
)
_SYMBOLS = {2: "1", 1: "½", 0: "0"}
_OUTCOME_CLASS = {2: "win", 1: "draw", 0: "loss"}


@dataclass(slots=True, unsafe_hash=True)
class _Game:
    """One round of one participant, ready for either crosstable layout (not frozen, as
    :class:`CrossCell`)."""

    round: int
    opponent: int | None
    colour: str
    score: str
    css: str
    title: str


def crosstable(standings: Standings, lang: str, *, titles: bool = True) -> Crosstable:
    """The crosstable of the standings' rounds, participants in standings order: a square
    for a round robin of at most :data:`SQUARE_LIMIT` participants, else results by round.
    Without ``titles`` the cells carry no hover text ("Round 3: win against #5 Anna"): the
    standalone page shows none, and in a big open they are a sentence per game."""
    games = _games_of(standings, lang, titles)
    points_label = next(
        (
            label
            for label, spec in zip(standings.columns, standings.tiebreaks, strict=True)
            if spec.acronym in ("PTS", "POINTS", "MP", "GP")
        ),
        None,
    )
    square = standings.pairing_system.predetermined and len(standings.rows) <= SQUARE_LIMIT
    rows = []
    spaced = standings.is_team
    for row in standings.rows:
        number = row.player.start_number
        own = games[number]
        cells = (
            _square_cells(own, number, standings)
            if square
            else tuple([_round_cell(game, spaced, lang) for game in own])
        )
        points = "" if points_label is None else format_value(row.values[points_label], lang)
        name = row.player.name
        rows.append(CrossRow(f"c-{number}", rank_text(row), number, name, points, cells))
    headers, note = _square_headers(standings, lang) if square else _round_headers(standings, lang)
    points_header = column_abbreviation(points_label, lang) if points_label else ""
    return Crosstable(headers, tuple(rows), note, square, points_header)


def _square_headers(standings: Standings, lang: str) -> tuple[tuple[Cell, ...], str]:
    headers = tuple(
        Cell(str(row.player.start_number), f"c-{row.player.start_number}", row.player.name)
        for row in standings.rows
    )
    note = translator(lang).gettext(
        "Each cell: the result against the participant of that column; + and - are forfeits."
    )
    return headers, note


def _round_headers(standings: Standings, lang: str) -> tuple[tuple[Cell, ...], str]:
    translations = translator(lang)
    headers = tuple(
        Cell(str(number), "", translations.gettext("Round %(round)s") % {"round": number})
        for number in range(1, standings.rounds + 1)
    )
    if standings.is_team:
        note = translations.gettext(
            "Each cell: the opposing team's number, the colour on board 1 (%(white)s White,"
            " %(black)s Black) and the game points; hover for the match."
        )
    else:
        note = translations.gettext(
            "Each cell: the opponent's number, the colour (%(white)s White, %(black)s Black)"
            " and the result; + and - are forfeits."
        )
    note %= {
        "white": translations.pgettext("colour letter", "w"),
        "black": translations.pgettext("colour letter", "b"),
    }
    return headers, note


def _games_of(standings: Standings, lang: str, titles: bool) -> dict[int, list[_Game]]:
    """Every participant's rounds 1..standings.rounds, by start (or team) number (``titles``:
    with the hover text of each individual game)."""
    team = standings.team
    if team is not None:
        return {
            entry.number: [_match_game(match, team, lang) for match in entry.matches][
                : standings.rounds
            ]
            for entry in team.teams
        }
    players = {player.start_number: player for player in standings.tournament.players}
    points = standings.tournament.score_system.points
    return {
        player.start_number: [
            _player_game(player.result(number), number, players, points, lang, titles)
            for number in range(1, standings.rounds + 1)
        ]
        for player in standings.tournament.players
    }


def _round_cell(game: _Game, spaced: bool, lang: str) -> CrossCell:
    if game.opponent is None:
        text = game.score if game.css == "absent" else f"{_bye_word(lang)} {game.score}"
        return CrossCell(text, game.title, game.css)
    separator = " " if spaced else ""
    text = f"{game.opponent}{game.colour}{separator}{game.score}"
    return CrossCell(text, game.title, game.css, f"c-{game.opponent}")


def _bye_word(lang: str) -> str:
    return _translations(lang).pgettext("crosstable", "bye")


def _square_cells(games: list[_Game], number: int, standings: Standings) -> tuple[CrossCell, ...]:
    by_opponent: dict[int, list[_Game]] = {}
    for game in games:
        if game.opponent is not None:
            by_opponent.setdefault(game.opponent, []).append(game)
    cells = []
    for row in standings.rows:
        other = row.player.start_number
        met = by_opponent.get(other, [])
        if other == number:
            cells.append(CrossCell("", "", "self"))
            continue
        css = met[0].css if len(met) == 1 else ""
        text = " ".join(game.score for game in met)
        cells.append(CrossCell(text, "\n".join(game.title for game in met), css))
    return tuple(cells)


def _player_game(
    result: RoundResult,
    number: int,
    players: dict[int, Player],
    points: Mapping[ResultKind, Fraction],
    lang: str,
    titles: bool = True,
) -> _Game:
    kind = result.kind
    if result.opponent is not None and not titles:
        return _game_cell(result, number, "", lang)
    translations = _translations(lang)
    round_text = translations.gettext("Round %(round)s") % {"round": number}
    description = translations.gettext(kind.description)
    if result.opponent is None:
        if kind is ResultKind.ABSENT:
            return _Game(number, None, "", "–", "absent", f"{round_text}: {description}")
        score = fraction_text(points.get(kind, Fraction(0)), lang)
        return _Game(number, None, "", score, "bye", f"{round_text}: {description}")
    opponent = players.get(result.opponent)
    name = opponent.name if opponent is not None else ""
    title = translations.gettext("%(round)s: %(result)s against #%(number)s %(name)s") % {
        "round": round_text,
        "result": description,
        "number": result.opponent,
        "name": name,
    }
    if result.colour is not Colour.NONE:
        title += f" ({_colour_word(result.colour, lang)})"
    return _game_cell(result, number, title, lang)


def _game_cell(result: RoundResult, number: int, title: str, lang: str) -> _Game:
    """Round ``number`` against an opponent: the opponent's number, the colour and the
    result."""
    letter, score, css = _game_look(result.kind, result.colour, lang)
    return _Game(number, result.opponent, letter, score, css, title)


@lru_cache(maxsize=256)
def _game_look(kind: ResultKind, colour: Colour, lang: str) -> tuple[str, str, str]:
    """A game's colour letter, result symbol and CSS class (made once per kind, colour and
    language: a crosstable has a game per participant and round)."""
    outcome = kind.outcome or 0
    score, css = _SYMBOLS[outcome], _OUTCOME_CLASS[outcome]
    if kind.forfeit:
        score, css = ("+" if outcome else "-"), f"{css} forfeit"
    return _colour_letter(colour, lang), score, css


def _colour_letter(colour: Colour, lang: str) -> str:
    if colour is Colour.NONE:
        return ""
    letter = "w" if colour is Colour.WHITE else "b"
    return _translations(lang).pgettext("colour letter", letter)


def _colour_word(colour: Colour, lang: str) -> str:
    translations = _translations(lang)
    return (
        translations.gettext("White") if colour is Colour.WHITE else translations.gettext("Black")
    )


def _match_game(match: Match, team: TeamTournament, lang: str) -> _Game:
    translations = _translations(lang)
    round_text = translations.gettext("Round %(round)s") % {"round": match.round}
    description = translations.gettext(match.kind.value)
    points = fraction_text(match.game_points, lang)
    if match.opponent is None:
        css = "absent" if match.kind is MatchKind.ABSENT else "bye"
        return _Game(match.round, None, "", points, css, f"{round_text}: {description}")
    opponent = team.team(match.opponent)
    score = points
    if match.opponent_game_points is not None:
        score += " : " + fraction_text(match.opponent_game_points, lang)
    title = translations.gettext(
        "%(round)s: %(result)s against #%(number)s %(name)s: %(score)s game points,"
        " %(match_points)s match points"
    ) % {
        "round": round_text,
        "result": description,
        "number": opponent.number,
        "name": opponent.name,
        "score": score,
        "match_points": format_value(match.match_points, lang),
    }
    colour = Colour.NONE
    if match.white_on_first_board is not None:
        colour = Colour.WHITE if match.white_on_first_board else Colour.BLACK
    css = {team.match_win: "win", team.match_draw: "draw"}.get(match.match_points, "loss")
    return _Game(match.round, match.opponent, _colour_letter(colour, lang), points, css, title)
