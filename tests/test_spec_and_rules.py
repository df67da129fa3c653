"""Tie-break descriptors (TRF26 202/212, MTB26) and the choice of the rules edition."""

from __future__ import annotations

from datetime import date

import pytest
from hypothesis import given
from hypothesis import strategies as st

from tiebreaks import FIDE_2024, FIDE_2026, UsageError, parse_spec
from tiebreaks.engine.catalogue import catalogue, resolve
from tiebreaks.engine.spec import TiebreakSpec
from tiebreaks.model.rules import FIDE_2009, UNADJUSTED, rules_by_name, rules_for_date


@pytest.mark.parametrize(
    ("text", "canonical"),
    [
        ("BH/C1", "BH/C1"),
        ("bh/c1", "BH/C1"),
        (" SB/P/C2 ", "SB/C2/P"),
        ("KS/L-1", "KS/L-1"),
        ("KS/L+2", "KS/L+2"),
        ("ARO/M1", "ARO/M1"),
        ("TPN/R", "TPN/R"),
        ("AOB/F", "AOB/F"),
        ("TPR/U1400", "TPR/U1400"),
        ("BH:MP/C1", "BH:MP/C1"),
    ],
)
def test_descriptor_round_trip(text: str, canonical: str) -> None:
    spec = parse_spec(text)
    assert str(spec) == canonical
    assert parse_spec(str(spec)) == spec


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("BH/C1/M1", "cannot be combined"),
        ("BH/X2", "unknown modifier /X2"),
        ("KS/L1", "unknown modifier /L1"),
        ("BH/C1/C2", "given twice"),
        ("1BH", "not a tie-break descriptor"),
        ("BH:XX", "must be MP or GP"),
    ],
)
def test_bad_descriptors(text: str, message: str) -> None:
    with pytest.raises(UsageError, match=message):
        parse_spec(text)


def test_ge_is_an_alias_of_rep() -> None:
    """C.07 2023/2024 called REP "Games one Elected to play" (GE)."""
    spec, entry = resolve(parse_spec("GE"))
    assert (str(spec), entry.article) == ("REP", "7.6")


def test_modifiers_are_checked_per_tiebreak() -> None:
    with pytest.raises(UsageError, match="PS does not take the modifier /P"):
        resolve(parse_spec("PS/P"))
    with pytest.raises(UsageError, match="team tournaments only"):
        resolve(parse_spec("BH:MP"))


def test_catalogue_has_every_individual_tiebreak_of_c07() -> None:
    acronyms = {entry.acronym for entry in catalogue()}
    expected = "PTS DE WIN WON BPG BWG PS REP STD TPN BH AOB FB SB KS ARO TPR PTP APRO APPO RTNG"
    assert set(expected.split()) <= acronyms


@given(
    st.sampled_from(["BH", "FB", "SB"]),
    st.integers(0, 3),
    st.integers(0, 3),
    st.booleans(),
)
def test_canonical_text_parses_back(acronym: str, cut: int, median: int, played: bool) -> None:
    spec = TiebreakSpec(acronym, cut=cut, median=0 if cut else median, forfeits_as_played=played)
    assert parse_spec(str(spec)) == spec


@pytest.mark.parametrize(
    ("start", "edition"),
    [
        (date(2015, 6, 1), FIDE_2009),
        (date(2023, 6, 30), FIDE_2009),
        (date(2023, 7, 1), FIDE_2024),
        (date(2023, 9, 1), FIDE_2024),
        (date(2026, 2, 28), FIDE_2024),
        (date(2026, 3, 1), FIDE_2026),
        (date(2026, 11, 22), FIDE_2026),
        (None, FIDE_2026),
    ],
)
def test_edition_by_start_date(start: date | None, edition: object) -> None:
    """C.07 (2026) applies to tournaments starting on or after 1 March 2026, the 2023 edition
    from 1 July 2023, the 2009 virtual opponent before; an undated file gets the newest."""
    assert rules_for_date(start) is edition


def test_edition_names() -> None:
    assert rules_by_name("FIDE-2026") is FIDE_2026
    assert rules_by_name("fide-2023") is FIDE_2024
    assert rules_by_name("Virtual Opponent") is FIDE_2009
    assert rules_by_name("none") is UNADJUSTED
    with pytest.raises(UsageError, match="known regimes: fide-2026, fide-2024, fide-2009"):
        rules_by_name("fide-1999")
