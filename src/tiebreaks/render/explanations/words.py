"""The words of explanations: names, rounds, numbers and cuts in one language, and the
registry of every family's sentences.

Every sentence goes through the gettext catalogs (:mod:`tiebreaks.render.i18n`); the
family modules of this package register theirs per acronym with :func:`describes`.
"""

from __future__ import annotations

import gettext
from collections.abc import Callable
from dataclasses import dataclass
from fractions import Fraction

from ...engine.context import NO_OPPONENT, Context
from ...engine.numbers import to_decimal_text
from ...engine.trace import Reason, Trace
from ...model import Colour
from ..i18n import check_language, localise_number, translator


@dataclass(frozen=True)
class Words:
    """How a trace is told: the context it was computed in (names, results, colours) and the
    language."""

    context: Context
    lang: str = "en"

    def __post_init__(self) -> None:
        object.__setattr__(self, "lang", check_language(self.lang))

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

    def who(self, index: int) -> str:
        """A participant as "#12 Nick"."""
        player = self.context.tournament.players[index]
        return f"#{player.start_number} {player.name}".strip()

    def round(self, index: int, round_number: int) -> str:
        """E.g. "Round 4: win with Black against #12 Nick", "Round 2: half-point bye"."""
        column = round_number - 1
        kind = self.context.kinds[index][column]
        opponent = self.context.opponents[index][column]
        result = self._(kind.description)
        if kind.played:
            colour = _colour(self.context, index, column)
            if colour is Colour.WHITE:
                result = self._("%(result)s with White", result=result)
            elif colour is Colour.BLACK:
                result = self._("%(result)s with Black", result=result)
        if opponent != NO_OPPONENT:
            return self._(
                "Round %(round)s: %(result)s against %(opponent)s",
                round=round_number,
                result=result,
                opponent=self.who(opponent),
            )
        if self.context.predetermined:
            return self._(
                "Round %(round)s: no game scheduled (the free slot of the round robin)",
                round=round_number,
            )
        return self._("Round %(round)s: %(result)s", round=round_number, result=result)

    def cut(self, reason: Reason) -> str:
        """Why a modifier removed a line."""
        return self._(_CUTS[reason])


def _colour(context: Context, index: int, column: int) -> Colour:
    results = context.tournament.players[index].results
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
