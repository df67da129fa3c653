"""Errors and warnings that carry their location in the user's input.

The library speaks of its own parameters (``after_round``), never of the options of a front
end (the command line's ``--after-round``, a form field of the web page): an error or warning
that names a parameter keeps it apart (:class:`ParameterError`, :class:`ParameterHint`), and
each front end words it with its own names through ``worded(names)``. The same goes for where
every tie-break name is listed (:data:`CATALOGUE`: the command's ``tiebreaks list``, the web
page's suggestions).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any

#: how a front end names the library's parameters: parameter -> its own name
Names = Mapping[str, str]


def N_(message: str) -> str:
    """Mark a sentence for the catalogs (``locale/``) without translating it here: the
    library says it in English, a front end in its language."""
    return message


class Word(str):
    """A field of a warning's sentence that is itself a catalog entry (marked with
    :func:`N_` where it is defined: "half-point bye"), translated where the warning is said;
    every other field (a name, a number, a code) is said as it is."""

    __slots__ = ()


class Amount(str):
    """A field of a warning's sentence that is a number written with English decimals
    ("2.5", "-1.0"), said with the language's decimal symbol and minus sign ("2,5")."""

    __slots__ = ()


class Phrase(str):
    """A field of a warning's sentence that is a catalog sentence with fields of its own
    ("player %(number)s (%(name)s)"): the English text, with its template and fields kept so
    that it is said in the warning's language too (its fields may be words and phrases)."""

    template: str
    fields: tuple[tuple[str, str | int], ...]

    def __new__(cls, template: str, **fields: str | int) -> Phrase:
        phrase = super().__new__(cls, template % fields)
        phrase.template = template
        phrase.fields = tuple(fields.items())
        return phrase

    def __getnewargs_ex__(self) -> tuple[tuple[str], dict[str, str | int]]:
        return (self.template,), dict(self.fields)  # what pickling needs to make it again


class Listed(str):
    """A field of a warning's sentence that is a list of any length: its items (words,
    phrases or plain texts) joined by ``joiner`` (a :class:`Word` when it is a word: " else "),
    each said in the warning's language."""

    items: tuple[str, ...]
    joiner: str

    def __new__(cls, items: tuple[str, ...], joiner: str = ", ") -> Listed:
        listed = super().__new__(cls, joiner.join(items))
        listed.items = items
        listed.joiner = joiner
        return listed

    def __getnewargs__(self) -> tuple[tuple[str, ...], str]:  # type: ignore[override]
        return self.items, self.joiner  # what pickling needs to make it again


class TiebreaksError(Exception):
    """Base class of every error this library raises on purpose."""

    def worded(self, names: Names) -> str:
        """The message with every parameter it names called as in ``names`` (a front end's
        options); the library's own words are ``str(error)``."""
        return str(self)


@dataclass(frozen=True)
class ParameterHint:
    """Advice that names a parameter, e.g. "choose another round with after_round": ``text``
    holds ``{}`` where the parameter's name goes, so that a front end can put its own name
    for it (the command line: "choose another round with --after-round")."""

    parameter: str
    text: str

    def worded(self, names: Names | None = None) -> str:
        """The advice with the parameter called as in ``names`` (default: its own name)."""
        before, _, after = self.text.partition("{}")
        return before + (names or {}).get(self.parameter, self.parameter) + after

    def __str__(self) -> str:
        return self.worded()


def with_advice(text: str, advice: str | ParameterHint | None, names: Names) -> str:
    """``text`` followed by its advice (a hint's parameter called as in ``names``), if any:
    after a question, as a sentence of its own."""
    if isinstance(advice, ParameterHint):
        advice = advice.worded(names)
    if not advice:
        return text
    if text.endswith("?"):
        return f"{text} {advice[:1].upper()}{advice[1:]}"
    return f"{text}; {advice}"


#: where every tie-break name is listed, as the library has it; a front end gives its own
#: words for it in its ``names`` (the command line: run ``tiebreaks list``)
CATALOGUE = "tiebreaks.catalogue()"
#: the advice that goes with an unknown tie-break name
EVERY_NAME = ParameterHint(CATALOGUE, "every name: {}")


@dataclass(frozen=True)
class Location:
    """A place in an input: file name, 1-based line and column (0 = unknown)."""

    source: str = ""
    line: int = 0
    column: int = 0

    def __str__(self) -> str:
        parts = [self.source or "<input>"]
        if self.line:
            parts.append(str(self.line))
            if self.column:
                parts.append(str(self.column))
        return ":".join(parts)


