"""What the web server asks of the library: read an upload, check a tie-break list against
the regulation, compute the standings, and turn errors into answers.

Everything here runs inside the worker process of one request (see :mod:`.worker`): it takes
plain data (bytes, strings, numbers) and gives plain data back, so nothing outlives the
request. No FastAPI here.
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from functools import cache
from typing import Any

from ..engine.arbiter import ManualValue
from ..engine.catalogue import resolve
from ..engine.cut_check import check_rounds_left
from ..engine.names import resolve_name
from ..errors import CATALOGUE, N_, InputError, Location, TiebreaksError, UsageError
from ..formats.detect import detect_format, read_data
from ..model import Tournament
from ..model.memory import paused_garbage_collector
from ..standings import RECOMMENDED, TEAM_DEFAULT, Standings, compute_standings
from .found import shown
from .i18n import web_translator

#: the code of the standings' warning for a Swiss-only tie-break in a round robin
SWISS_ONLY = "standings.swiss-only-tiebreak"
#: how the web names what the library's messages name: where every tie-break name is listed
#: (the API's fields are the library's parameters: they keep their names)
WEB_NAMES = {
    CATALOGUE: N_("the add field's suggestions on the page, GET /api/catalogue in the API"),
}
#: the page's form by the parameter each of its fields gives: a field or a box, by its label
#: (the labels of ``templates/results.html.j2``)
_PAGE_FIELDS = {
    "after_round": (False, N_("After round")),
    "unrated_rating": (False, N_("Rating of unrated players")),
    "unrated_excluded": (True, N_("Or leave unrated players out of the rating tie-breaks")),
    "rules": (False, N_("Rules regime")),
    "excluded": (False, N_("Withdrawn, not ranked (start numbers)")),
    "manual_values": (
        False,
        N_("Values of MAN given by the arbiter (one line each: start number or name;value)"),
    ),
    "manual_order": (False, N_("The arbiter's order of the ties left (start numbers)")),
    "lots": (
        True,
        N_("Draw lots for the ties left (seeded from the results: the same draw every time)"),
    ),
}


@cache
def page_names(lang: str) -> dict[str, str]:
    """How the page names, in ``lang``, the parameters its form gives ("the field 'After
    round'") and where it lists every tie-break name."""
    gettext = web_translator(lang).gettext
    names = {
        CATALOGUE: gettext(WEB_NAMES[CATALOGUE]),
        "tiebreaks": gettext("the tie-break list"),
    }
    for parameter, (box, label) in _PAGE_FIELDS.items():
        said = gettext("the box '%(label)s'") if box else gettext("the field '%(label)s'")
        names[parameter] = said % {"label": gettext(label)}
    return names


def web_message(error: Exception, names: Mapping[str, str] = WEB_NAMES) -> str:
    """An error as the web says it: our errors with the web's names (:data:`WEB_NAMES`; the
    page's form: :func:`page_names`)."""
    return error.worded(names) if isinstance(error, TiebreaksError) else str(error)


@dataclass(frozen=True)
class Upload:
    """A tournament file as received: its bytes, the name it came with, a forced format."""

    data: bytes
    source: str = "input"
    fmt: str | None = None


@dataclass(frozen=True)
class Settings:
    """How to rank: the list (names or descriptors; one text, a sequence, or None for the
    default), the rules regime and the options of ``tiebreaks standings``."""

    tiebreaks: str | tuple[str, ...] | None = None
    rules: str | None = None
    after_round: int | None = None
    unrated_rating: int | None = None
    primary: str | None = None
    allow_discouraged: bool = False
    unrated_excluded: bool = False
    lots: bool | int = False
    #: the arbiter's decisions (see :func:`tiebreaks.compute_standings`)
    excluded: dict[int, str] | None = None
    exclude_withdrawn: bool = False
    manual_values: dict[int, ManualValue] | None = None
    manual_order: tuple[int, ...] = ()
    rating_by_round: bool = False
    #: a publishing program's profile (``tiebreaks standings --like``)
    like: str | None = None


@dataclass(frozen=True)
class Problem:
    """Why one item of a tie-break list cannot be used as it is. ``position`` is its 0-based
    place in the list as given; ``overridable`` problems (the regulation advises against the
    tie-break) may be overridden, the others (unknown name, wrong kind of event) may not."""

    position: int | None
    item: str
    message: str
    overridable: bool
    #: the code of the warning it comes from (an overridable problem); None for the others
    code: str | None = None

    def data(self) -> dict[str, Any]:
        """JSON-ready form."""
        return {
            "position": self.position,
            "tiebreak": self.item,
            "message": self.message,
            "overridable": self.overridable,
            "code": self.code,
        }


class FieldError(UsageError):
    """A request whose field names something the tournament does not have (a round after
    its last, an unknown participant): the field as the API documents it and, when known,
    what was found and what was expected."""

    def __init__(
        self, field: str, message: str, found: str | None = None, expected: str | None = None
    ) -> None:
        self.field = field
        self.found = found
        self.expected = expected
        super().__init__(message)

    @classmethod
    def refused(cls, field: str, found: str, expected: str) -> FieldError:
        """``field: found X, expected Y``."""
        return cls(field, f"{field}: found {found}, expected {expected}", found, expected)


def check_after_round(tournament: Tournament, after_round: int | None, field: str) -> None:
    """FieldError unless ``after_round`` is a round of the tournament (0 to its number of
    rounds: the bound of :func:`tiebreaks.standings.compute_standings`), named ``field``."""
    if after_round is not None and not 0 <= after_round <= tournament.rounds:
        raise FieldError.refused(field, shown(after_round), rounds_expected(tournament))


def rounds_expected(tournament: Tournament) -> str:
    """What a round of the tournament is."""
    return f"a whole number from 0 to {tournament.rounds} (the number of rounds of the tournament)"


class Blocked(UsageError):
    """A tie-break list the regulation does not allow for this tournament."""

    def __init__(self, problems: Sequence[Problem]) -> None:
        self.problems = tuple(problems)
        text = "; ".join(problem.message for problem in self.problems)
        if all(problem.overridable for problem in self.problems):
            text += " (set allow_discouraged to compute anyway)"
        super().__init__(text)


def read(upload: Upload) -> Tournament:
    """The tournament of an upload (InputError with line and column when malformed; a
    document nested too deeply for the reader is malformed too, never a crash)."""
    with paused_garbage_collector():
        try:
            return read_data(upload.data, upload.source, upload.fmt)
        except RecursionError:
            expected = "a document nested less deeply (the reader's limit was reached)"
            raise InputError(Location(upload.source, 1, 1), "", expected) from None


def detected_format(upload: Upload) -> str:
    """The format the upload was read as."""
    return upload.fmt or detect_format(upload.data)


def is_team(tournament: Tournament) -> bool:
    """True for a team tournament (team records in the file)."""
    return tournament.team_records is not None


def check_items(tournament: Tournament, items: Sequence[str]) -> tuple[list[str], list[Problem]]:
    """Each item resolved to its canonical descriptor (the item itself when it cannot be),
    and the problems: unknown or ambiguous names (with suggestions), tie-breaks for the
    other kind of event (team tie-breaks in an individual event and vice versa) and a cut or
    median that would remove every round of the tournament (C.07 Art. 14)."""
    team = is_team(tournament)
    canonical: list[str] = []
    problems: list[Problem] = []
    for position, item in enumerate(items):
        try:
            spec, _ = resolve(resolve_name(item).spec, team)
            check_rounds_left(spec, item, tournament.rounds)
        except UsageError as error:
            canonical.append(item)
            problems.append(Problem(position, item, web_message(error), overridable=False))
            continue
        canonical.append(str(spec))
    return canonical, problems


def discouraged(standings: Standings, items: Sequence[str] | None = None) -> list[Problem]:
    """The tie-breaks of ``standings`` that the regulation reserves for Swiss tournaments
    although this one is a round robin (C.07 Art. 8), as the standings warn."""
    problems = []
    for warning in standings.warnings:
        if warning.code != SWISS_ONLY:
            continue
        label = warning.subject
        position = list(items).index(label) if items and label in items else None
        problems.append(Problem(position, label, warning.message, True, warning.code))
    return problems


def compute(tournament: Tournament, settings: Settings) -> Standings:
    """The standings, or :class:`Blocked` when the list has a problem that was not (or
    cannot be) overridden."""
    chosen: str | list[str] | None
    canonical: list[str] | None = None
    check_after_round(tournament, settings.after_round, "after_round")
    if isinstance(settings.tiebreaks, tuple):
        canonical, problems = check_items(tournament, settings.tiebreaks)
        if problems:
            raise Blocked(problems)
        chosen = list(settings.tiebreaks)  # as typed: the standings warn about typos read
    else:
        chosen = settings.tiebreaks or None
    standings = compute_standings(
        tournament,
        chosen,
        settings.rules or None,
        after_round=settings.after_round,
        unrated_rating=settings.unrated_rating,
        primary=settings.primary or None,
        unrated_excluded=settings.unrated_excluded,
        lots=settings.lots,
        excluded=settings.excluded,
        exclude_withdrawn=settings.exclude_withdrawn,
        manual_values=settings.manual_values,
        manual_order=settings.manual_order,
        rating_by_round=settings.rating_by_round,
        like=settings.like,
    )
    blocked = discouraged(standings, canonical)
    if blocked and not settings.allow_discouraged:
        raise Blocked(blocked)
    return standings


def recommended_list(tournament: Tournament) -> str:
    """The FIDE recommendation for this kind of event (our team default for teams)."""
    if is_team(tournament):
        return TEAM_DEFAULT
    return RECOMMENDED[tournament.pairing_system]


def file_list(tournament: Tournament) -> tuple[str, ...]:
    """The file's own tie-break list (TRF26 212, else 202), as written there."""
    return tournament.standings_list or tournament.tiebreak_list


def error_data(error: TiebreaksError) -> dict[str, Any]:
    """The JSON body of a 422 answer: the message, and where in the input for a malformed
    file (line and column, 1-based; 0 when unknown), the bad text and what was expected."""
    # the API's fields carry the library's parameter names: its own wording is the API's
    body: dict[str, Any] = {"message": web_message(error), "location": None}
    if isinstance(error, InputError):
        body["location"] = {
            "source": error.location.source,
            "line": error.location.line,
            "column": error.location.column,
        }
        body["found"] = error.text
        body["expected"] = error.expected
    if isinstance(error, FieldError):
        body["field"] = error.field
        if error.found is not None and error.expected is not None:
            body["found"], body["expected"] = error.found, error.expected
    if isinstance(error, Blocked):
        body["problems"] = [problem.data() for problem in error.problems]
    return {"error": body}


def to_json(data: Any) -> bytes:
    """Compact UTF-8 JSON (the data holds no floats: values are exact decimal strings)."""
    return json.dumps(data, ensure_ascii=False).encode("utf-8")
