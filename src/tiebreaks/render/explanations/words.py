"""The words of explanations: names, rounds, numbers and cuts in one language, and the
registry of every family's sentences.

Every sentence goes through the gettext catalogs (:mod:`tiebreaks.render.i18n`); the
family modules of this package register theirs per acronym with :func:`describes`.
"""

from __future__ import annotations

import gettext
from collections.abc import Callable, Hashable
from fractions import Fraction

from ...engine.computation import Computation
from ...engine.numbers import to_decimal_text
from ...engine.trace import Reason, Trace
from ...model import Colour, ResultKind
from ..i18n import check_language, format_value, localise_number, translator
from .lines import Explanation


class Phrases:
    """Messages and numbers in one language: every sentence goes through the gettext
    catalogs, every number gets the language's decimal symbol and minus sign. The text
    outputs of ``explain`` and ``why`` use it as it is; :class:`Words` adds the participants
    and rounds of a trace."""

    __slots__ = ("lang",)

    def __init__(self, lang: str = "en") -> None:
        self.lang = check_language(lang)

    def _(self, message: str, **fields: object) -> str:
        """``message`` in the language, with ``fields`` put in (``%(name)s``)."""
        text = translator(self.lang).gettext(message)
        return text % fields if fields else text

    def plural(self, single: str, several: str, count: int, **fields: object) -> str:
        """The singular or plural message for ``count``, with ``fields`` put in."""
        return translator(self.lang).ngettext(single, several, count) % fields

    def number(self, value: Fraction | int | None) -> str:
        """A value as exact decimal text in the language ("2,5" in German); "-" if undefined."""
        if value is None:
            return "-"
        return localise_number(to_decimal_text(value), self.lang)

    def value(self, value: Fraction | None) -> str:
        """A value as the standings show it ("undefined" in the language if it is)."""
        return format_value(value, self.lang) or self._("undefined")

    def amount(self, value: Fraction | None) -> str:
        """An amount as the standings show it ("" if undefined)."""
        return format_value(value, self.lang)


class Words(Phrases):
    """How a trace is told: what it was computed from (names, results, colours) and the
    language."""

    __slots__ = ("computation",)

    def __init__(self, computation: Computation, lang: str = "en") -> None:
        super().__init__(lang)
        self.computation = computation

    def who(self, index: int) -> str:
        """A participant as "#12 Nick"."""
        player = self.computation.tournament.players[index]
        return f"#{player.start_number} {player.name}".strip()

    def round(self, index: int, round_number: int) -> str:
        """E.g. "Round 4: win with Black against #12 Nick", "Round 2: half-point bye"."""
        computation = self.computation
        kind = computation.kind(index, round_number)
        opponent = computation.opponent(index, round_number)
        colour = _colour(computation, index, round_number - 1) if kind.played else Colour.NONE
        result = self.once(("result", kind, colour), lambda: self._result(kind, colour))
        if opponent is not None:
            return self._(
                "Round %(round)s: %(result)s against %(opponent)s",
                round=round_number,
                result=result,
                opponent=self.who(opponent),
            )
        if self.computation.predetermined:
            return self._(
                "Round %(round)s: no game scheduled (the free slot of the round robin)",
                round=round_number,
            )
        return self._("Round %(round)s: %(result)s", round=round_number, result=result)

    def _result(self, kind: ResultKind, colour: Colour) -> str:
        """A round's result with the colour of a game: "win with Black", "half-point bye"."""
        result = self._(kind.description)
        if colour is Colour.WHITE:
            return self._("%(result)s with White", result=result)
        if colour is Colour.BLACK:
            return self._("%(result)s with Black", result=result)
        return result

    def cut(self, reason: Reason) -> str:
        """Why a modifier removed a line."""
        return self._(_CUTS[reason])

    def once(self, key: Hashable, make: Callable[[], str]) -> str:
        """The text ``make`` gives for ``key`` (everything the text depends on besides these
        words): made every time here; words that tell a whole field keep each text (the HTML
        page's, where a participant's round recurs in BH, BH with a cut and SB)."""
        return make()


def _colour(computation: Computation, index: int, column: int) -> Colour:
    results = computation.tournament.players[index].results
    return results[column].colour if column < len(results) else Colour.NONE


def N_(message: str) -> str:
    """Mark a message for extraction; it is translated where it is shown."""
    return message


_CUTS = {
    Reason.LEAST_SIGNIFICANT: N_("least significant value (Art. 14.1)"),
    Reason.VOLUNTARY_UNPLAYED: N_("voluntary unplayed round cut first (Art. 16.5)"),
    Reason.MOST_SIGNIFICANT: N_("most significant value (Art. 14.3)"),
}


def words_for_cuts(texts: dict[Reason, str]) -> None:
    """Register what a family's own reasons for a cut are called (marked with :func:`N_`)."""
    _CUTS.update(texts)


#: a family's sentences: the trace and the words give the definition, one text per entry and
#: the steps
Describer = Callable[[Trace, Words], tuple[str, list[str], list[str]]]
_DESCRIBERS: dict[str, Describer] = {}


def describes(*acronyms: str) -> Callable[[Describer], Describer]:
    """Decorator registering the sentences of one or more tie-breaks."""

    def decorate(describer: Describer) -> Describer:
        for acronym in acronyms:
            if acronym in _DESCRIBERS:
                raise ValueError(f"{acronym} is described twice")
            _DESCRIBERS[acronym] = describer
        return describer

    return decorate


def describer_for(acronym: str) -> Describer:
    """The sentences of ``acronym`` (KeyError if none is registered)."""
    return _DESCRIBERS[acronym]


def total_words(translations: gettext.NullTranslations, kept: int, cut: int) -> str:
    """The label of a sum's total line: "total of the 3 lines kept" when some lines were cut
    (Art. 14), "total of 5 lines" when none was; singular or plural as the language's plural
    rule says (gettext ``ngettext``: "1 line", "1 ligne" ...). The text, HTML and the web page
    share it."""
    if cut:
        message = translations.ngettext(
            "total of the %(count)s line kept", "total of the %(count)s lines kept", kept
        )
    else:
        message = translations.ngettext("total of %(count)s line", "total of %(count)s lines", kept)
    return message % {"count": kept}


def explanation_total(explanation: Explanation, translations: gettext.NullTranslations) -> str:
    """:func:`total_words` of a sum's explanation: its lines kept with an amount, and whether
    a modifier cut any (the words of every output's total line)."""
    lines = explanation.lines
    kept = sum(1 for line in lines if line.kept and line.amount is not None)
    return total_words(translations, kept, sum(1 for line in lines if not line.kept))
