"""Issue 8: the columnar (NumPy) tie-breaks give exactly the reference values.

For every tie-break with a columnar implementation, every modifier variant below and every
rules regime, the column computed on arrays (:func:`vector_column` with ``force``) must equal
the reference column (same numerators, denominator, direction and places) on: every TRF file of
the repository, generated Swiss tournaments with many unplayed rounds, generated round robins
and hypothesis tournaments. ``VARIANTS`` lists what must be computed on arrays (not left to the
reference path), so the comparison cannot pass by declining.
"""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest
from generate_swiss import HEAVY, generate_round_robin, generate_swiss
from hypothesis import given, settings
from hypothesis import strategies as st

from tiebreaks.engine import columnar as vectorised
from tiebreaks.engine.catalogue import catalogue as registry_catalogue
from tiebreaks.engine.catalogue import resolve
from tiebreaks.engine.column import Column
from tiebreaks.engine.columnar import vector_column
from tiebreaks.engine.columnar.catalogue import implementation
from tiebreaks.engine.columnar.ranking import ArrayGroups
from tiebreaks.engine.columnar.sums import Contributions, modified_sums
from tiebreaks.engine.context import Context, build_context
from tiebreaks.engine.spec import parse_spec
from tiebreaks.engine.sums import Contribution, modified_sum
from tiebreaks.errors import InputError, UsageError
from tiebreaks.formats.readers.trf import read_trf_text
from tiebreaks.formats.reading import read_tournament
from tiebreaks.model import Tournament
from tiebreaks.model.rules import rules_by_name
from tiebreaks.standings import compute_standings, prepared

from ..lists import fitting

ROOT = Path(__file__).resolve().parents[2]
REGIMES = ["fide-2026", "fide-2024", "fide-2009", "unadjusted", "unplayed-draw", "uscf"]

#: per acronym, the variants the columnar path computes (it must not decline them)
#: (BH, FB, AOB, SB and PS are computed on arrays only: no twin is left to compare with)
VARIANTS: dict[str, list[str]] = {}


def reference_column(context: Context, text: str) -> Column:
    spec, entry = resolve(parse_spec(text))
    assert entry.compute is not None
    return entry.compute(context, spec)


def assert_same_columns(context: Context, text: str) -> None:
    """The columnar value of ``text`` exists and equals the reference value."""
    spec, _ = resolve(parse_spec(text))
    vector = vector_column(context, spec, force=True)
    assert vector is not None, f"{text} was left to the reference path"
    reference = reference_column(context, text)
    assert list(vector.numerators) == list(reference.numerators), text
    assert vector.denominator == reference.denominator, text
    assert vector.higher_is_better == reference.higher_is_better, text
    assert vector.places == reference.places, text
    assert all(type(value) is int or value is None for value in vector.numerators), text


def assert_all_same(
    tournament: Tournament,
    rules: str,
    variants_of: dict[str, list[str]] | None = None,
    unrated_rating: int | None = None,
) -> None:
    """Every variant of ``variants_of`` (default :data:`VARIANTS`) under ``rules``; with
    ``unrated_rating`` set as the run's rating of unrated players (``--unrated-rating``)."""
    tournament, chosen, _ = prepared(tournament, rules)
    context = build_context(tournament, chosen)
    if unrated_rating is not None:
        context.cache["unrated_rating"] = unrated_rating
    for acronym, variants in (variants_of or VARIANTS).items():
        assert implementation(acronym) is not None, acronym
        for text in variants:
            assert_same_columns(context, text)


def corpus_files() -> list[Path]:
    """The examples, the test data, the fuzzing seeds and the shared seeds."""
    files = sorted(ROOT.glob("src/tiebreaks/examples/*"))
    files += sorted(path for path in ROOT.glob("tests/**/*.*") if path.suffix != ".py")
    files += sorted(ROOT.glob("fuzz/seeds/*/*"))
    return [path for path in files if path.is_file()]


def readable(path: Path) -> Tournament | None:
    """The individual tournament of a file, None for files that are not one."""
    try:
        tournament = read_tournament(path)
    except (InputError, UsageError, OSError):
        return None
    return None if tournament.team_records is not None else tournament


CORPUS = [(path.name, t) for path in corpus_files() if (t := readable(path)) is not None]
GENERATED = [
    ("swiss-60x7-heavy", read_trf_text(generate_swiss(60, 7, 5, rates=HEAVY), "g.trf")),
    ("swiss-301x9-heavy", read_trf_text(generate_swiss(301, 9, 2, rates=HEAVY), "g.trf")),
    ("swiss-200x11", read_trf_text(generate_swiss(200, 11, 3), "g.trf")),
    ("round-robin-10", read_trf_text(generate_round_robin(10, 4), "g.trf")),
    ("round-robin-9-double", read_trf_text(generate_round_robin(9, 5, double=True), "g.trf")),
]


