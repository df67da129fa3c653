"""Turn what users type (``BH/C1``, ``bh-c1``, ``Buchholz Cut 1``, ``Buchholz mit einem
Streichresultat``, ``Bucholz/C1``) into a checked :class:`TiebreakSpec`, or fail with suggestions.

Resolution order (:func:`resolve_name`):

1. A FIDE descriptor in either spelling and any case: ``BH/C1``, ``bh-c1``, ``BH C1``,
   ``BH-C1-P``, ``KS/L-1`` (the ``-`` of ``L-1`` is a sign), ``ARO/U1000``, ``BH:MP/C1``; the
   acronym must be registered, a registry alias (``GE``, ``BUCHHOLZ``...) or a code of the name
   table.
2. A name from :data:`names_data.NAMES`, compared after :func:`normalise` (case, accents,
   ``ß``/``ss``, punctuation), optionally followed by ``/`` modifiers that combine with the
   name's own (``Buchholz Cut 1/P`` is ``BH/C1/P``; ``Median Buchholz/C1`` is refused).
3. One small typo: the single clearly closest name or code (``Bucholz``, ``Koja``), reported
   with ``corrected=True`` so that the caller can warn.
4. Otherwise a :class:`UsageError` with up to three suggestions.

Judgement calls (see also the comments in ``names_data``):

- "Cumulative" (and "cumulative score") is ambiguous: US rule 34E3 cumulative (CUM) vs. the
  FIDE sum of progressive scores (PS), which Vega, Italian ("Cumulativo"), French ("Cumulatif")
  and Spanish ("Acumulativo") usage also call cumulative. It is refused with both candidates;
  the language-specific names, "progressive", "sum of progressive scores" and
  "Fortschrittswertung" are PS, "US cumulative" is CUM.
- "Median" is refused (US median/Harkness MED vs. median Buchholz BH/M1); "Harkness",
  "median system" and "US median" are MED, "median Buchholz" is BH/M1.
- "Most black(s)" is refused (US MBLK vs. FIDE BPG), as is "head-to-head" (DE vs. US RBT).
- "Performance" alone is TPR (its meaning in Italian, French, Spanish and English); the German
  "Performance-Wertung" (sum or average of the opponents' ratings) is refused with SOR, ARO, TPR.
- "Sonneborn-Berger" is the FIDE SB; the US variant needs "US Sonneborn-Berger" (USSB).
- "Solkoff" is US SOLK, not BH. "Verfeinerte Buchholz" / "Buchholz-Summe" are BBH (a sum),
  not AOB (an average).
- Swiss-Manager labels whose hidden parameter decides the variant ("Buchholz Tie-Breaks
  (variabel with parameter)") are refused with the possible variants.
- ``resolve_list`` splits on ``,`` and ``;``, so no name contains them ("Direkter Vergleich,
  Schwarz bevorzugt" is stored as "Direkter Vergleich (Schwarz bevorzugt)"; as a single name the
  comma form still resolves).
"""

from __future__ import annotations

import dataclasses
import re
import unicodedata
from dataclasses import dataclass
from functools import cache

from ..errors import EVERY_NAME, UsageError
from ..lazy import load
from . import catalogue
from .names_data import AMBIGUOUS, NAMES, PRESETS
from .spec import TiebreakSpec, parse_spec

_ACCEPT = 0.85  # minimum similarity for a typo correction
_MARGIN = 0.05  # how much better than the runner-up (another tie-break) it must be
_SUGGEST = 0.6  # minimum similarity for a suggestion
_MAX_SUGGESTIONS = 3

# A modifier token: ``L-1`` keeps its sign, anything else is letters and digits (the grammar
# itself is checked by ``parse_spec``, so new modifiers need no change here).
_TOKEN = r"L[+-]\d+|[A-Z][A-Z0-9]*"
_DESCRIPTOR = re.compile(
    rf"^(?P<acronym>[A-Z][A-Z0-9_]*)(?::(?P<score>[A-Z]+))?(?P<modifiers>(?:[/\- ]+(?:{_TOKEN}))*)$"
)
_TOKENS = re.compile(_TOKEN)
_NUMBERS = re.compile(r"\d+")
_APOSTROPHES = re.compile(r"['’`´]")
_SEPARATORS = re.compile(r"[\W_]+")
_DIGIT_BOUNDARY = re.compile(r"(?<=[^\W\d_])(?=\d)|(?<=\d)(?=[^\W\d_])")


