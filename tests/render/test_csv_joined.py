"""The CSV rows are joined directly (issue 8, speed): the text must be exactly what the
:mod:`csv` writer writes for the same cells (minimal quoting, ``\\n`` line ends)."""

from __future__ import annotations

import csv
import io

from hypothesis import given, settings
from hypothesis import strategies as st

from tiebreaks.model.text import shown_name
from tiebreaks.render import standings_csv
from tiebreaks.render.csv import spreadsheet_safe
from tiebreaks.render.values import ValueTexts

from .test_injection import standings_with

names = st.text(alphabet=st.sampled_from(list("ab ,\"\n\r\t;=+-@'é")), max_size=12)


@settings(max_examples=150)
@given(st.dictionaries(st.integers(1, 16), names, max_size=6))
def test_joined_rows_are_what_the_csv_writer_writes(renamed: dict[int, str]) -> None:
    standings = standings_with(renamed)
    texts = ValueTexts(standings)
    buffer = io.StringIO()
    writer = csv.writer(buffer, lineterminator="\n")
    writer.writerow(["rank", "id", "name", "rating", *map(spreadsheet_safe, texts.columns)])
    for row in standings.rows:
        name = spreadsheet_safe(shown_name(row.player.name))
        writer.writerow(
            [row.rank, row.player.start_number, name, row.player.rating or "", *texts.row(row)]
        )
    assert standings_csv(standings) == buffer.getvalue()


def test_a_name_with_a_comma_and_a_quote_is_quoted() -> None:
    text = standings_csv(standings_with({1: 'Smith, "Jo"'}))
    assert '"Smith, ""Jo"""' in text