class InputError(TiebreaksError):
    """Malformed input: names the file, line, column, the bad text and what was expected;
    ``hint``, when given, is advice naming a parameter (said in each front end's words)."""

    def __init__(
        self, location: Location, text: str, expected: str, hint: ParameterHint | None = None
    ) -> None:
        self.location = location
        self.text = text
        self.expected = expected
        self.hint = hint
        super().__init__(str(self))

    def __reduce__(
        self,
    ) -> tuple[type[InputError], tuple[Location, str, str, ParameterHint | None]]:
        """Pickled with its parts (a worker process sends errors back)."""
        return (type(self), (self.location, self.text, self.expected, self.hint))

    def worded(self, names: Names) -> str:
        shown = repr(self.text) if self.text else "nothing"
        text = f"{self.location}: found {shown}, expected {self.expected}"
        return with_advice(text, self.hint, names)

    def __str__(self) -> str:
        return self.worded({})


class FormatLimitError(TiebreaksError):
    """A value the target format cannot hold, found before anything is written: writing it
    would lose or change it, and the file would not read back to the same tournament.

    ``format`` names the format (``TRF``), ``participant`` whose value it is (``player 12
    (Ann Example)``, ``team 3 (Kings)`` or ``the tournament``), ``field`` the field
    (``rating``), ``value`` the value and ``limit`` what the format holds, completing "does not
    fit ..." (``the 4-digit rating field (0-9999)``); ``advice`` says what to do, if anything.
    """

    def __init__(
        self,
        format: str,
        participant: str,
        field: str,
        value: object,
        limit: str,
        advice: str | ParameterHint = "",
    ) -> None:
        self.format = format
        self.participant = participant
        self.field = field
        self.value = value
        self.limit = limit
        self.advice = advice
        super().__init__(str(self))

    def __reduce__(self) -> tuple[type[FormatLimitError], tuple[object, ...]]:
        parts = (self.format, self.participant, self.field, self.value, self.limit)
        return (type(self), (*parts, self.advice))

    def worded(self, names: Names) -> str:
        """The message, its advice naming a parameter as ``names`` calls it."""
        text = (
            f"cannot write {self.format}: {self.participant}: {self.field} "
            f"{shown_value(self.value)} does not fit {self.limit}"
        )
        return with_advice(text, self.advice, names)

    def __str__(self) -> str:
        return self.worded({})


def shown_value(value: object, width: int = 60) -> str:
    """A value as an error message quotes it: text in quotes (shortened to about ``width``
    characters, escapes for control characters), an exact number as a decimal when it has
    one (``2.5``, else ``1/3``), anything else as ``str`` gives it."""
    if isinstance(value, str):
        return repr(value if len(value) <= width else value[: width - 1] + "…")
    if isinstance(value, Fraction) and value.denominator != 1:
        scaled, places = value, 0
        while scaled.denominator != 1 and places < 30:
            scaled, places = scaled * 10, places + 1
        if scaled.denominator != 1:
            return f"{value.numerator}/{value.denominator}"
        digits = str(abs(scaled.numerator)).rjust(places + 1, "0")
        sign = "-" if value < 0 else ""
        return f"{sign}{digits[:-places]}.{digits[-places:]}"
    return str(value)


class SourceError(TiebreaksError):
    """An input that cannot be opened or read at all (missing file, permission denied)."""


class UsageError(TiebreaksError):
    """A request that cannot be carried out (unknown tie-break, bad option value, ...);
    ``hint``, when given, is advice naming the parameter that would carry it out."""

    def __init__(self, message: str, hint: ParameterHint | None = None) -> None:
        self.message = message
        self.hint = hint
        super().__init__(*((message,) if hint is None else (message, hint)))

    def worded(self, names: Names) -> str:
        return with_advice(self.message, self.hint, names)

    def __str__(self) -> str:
        return self.worded({})


class ParameterError(UsageError):
    """A value given to a parameter of the library that cannot be used.

    ``parameter`` is the parameter's name, ``value`` the value given, ``reason`` what is wrong
    with it. ``str()`` gives the library's words, ``after_round=12 is outside 0..9 (the
    tournament's rounds)``; a front end names its own option with :meth:`worded` (the command
    line: ``--after-round 12 is outside 0..9 (the tournament's rounds)``)."""

    def __init__(self, parameter: str, value: Any, reason: str) -> None:
        self.parameter = parameter
        self.value = value
        self.reason = reason
        super().__init__(f"{parameter}={value!r} {reason}")
        self.args = (parameter, value, reason)  # what pickling needs to build it again

    def worded(self, names: Names) -> str:
        option = names.get(self.parameter)
        if option is None:
            return self.message
        return f"{option} {self.value} {self.reason}"


