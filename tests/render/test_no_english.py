"""Explanations in German, Italian, French and Spanish have no English left (issue 16): every
tie-break of the catalogue, explained for every participant of the bundled individual, round
robin and team examples under the regimes with stand-ins (2026 caps, 2009 virtual opponent)
and without, through ``explain`` (place, neighbours, every value, line by line) and ``why``.

What may stay as it is: names, tie-break codes, numbers, article references. A line is English
when it holds one of the English words below as a word of its own (the words of our English
sentences that no one of the four languages uses)."""

from __future__ import annotations

import re
from functools import cache

import pytest

import tiebreaks
from tiebreaks.engine.catalogue import catalogue
from tiebreaks.render.explain import placing_text, why_text
from tiebreaks.services.explain import explain_participant, why

ENGLISH = {
    "against", "round", "rounds", "score", "scored", "with", "counted", "total", "lines",
    "kept", "opponent", "opponents", "draw", "draws", "win", "wins", "loss", "bye", "the",
    "of", "and", "games", "game", "played", "their", "your", "place", "behind", "ahead",
    "undefined", "cut", "value", "values", "points", "match", "board", "boards", "rating",
    "ratings", "average", "mean", "rounded", "between", "each", "every", "no", "not", "is",
    "are", "by", "for", "from", "than", "as", "when", "which", "who", "this", "that", "only",
    "after", "before", "later", "first", "last", "half", "all",
}  # fmt: skip
#: words of the list above that the language itself uses ("place" and "total" in French ...)
OWN_WORDS = {
    "de": {"rating"},
    "it": {"no", "rating", "match"},
    "fr": {"place", "total", "points", "score", "match"},
    "es": {"total", "no", "rating"},
}
WORD = re.compile(r"[^\W\d_]+(?:'[^\W\d_]+)*")
EXAMPLES = [
    ("held-swiss-16.trf", "fide-2026"),
    ("held-swiss-16.trf", "fide-2009"),
    ("held-round-robin-6.trf", "fide-2026"),
    ("held-team-14.trf", "fide-2026"),
]


@cache
def standings(example: str, rules: str) -> tiebreaks.Standings:
    tournament = tiebreaks.read_tournament(tiebreaks.example_path(example))
    team = tournament.team_records is not None
    specs = [
        entry.acronym
        for entry in catalogue()
        if entry.scope in ("both", "team" if team else "individual")
    ]
    specs = [
        spec for spec in specs if spec not in {"ARO", "TPR", "PTP", "APRO", "APPO", "RTNG", "SOR"}
    ]
    specs += [] if team else ["ARO/U1000", "TPR/U1000", "PTP/U1000", "APRO/U1000", "APPO/U1000"]
    return tiebreaks.compute_standings(tournament, specs, rules)


def english_words(text: str, result: tiebreaks.Standings, lang: str) -> set[str]:
    """The English words of ``text`` (not words of ``lang``), names and codes left out."""
    for row in result.rows:
        text = text.replace(row.player.name, " ")
    for label in result.columns:
        text = text.replace(label, " ")
    english = ENGLISH - OWN_WORDS.get(lang, set())
    return {word for word in WORD.findall(text) if word.lower() in english}


@pytest.mark.parametrize("lang", ["de", "it", "fr", "es"])
@pytest.mark.parametrize(("example", "rules"), EXAMPLES)
def test_explanations_have_no_english(lang: str, example: str, rules: str) -> None:
    result = standings(example, rules)
    found: dict[str, str] = {}
    for row in result.rows:
        text = placing_text(result, explain_participant(result, row), lang)
        for line in text.splitlines():
            for word in english_words(line, result, lang):
                found.setdefault(word, line.strip())
    first, second = result.rows[0], result.rows[-1]
    for line in why_text(result, why(result, first, second), lang).splitlines():
        for word in english_words(line, result, lang):
            found.setdefault(word, line.strip())
    assert not found, "\n".join(f"{word!r}: {line}" for word, line in sorted(found.items()))


def test_the_english_check_finds_english() -> None:
    """The check itself: the English explanation is full of the words it looks for."""
    result = standings("held-swiss-16.trf", "fide-2026")
    text = placing_text(result, explain_participant(result, result.rows[0]), "en")
    assert {"against", "Round", "with", "total"} <= english_words(text, result, "en")
