"""The explanations of the HTML page as compact data (``--format html``).

The page shows the standings and the crosstable as plain HTML; a click on a value makes a few
lines of inline script render its explanation from this data. So the page stays linear in
the games: every value is a trace told in words once, as *templates* and their fields, not
as finished HTML.

* Every sentence is one of the family's gettext messages (:mod:`.explanations`), recorded by
  :class:`TemplateWords` as it is made: a node ``[template, field, field ...]`` whose
  template (the translated message, cut at its ``%(name)s`` fields) is stored once in
  ``templates``; a participant is a node of its own (their index in ``participants``), so a
  name is written once, in the list of participants; a round told ("Round 3: win with
  White against #5 Anna") is written once in ``shared`` and named by a negative number
  wherever it recurs; a definition once in ``definitions``. The script puts the fields
  back in; the words are the catalogs' (no English in the script).
* A group tie-break (DE, EDE, BC ...) is told once per tied group: the group's mini-table
  (its lines, the same for every member) is one entry of ``groups``; each member's value
  keeps only its own steps (the place inside the group) and the number of its group. An
  all-draw round robin therefore costs its games once, not once per member.

Every amount is the trace entry's (the words never change a number), so an explanation adds
up to its value exactly as the trace does (the tests read the data back and compare it with
:func:`~.explanations.worded`, line by line). The page holds the JSON gzipped, in base64
(:func:`data_json`): about a tenth of its size, decoded by the browser at the first click.
"""

from __future__ import annotations

import base64
import gzip
import re
from collections.abc import Callable, Hashable
from dataclasses import dataclass, field, replace
from fractions import Fraction
from functools import lru_cache
from typing import Any

import msgspec

from ..engine.catalogue import definition
from ..engine.computation import Computation, NoTracer
from ..engine.registry import Kind
from ..engine.trace import Trace
from ..errors import UsageError
from ..model import Colour, ResultKind
from ..model.memory import paused_garbage_collector
from ..model.text import shown_text
from ..standings import Standings
from .explanations import no_tie, not_tied
from .explanations.words import Words, describer_for, total_words
from .i18n import check_language, tiebreak_name, translator

#: gzip's level for the data: the fastest levels already shrink it most of the way
GZIP_LEVEL = 3
#: the gettext catalog of each language (the code checked once)
_catalog_of = lru_cache(maxsize=None)(translator)
#: the island's JSON writer (compact, UTF-8)
_ENCODER = msgspec.json.Encoder()
_FIELD = re.compile(r"%\((\w+)\)[sd]|%%")
#: a :class:`Said` made without a call of its ``__new__`` (the hot path of :meth:`_said`)
_new_str = str.__new__
#: at most this many numbers are remembered by identity (:meth:`TemplateWords.number`)
_SEEN_NUMBERS = 100_000
#: a round against an opponent, as :meth:`Words.round` says it, and its fields in a node's
#: order (sorted by name)
_AGAINST = "Round %(round)s: %(result)s against %(opponent)s"
_AGAINST_FIELDS = ("opponent", "result", "round")

#: a text in the data: a literal string, a participant (their index) or a template with its
#: fields
Node = str | int | list[Any]


class Said(str):
    """A text made by :class:`TemplateWords`: the text itself (so that a describer can use
    it as any string) and how it was made (``node``; in a slot, not a ``__dict__``: a third
    of the memory, and a page makes about 350,000 of them)."""

    __slots__ = ("node",)
    node: Node

    def __new__(cls, text: str, node: Node) -> Said:
        said = super().__new__(cls, text)
        said.node = node
        return said


@dataclass
class Templates:
    """The translated messages used so far, each cut at its fields: literal parts and the
    position of each field among the node's fields (sorted by name)."""

    parts: list[list[str | int]] = field(default_factory=list)
    index: dict[tuple[str, tuple[str, ...]], int] = field(default_factory=dict)

    def add(self, text: str, names: tuple[str, ...]) -> int:
        """The number of ``text`` whose fields are ``names`` (added when new)."""
        key = (text, names)
        found = self.index.get(key)
        if found is not None:
            return found
        parts: list[str | int] = []
        last = 0
        for match in _FIELD.finditer(text):
            if match.start() > last:
                parts.append(text[last : match.start()])
            parts.append("%" if match.group(0) == "%%" else names.index(match.group(1)))
            last = match.end()
        if last < len(text):
            parts.append(text[last:])
        self.index[key] = len(self.parts)
        self.parts.append(parts)
        return self.index[key]