#: Every kind of warning, by its code: code -> what it means (one line). A code is stable and
#: names where the warning comes from (``trf.``, ``pgn.``, ``csv.``: one reader; ``consistency.``:
#: the checks every reader ends with; ``teams.``: team matches built from the records;
#: ``ratings.``: a rating order applied; ``standings.``: the tie-break list and the rounds;
#: ``write.``: a writer that changed something to fit its format). Programs read the code,
#: people the message; docs/input-checks.md lists the same table (a test compares them).
WARNING_CODES: dict[str, str] = {
    "trf.rank-not-a-number": "the rank in columns 86-89 is not a positive number; ignored",
    "trf.team-rank-not-a-number": (
        "the team rank in columns 69-71 of a 310 record is not a positive number; ignored"
    ),
    "trf.game-without-opponent": "a game result without an opponent; read as a bye",
    "trf.opponent-without-game": (
        "an opponent next to a result that has none (absence, bye); the opponent is ignored"
    ),
    "trf.national-rating-unknown-player": "a national rating for a start number no player has",
    "trf.round-rating-ignored": (
        "a ### rating comment names a player or round the file does not have, or repeats one"
    ),
    "trf.record-not-applied": (
        "a record that could change the standings is not applied (TRF26 300 without teams;"
        " 240 in a team event); said once per record"
    ),
    "trf.assignment-unused": (
        "a 299 record names an unknown participant, a round after the last, match points of an"
        " individual, or a result type the player (a team: the match result the board games"
        " give) does not have; that part is not applied"
    ),
    "trf.acceleration-ignored": (
        "250 (or XXA) records, accelerated rounds, are read; their fictitious points are for"
        " pairing only and enter no score or tie-break"
    ),
    "trf.records-without-effect": (
        "records read that cannot change standings or tie-breaks (260 801 802 XXP XXZ), named once"
    ),
    "trf.bye-later-round": "240 byes for a round after the last one; they cannot change standings",
    "trf.bye-disagrees": (
        "a 240 bye differs from the player's 001 result, or names no player; the 001 record is used"
    ),
    "trf.tiebreak-list-changed": (
        "the file records (### comment) that its tie-break list was changed after a round"
    ),
    "trf.start-date-unreadable": "the start date is not understood; the start date is left unknown",
    "trf.rating-method-other": "record 172 names the rating method OTHER, which is not applied",
    "trf.rounds-disagree": "records XXR and 142 give different numbers of rounds; 142 is used",
    "trf.xxs-colour-points": (
        "XXS gives White and Black different points for one result; the white value is used"
    ),
    "pgn.movetext-errors": "a game's movetext has errors; the result is read from the Result tag",
    "pgn.unfinished-game": "a game is unfinished (Result *); it is ignored",
    "pgn.result-marker-differs": (
        "the movetext's termination marker contradicts the Result tag; the tag is used"
    ),
    "pgn.result-position-differs": (
        "the final checkmate or stalemate contradicts the Result tag; the tag is used"
    ),
    "pgn.forfeit-draw": "a draw marked as a forfeit; read as a played draw",
    "pgn.player-tag-differs": (
        "a player's tag (FIDE id, title ...) differs from the one given before; the first is used"
    ),
    "pgn.start-numbers-partial": (
        "only some players have a start number tag; players are numbered by rating"
    ),
    "pgn.several-events": "the games belong to several events; read as one tournament",
    "pgn.spelling-merged": (
        "a player written another way (or under one FIDE id) is taken as the same player"
    ),
    "pgn.same-name-two-ids": "one name with two FIDE ids is read as two players",
    "pgn.look-alike-names": "two names look like one person; read as two players",
    "csv.no-result": "two players of a crosstable have no result against each other",
    "csv.points-not-a-number": "a points cell is not a number; the points are not checked",
    "html.no-result": (
        "two participants of a published cross table have no result against each other"
    ),
    "vega.no-result": "a game on a Vega round page has no result yet; read as not played",
    "html.value-not-a-number": "a published tie-break value is not a number; not compared",
    "chessresults.legend-unresolved": (
        "a chess-results tie-break column whose legend names no one tie-break; the file's list "
        "is not used"
    ),
    "consistency.sides-disagree": (
        "the two records of a game disagree on rated/unrated or colours; each keeps its own"
    ),
    "consistency.points-differ": (
        "stated points differ from the sum of the results; the results are used"
    ),
    "consistency.not-a-round-robin": (
        "a declared round robin in which two players meet too often; computed as declared"
    ),
    "consistency.round-robin-rounds": (
        "a declared round robin whose declared rounds are not whole cycles; computed as declared"
    ),
    "consistency.teams-same-name": "two teams with one name; told apart by their numbers",
    "teams.mixed-opponents": (
        "a team's players met players of several teams in one round; the most frequent one counts"
    ),
    "teams.player-in-two-teams": "a player listed in two teams (built in code)",
    "teams.unknown-player": "a team lists a start number no player has (built in code)",
    "teams.match-not-mirrored": "a team is recorded against a team that is not recorded against it",
    "teams.game-points-differ": "a match's game points differ between the two teams' records",
    "teams.line-up-differs": (
        "a TRF26 300 line-up differs from the games: a listed player without a game, a player"
        " with a game not listed, an opponent on another board or another opponent team"
    ),
    "ratings.list-used": "how many ratings for tie-breaks came from each rating list",
    "standings.name-corrected": "a tie-break name with a typo was read as the nearest known name",
    "standings.tiebreak-repeated": "a value tie-break is listed twice; the repetition is left out",
    "standings.tiebreak-dropped-unrated": (
        "a rating-based tie-break is left out: unrated players and no rating for them (Art. 10)"
    ),
    "standings.swiss-only-tiebreak": (
        "a tie-break meant for Swiss tournaments is used in a round robin (C.07 Art. 8)"
    ),
    "standings.rounds-without-results": (
        "no result for anyone after some round; the standings are those after it"
    ),
    "standings.manual-values-missing": (
        "MAN is in the tie-break list but no manual value is given; it separates nobody"
    ),
    "standings.rating-tiebreaks-long-event": (
        "rating tie-breaks listed for an event longer than 30 days (not advised, C.02 Q211)"
    ),
    "write.name-shortened": "a name was cut to fit the output format",
    "write.names-now-equal": "two names differ no more once cut to fit the output format",
}


