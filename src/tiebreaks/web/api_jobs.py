"""The HTTP API's computations, each run in a worker: JSON (or a file) in an
:class:`~.worker.Outcome`, and a 422 answer for every error the request caused."""

from __future__ import annotations

import importlib.util
import json
import unicodedata
from collections.abc import Callable
from dataclasses import replace
from typing import Any, TypeVar
from urllib.parse import quote

from ..engine.catalogue import catalogue
from ..engine.names import names_for, resolve_list, resolve_name
from ..errors import TiebreaksError, UsageError
from ..formats.writing import write_data
from ..model import Tournament
from ..model.rules import REGIMES
from ..render import standings_json
from ..render.check import check_json
from ..render.compare import comparison_data
from ..render.explain import placing_json, why_json
from ..render.i18n import check_language
from ..render.standings import render_standings
from ..services.check import check_published, infer_columns, publishes_values
from ..services.compare import compare_standings
from ..services.explain import explain_participant, find_participant, why
from ..standings import RECOMMENDED, TEAM_DEFAULT, Row, Standings
from .service import (
    FieldError,
    Settings,
    Upload,
    check_items,
    compute,
    detected_format,
    discouraged,
    error_data,
    file_list,
    is_team,
    read,
    recommended_list,
    to_json,
)
from .worker import Outcome

T = TypeVar("T")

JSON = "application/json"

#: download formats: media type and file name ending
FILE_TYPES = {
    "csv": ("text/csv; charset=utf-8", ".csv"),
    "text": ("text/plain; charset=utf-8", ".txt"),
    "standings-json": (JSON, ".standings.json"),
    "html": ("text/html; charset=utf-8", ".html"),
    "pdf": ("application/pdf", ".pdf"),
    "trf": ("text/plain; charset=utf-8", ".trf"),
    "json": (JSON, ".json"),
    "chess-json": (JSON, ".chess.json"),
}


def guarded(action: Callable[[], Outcome]) -> Outcome:
    """The outcome of ``action``, or a 422 JSON answer for an error the request caused."""
    try:
        return action()
    except TiebreaksError as error:
        return Outcome(422, JSON, to_json(error_data(error)))


def _json(text: str) -> Outcome:
    return Outcome(200, JSON, text.encode("utf-8"))


def standings(upload: Upload, settings: Settings) -> Outcome:
    """The standings as the library's JSON document (``tiebreaks standings --format json``)."""
    return guarded(lambda: _json(standings_json(compute(read(upload), settings))))


def check(upload: Upload, settings: Settings) -> Outcome:
    """The file's published ranks and values against ours, and per published value column
    the readings that reproduce it (``tiebreaks check --infer --format json``)."""

    def action() -> Outcome:
        tournament = read(upload)
        report = check_published(tournament, settings.tiebreaks, settings.rules, settings.like)
        columns = infer_columns(tournament) if publishes_values(tournament) else None
        return _json(check_json(report, None, columns))

    return guarded(action)


def explain(upload: Upload, settings: Settings, participant: str, label: str | None) -> Outcome:
    """A participant's place and values explained (``tiebreaks explain``)."""

    def action() -> Outcome:
        result = compute(read(upload), settings)
        row = participant_of(result, participant, "participant")
        labels = (named(column_label, "tiebreak", result, label),) if label else None
        return _json(placing_json(result, explain_participant(result, row, labels)))

    return guarded(action)


def participant_of(result: Standings, text: str, field: str) -> Row:
    """The row of the participant ``text`` names (the request's ``field``)."""
    return named(find_participant, field, result, text)


def named(action: Callable[[Standings, str], T], field: str, result: Standings, text: str) -> T:
    """``action(result, text)``; its UsageError becomes a FieldError naming ``field``."""
    try:
        return action(result, text)
    except UsageError as error:
        raise FieldError(field, f"{field}: {error}") from None


def column_label(result: Standings, text: str) -> str:
    """The column that ``text`` names: its label, or any name of its tie-break."""
    if text in result.columns:
        return text
    wanted = str(resolve_name(text).spec)
    if wanted in result.columns:
        return wanted
    raise UsageError(f"{text!r} is not in the list: {', '.join(result.columns)}")