def node_of(value: object) -> Node:
    """How a field or a sentence is stored: a recorded text keeps its node, other text is a
    literal (made safe to show, as every text on the page; a whole number's digits need
    nothing)."""
    if isinstance(value, Said):
        return value.node
    if type(value) is int:
        return str(value)
    return shown_text(str(value))


class TemplateWords(Words):
    """The words of :class:`~.explanations.words.Words` that also record how each text was
    made (a :class:`Said`), so that the page can ship templates and fields.

    A page tells tens of thousands of sentences from a few dozen messages: each message's
    translation, field order and template are looked up once per page, each participant,
    round and number is told once."""

    __slots__ = (
        "against",
        "messages",
        "numbers",
        "people",
        "results",
        "rounds",
        "seen",
        "shared",
        "shown",
        "templates",
        "texts",
    )

    def __init__(
        self, computation: Computation, lang: str, templates: Templates, shared: list[Node]
    ) -> None:
        super().__init__(computation, lang)
        self.templates = templates
        #: what is made once per page: the rounds told (participant, round), the numbers
        self.rounds: dict[tuple[int, int], str] = {}
        self.numbers: dict[object, str] = {}
        self.seen: dict[int, tuple[Fraction | int, str]] = {}
        self.shared = shared
        #: per message, count and field names: the translation, the fields in the node's
        #: order and the template's number
        self.messages: dict[tuple[object, ...], tuple[str, tuple[str, ...], int]] = {}
        self.people: dict[int, Said] = {}
        #: a game's result words ("win with Black") by kind and colour, and their node
        self.results: dict[tuple[ResultKind, Colour], tuple[str, Node]] = {}
        #: the translation, fields and template of :data:`_AGAINST`, once looked up
        self.against: tuple[str, tuple[str, ...], int] | None = None
        #: the texts made once (:meth:`Words.once`)
        self.texts: dict[Hashable, str] = {}
        #: the plain texts put into sentences so far, as :func:`node_of` stores them
        self.shown: dict[str, Node] = {}

    def _(self, message: str, **fields: object) -> str:
        return self._said(message, None, fields)

    def plural(self, single: str, several: str, count: int, **fields: object) -> str:
        return self._said((single, several), count, fields)

    def number(self, value: Fraction | int | None) -> str:
        if value is None:
            return "-"
        # the engine makes each amount once (its fractions recur as the same objects): one
        # look-up by identity, the object kept so that its id names nothing else meanwhile
        seen = self.seen.get(id(value))
        if seen is not None and seen[0] is value:
            return seen[1]
        # a Fraction's hash is a modular inverse: its numerator and denominator are cheaper
        key = value if type(value) is int else (value.numerator, value.denominator)
        text = self.numbers.get(key)
        if text is None:
            text = self.numbers[key] = super().number(value)
        if len(self.seen) < _SEEN_NUMBERS:
            self.seen[id(value)] = (value, text)
        return text

    def _said(
        self, message: str | tuple[str, str], count: int | None, fields: dict[str, object]
    ) -> Said:
        """The sentence of ``message`` (singular and plural with ``count``) with ``fields``
        put in, and its node; the message's translation, field order and template are
        looked up once per page."""
        key = (message, count, *fields)
        known = self.messages.get(key)
        if known is None:
            known = self.messages[key] = self._message(message, count, fields)
        text, names, number = known
        node: list[Any] = [number]
        shown = self.shown
        for name in names:
            value = fields[name]
            # node_of inlined: a page says hundreds of thousands of sentences
            if type(value) is Said:
                node.append(value.node)
            elif type(value) is str:  # a number, an opponent's score: made safe once
                found = shown.get(value)
                if found is None:
                    found = shown[value] = node_of(value)
                node.append(found)
            else:
                node.append(node_of(value))
        said = _new_str(Said, text % fields if fields else text)
        said.node = node
        return said

    def _message(
        self, message: str | tuple[str, str], count: int | None, fields: dict[str, object]
    ) -> tuple[str, tuple[str, ...], int]:
        """The translated message, its fields in the node's order and its template."""
        catalog = _catalog_of(self.lang)
        if isinstance(message, tuple):
            text = catalog.ngettext(message[0], message[1], count or 0)
        else:
            text = catalog.gettext(message)
        names = tuple(sorted(fields))
        return text, names, self.templates.add(text, names)

    def once(self, key: Hashable, make: Callable[[], str]) -> str:
        text = self.texts.get(key)
        if text is None:
            text = self.texts[key] = make()
        return text

    def who(self, index: int) -> str:
        said = self.people.get(index)
        if said is None:
            said = self.people[index] = Said(super().who(index), index)
        return said

    def round(self, index: int, round_number: int) -> str:
        """The round as :meth:`Words.round` tells it, made once per participant and round
        and stored once in ``shared``: the explanations refer to it by a negative number.
        The first round asked of a participant tells all of their rounds (the columns ask
        for each of them)."""
        key = (index, round_number)
        said = self.rounds.get(key)
        if said is None:
            self._tell_rounds(index)
            said = self.rounds.get(key)
            if said is None:  # not one of the participant's rounds
                said = self._told_round(key, *self._round(index, round_number))
        return said

    def _tell_rounds(self, index: int) -> None:
        """Every round of participant ``index`` told (a page tells every participant's every
        round: about 110,000 at 9,999 players); a round against an opponent as
        :meth:`_game_node` says it, the others as :meth:`Words.round`."""
        kinds, opponents = self.computation.rounds_of(index)
        results = self.computation.tournament.players[index].results
        rounds, told = self.rounds, self._told_round
        for column, (kind, opponent) in enumerate(zip(kinds, opponents, strict=True)):
            key = (index, column + 1)
            if key in rounds:
                continue
            if opponent is None:  # a bye or an absence: rare
                told(key, *self._round(index, column + 1))
                continue
            played = kind.played and column < len(results)
            colour = results[column].colour if played else Colour.NONE
            told(key, *self._game_node(column + 1, kind, colour, opponent))

    def _round(self, index: int, round_number: int) -> tuple[str, Node]:
        """A round as :meth:`Words.round` tells it: its text and node."""
        made = super().round(index, round_number)
        return str(made), node_of(made)

    def _told_round(self, key: tuple[int, int], text: str, node: Node) -> Said:
        """A round's text, its node stored in ``shared`` and named by a negative number."""
        self.shared.append(node)
        said = self.rounds[key] = _new_str(Said, text)
        said.node = -len(self.shared)
        return said

    def _game_node(
        self, round_number: int, kind: ResultKind, colour: Colour, opponent: int
    ) -> tuple[str, Node]:
        """A round against an opponent as :meth:`Words.round` words it ("Round 4: win with
        Black against #12 Nick"), its text and node, made without a :class:`Said` of its own."""
        result = self.results.get((kind, colour))
        if result is None:
            made = self.once(("result", kind, colour), lambda: self._result(kind, colour))
            result = self.results[(kind, colour)] = (made, node_of(made))
        who = self.who(opponent)
        against = self.against
        if against is None:  # the message's translation and template, looked up once
            fields = {"opponent": who, "result": result[0], "round": round_number}
            against = self.against = self._message(_AGAINST, None, fields)
        text, names, number = against
        assert names == _AGAINST_FIELDS
        fields = {"opponent": who, "result": result[0], "round": round_number}
        return text % fields, [number, opponent, result[1], str(round_number)]  # who(i)'s node is i


