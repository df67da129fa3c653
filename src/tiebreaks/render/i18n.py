"""Languages of the rendered standings: gettext catalogs, Babel number and date formats.

The catalogs live in ``tiebreaks/locale/<lang>/LC_MESSAGES/tiebreaks.po`` (compiled to
``.mo`` by ``scripts/compile_catalogs.py``). English is the source language: its texts are the
message ids themselves, so English output needs no catalog and stays exactly as before.

What is localised: headings, column headers, the rules and tie-break lines, tie-break names
(from :data:`tiebreaks.engine.names_data.NAMES`, else the English catalogue name), the
framing words of explanations, result descriptions, dates and the decimal separator. The
explanation lines themselves (``Round 1: win with Black against ...``) and warnings are built
by the engine in English and stay English for now.

Numbers are never floats: a value's exact decimal text
(:func:`tiebreaks.engine.numbers.to_decimal_text`
or, with fixed places, :func:`~tiebreaks.engine.numbers.to_fixed_text`) gets the locale's decimal
symbol and minus sign from Babel's CLDR data.
"""

from __future__ import annotations

import gettext
import re
from collections.abc import Callable
from datetime import date
from fractions import Fraction
from functools import cache
from pathlib import Path

from ..engine.catalogue import definition
from ..engine.names_data import NAMES
from ..engine.spec import TiebreakSpec
from ..errors import (
    Amount,
    Diagnostic,
    Listed,
    Names,
    ParameterHint,
    Phrase,
    UsageError,
    Word,
    with_advice,
)
from ..lazy import load
from ..model.text import shown_name
from ..standings import Standings
from .values import show

#: the languages with a catalog (English is the source language)
SUPPORTED = ("en", "de", "it", "fr", "es")
#: gettext domain of the catalogs
DOMAIN = "tiebreaks"
#: the directory holding ``<lang>/LC_MESSAGES/tiebreaks.mo``
LOCALE_DIRECTORY = Path(__file__).resolve().parent.parent / "locale"


def N_(message: str) -> str:
    """Mark a message for extraction without translating it here (translated where shown)."""
    return message


def check_language(lang: str) -> str:
    """The supported language code of ``lang`` ("de", "DE", "de-AT" and "de_AT" give "de");
    UsageError listing the supported languages otherwise."""
    code = re.split(r"[-_]", lang.strip().lower(), maxsplit=1)[0]
    if code not in SUPPORTED:
        raise UsageError(
            f"unsupported language {lang!r}; supported languages: {', '.join(SUPPORTED)}"
        )
    return code


@cache
def _catalog(code: str) -> gettext.NullTranslations:
    if code == "en":
        return gettext.NullTranslations()
    return gettext.translation(DOMAIN, localedir=str(LOCALE_DIRECTORY), languages=[code])


def translator(lang: str) -> gettext.NullTranslations:
    """The translations of ``lang`` (English: the message ids unchanged)."""
    return _catalog(check_language(lang))


def warning_text(warning: Diagnostic, lang: str, names: Names | None = None) -> str:
    """A warning in ``lang``: its catalog sentence translated and filled in, its advice too,
    the parameters called as in ``names`` (a front end's own names), where it is first. A
    warning that has no catalog sentence, and every warning in English, is said as the
    library says it."""
    names = names or {}
    code = check_language(lang)
    if code == "en" or not warning.template:
        return warning.worded(names)
    gettext = translator(code).gettext
    text = _said(warning.template, warning.fields, gettext, code)
    if warning.hint is not None:
        advice = ParameterHint(warning.hint.parameter, gettext(warning.hint.text)).worded(names)
        if text.endswith("?"):
            text = with_advice(text, advice, names)
        else:  # the language's punctuation ("; " in French is " ; ")
            text = gettext("%(message)s; %(advice)s") % {"message": text, "advice": advice}
    return text if warning.location is None else f"{warning.location}: {text}"


def _said(
    template: str,
    fields: tuple[tuple[str, str | int], ...],
    gettext: Callable[[str], str],
    lang: str,
) -> str:
    """A catalog sentence in ``lang``, its fields filled in: a word translated, a phrase
    said the same way, an amount with the language's decimal symbol, anything else as it
    is."""
    return gettext(template) % {name: _field(value, gettext, lang) for name, value in fields}


def _field(value: str | int, gettext: Callable[[str], str], lang: str) -> str | int:
    """A field of a catalog sentence in ``lang`` (:func:`_said`)."""
    if isinstance(value, Phrase):
        return _said(value.template, value.fields, gettext, lang)
    if isinstance(value, Word):
        return gettext(value)
    if isinstance(value, Amount):
        return localise_number(value, lang)
    if isinstance(value, Listed):
        joiner = _field(value.joiner, gettext, lang)
        return str(joiner).join(str(_field(item, gettext, lang)) for item in value.items)
    return value


