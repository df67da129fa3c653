"""The standings in pages of :data:`PAGE_SIZE` rows, and the search ("where am I?").

A page of thousands of participants cannot be sent whole (tens of megabytes): the server
renders one page of the standings and of the crosstable, and links to the others (buttons of
the form, so they work without script, and the form still carries the whole state: nothing is
kept between requests). The search takes a start number or a part of a name and answers with
the page of the first participant it finds, that participant's row highlighted.
"""

from __future__ import annotations

from dataclasses import dataclass

from ..services.explain import name_key
from ..standings import Standings

#: rows of the standings (and of the crosstable) on one page
PAGE_SIZE = 100
#: page links shown either side of the current page (the first and the last are always shown)
NEIGHBOURS = 2


@dataclass(frozen=True)
class Paging:
    """Which rows the page shows: ``page`` of ``pages`` (1-based), rows ``first`` to
    ``last`` (0-based, ``last`` excluded), the page links (0: a gap, "…"), and the row
    found by a search (its start number, 0: none) or why none was."""

    page: int
    pages: int
    first: int
    last: int
    links: tuple[int, ...]
    found: int = 0
    not_found: str = ""


def page_count(rows: int) -> int:
    """How many pages ``rows`` rows take (at least one)."""
    return max(1, -(-rows // PAGE_SIZE))


def page_links(page: int, pages: int) -> tuple[int, ...]:
    """The page links: the first, the last, the current one and its neighbours; a 0 stands
    for the pages left out between them."""
    wanted = {1, pages, *range(page - NEIGHBOURS, page + NEIGHBOURS + 1)}
    shown = sorted(number for number in wanted if 1 <= number <= pages)
    links: list[int] = []
    for number in shown:
        if links and number - links[-1] > 1:
            links.append(0)
        links.append(number)
    return tuple(links)


def find_row(standings: Standings, text: str) -> int | None:
    """The index of the row ``text`` names: a start number (with or without "#"), else the
    first row whose name contains ``text`` (case and spacing ignored, as
    ``tiebreaks explain`` compares names); None when no row matches."""
    wanted = text.strip().removeprefix("#").strip()
    if not wanted:
        return None
    if wanted.isdigit():
        number = int(wanted)
        for index, row in enumerate(standings.rows):
            if row.player.start_number == number:
                return index
    folded = name_key(wanted)
    for index, row in enumerate(standings.rows):
        if folded in name_key(row.player.name):
            return index
    return None


def paging(standings: Standings, page_text: str, find: str) -> Paging:
    """The page asked for (``page_text`` as the form sent it; out of range: the nearest),
    or the page of the participant ``find`` names."""
    pages = page_count(len(standings.rows))
    page = int(page_text) if page_text.strip().isdigit() else 1
    found, not_found = 0, ""
    if find.strip():
        index = find_row(standings, find)
        if index is None:
            not_found = find.strip()
        else:
            found = standings.rows[index].player.start_number
            page = index // PAGE_SIZE + 1
    page = min(max(page, 1), pages)
    first = (page - 1) * PAGE_SIZE
    last = min(first + PAGE_SIZE, len(standings.rows))
    return Paging(page, pages, first, last, page_links(page, pages), found, not_found)