@dataclass(frozen=True)
class Diagnostic:
    """A warning about the input or the computation; the result is still usable.

    ``code`` says which kind of warning it is, for programs (a key of :data:`WARNING_CODES`);
    ``message`` says it for people. ``subject``, when set, is what the warning is about in a
    form a program can use (the tie-break's descriptor for the ``standings.`` warnings about
    one tie-break), so that no one has to read it out of the message."""

    message: str
    location: Location | None = None
    #: advice naming a parameter (said after the message, in each front end's words)
    hint: ParameterHint | None = None
    code: str = field(kw_only=True)
    subject: str = field(default="", kw_only=True)
    #: the catalog's English sentence the message was made from (``%(name)s`` fields) and the
    #: values of its fields, so that a front end can say it in another language
    #: (:func:`tiebreaks.render.i18n.warning_text`); "" for a message that has none
    template: str = field(default="", kw_only=True, compare=False, repr=False)
    fields: tuple[tuple[str, str | int], ...] = field(
        default=(), kw_only=True, compare=False, repr=False
    )

    @classmethod
    def told(
        cls,
        template: str,
        location: Location | None = None,
        hint: ParameterHint | None = None,
        *,
        code: str,
        subject: str = "",
        **fields: str | int,
    ) -> Diagnostic:
        """A warning said by a catalog sentence (marked with :func:`N_`) and its fields: the
        message is the English sentence filled in; the fields are names, numbers, codes and
        descriptors, never English words."""
        return cls(
            template % fields,
            location,
            hint,
            code=code,
            subject=subject,
            template=template,
            fields=tuple(fields.items()),
        )

    def worded(self, names: Names) -> str:
        """The warning with the hint's parameter called as in ``names``; ``str()`` gives the
        library's words."""
        text = with_advice(self.message, self.hint, names)
        return text if self.location is None else f"{self.location}: {text}"

    def __str__(self) -> str:
        return self.worded({})

    def data(self) -> dict[str, Any]:
        """The warning for a machine output (JSON): its ``code``, the ``message`` with its
        advice in the library's words, and where it is (``file``, ``line``, ``column``; None
        when unknown). ``str()`` of the warning is the text beside it in those outputs."""
        where = self.location or Location()
        return {
            "code": self.code,
            "message": with_advice(self.message, self.hint, {}),
            "file": where.source or None,
            "line": where.line or None,
            "column": where.column or None,
        }