@dataclass(slots=True)
class Told:
    """One value in words, as data: its definition, its lines (``[amount, text]``, or
    ``[amount, text, why]`` for a line a modifier removed), the total of a sum and the
    steps."""

    definition: Node
    lines: list[list[Any]]
    total: str | None
    steps: list[Node]


def tell(trace: Trace, words: TemplateWords) -> Told:
    """``trace`` in words, as data (the same sentences as
    :func:`~.explanations.explanation`, which the tests compare)."""
    describer = describer_for(trace.spec.acronym)
    meaning, texts, steps = describer(trace, words)
    lines: list[list[Any]] = []
    number = words.number
    for entry, text in zip(trace.entries, texts, strict=True):
        amount = "" if entry.amount is None else number(entry.amount)
        node = text.node if type(text) is Said else node_of(text)
        if entry.kept:  # [amount, text]; a line a modifier removed adds why ("" if untold)
            lines.append([amount, node])
        else:
            why = "" if entry.reason is None else node_of(words.cut(entry.reason))
            lines.append([amount, node, why])
    steps = [*steps, *missing_cuts(trace, words)]
    total = words.number(trace.total) if trace.is_sum and trace.entries else None
    return Told(node_of(meaning), lines, total, [node_of(step) for step in steps])


def missing_cuts(trace: Trace, words: Words) -> list[str]:
    """A step when the modifier wanted to remove more values than there were (as
    :func:`~.explanations.explanation` adds it)."""
    spec = trace.spec
    if not trace.is_sum or not (spec.cut or spec.median):
        return []
    wanted = spec.cut + 2 * spec.median
    removed = sum(1 for entry in trace.entries if entry.reason is not None)
    if removed >= wanted:
        return []
    return [
        words._(
            "%(removed)s of the %(wanted)s values the modifier removes existed",
            removed=removed,
            wanted=wanted,
        )
    ]


