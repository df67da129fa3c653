"""Check a published table on the page (``GET /check``, ``POST /check``): the file's
published ranks and values against ours, as ``tiebreaks check --infer`` does
(:func:`~tiebreaks.services.check.check_published`,
:func:`~tiebreaks.services.check.infer_columns`): what was compared, each difference, per
published column the reading that reproduces it and the values no reading reproduces. Every
value is a button that opens its explanation in the standings page's panel: under the
reading found for its column, or under the check's own standings.

As everywhere on the page, nothing is kept between requests: the file travels in the form.
"""

from __future__ import annotations

import base64
from dataclasses import dataclass, replace

from ..engine.names import resolve_list, resolve_name
from ..errors import TiebreaksError, UsageError
from ..model import Tournament
from ..render.check import reading_text
from ..render.check_rounds import rounds_lines
from ..render.page_views import cell_text
from ..services.check import (
    VEGA_KS_ERROR,
    CheckReport,
    ColumnReadings,
    Difference,
    check_published,
    infer_columns,
    publishes_values,
)
from ..services.check_rounds import check_rounds, publishes_ranks
from ..standings import Standings, compute_standings
from .i18n import web_translator
from .page_state import PageRequest
from .paging import PAGE_SIZE
from .panels import Panel, explain_panel
from .service import page_names, read, web_message
from .views import (
    FORMAT_NAMES,
    Choice,
    Common,
    ErrorView,
    common,
    error_view,
    render,
    rules_choices,
    textarea_text,
)
from .worker import Outcome

HTML = "text/html; charset=utf-8"
#: the publishing programs whose readings ``like`` sets (``tiebreaks check --like``)
PROGRAMS = {"swiss-manager": "Swiss-Manager", "vega": "Vega", "swiss-chess": "Swiss-Chess"}


@dataclass(frozen=True)
class ValueButton:
    """A value shown as a button: its text and the ``explain`` value that explains it
    (``"std|4|BH/C1"``: the check's standings; ``"fide-2009|4|SB/SM"``: a reading)."""

    text: str
    target: str
    differs: bool = False


@dataclass(frozen=True)
class DifferenceRow:
    """One difference: who, which column, published against ours."""

    number: int
    name: str
    what: str
    published: str
    ours: ValueButton


@dataclass(frozen=True)
class Unreproduced:
    """A value no reading reproduces: published, the closest reading's, who else gives it."""

    number: int
    name: str
    published: str
    closest: ValueButton
    note: str


@dataclass(frozen=True)
class ColumnView:
    """One published column: the readings that reproduce it ("TB4 = ... : 220/220"), or the
    closest and each value it does not give."""

    label: str
    readings: tuple[str, ...]
    closest: str
    note: str
    unreproduced: tuple[Unreproduced, ...]


@dataclass(frozen=True)
class PublishedRow:
    """One participant's published rank and values, each a button."""

    rank: str
    number: int
    name: str
    values: tuple[ValueButton, ...]


@dataclass(frozen=True)
class CheckAnswer:
    """What the check found."""

    computed: str
    compared: str
    nothing: bool
    agrees: bool
    unmatched: str
    differences: tuple[DifferenceRow, ...]
    columns: tuple[ColumnView, ...]
    labels: tuple[str, ...]
    rows: tuple[PublishedRow, ...]
    cut: str
    #: each published place against the list in force (C.07, with the deciding criterion)
    places: tuple[str, ...] = ()


@dataclass(frozen=True)
class CheckView:
    """The check page: its form (with the file carried once read) and the answer."""

    common: Common
    error: ErrorView | None
    text: str
    data: str
    source: str
    fmt: str
    title: str
    tb_list: str
    rules: tuple[Choice, ...]
    like: tuple[Choice, ...]
    formats: tuple[Choice, ...]
    answer: CheckAnswer | None = None
    panel: Panel | None = None


def _choices(request: PageRequest) -> dict[str, tuple[Choice, ...]]:
    """The menus: the rules regime, the program read like, the format."""
    gettext = web_translator(request.lang).gettext
    fmt = request.upload.fmt if request.upload is not None else None
    like = (
        Choice("", gettext("FIDE (no program's reading)"), not request.like),
        *(Choice(key, name, key == request.like) for key, name in PROGRAMS.items()),
    )
    formats = (
        Choice("", gettext("Detect from the content"), not fmt),
        *(Choice(key, name, fmt == key) for key, name in FORMAT_NAMES.items()),
    )
    return {"rules": rules_choices(request.rules, gettext), "like": like, "formats": formats}


