"""What the page's form carries from one step to the next, and the tie-break editor's edits.

The server keeps nothing: every request of the page brings the whole state in its form (the
file as base64 in a hidden field, the list as one hidden field per item, the settings), and
the buttons say what to do with it (``edit`` = ``up:2``, ``remove:0``, ``add`` ...;
``explain`` = ``4|BH/C1``; ``why`` = ``form`` (the two menus) or ``2|5``).
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any

from ..engine.names import resolve_list
from ..errors import ParameterError, UsageError
from ..formats.readers.manual_csv import parse_manual_values
from ..model import Tournament
from ..model.rules import rules_by_name
from ..render.i18n import SUPPORTED, warning_text
from ..standings import name_read_as
from .found import RawNumber, shown
from .service import (
    FieldError,
    Upload,
    file_list,
    is_team,
    page_names,
    recommended_list,
    web_message,
)

#: a whole number as typed (a sign, digits)
_WHOLE = re.compile(r"[+-]?[0-9]+")


def language(request: PageRequest) -> str:
    """The page's language (English when the form names none we have)."""
    code = request.lang.strip().lower()[:2]
    return code if code in SUPPORTED else "en"


def arbiter_settings(tournament: Tournament, request: PageRequest) -> dict[str, Any]:
    """The arbiter's decisions typed on the page as the standings' parameters (UsageError or
    InputError, shown on the page, for what cannot be read)."""
    excluded = dict.fromkeys(_start_numbers("excluded", request.excluded), "withdrawn")
    excluded.update(dict.fromkeys(_start_numbers("excluded", request.expelled), "expelled"))
    manual = (
        parse_manual_values(request.manual, tournament, "manual values")
        if request.manual.strip()
        else None
    )
    return {
        "excluded": excluded or None,
        "exclude_withdrawn": request.exclude_withdrawn,
        "manual_values": manual,
        "manual_order": tuple(_start_numbers("manual_order", request.order)),
    }


def _start_numbers(parameter: str, text: str) -> list[int]:
    """Start numbers typed as ``12, 7 3`` (commas or spaces)."""
    items = text.replace(",", " ").split()
    if not all(item.isascii() and item.isdigit() and len(item) < 10 for item in items):
        raise ParameterError(parameter, text, "is not a list of start numbers such as 12,7,3")
    return [int(item) for item in items]


@dataclass(frozen=True)
class PageRequest:
    """One request of the page, as its form sent it (texts as typed)."""

    lang: str = "en"
    upload: Upload | None = None
    rules: str = ""
    items: tuple[str, ...] | None = None
    origin: str = ""
    edit: str = ""
    new_item: str = ""
    after_round: str = ""
    unrated_rating: str = ""
    unrated_excluded: bool = False
    lots: bool = False
    #: the arbiter's decisions, as typed: start numbers left out (withdrawn, expelled), the
    #: file's withdrawals left out, MAN values (lines of participant;value), the order of ties
    excluded: str = ""
    expelled: str = ""
    exclude_withdrawn: bool = False
    manual: str = ""
    order: str = ""
    rating_by_round: bool = False
    override: bool = False
    explain: str = ""
    why: str = ""
    why_a: str = ""
    why_b: str = ""
    partial: bool = False
    download: str = ""
    message: str = ""
    page: str = ""
    find: str = ""
    compare: bool = False
    cmp_rules: str = ""
    cmp_list: str = ""
    #: the check page's options: the publishing program read like, the list typed
    like: str = ""
    check_list: str = ""


@dataclass(frozen=True)
class Edited:
    """The list after an edit: its items (None: the library's default), where it comes from
    (a reason as the standings word it), and what went wrong with the edit."""

    items: tuple[str, ...] | None
    origin: str
    error: str = ""
    added: str = ""
    notice: str = ""


def apply_edit(request: PageRequest, tournament: Tournament) -> Edited:
    """The list of ``request`` with its edit applied."""
    items, origin = request.items, request.origin
    action, _, argument = request.edit.partition(":")
    if action == "default":
        return Edited(None, "")
    if action == "file":
        record = "212" if tournament.standings_list else "202"
        return Edited(tuple(file_list(tournament)), f"file ({record})")
    if action == "recommended":
        return Edited(
            tuple(recommended_list(tournament).split(",")), recommended_reason(tournament)
        )
    if action == "regime":
        return _regime_list(request)
    if items is None:
        return Edited(None, "", added=request.new_item)
    if action in ("up", "down", "remove") and argument.isdigit():
        return Edited(_moved(items, action, int(argument)), "given")
    if request.new_item.strip():
        try:
            found = resolve_list(request.new_item)
        except UsageError as error:
            return Edited(
                items, origin, web_message(error, page_names(language(request))), request.new_item
            )
        notice = "; ".join(
            warning_text(name_read_as(name), language(request)) for name in found if name.corrected
        )
        return Edited(items + tuple(str(name.spec) for name in found), "given", notice=notice)
    return Edited(items, origin)


def recommended_reason(tournament: Tournament) -> str:
    """Where the recommended list comes from, worded as the standings word it."""
    if is_team(tournament):
        return "default list for team tournaments (docs/conformance.md)"
    return f"FIDE recommendation for a {tournament.pairing_system.value} tournament"


def _regime_list(request: PageRequest) -> Edited:
    try:
        default = rules_by_name(request.rules).default_tiebreaks if request.rules else None
    except UsageError as error:
        return Edited(
            request.items, request.origin, web_message(error, page_names(language(request)))
        )
    if default is None:
        return Edited(request.items, request.origin)
    return Edited(tuple(default.split(",")), f"default list of the {request.rules} rules")


def _moved(items: tuple[str, ...], action: str, position: int) -> tuple[str, ...]:
    """``items`` with the one at ``position`` moved up, down or removed."""
    listed = list(items)
    if not 0 <= position < len(listed):
        return items
    if action == "remove":
        del listed[position]
    elif action == "up" and position > 0:
        listed[position - 1], listed[position] = listed[position], listed[position - 1]
    elif action == "down" and position + 1 < len(listed):
        listed[position + 1], listed[position] = listed[position], listed[position + 1]
    return tuple(listed)


def parse_explain(value: str) -> tuple[str, str | None]:
    """The participant and the column of an ``explain`` button ("4|BH/C1"; "4": every value)."""
    participant, _, label = value.partition("|")
    return participant, label or None


def number_or_none(text: str, name: str, expected: str) -> int | None:
    """A whole number typed in a field, None when empty; FieldError naming the field
    ``name`` when it is not a whole number (``expected`` says what is), or is below 0."""
    cleaned = text.strip()
    if not cleaned:
        return None
    if not _WHOLE.fullmatch(cleaned):
        raise FieldError.refused(name, shown(cleaned), expected)
    try:
        number = int(cleaned)
    except ValueError:  # more digits than Python converts: a whole number, far too large
        raise FieldError.refused(name, shown(RawNumber(cleaned)), expected) from None
    if number < 0:
        raise FieldError.refused(name, f"{number} (below the minimum, 0)", expected)
    return number