@dataclass(frozen=True)
class ResolvedName:
    """The outcome of resolving one typed name.

    ``spec`` is canonical and accepted by :func:`catalogue.resolve`; ``matched`` is the name or
    descriptor that was recognised; ``corrected`` is true when a typo was corrected, in which
    case the caller should warn, e.g. ``read 'Bucholz' as 'Buchholz' (BH)``.
    """

    spec: TiebreakSpec
    typed: str
    matched: str
    corrected: bool


@dataclass(frozen=True)
class _Entry:
    """One index entry: the name as written in the table and what it stands for."""

    name: str
    targets: tuple[str, ...]  # one canonical descriptor, or the candidates of an ambiguous name
    code: bool = False  # an acronym or descriptor rather than a name


def normalise(text: str) -> str:
    """The lookup key of a name: casefolded, accents stripped, ``ß`` as ``ss``, apostrophes
    dropped, other punctuation as single spaces, digits apart from letters (``Cut1`` = ``cut 1``).

    >>> normalise("  Buchholz-Cut1 ")
    'buchholz cut 1'
    >>> normalise("Größe Médian")
    'grosse median'
    """
    folded = unicodedata.normalize("NFKD", unicodedata.normalize("NFKD", text).casefold())
    stripped = "".join(char for char in folded if not unicodedata.combining(char))
    spaced = _SEPARATORS.sub(" ", _APOSTROPHES.sub("", stripped))
    return " ".join(_DIGIT_BOUNDARY.sub(" ", spaced).split())


def find_collisions(
    names: dict[str, dict[str, tuple[str, ...]]],
    ambiguous: dict[str, tuple[str, ...]],
    codes: dict[str, str] | None = None,
) -> list[str]:
    """Every normalised key claimed by different targets (descriptor or ambiguous name).

    ``codes`` maps acronyms and aliases to descriptors. An empty list means the table is sound.
    """
    claims: dict[str, dict[tuple[str, ...], str]] = {}
    for descriptor, groups in names.items():
        for group, spellings in groups.items():
            for spelling in spellings:
                key = normalise(spelling)
                claims.setdefault(key, {}).setdefault((descriptor,), f"{spelling!r} ({group})")
    for spelling, candidates in ambiguous.items():
        claims.setdefault(normalise(spelling), {}).setdefault(candidates, repr(spelling))
    for code, descriptor in (codes or {}).items():
        claims.setdefault(normalise(code), {}).setdefault((descriptor,), repr(code))
    return [
        f"{key!r}: "
        + "; ".join(f"{where} -> {' or '.join(target)}" for target, where in seen.items())
        for key, seen in claims.items()
        if len(seen) > 1
    ]


@cache
def _codes() -> dict[str, str]:
    """Acronyms and aliases (upper case) to canonical acronyms or descriptors."""
    codes = {descriptor: descriptor for descriptor in NAMES}
    codes.update({descriptor.split("/")[0]: descriptor.split("/")[0] for descriptor in NAMES})
    codes.update(catalogue.codes())  # without loading every family
    return codes


@cache
def _index() -> dict[str, _Entry]:
    """The normalised index of every name, ambiguous name and code, built once."""
    collisions = find_collisions(NAMES, AMBIGUOUS, _codes())
    if collisions:
        raise ValueError("tie-break names collide: " + " | ".join(collisions))
    index: dict[str, _Entry] = {}
    for descriptor, groups in NAMES.items():
        for spellings in groups.values():
            for spelling in spellings:
                index.setdefault(normalise(spelling), _Entry(spelling, (descriptor,)))
    for spelling, candidates in AMBIGUOUS.items():
        index[normalise(spelling)] = _Entry(spelling, candidates)
    for code, descriptor in _codes().items():  # names first: "Buchholz" rather than "BUCHHOLZ"
        index.setdefault(normalise(code), _Entry(code, (descriptor,), code=True))
    return index


def _label(descriptor: str) -> str:
    """A human name for a descriptor: its first English (else first listed) name."""
    groups = NAMES.get(descriptor, {})
    for spellings in (groups.get("en", ()), *groups.values()):
        if spellings:
            return spellings[0]
    try:
        return catalogue.definition(descriptor.partition("/")[0]).name
    except UsageError:
        return descriptor


