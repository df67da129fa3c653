"""The sentences of ABH and AFB: the score as opponents see it (C.07 (2026) Art. 16.3)."""

from __future__ import annotations

from ...engine.families.adjusted_score import AS_DRAW
from ...engine.trace import Trace
from .words import Words, describes


@describes("ABH", "AFB")
def adjusted_score(trace: Trace, words: Words) -> tuple[str, list[str], list[str]]:
    """One line per round: the points awarded, or a draw in their place (Art. 16.3)."""
    index = trace.participant
    texts = []
    for entry in trace.entries:
        round_text = words.round(index, entry.round or 0)
        if entry.role == AS_DRAW:
            texts.append(
                words._(
                    "%(round)s: counted as a draw instead of %(actual)s (Art. 16.3)",
                    round=round_text,
                    actual=words.number(entry.actual),
                )
            )
        else:
            texts.append(round_text)
    definition = (
        words._(
            "Adjusted score for Buchholz: the score as opponents see it (Art. 16.3); rules"
            " %(rules)s",
            rules=trace.rules,
        )
        if trace.spec.acronym == "ABH"
        else words._(
            "Adjusted score for Fore Buchholz: the same with every game of the last round"
            " counted as a draw (Art. 8.3, 16.3); rules %(rules)s",
            rules=trace.rules,
        )
    )
    return definition, texts, []