def why_ahead(upload: Upload, settings: Settings, first: str, second: str) -> Outcome:
    """Why one participant is ahead of another (``tiebreaks why``)."""

    def action() -> Outcome:
        result = compute(read(upload), settings)
        a, b = participant_of(result, first, "a"), participant_of(result, second, "b")
        return _json(why_json(result, why(result, a, b)))

    return guarded(action)


def compare(upload: Upload, side_a: Settings, side_b: Settings) -> Outcome:
    """Two regimes or two lists side by side (``tiebreaks compare``)."""

    def action() -> Outcome:
        tournament = read(upload)
        a, b = compute(tournament, side_a), compute(tournament, side_b)
        return Outcome(200, JSON, to_json(comparison_data(compare_standings(a, b))))

    return guarded(action)


def validate(upload: Upload, settings: Settings) -> Outcome:
    """The detected tournament, the list resolved and checked, and its default lists."""

    def action() -> Outcome:
        tournament = read(upload)
        allowed = replace(settings, allow_discouraged=True)
        default = compute(tournament, replace(allowed, tiebreaks=None))
        items = settings.tiebreaks
        if isinstance(items, str):
            items = tuple(str(found.spec) for found in resolve_list(items))
        canonical, problems = check_items(tournament, items or ())
        if items and not problems:
            trial = compute(tournament, replace(allowed, tiebreaks=tuple(canonical)))
            problems = discouraged(trial, canonical)
        data = {
            "valid": not problems,
            "tiebreaks": canonical,
            "problems": [problem.data() for problem in problems],
            "tournament": summary(upload, default),
            "defaults": {
                "tiebreaks": list(default.columns),
                "source": default.tiebreaks_source,
                "file": list(file_list(tournament)),
                "recommended": recommended_list(tournament).split(","),
            },
        }
        return Outcome(200, JSON, to_json(data))

    return guarded(action)


def summary(upload: Upload, result: Standings) -> dict[str, Any]:
    """The detected tournament: format, name, kind, size, rounds, start date, regime."""
    tournament = result.tournament
    return {
        "format": detected_format(upload),
        "name": tournament.name,
        "type": result.pairing_system.value,
        "teams": is_team(tournament),
        "participants": len(result.rows),
        "rounds": tournament.rounds,
        "start_date": tournament.start_date.isoformat() if tournament.start_date else None,
        "rules": result.rules.name,
        "rules_reason": result.rules_reason,
        "warnings": [str(warning) for warning in tournament.warnings],
        "warning_details": [warning.data() for warning in tournament.warnings],
    }


def convert(
    upload: Upload, settings: Settings, output: str, lang: str, explanations: bool = False
) -> Outcome:
    """The standings or the tournament in one of :data:`FILE_TYPES` (as a download);
    ``explanations``: the PDF explains every value after the tables."""

    def action() -> Outcome:
        code = check_language(lang)
        tournament = read(upload)
        result = compute(tournament, settings)
        return file_outcome(tournament, result, output, code, upload.source, explanations)

    return guarded(action)


def file_outcome(
    tournament: Tournament,
    result: Standings,
    output: str,
    lang: str,
    source: str,
    explanations: bool = False,
) -> Outcome:
    """A download: the standings or the tournament in ``output`` (one of :data:`FILE_TYPES`),
    named after the uploaded file."""
    if output not in FILE_TYPES:
        raise UsageError(f"unknown output format {output!r}; formats: {', '.join(FILE_TYPES)}")
    content = _content(tournament, result, output, lang, explanations)
    media_type, ending = FILE_TYPES[output]
    body = content.encode("utf-8") if isinstance(content, str) else content
    disposition = content_disposition(source, ending)
    return Outcome(200, media_type, body, (("content-disposition", disposition),))