def check_view(request: PageRequest, lang: str, max_upload: int, posted: bool = False) -> CheckView:
    """The page for ``request``: the form alone, the answer, or the error window (a form
    ``posted`` without a file says so)."""
    upload = request.upload
    menus = _choices(request)
    base = CheckView(
        common(lang, max_upload), None, "", "", "", "", "", request.check_list,
        menus["rules"], menus["like"], menus["formats"],
    )  # fmt: skip
    if upload is None:
        if not posted:
            return base
        message = request.message or web_translator(lang).gettext(
            "Choose a tournament file, drop one here or paste its text."
        )
        return _with(base, error=ErrorView(message, 0, 0, "", ""))
    carried = {
        "data": base64.b64encode(upload.data).decode("ascii"),
        "source": upload.source,
        "fmt": upload.fmt or "",
    }
    try:
        tournament = read(upload)
    except TiebreaksError as error:
        text = upload.data.decode("utf-8", "replace") if len(upload.data) < 200_000 else ""
        return _with(base, error=error_view(error, upload, lang), text=text)
    title = tournament.name or upload.source
    try:
        listed = _listed(request.check_list)
        report = check_published(tournament, listed, request.rules or None, request.like or None)
    except TiebreaksError as error:
        refused = ErrorView(web_message(error, page_names(lang)), 0, 0, "", "")
        return _with(base, error=refused, title=title, **carried)
    panel = explain_of(tournament, request, report.standings, lang) if request.explain else None
    if request.partial:  # only the panel: nothing inferred
        return _with(base, panel=panel)
    computed = None if request.like else report.standings  # the places are checked without it
    places = _places(upload.source, tournament, listed, request.rules or None, lang, computed)
    answer = replace(_answer(tournament, report, lang), places=places)
    return _with(base, title=title, answer=answer, panel=panel, **carried)


def _places(
    source: str,
    tournament: Tournament,
    listed: tuple[str, ...] | None,
    rules: str | None,
    lang: str,
    computed: Standings | None = None,
) -> tuple[str, ...]:
    """The published places checked against the list (``tiebreaks check``'s section of the
    places, in ``lang``): each place that does not follow it, with the criterion that decides
    and its C.07 article; nothing for a file without published ranks. ``computed``: the
    standings already computed with the same list and rules, reused."""
    if not publishes_ranks(tournament):
        return ()
    return tuple(
        line.strip()
        for line in rounds_lines(
            check_rounds([(source, tournament)], listed, rules, None, computed), lang
        )
    )


def _with(base: CheckView, **changes: object) -> CheckView:
    return replace(base, **changes)  # type: ignore[arg-type]


def _listed(text: str) -> tuple[str, ...] | None:
    """The tie-break list typed (names or descriptors), None for the file's own."""
    if not text.strip():
        return None
    return tuple(str(found.spec) for found in resolve_list(text))


def _answer(tournament: Tournament, report: CheckReport, lang: str) -> CheckAnswer:
    gettext = web_translator(lang).gettext
    standings = report.standings
    computed = gettext("Computed with %(rules)s; tie-breaks %(list)s.") % {
        "rules": standings.rules,
        "list": ", ".join(standings.columns),
    }
    compared = gettext("Compared %(ranks)s ranks and %(values)s tie-break values.") % {
        "ranks": report.ranks_compared,
        "values": report.values_compared,
    }
    columns = infer_columns(tournament) if publishes_values(tournament) else []
    views = tuple(_column_view(column, tournament, lang) for column in columns)
    rows, cut = _published_rows(tournament, standings, columns, lang)
    return CheckAnswer(
        computed,
        compared,
        report.nothing_compared,
        report.agrees,
        ", ".join(report.unmatched_columns),
        tuple(_difference_row(difference, standings, lang) for difference in report.differences),
        views,
        tuple(tournament.published_columns),
        rows,
        cut,
    )


def _difference_row(difference: Difference, standings: Standings, lang: str) -> DifferenceRow:
    """A difference; our value explains itself (the participant's place for a rank)."""
    number, what = difference.start_number, difference.what
    column = what if what in standings.columns else _column_of(what, standings)
    target = f"std|{number}|{column}" if column else f"std|{number}"
    return DifferenceRow(
        number,
        difference.name,
        what,
        cell_text(difference.published, lang),
        ValueButton(cell_text(difference.computed, lang), target, True),
    )