@dataclass
class _Builder:
    """The data of one page, column by column."""

    standings: Standings
    lang: str
    words: dict[int, TemplateWords] = field(default_factory=dict)
    templates: Templates = field(default_factory=Templates)
    groups: list[list[Any]] = field(default_factory=list)
    shared: list[Node] = field(default_factory=list)
    definitions: list[Node] = field(default_factory=list)
    meanings: dict[bytes, int] = field(default_factory=dict)
    #: start number -> index in the computed tournament's participants
    index: dict[int, int] = field(default_factory=dict)

    def words_for(self, computation: Computation) -> TemplateWords:
        """The recording words of a computation (one per score: teams have two)."""
        found = self.words.get(id(computation))
        if found is None:
            found = TemplateWords(computation, self.lang, self.templates, shared=self.shared)
            self.words[id(computation)] = found
        return found

    def column(self, position: int) -> list[list[Any]]:
        """Every participant's value of column ``position``, in standings order."""
        spec = self.standings.tiebreaks[position]
        computation = self.standings.computation.for_score(spec.score)
        words = self.words_for(computation)
        if definition(spec.acronym).kind is Kind.GROUP:
            return self.group_column(position, computation, words)
        values = []
        for row in self.standings.rows:
            try:
                trace = computation.trace(spec, self.index[row.player.start_number])
            except NoTracer:
                return [[self.meaning(f"{spec} has no explanation"), [], None, []]] * len(
                    self.standings.rows
                )
            except UsageError as error:
                values.append([self.meaning(str(error)), [], None, []])
                continue
            told = tell(trace, words)
            values.append([self.meaning(told.definition), told.lines, told.total, told.steps])
        return values

    def meaning(self, node: Node) -> int:
        """The number of a definition in ``definitions`` (most values of a column share it)."""
        key = _ENCODER.encode(node)  # the node's JSON as its key: one call in C
        found = self.meanings.get(key)
        if found is None:
            found = self.meanings[key] = len(self.definitions)
            self.definitions.append(node)
        return found

    def group_column(
        self, position: int, computation: Computation, words: TemplateWords
    ) -> list[Any]:
        """A group tie-break: each tied group (equal on every column before, C.07 Art. 4.2)
        told once; each member keeps its steps and the group's number."""
        spec = self.standings.tiebreaks[position]
        earlier = self.standings.columns[:position]
        # equal on every earlier column: the values as numerators and denominators (hashing
        # a Fraction computes a modular inverse)
        keys = [
            tuple(_ratio(row.values[label]) for label in earlier) for row in self.standings.rows
        ]
        members: dict[tuple[object, ...], list[int]] = {}
        for key, row in zip(keys, self.standings.rows, strict=True):
            members.setdefault(key, []).append(self.index[row.player.start_number])
        for group in members.values():
            group.sort()
        shared: dict[tuple[object, ...], int] = {}
        values: list[Any] = []
        #: the value of a participant tied with no one (the same for each of them)
        alone: list[Any] | None = None
        for key, row in zip(keys, self.standings.rows, strict=True):
            group = members[key]
            if alone is not None and len(group) == 1:
                values.append(alone)
                continue
            try:
                trace = computation.group_trace(spec, group, self.index[row.player.start_number])
            except NoTracer:
                return [[self.meaning(f"{spec} has no explanation"), [], None, []]] * len(
                    self.standings.rows
                )
            if not_tied(trace):  # alone on the earlier columns: the tie-break does not apply
                told_alone = self.not_applied(trace, words)
                alone = told_alone if len(group) == 1 else alone
                values.append(told_alone)
                continue
            number = shared.get(key)
            if number is None:
                told = tell(trace, words)
                number = shared[key] = len(self.groups)
                self.groups.append([told.definition, told.lines])
                steps = told.steps
            else:
                steps = self.steps_only(trace, words)
            values.append([None, number, None, steps])
        return values

    def not_applied(self, trace: Trace, words: TemplateWords) -> list[Any]:
        """The value of a participant tied with no one: the definition and why the tie-break
        does not apply. Both depend only on the tie-break, so the column tells it once (in a
        big open most are alone: their mini-tables of one are not made); the describer
        is not given the lone line, which is not shown."""
        meaning = describer_for(trace.spec.acronym)(replace(trace, entries=()), words)[0]
        return [self.meaning(node_of(meaning)), [], None, [node_of(no_tie(trace, words))]]

    def steps_only(self, trace: Trace, words: TemplateWords) -> list[Node]:
        """The steps of a member's group trace (its lines are the group's, told once: the
        describer gets the trace without them)."""
        _, _, steps = describer_for(trace.spec.acronym)(replace(trace, entries=()), words)
        return [node_of(step) for step in [*steps, *missing_cuts(trace, words)]]


