"""The sentences of MAN, the values the arbiter gave from outside the file (a play-off, a
decision; C.07 (2026) Art. 2.1 lets an event's regulations fix how ties are broken)."""

from __future__ import annotations

from ...engine.families.manual import ManualRole
from ...engine.trace import Trace
from ...model.text import shown_name
from .words import Words, describes


@describes("MAN")
def manual(trace: Trace, words: Words) -> tuple[str, list[str], list[str]]:
    """The value and where it was read ("given by the arbiter, from FILE line N")."""
    given = words.computation.manual(trace.participant)
    texts = []
    for entry in trace.entries:
        if entry.role == ManualRole.NOT_GIVEN or given is None:
            texts.append(words._("no value given by the arbiter"))
        elif given.source:
            texts.append(
                words._(
                    "value given by the arbiter, from %(file)s line %(line)s",
                    file=shown_name(given.source),
                    line=given.line,
                )
            )
        else:
            texts.append(words._("value given by the arbiter"))
    return words._("Manual value: given by the arbiter, not computed from the results"), texts, []