#: Babel's parts, loaded on first use (English text and numbers need none of them)
BABEL = {
    "format_date": "babel.dates:format_date",
    "decimal_symbol": "babel.numbers:get_decimal_symbol",
    "minus_sign": "babel.numbers:get_minus_sign_symbol",
}


@cache
def _symbols(code: str) -> tuple[str, str]:
    decimal_symbol, minus_sign = load(BABEL["decimal_symbol"], ""), load(BABEL["minus_sign"], "")
    return decimal_symbol(code), minus_sign(code)


def localise_number(text: str, lang: str) -> str:
    """An English decimal text ("-12.5") with the locale's decimal symbol and minus sign."""
    code = check_language(lang)
    if code == "en":
        return text
    decimal_symbol, minus = _symbols(code)
    return text.replace("-", minus).replace(".", decimal_symbol)


def format_value(value: Fraction | int | None, lang: str, places: int | None = None) -> str:
    """A value as the standings show it, in ``lang``: exact decimals ("12,5" in German),
    exactly ``places`` decimals when given, "" for an undefined value."""
    return localise_number(show(value, places), lang)


def value_formatter(lang: str) -> Callable[[Fraction | None, int | None], str]:
    """A formatter for :class:`~tiebreaks.render.values.ValueTexts` in ``lang``."""
    code = check_language(lang)
    if code == "en":
        return show
    return lambda value, places: format_value(value, code, places)


def format_date(day: date, lang: str) -> str:
    """A date written out in ``lang`` ("1. März 2024", "1 mars 2024", "March 1, 2024")."""
    written: str = load(BABEL["format_date"], "")(day, format="long", locale=check_language(lang))
    return written


def tiebreak_name(spec: TiebreakSpec, lang: str) -> str:
    """The name of a tie-break in ``lang``: the first name of its descriptor in that language,
    else the name of its acronym in that language with the modifiers after it ("Buchholz
    (:GP/C1)"), else the same in English (the catalogue name of the acronym)."""
    code = check_language(lang)
    descriptor = str(spec)
    modifiers = descriptor[len(spec.acronym) :].lstrip("/")
    for language in dict.fromkeys((code, "en")):
        exact = NAMES.get(descriptor, {}).get(language)
        if exact:
            return exact[0]
        base = NAMES.get(spec.acronym, {}).get(language)
        if base and language != "en":
            return f"{base[0]} ({modifiers})" if modifiers else base[0]
    try:
        name = definition(spec.acronym).name
    except UsageError:
        name = spec.acronym
    return f"{name} ({modifiers})" if modifiers else name


_REASONS: tuple[tuple[str, str], ...] = (
    (r"given", N_("given")),
    (r"no start date in the file: newest edition", N_("no start date in the file: newest edition")),
    (r"start date (?P<date>\d{4}-\d{2}-\d{2})", N_("start date %(date)s")),
    (r"default list of the (?P<rules>\S+) rules", N_("default list of the %(rules)s rules")),
    (r"file \((?P<record>\d+)\)", N_("file (record %(record)s)")),
    (
        r"default list for team tournaments \(docs/conformance\.md\)",
        N_("default list for team tournaments"),
    ),
    (r"FIDE recommendation for a swiss tournament", N_("FIDE recommendation for a Swiss")),
    (
        r"FIDE recommendation for a round-robin tournament",
        N_("FIDE recommendation for a round robin"),
    ),
)


def reason_text(reason: str, lang: str) -> str:
    """Why the rules regime or the tie-break list was chosen, in ``lang`` (English: exactly
    as the standings say it; an unknown reason stays as it is)."""
    code = check_language(lang)
    if code == "en":
        return reason
    for pattern, message in _REASONS:
        match = re.fullmatch(pattern, reason)
        if match:
            fields = match.groupdict()
            if "date" in fields:
                fields["date"] = format_date(date.fromisoformat(fields["date"]), code)
            return translator(code).gettext(message) % fields
    return reason


_SYSTEMS = {
    (False, "swiss"): N_("swiss"),
    (False, "round-robin"): N_("round-robin"),
    (True, "swiss"): N_("team swiss"),
    (True, "round-robin"): N_("team round-robin"),
}


def summary_line(standings: Standings, lang: str) -> str:
    """Type, field and rounds: "swiss, 16 players, 5 rounds" (or "after round 3 of 5")."""
    _ = translator(lang).gettext
    tournament = standings.tournament
    system = _(_SYSTEMS[standings.is_team, standings.pairing_system.value])
    if standings.rounds == tournament.rounds:
        rounds = _("%(rounds)s rounds") % {"rounds": tournament.rounds}
    else:
        rounds = _("after round %(round)s of %(rounds)s") % {
            "round": standings.rounds,
            "rounds": tournament.rounds,
        }
    count = {"count": len(tournament.players)}
    who = _("%(count)s teams") if standings.is_team else _("%(count)s players")
    return f"{system}, {who % count}, {rounds}"