def _column_of(label: str, standings: Standings) -> str:
    """The standings column of a published label: the label itself, the tie-break it names
    ("Buchholz Cut 1"), or a program's reading of it (SB read as SB/SM); "" for the rank or
    a column not in the list."""
    if label == "rank":
        return ""
    if label in standings.columns:
        return label
    try:
        spec = resolve_name(label).spec
    except UsageError:
        spec = None
    if spec is not None and str(spec) in standings.columns:
        return str(spec)
    acronym = spec.acronym if spec is not None else label.partition("/")[0]
    return next((column for column in standings.columns if column.partition("/")[0] == acronym), "")


def _column_view(column: ColumnReadings, tournament: Tournament, lang: str) -> ColumnView:
    gettext = web_translator(lang).gettext
    readings = tuple(reading_text(reading, lang) for reading in column.readings)
    closest = column.closest
    if readings or closest is None:
        return ColumnView(column.label, readings, "", "", ())
    note = ""
    if column.program_error == VEGA_KS_ERROR:
        note = gettext(
            "Every value is printed 0 in a double round robin: Vega's own error (its single"
            " round robins print Koya right), not a reading of the rules."
        )
    missing = tuple(
        Unreproduced(
            value.start_number,
            value.name,
            cell_text(value.published, lang),
            ValueButton(
                cell_text(value.computed, lang),
                f"{closest.rules}|{value.start_number}|{closest.tiebreaks[0]}",
                True,
            ),
            "; ".join(f"{descriptor}, {rules}" for rules, descriptor in value.elsewhere),
        )
        for value in column.unreproduced
    )
    return ColumnView(column.label, (), reading_text(closest, lang), note, missing)


def _published_rows(
    tournament: Tournament, standings: Standings, columns: list[ColumnReadings], lang: str
) -> tuple[tuple[PublishedRow, ...], str]:
    """The published table (the first :data:`PAGE_SIZE` participants in our order), each
    value a button explaining it under its column's reading."""
    readings = {
        column.label: (column.readings[0] if column.readings else column.closest)
        for column in columns
    }
    wrong = {(c.label, value.start_number) for c in columns for value in c.unreproduced}
    players = {player.start_number: player for player in tournament.players}
    rows = []
    for row in standings.rows[:PAGE_SIZE]:
        player = players[row.player.start_number]
        number = player.start_number
        values = []
        for position, label in enumerate(tournament.published_columns):
            stated = player.stated_values
            value = stated[position] if position < len(stated) else None
            reading = readings.get(label)
            target = (
                f"{reading.rules}|{number}|{reading.tiebreaks[0]}"
                if reading is not None
                else f"std|{number}|{_column_of(label, standings)}"
            )
            values.append(ValueButton(cell_text(value, lang), target, (label, number) in wrong))
        rank = str(player.stated_rank or "")
        rows.append(PublishedRow(rank, number, player.name, tuple(values)))
    cut = ""
    if len(standings.rows) > PAGE_SIZE:
        cut = web_translator(lang).gettext("The first %(shown)s are listed.") % {"shown": PAGE_SIZE}
    return tuple(rows), cut


def explain_of(
    tournament: Tournament, request: PageRequest, standings: Standings, lang: str
) -> Panel:
    """The panel of a value's button: ``std|4|BH/C1`` explains it in the check's standings,
    ``fide-2009|4|SB/SM`` under that reading (the regime and the one tie-break)."""
    where, _, rest = request.explain.partition("|")
    number, _, descriptor = rest.partition("|")
    if not rest:  # a participant's every value (the panel's own link)
        where, number = "std", where
    try:
        if where != "std":
            reading = compute_standings(tournament, (descriptor,), where, like=request.like or None)
            return explain_panel(reading, f"{number}|{reading.columns[-1]}", lang)
        return explain_panel(standings, rest if descriptor else number, lang)
    except (UsageError, TiebreaksError, IndexError) as error:
        return Panel("error", web_message(error, page_names(lang)))


def check_page(request: PageRequest, lang: str, max_upload: int, posted: bool = False) -> Outcome:
    """The check page (or only the panel a value's button asked for, for the script)."""
    view = check_view(request, lang, max_upload, posted)
    if request.partial:
        panel = view.panel or Panel("error", view.error.message if view.error else "–")
        return Outcome(200, HTML, render("panel.html.j2", lang, panel=panel))
    view = _with(view, text=textarea_text(view.text)) if view.text else view
    status = 422 if view.error is not None else 200
    return Outcome(status, HTML, render("check.html.j2", lang, view=view))