def _ratio(value: Fraction | int | None) -> tuple[int, int] | None:
    """A value as its numerator and denominator (None if undefined)."""
    return None if value is None else value.as_integer_ratio()


def explanation_data(standings: Standings, lang: str) -> dict[str, Any]:
    """The page's data: the templates, the participants (start number, name), the
    definitions, the tied groups' shared lines, and per start number every value's
    explanation in column order: ``[definition number, lines, total, steps]``, or for a group
    tie-break ``[None, group number, None, steps]``."""
    code = check_language(lang)
    players = standings.computation.tournament.players
    builder = _Builder(standings, code)
    builder.index = {player.start_number: position for position, player in enumerate(players)}
    with paused_garbage_collector():
        columns = [builder.column(position) for position in range(len(standings.columns))]
        values = {
            str(row.player.start_number): [column[place] for column in columns]
            for place, row in enumerate(standings.rows)
        }
    participants = [[player.start_number, shown_text(player.name)] for player in players]
    names = [tiebreak_name(spec, code) for spec in standings.tiebreaks]
    return {
        "columns": [list(pair) for pair in zip(standings.columns, names, strict=True)],
        "index": {str(number): position for number, position in builder.index.items()},
        "templates": builder.templates.parts,
        "participants": participants,
        "definitions": builder.definitions,
        "groups": builder.groups,
        "shared": builder.shared,
        "values": values,
        "cut": builder.templates.add(translator(code).gettext("cut: %(reason)s"), ("reason",)),
        "undefined": translator(code).gettext("undefined"),
        "totals": _totals(values, code),
    }


def _totals(values: dict[str, list[Any]], lang: str) -> dict[str, str]:
    """The words of a total line for each count of lines kept on the page, without a cut
    ("3") and after one ("3c"): plural forms are the catalog's (:func:`total_words`), so the
    script only looks them up."""
    longest = max(
        (len(value[1]) for row in values.values() for value in row if value[2] is not None),
        default=0,
    )
    translations = translator(lang)
    return {
        f"{kept}{mark}": total_words(translations, kept, 1 if mark else 0)
        for kept in range(longest + 1)
        for mark in ("", "c")
    }


def data_json(data: dict[str, Any]) -> str:
    """The data for the page's island: JSON, gzipped, in base64 (the JSON repeats its
    templates and numbers: gzip makes it several times smaller, and base64 has no character
    that could close the island or upset the page as XML). msgspec writes the same compact
    UTF-8 JSON as ``json.dumps(..., ensure_ascii=False, separators=(",", ":"))``, in C."""
    packed = gzip.compress(_ENCODER.encode(data), compresslevel=GZIP_LEVEL, mtime=0)
    return base64.b64encode(packed).decode("ascii")


__all__ = ["TemplateWords", "data_json", "explanation_data", "tell"]