def rules_line(standings: Standings, lang: str) -> str:
    """The rules regime and why: "Rules: fide-2026 (given)"."""
    return translator(lang).gettext("Rules: %(rules)s (%(reason)s)") % {
        "rules": standings.rules,
        "reason": reason_text(standings.rules_reason, lang),
    }


def tiebreaks_line(standings: Standings, lang: str) -> str:
    """The tie-break list and where it comes from: "Tie-breaks: PTS, BH/C1 (given)"."""
    return translator(lang).gettext("Tie-breaks: %(list)s (%(source)s)") % {
        "list": ", ".join(str(spec) for spec in standings.tiebreaks),
        "source": reason_text(standings.tiebreaks_source, lang),
    }


def method_lines(standings: Standings, lang: str) -> list[str]:
    """The methods the standings were computed with besides the list, one line each: the
    drawing of lots and its seed (so that anyone can draw again), the treatment of unrated
    participants in the rating tie-breaks (C.07 Art. 10), and which ratings count when
    participants have several (by round, or the first). None when not asked for."""
    _ = translator(lang).gettext
    lines = []
    if standings.lots_seed is not None:
        source = (
            _("drawn from the tournament's results")
            if standings.lots_source == "tournament"
            else _("given")
        )
        lines.append(
            _("Drawing of lots for the ties left: seed %(seed)s (%(source)s)")
            % {"seed": standings.lots_seed, "source": source}
        )
    if standings.unrated_rating is not None:
        lines.append(
            _("Unrated players in rating tie-breaks: rating %(rating)s (C.07 Art. 10)")
            % {"rating": standings.unrated_rating}
        )
    elif standings.unrated_excluded:
        lines.append(_("Unrated players in rating tie-breaks: left out (C.07 Art. 10)"))
    if standings.ratings_used == "by-round":
        lines.append(
            _(
                "Rating tie-breaks with several ratings per player: each opponent's rating in"
                " force in the round played"
            )
        )
    elif standings.ratings_used == "first":
        lines.append(
            _(
                "Rating tie-breaks with several ratings per player: each player's first rating"
                " (C.07 Art. 10)"
            )
        )
    if standings.like:
        lines.append(_(_PROFILE_LINES[standings.like]))
    return lines + arbiter_lines(standings, lang)


#: the words of each reason a participant is not ranked, with the last round present
_NOT_RANKED = {
    "withdrawn": N_("%(participant)s: withdrawn after round %(round)s, not ranked"),
    "expelled": N_("%(participant)s: expelled after round %(round)s, not ranked"),
}


def arbiter_lines(standings: Standings, lang: str) -> list[str]:
    """What the arbiter decided besides the file, one line each: where the MAN values come
    from, the order given to the ties left, and each participant left out of the ranking
    (their games count for their opponents as before)."""
    _ = translator(lang).gettext
    lines = []
    if standings.manual_values:
        sources = sorted({value.source for value in standings.manual_values.values()} - {""})
        lines.append(
            _("MAN: values given by the arbiter (%(source)s)")
            % {"source": ", ".join(map(shown_name, sources)) or _("given")}
        )
    if standings.manual_order:
        lines.append(
            _("^ place decided by the arbiter's order of the ties left: %(order)s")
            % {"order": ", ".join(map(str, standings.manual_order))}
        )
    for row in standings.not_ranked:
        exclusion = standings.excluded[row.player.start_number]
        who = f"#{row.player.start_number} {shown_name(row.player.name)}".strip()
        lines.append(
            _(_NOT_RANKED[exclusion.status.value])
            % {"participant": who, "round": exclusion.last_round}
        )
    if standings.not_ranked:
        lines.append(_("Their games count for their opponents' tie-breaks as played."))
    return lines


#: the line of each publishing program's profile (``--like``)
_PROFILE_LINES = {
    "swiss-manager": N_(
        "Read as Swiss-Manager publishes: SB with its modified points"
        " (/SM), ARO cuts remove rounds without a game first"
    ),
    "vega": N_(
        "Read as Vega publishes: the ties left after the last tie-break in"
        " pairing-number order; values printed as Vega prints them: rounded half to even"
        " at one decimal"
    ),
    "swiss-chess": N_(
        "Read as Swiss-Chess publishes: the FIDE readings (none of its own is established)"
    ),
}


def column_abbreviation(label: str, lang: str) -> str:
    """The short header of a value column: the descriptor, except points ("Pkt" in German)."""
    if label in ("PTS", "POINTS"):
        return translator(lang).pgettext("column abbreviation", "PTS")
    return label
