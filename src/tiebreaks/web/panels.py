"""The page's panel: one value explained, a participant's place and values, or why one
participant is ahead of another; built from :mod:`tiebreaks.services.explain`."""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

from ..errors import UsageError
from ..render.explanations import difference_text, worded
from ..render.i18n import format_value, tiebreak_name
from ..render.page_views import ExplanationView, cell_text
from ..render.page_views import explanation_view as shared_view
from ..services.explain import Neighbour, explain_participant, explain_value, find_participant, why
from ..standings import Row, Standings
from .i18n import web_translator
from .page_state import parse_explain
from .service import page_names, web_message


@dataclass(frozen=True)
class Step:
    """One criterion of a "why": both values and whether it decides."""

    label: str
    a: str
    b: str
    decides: bool


@dataclass(frozen=True)
class Difference:
    """A line of the reduced form: what each gets, and the difference."""

    text: str
    a: str
    b: str
    change: str


@dataclass(frozen=True)
class Panel:
    """What the panel shows (``kind``: explain, placing, why, error)."""

    kind: str
    title: str
    sentences: tuple[str, ...] = ()
    explanations: tuple[ExplanationView, ...] = ()
    links: tuple[tuple[str, str, str], ...] = ()  # (button name, value, label)
    steps: tuple[Step, ...] = ()
    differences: tuple[Difference, ...] = ()
    names: tuple[str, str] = ("", "")
    total: str = ""


def who(row: Row) -> str:
    """ "#4 David"."""
    return f"#{row.player.start_number} {row.player.name}"


def explanation_view(standings: Standings, row: Row, label: str, lang: str) -> ExplanationView:
    """One value of ``row`` explained in ``lang``, as the standalone page explains it
    (:func:`~tiebreaks.render.page_views.explanation_view`), naming ``who`` it belongs to."""
    translations = web_translator(lang)
    spec = standings.tiebreaks[standings.columns.index(label)]
    name = tiebreak_name(spec, lang)
    value = format_value(row.values[label], lang, standings.places.get(label))
    try:
        explanation = worded(explain_value(standings, row, label), standings, lang)
    except UsageError as error:
        shown = value or translations.gettext("undefined")
        return ExplanationView(
            label, name, shown, web_message(error, page_names(lang)), (), None, "", (), who=who(row)
        )
    return shared_view(explanation, label, name, value, lang, translations, who=who(row))


def explain_panel(standings: Standings, value: str, lang: str) -> Panel:
    """The panel of an explain button: one value ("4|BH/C1") or every value ("4")."""
    gettext = web_translator(lang).gettext
    participant, label = parse_explain(value)
    row = find_participant(standings, participant)
    if label is not None:
        if label not in standings.columns:
            raise UsageError(f"{label!r} is not in the list: {', '.join(standings.columns)}")
        view = explanation_view(standings, row, label, lang)
        title = f"{who(row)}: {view.label} = {view.value}"
        everything = gettext("Every value of %(who)s") % {"who": who(row)}
        links = (("explain", str(row.player.start_number), everything),)
        return Panel("explain", title, explanations=(view,), links=links)
    return placing_panel(standings, row, lang)


def placing_panel(standings: Standings, row: Row, lang: str) -> Panel:
    """A participant's place, what separates them from their neighbours, every value."""
    gettext = web_translator(lang).gettext
    placing = explain_participant(standings, row, standings.columns[:1])
    title = gettext("%(who)s: place %(place)s of %(count)s") % {
        "who": who(row),
        "place": row.rank,
        "count": placing.field_size,
    }
    sentences, links = [], []
    for neighbour, above in ((placing.above, True), (placing.below, False)):
        if neighbour is None:
            continue
        sentences.append(_neighbour_text(neighbour, above, lang))
        first, second = (neighbour.row, row) if above else (row, neighbour.row)
        question = gettext("Why is %(a)s ahead of %(b)s?") % {"a": who(first), "b": who(second)}
        links.append(("why", f"{first.player.start_number}|{second.player.start_number}", question))
    views = tuple(explanation_view(standings, row, label, lang) for label in standings.columns)
    return Panel("placing", title, tuple(sentences), views, tuple(links))


def _neighbour_text(neighbour: Neighbour, above: bool, lang: str) -> str:
    gettext = web_translator(lang).gettext
    fields = {
        "who": who(neighbour.row),
        "place": neighbour.row.rank,
        "label": neighbour.label or "",
        "value": cell_text(neighbour.value, lang),
        "other": cell_text(neighbour.other_value, lang),
    }
    if neighbour.label is None:
        return gettext("Shares the place with %(who)s: equal on every tie-break.") % fields
    if above:
        return (
            gettext("Behind %(who)s (place %(place)s): %(label)s %(value)s against %(other)s.")
            % fields
        )
    return (
        gettext("Ahead of %(who)s (place %(place)s): %(label)s %(value)s against %(other)s.")
        % fields
    )


def why_panel(standings: Standings, first: str, second: str, lang: str) -> Panel:
    """Why one participant is ahead of the other: criteria in order until one decides."""
    gettext = web_translator(lang).gettext
    a, b = find_participant(standings, first), find_participant(standings, second)
    result = why(standings, a, b)
    if result.ahead is None:
        title = gettext("%(a)s and %(b)s are equal on every tie-break: they share the place.")
        title %= {"a": who(a), "b": who(b)}
    else:
        behind = b if result.ahead is a else a
        title = gettext(
            "%(a)s (place %(ra)s) is ahead of %(b)s (place %(rb)s): decided by %(label)s."
        )
        title %= {
            "a": who(result.ahead),
            "ra": result.ahead.rank,
            "b": who(behind),
            "rb": behind.rank,
            "label": result.deciding,
        }
    steps = tuple(
        Step(
            label,
            cell_text(x, lang),
            cell_text(y, lang),
            label == result.deciding,
        )
        for label, x, y in result.steps
    )
    traces = (result.explanation_a, result.explanation_b)
    differences = tuple(
        Difference(
            difference_text(item.key, standings, lang, traces),
            format_value(item.amount_a, lang),
            format_value(item.amount_b, lang),
            _signed(item.amount_a - item.amount_b, lang),
        )
        for item in result.differences
    )
    views: tuple[ExplanationView, ...] = ()
    if result.deciding is not None and not differences:
        views = (
            explanation_view(standings, a, result.deciding, lang),
            explanation_view(standings, b, result.deciding, lang),
        )
    change = sum((item.amount_a - item.amount_b for item in result.differences), Fraction(0))
    return Panel(
        "why",
        title,
        steps=steps,
        differences=differences,
        explanations=views,
        names=(who(a), who(b)),
        total=_signed(change, lang) if differences else "",
    )


def _signed(value: Fraction, lang: str) -> str:
    return ("+" if value > 0 else "") + format_value(value, lang)