def _content(
    tournament: Tournament, result: Standings, output: str, lang: str, explanations: bool
) -> str | bytes:
    if output == "standings-json":
        return render_standings(result, "json", lang)
    if output == "pdf" and importlib.util.find_spec("reportlab") is None:
        raise UsageError("PDF output needs ReportLab on the server (pip install 'tiebreaks[web]')")
    return write_data(tournament, result, output, lang, explanations=explanations)


#: names Windows keeps for devices, whatever the ending ("con.csv" cannot be saved)
_RESERVED = frozenset(
    ("con", "prn", "aux", "nul", *(f"{port}{n}" for port in ("com", "lpt") for n in range(10)))
)


def download_stem(source: str) -> str:
    """The upload's name as a safe file name without ending: no folder (``../../x`` and
    ``C:\\x`` keep only ``x``), letters and digits of any script (NFC), combining marks, ``-``
    and ``_``; anything else (dots, spaces, quotes, control and bidirectional formatting
    characters) becomes ``_``; at most 80 characters; never empty nor a Windows device name."""
    stem = source.replace("\\", "/").rsplit("/", 1)[-1]
    for known in (".chess.json", ".standings.json", *(end for _, end in FILE_TYPES.values())):
        if stem.lower().endswith(known):
            stem = stem[: -len(known)]
            break
    stem = unicodedata.normalize("NFC", stem.rsplit(".", 1)[0] if "." in stem else stem)
    safe = "".join(char if _name_character(char) else "_" for char in stem)
    safe = safe.strip("_")[:80].rstrip("_") or "tournament"
    return safe + "_" if safe.lower() in _RESERVED else safe


def _name_character(char: str) -> bool:
    """True for a letter, a digit, a combining mark, ``-`` or ``_``."""
    return char.isalnum() or char in "-_" or unicodedata.category(char) in ("Mn", "Mc")


def ascii_stem(stem: str) -> str:
    """The ASCII form of a :func:`download_stem` (for the plain ``filename`` parameter):
    accents dropped ("Müller" -> "Muller"), any other character ``_``."""
    plain = "".join(
        char
        for char in unicodedata.normalize("NFKD", stem)
        if unicodedata.category(char) not in ("Mn", "Mc", "Me")
    )
    safe = "".join(char if char.isascii() and _name_character(char) else "_" for char in plain)
    safe = safe.strip("_") or "tournament"
    return safe + "_" if safe.lower() in _RESERVED else safe


def content_disposition(source: str, ending: str) -> str:
    """The ``Content-Disposition`` of a download named after the upload (RFC 6266): the ASCII
    name as ``filename``, and the Unicode name as ``filename*`` (UTF-8, percent-encoded)
    when it differs."""
    stem = download_stem(source)
    plain = ascii_stem(stem)
    value = f'attachment; filename="{plain}{ending}"'
    if plain != stem:
        value += f"; filename*=UTF-8''{quote(stem + ending, safe='')}"
    return value


def catalogue_json() -> bytes:
    """The catalogue of tie-breaks and regimes (``tiebreaks list``) as JSON."""

    entries = [
        {
            "acronym": entry.acronym,
            "name": entry.name,
            "article": entry.article,
            "type": entry.type_code,
            "modifiers": list(entry.modifiers),
            "kind": entry.kind.value,
            "scope": entry.scope,
            "rating_based": entry.rating_based,
            "aliases": list(entry.aliases),
            "names": {key: list(value) for key, value in names_for(entry.acronym).items()},
        }
        for entry in catalogue()
    ]
    regimes = [
        {
            "name": rules.name,
            "code": rules.code,
            "title": rules.title,
            "effective_from": rules.effective_from.isoformat() if rules.effective_from else None,
            "default_tiebreaks": rules.default_tiebreaks.split(",")
            if rules.default_tiebreaks
            else None,
        }
        for rules in REGIMES.values()
    ]
    data = {
        "tiebreaks": entries,
        "regimes": regimes,
        "recommended": {
            **{system.value: text.split(",") for system, text in RECOMMENDED.items()},
            "team": TEAM_DEFAULT.split(","),
        },
    }
    return json.dumps(data, ensure_ascii=False).encode("utf-8")