def _as_descriptor(text: str) -> ResolvedName | None:
    """Read ``text`` as a FIDE descriptor (``/``, ``-`` or space separated) with a known code."""
    match = _DESCRIPTOR.match(text.strip().upper())
    if match is None:
        return None
    acronym = _codes().get(match["acronym"])
    if acronym is None or "/" in acronym:
        return None
    tokens = _TOKENS.findall(match["modifiers"])
    if not all(_is_modifier(token) for token in tokens):
        return None  # e.g. "Direct encounter": a name, not DIRECT plus modifiers
    score = f":{match['score']}" if match["score"] else ""
    spec = parse_spec(acronym + score + "".join(f"/{token}" for token in tokens))
    return ResolvedName(spec, text, str(spec), corrected=False)


def _is_modifier(token: str) -> bool:
    """Whether ``token`` is one modifier of the descriptor grammar (``C1``, ``L-1``, ``P``...)."""
    try:
        parse_spec(f"X/{token}")
    except UsageError:
        return False
    return True


def _extra_modifiers(text: str, parts: list[str]) -> TiebreakSpec | None:
    """The ``/`` modifiers typed after a name, parsed with the descriptor grammar."""
    cleaned = [part.strip() for part in parts]
    if not cleaned:
        return None
    if not all(cleaned):
        raise UsageError(f"{text!r}: empty modifier after '/'")
    try:
        return parse_spec("X/" + "/".join(cleaned))
    except UsageError as error:
        raise UsageError(f"{text!r}: {str(error).split(': ', 1)[-1]}") from None


def _combine(text: str, name: str, base: TiebreakSpec, extra: TiebreakSpec | None) -> TiebreakSpec:
    """The name's own descriptor with the typed modifiers added; contradictions are refused."""
    if extra is None:
        return base
    changes: dict[str, object] = {}
    for field in dataclasses.fields(TiebreakSpec):
        if field.name == "acronym":
            continue
        own, typed = getattr(base, field.name), getattr(extra, field.name)
        if typed in (field.default, own):
            continue
        if own != field.default:
            raise UsageError(
                f"{text!r}: {name!r} is already {base}; /{'/'.join(extra.modifiers)} contradicts it"
            )
        changes[field.name] = typed
    combined = dataclasses.replace(base, **changes)  # type: ignore[arg-type]
    if combined.cut and combined.median:
        raise UsageError(
            f"{text!r}: {name!r} is {base}, which cannot also take "
            f"/{'/'.join(extra.modifiers)} (a cut and a median cannot be combined)"
        )
    return combined


#: loaded when a name is not known (the suggestions)
SIMILARITY = {"matcher": "difflib:SequenceMatcher"}


def _similarity(typed: str, key: str) -> float:
    """``difflib`` ratio, raised to 0.9 for a single edit between words of 4+ characters."""
    ratio: float = load(SIMILARITY["matcher"], "")(None, typed, key).ratio()
    if min(len(typed), len(key)) >= 4 and _one_edit_apart(typed, key):
        return max(ratio, 0.9)
    return ratio


def _one_edit_apart(first: str, second: str) -> bool:
    """True if one insertion, deletion, substitution or adjacent swap turns one into the other."""
    if abs(len(first) - len(second)) > 1 or first == second:
        return False
    start = 0
    while start < min(len(first), len(second)) and first[start] == second[start]:
        start += 1
    a, b = first[start:], second[start:]
    if len(a) == len(b):
        return a[1:] == b[1:] or (len(a) >= 2 and a[0] == b[1] and a[1] == b[0] and a[2:] == b[2:])
    return a[1:] == b if len(a) > len(b) else a == b[1:]


def _ranked(key: str) -> list[tuple[float, str]]:
    """Index keys by similarity to ``key``, best first (only those worth suggesting)."""
    scored = ((_similarity(key, candidate), candidate) for candidate in _index())
    return sorted((item for item in scored if item[0] >= _SUGGEST), key=lambda item: -item[0])