def test_small_fields_stay_on_the_reference_path() -> None:
    tournament = GENERATED[0][1]
    context = build_context(tournament, rules_by_name("fide-2026"))
    spec, _ = resolve(parse_spec("BH"))
    assert vector_column(context, spec) is None


rows_of_contributions = st.lists(
    st.lists(
        st.tuples(st.integers(0, 30), st.integers(0, 30), st.booleans(), st.booleans()),
        min_size=6,
        max_size=6,
    ),
    min_size=1,
    max_size=8,
)


@settings(max_examples=300)
@given(rows_of_contributions, st.integers(0, 3), st.integers(0, 2), st.booleans())
def test_modified_sums_on_arrays_equal_the_reference_row_by_row(
    rows: list[list[tuple[int, int, bool, bool]]], cut: int, median: int, vur_exception: bool
) -> None:
    """Random matrices (key, value, included, voluntary unplayed round), every modifier."""
    key, value, included, vur = (
        np.array([[cell[i] for cell in row] for row in rows]) for i in range(4)
    )
    items = Contributions(key, value, included.astype(bool), vur.astype(bool))
    sums = modified_sums(items, cut, median, vur_exception).tolist()
    for row, total in zip(rows, sums, strict=True):
        contributions = [
            Contribution(number, -1, k, v, u)
            for number, (k, v, inside, u) in enumerate(row, 1)
            if inside
        ]
        assert total == modified_sum(contributions, cut, median, vur_exception)


CATALOGUE = ",".join(
    entry.acronym for entry in registry_catalogue() if entry.scope in ("individual", "both")
)
LISTS = [
    "PTS,BH/C1,BH,SB,PS,DE",
    "PTS,DE,WIN,BPG,BH/C1,SB",
    CATALOGUE,
    "PTS,FB,AOB/F,SB/M1,BH/C2/P,KS/L+2,PS/C1",
]


def standings_table(tournament: Tournament, tiebreaks: str, rules: str) -> list[tuple[object, ...]]:
    standings = compute_standings(tournament, tiebreaks, rules, unrated_rating=1400)
    return [
        (row.rank, row.player.start_number, row.drawn_by_lot, tuple(row.values.items()))
        for row in standings.rows
    ]


@pytest.mark.parametrize("tiebreaks", LISTS, ids=range(len(LISTS)))
@pytest.mark.parametrize(
    ("name", "tournament"),
    [*CORPUS, *GENERATED],
    ids=[name for name, _ in [*CORPUS, *GENERATED]],
)
def test_standings_are_the_same_on_both_paths(
    name: str, tournament: Tournament, tiebreaks: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The whole ranking (values, the order of the groups on arrays, direct encounter) with
    the columnar path on every field and with it off."""
    tiebreaks = ",".join(fitting(tiebreaks, tournament.rounds))
    for rules in ("fide-2026", "fide-2009", "uscf"):
        monkeypatch.setattr(vectorised, "ENABLED", False)
        reference = standings_table(tournament, tiebreaks, rules)
        monkeypatch.setattr(vectorised, "ENABLED", True)
        monkeypatch.setattr(vectorised, "MIN_RESULTS", 0)
        assert standings_table(tournament, tiebreaks, rules) == reference


def test_array_groups_split_like_sorted_groups() -> None:
    """Groups keep their places, equal keys keep their order, a key that does not fit in
    int64 leaves the groups unchanged (the list path then ranks)."""
    groups = ArrayGroups.of_lists([[4, 2, 0], [1], [3, 5]])
    assert groups.split([7, 0, 7, 9, 5, 8])  # keys of participants 0..5
    assert groups.lists() == [[4], [2, 0], [1], [5], [3]]  # 4 has 5; 2 and 0 have 7
    assert groups.split([0, 0, 1, 0, 0, 0])
    assert groups.lists() == [[4], [0], [2], [1], [5], [3]]
    larger_first = ArrayGroups.whole_field(4)
    assert larger_first.split([3, None, 5, 3], higher_is_better=True)
    assert larger_first.lists() == [[2], [0, 3], [1]]  # undefined last
    huge = ArrayGroups.whole_field(3)
    assert not huge.split([2**70, 1, 2])
    assert huge.lists() == [[0, 1, 2]]