def _correct(key: str) -> _Entry | None:
    """The entry of the one clearly closest key, or ``None`` if no key is close enough.

    A correction never changes a number: "Buchholz Cut 3" is not read as "Buchholz Cut 2".
    """
    numbers = _NUMBERS.findall(key)
    ranked = [item for item in _ranked(key) if _NUMBERS.findall(item[1]) == numbers]
    if not ranked or ranked[0][0] < _ACCEPT:
        return None
    best_score, best_key = ranked[0]
    best = _index()[best_key]
    for score, other in ranked[1:]:
        if _index()[other].targets != best.targets:
            return best if best_score - score >= _MARGIN else None
    return best


def _suggestions(key: str) -> list[str]:
    """Up to three ``DESCRIPTOR (name)`` suggestions for an unknown key."""
    shown: dict[str, str] = {}
    for _, candidate in _ranked(key):
        entry = _index()[candidate]
        for target in entry.targets:
            named = entry.name if len(entry.targets) == 1 and not entry.code else _label(target)
            shown.setdefault(target, named)
    return [f"{target} ({name})" for target, name in list(shown.items())[:_MAX_SUGGESTIONS]]


def _unknown(text: str, key: str) -> UsageError:
    suggestions = _suggestions(key)
    hint = f"; did you mean: {', '.join(suggestions)}?" if suggestions else ""
    return UsageError(f"unknown tie-break {text.strip()!r}{hint}", EVERY_NAME)


def _ambiguous(text: str, entry: _Entry) -> UsageError:
    options = ", ".join(f"{target} ({_label(target)})" for target in entry.targets)
    return UsageError(
        f"ambiguous tie-break {text.strip()!r}: {entry.name!r} can mean {options}; "
        "type the code or a more specific name"
    )


def _match(text: str) -> ResolvedName:
    """Recognise ``text`` without consulting the registry's modifier rules."""
    if not text.strip():
        raise UsageError("empty tie-break name")
    descriptor = _as_descriptor(text)
    if descriptor is not None:
        return descriptor
    head, *parts = text.split("/")
    extra = _extra_modifiers(text, parts)
    key = normalise(head)
    entry = _index().get(key)
    corrected = entry is None
    if entry is None:
        entry = _correct(key)
    if entry is None:
        raise _unknown(text, key)
    if len(entry.targets) > 1:
        raise _ambiguous(text, entry)
    spec = _combine(text, entry.name, parse_spec(entry.targets[0]), extra)
    return ResolvedName(spec, text, entry.name, corrected)


def resolve_name(text: str) -> ResolvedName:
    """Resolve one typed tie-break name or descriptor to a canonical, registry-checked spec.

    Raises :class:`UsageError` for unknown or ambiguous names (with suggestions), for
    contradictory modifiers and for modifiers the tie-break does not take.
    """
    found = _match(text)
    spec, _ = catalogue.resolve(found.spec, team=None)
    return dataclasses.replace(found, spec=spec)


def name_candidates(text: str) -> tuple[TiebreakSpec, ...]:
    """Every tie-break ``text`` can name: its one spec, or each candidate of an ambiguous name
    (``AMBIGUOUS``: "Buchholz Tie-Breaks (variabel with parameter)" is BH, BH/C1, BH/C2,
    BH/M1 or BH/M2, the parameters chess-results does not show). Raises :class:`UsageError`
    for an unknown name."""
    try:
        return (resolve_name(text).spec,)
    except UsageError:
        entry = _index().get(normalise(text.split("/", maxsplit=1)[0]))
        if entry is None or len(entry.targets) < 2:
            raise
    return tuple(catalogue.resolve(parse_spec(target), team=None)[0] for target in entry.targets)


def resolve_list(text: str) -> list[ResolvedName]:
    """Resolve a comma- or semicolon-separated list of names or descriptors (skipping empties),
    or the name of a preset list (``olympiad-2010``, ``uscf`` ...: :data:`PRESETS`)."""
    preset = PRESETS.get(text.strip().lower())
    if preset is not None:
        text = preset
    return [resolve_name(part.strip()) for part in re.split(r"[,;]", text) if part.strip()]


def names_for(descriptor: str) -> dict[str, tuple[str, ...]]:
    """The names of one canonical descriptor by language or source (empty if it has none)."""
    try:
        spec = parse_spec(descriptor)
    except UsageError:
        return {}
    acronym = _codes().get(spec.acronym, spec.acronym)
    canonical = str(dataclasses.replace(spec, acronym=acronym))
    return dict(NAMES.get(canonical, {}))
