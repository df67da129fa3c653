"""The naming layer: typed names and descriptors -> canonical, registry-checked specs."""

from __future__ import annotations

import dataclasses
import re

import pytest
from hypothesis import example, given
from hypothesis import strategies as st

from tiebreaks.engine import names
from tiebreaks.engine.catalogue import resolve
from tiebreaks.engine.names import (
    ResolvedName,
    find_collisions,
    names_for,
    normalise,
    resolve_list,
    resolve_name,
)
from tiebreaks.engine.names_data import AMBIGUOUS, NAMES
from tiebreaks.engine.spec import parse_spec
from tiebreaks.errors import UsageError

# (group, typed, canonical descriptor): exact names of every language and source, both FIDE
# spellings, case, and names combined with modifiers.
CASES: list[tuple[str, str, str]] = [
    # FIDE descriptors in either spelling, any case
    ("descriptor", "BH/C1", "BH/C1"),
    ("descriptor", "bh/c1", "BH/C1"),
    ("descriptor", "BH-C1", "BH/C1"),
    ("descriptor", "BH C1", "BH/C1"),
    ("descriptor", " bh-c1 ", "BH/C1"),
    ("descriptor", "SB/C1/P", "SB/C1/P"),
    ("descriptor", "sb-p-c1", "SB/C1/P"),
    ("descriptor", "BH-C1-P", "BH/C1/P"),
    ("descriptor", "KS/L-1", "KS/L-1"),
    ("descriptor", "KS-L-1", "KS/L-1"),
    ("descriptor", "ks l+2", "KS/L+2"),
    ("descriptor", "ARO/U1000", "ARO/U1000"),
    ("descriptor", "aro-c1-u1200", "ARO/C1/U1200"),
    ("descriptor", "TPN/R", "TPN/R"),
    ("descriptor", "AOB-F", "AOB/F"),
    ("descriptor", "fb/m2/p", "FB/M2/P"),
    ("descriptor", "DE/P", "DE/P"),
    ("descriptor", "GE", "REP"),
    ("descriptor", "ge", "REP"),
    ("descriptor", "POINTS", "PTS"),
    ("descriptor", "Buchholz/C1", "BH/C1"),
    ("descriptor", "neustadtl-p", "SB/P"),
    ("descriptor", "Progressive/C1", "PS/C1"),
    ("descriptor", "MMED", "MMED"),
    ("descriptor", "usSB", "USSB"),
    # English (FIDE C.07)
    ("en", "Points", "PTS"),
    ("en", "Direct encounter", "DE"),
    ("en", "number of wins", "WIN"),
    ("en", "Number of games won", "WON"),
    ("en", "Games played with Black", "BPG"),
    ("en", "Games won with Black", "BWG"),
    ("en", "Sum of progressive scores", "PS"),
    ("en", "progressive", "PS"),
    ("en", "Rounds one elected to play", "REP"),
    ("en", "Standard points", "STD"),
    ("en", "Tournament pairing number", "TPN"),
    ("en", "BUCHHOLZ", "BH"),
    ("en", "Buchholz Cut 1", "BH/C1"),
    ("en", "Buchholz cut-1", "BH/C1"),
    ("en", "buchholz cut1", "BH/C1"),
    ("en", "Buchholz Cut 2", "BH/C2"),
    ("en", "Median Buchholz", "BH/M1"),
    ("en", "Median-Buchholz 2", "BH/M2"),
    ("en", "Average of Opponents' Buchholz", "AOB"),
    ("en", "average of opponents buchholz", "AOB"),
    ("en", "Fore Buchholz", "FB"),
    ("en", "Sonneborn-Berger", "SB"),
    ("en", "sonneborn berger", "SB"),
    ("en", "Sonneborn-Berger Cut 1", "SB/C1"),
    ("en", "Koya system", "KS"),
    ("en", "Average rating of opponents", "ARO"),
    ("en", "AROC1", "ARO/C1"),
    ("en", "AROC 1", "ARO/C1"),
    ("en", "Tournament performance rating", "TPR"),
    ("en", "Performance", "TPR"),
    ("en", "Perfect tournament performance", "PTP"),
    ("en", "Average performance rating of opponents", "APRO"),
    ("en", "Average perfect performance of opponents", "APPO"),
    ("en", "Rating", "RTNG"),
    ("en", "Buchholz of Buchholz", "BBH"),
    ("en", "Sum of opponents' ratings", "SOR"),
    ("en", "Games played", "GPL"),
    ("en", "Direct encounter favouring Black", "DEB"),
    # German (DSB)
    ("de", "Direkter Vergleich", "DE"),
    ("de", "Anzahl Siege", "WIN"),
    ("de", "Schwarzpartien", "BPG"),
    ("de", "Fortschrittswertung", "PS"),
    ("de", "Summenwertung", "PS"),
    ("de", "Buchholzwertung", "BH"),
    ("de", "Buchholz mit einem Streichresultat", "BH/C1"),
    ("de", "buchholz mit 1 streichresultat", "BH/C1"),
    ("de", "Buchholz mit zwei Streichresultaten", "BH/C2"),
    ("de", "Gemittelte Buchholz", "BH/M1"),
    ("de", "Mittlere Buchholz", "BH/M1"),
    ("de", "Koya-System", "KS"),
    ("de", "SoBerg", "SB"),
    ("de", "SB-Zahl", "SB"),
    ("de", "Verfeinerte Buchholz", "BBH"),
    ("de", "Buchholz-Buchholz", "BBH"),
    ("de", "Buchholz-Summe", "BBH"),
    ("de", "Summe der Gegnerwertungen", "SOR"),
    ("de", "Elo-Summe der Gegner", "SOR"),
    ("de", "Anzahl gespielter Partien", "GPL"),
    ("de", "Direkter Vergleich (Schwarz bevorzugt)", "DEB"),
    ("de", "Direkter Vergleich, Schwarz bevorzugt", "DEB"),
    ("de", "GEMITTELTE BUCHHOLZ", "BH/M1"),
    # Italian (FSI, Vega manuals)
    ("it", "Buchholz Totale", "BH"),
    ("it", "Buchholz Tagliato 1", "BH/C1"),
    ("it", "Buchholz Cut 1", "BH/C1"),
    ("it", "Buchholz Mediano", "BH/M1"),
    ("it", "Scontro diretto", "DE"),
    ("it", "Numero di vittorie", "WIN"),
    ("it", "ARO", "ARO"),
    ("it", "Media Elo degli avversari tagliata", "ARO/C1"),
    ("it", "Somma progressiva", "PS"),
    ("it", "Cumulativo", "PS"),
    ("it", "Somma dei Buchholz", "BBH"),
    # French
    ("fr", "Buchholz tronqué", "BH/C1"),
    ("fr", "Buchholz tronque", "BH/C1"),
    ("fr", "Buchholz médian", "BH/M1"),
    ("fr", "Confrontation directe", "DE"),
    ("fr", "Nombre de victoires", "WIN"),
    ("fr", "Cumulatif", "PS"),
    ("fr", "Performance parfaite", "PTP"),
    # Spanish (FEDA)
    ("es", "Buchholz total", "BH"),
    ("es", "Buchholz menos el peor", "BH/C1"),
    ("es", "Buchholz -1", "BH/C1"),
    ("es", "Buchholz mediano", "BH/M1"),
    ("es", "Encuentro directo", "DE"),
    ("es", "Resultado particular", "DE"),
    ("es", "Número de victorias", "WIN"),
    ("es", "numero de victorias", "WIN"),
    ("es", "Progresivo", "PS"),
    ("es", "Valoración media de los oponentes", "ARO"),
    # US Chess, rule 34E
    ("us", "Modified median", "MMED"),
    ("us", "Harkness", "MED"),
    ("us", "Median (US)", "MED"),
    ("us", "Solkoff", "SOLK"),
    ("us", "US cumulative", "CUM"),
    ("us", "Cumulative of opposition", "OCUM"),
    ("us", "Opponents' cumulative", "OCUM"),
    ("us", "Kashdan", "KASH"),
    ("us", "US Sonneborn-Berger", "USSB"),
    ("us", "US most blacks", "MBLK"),
    ("us", "Result between tied players", "RBT"),
    ("us", "head-to-head (US)", "RBT"),
    # historical names
    ("historical", "Neustadtl", "SB"),
    ("historical", "Berger", "SB"),
    ("historical", "Brazilian Buchholz", "BH/C1"),
    ("historical", "Games one elected to play", "REP"),
    # Swiss-Manager labels
    ("swiss-manager", "points (game-points)", "PTS"),
    ("swiss-manager", "Buchholz Tie-Breaks (all Results)", "BH"),
    ("swiss-manager", "Buchholzwertung (1 Streichresultat)", "BH/C1"),
    ("swiss-manager", "Buchholz Tie-Breaks (without two results=middle Tie-Breaks)", "BH/M1"),
    ("swiss-manager", "Sonneborn-Berger-Tie-Break (with real points)", "SB"),
    ("swiss-manager", "Direct Encounter (DE)", "DE"),
    ("swiss-manager", "The greater number of victories", "WIN"),
    ("swiss-manager", "Number of wins including byes (WIN)", "WIN"),
    ("swiss-manager", "rating average of the opponents (without one result)", "ARO/C1"),
    ("swiss-manager", "Sum of Buchholz-Tie-Breaks (all Results)", "BBH"),
    ("swiss-manager", "Koya-System (Points against player with >= 50% of the points)", "KS"),
    ("swiss-manager", "Sum of the ratings of the opponents (whithout one result)", "SOR/C1"),
    # Vega labels
    ("vega", "Buchholz Total", "BH"),
    ("vega", "Av. Rat. Opp. Cut 1", "ARO/C1"),
    ("vega", "Av. Per. Rat. Opp.", "APRO"),
    ("vega", "Standard Score", "STD"),
    ("vega", "Most Wins", "WIN"),
    ("vega", "DirE", "DE"),
    ("vega", "Direct Encounter (all play all)", "DE"),
    # Swiss-Chess column heads
    ("swiss-chess", "BuSumm", "BBH"),
    # names combined with modifiers
    ("modifiers", "Sonneborn-Berger/P", "SB/P"),
    ("modifiers", "Buchholz Cut 1/P", "BH/C1/P"),
    ("modifiers", "Buchholz cut 1 / p", "BH/C1/P"),
    ("modifiers", "Buchholz Cut 1/C1", "BH/C1"),
    ("modifiers", "Median Buchholz/P", "BH/M1/P"),
    ("modifiers", "Koya/L-1", "KS/L-1"),
    ("modifiers", "Fortschrittswertung/C1", "PS/C1"),
    ("modifiers", "Average rating of opponents/U1200", "ARO/U1200"),
    ("modifiers", "AROC1/U1000", "ARO/C1/U1000"),
    ("modifiers", "Tournament pairing number/R", "TPN/R"),
    ("modifiers", "Direkter Vergleich/P", "DE/P"),
]

# (typed, canonical descriptor, the name it was read as): small typos, corrected with a flag.
TYPOS: list[tuple[str, str, str]] = [
    ("Bucholz", "BH", "Buchholz"),
    ("Buchhols", "BH", "Buchholz"),
    ("Sonnenborn-Berger", "SB", "Sonneborn-Berger"),
    ("Soneborn Berger", "SB", "Sonneborn-Berger"),
    ("Koja", "KS", "Koya"),
    ("Kashdam", "KASH", "Kashdan"),
    ("Solkof", "SOLK", "Solkoff"),
    ("Fortschritswertung", "PS", "Fortschrittswertung"),
    ("Mediam Buchholz", "BH/M1", "Median Buchholz"),
    ("Bucholz/C1", "BH/C1", "Buchholz"),
    ("Sonnenborn-Berger/P", "SB/P", "Sonneborn-Berger"),
]


@pytest.mark.parametrize(("group", "typed", "expected"), CASES)
def test_resolves(group: str, typed: str, expected: str) -> None:
    found = resolve_name(typed)
    assert str(found.spec) == expected, group
    assert found.typed == typed
    assert not found.corrected


@pytest.mark.parametrize(("group", "typed", "expected"), CASES)
def test_recognised_before_registry_checks(group: str, typed: str, expected: str) -> None:
    """The naming layer itself (without the registry's modifier rules) finds every case."""
    assert str(names._match(typed).spec) == expected, group


def test_cases_cover_every_group() -> None:
    groups = {group for groups in NAMES.values() for group in groups}
    assert groups <= {group for group, _, _ in CASES}


@pytest.mark.parametrize(("typed", "expected", "read_as"), TYPOS)
def test_small_typos_are_corrected_and_flagged(typed: str, expected: str, read_as: str) -> None:
    found = resolve_name(typed)
    assert str(found.spec) == expected
    assert found.corrected
    assert found.matched == read_as


@pytest.mark.parametrize(
    ("typed", "suggested"),
    [
        ("Buchholz Cut 3", ("BH/C1", "BH/C2")),  # a number is never corrected
        ("Median Buchholz 3", ("BH/M1", "BH/M2")),
        ("Sonneborn", ("SB", "USSB")),  # close to two different tie-breaks: ask
        ("bhh", ("BH", "BBH")),
    ],
)
def test_unknown_names_give_suggestions(typed: str, suggested: tuple[str, ...]) -> None:
    with pytest.raises(UsageError) as caught:
        resolve_name(typed)
    message = str(caught.value)
    assert message.startswith(f"unknown tie-break {typed!r}; did you mean: ")
    assert message.endswith("? Every name: tiebreaks.catalogue()")  # the library's own words
    listed = message.partition("did you mean: ")[2].partition("?")[0].split(", ")
    assert 1 <= len(listed) <= 3
    for descriptor in suggested:
        assert any(item.startswith(f"{descriptor} (") for item in listed), message


@pytest.mark.parametrize("typed", ["xyz", "qqqqqqqq", "12345"])
def test_unknown_names_without_anything_close(typed: str) -> None:
    pattern = r"^unknown tie-break '.*'; every name: tiebreaks\.catalogue\(\)$"
    with pytest.raises(UsageError, match=pattern):
        resolve_name(typed)


@pytest.mark.parametrize(
    ("typed", "candidates"),
    [
        ("Cumulative", ("CUM", "PS")),
        ("cumulative score", ("CUM", "PS")),
        ("cumulatve", ("CUM", "PS")),
        ("Median", ("MED", "BH/M1")),
        ("Median/C1", ("MED", "BH/M1")),
        ("Most blacks", ("MBLK", "BPG")),
        ("most black", ("MBLK", "BPG")),
        ("Head to head", ("DE", "RBT")),
        ("Performance-Wertung", ("SOR", "ARO", "TPR")),
        ("Buchholz Tie-Breaks (variabel with parameter)", ("BH", "BH/C1", "BH/M1")),
        ("The greater number of victories (variable)", ("WIN", "WON")),
    ],
)
def test_ambiguous_names_list_the_candidates(typed: str, candidates: tuple[str, ...]) -> None:
    with pytest.raises(UsageError, match=r"^ambiguous tie-break") as caught:
        resolve_name(typed)
    for descriptor in candidates:
        assert f"{descriptor} (" in str(caught.value)


@pytest.mark.parametrize(
    ("typed", "message"),
    [
        ("Median Buchholz/C1", "cannot also take /C1"),
        ("Buchholz Cut 1/C2", "contradicts"),
        ("Koya/L-1/L+1", "given twice"),
        ("Koya/C1", "does not take the modifier /C1"),
        ("Sonneborn-Berger/L-1", "does not take the modifier"),
        ("Buchholz/X1", "unknown modifier /X1"),
        ("Buchholz/", "empty modifier"),
        ("BH/C1/M1", "cannot be combined"),
        ("", "empty tie-break name"),
        ("   ", "empty tie-break name"),
    ],
)
def test_bad_modifiers_and_empty_input_are_refused(typed: str, message: str) -> None:
    with pytest.raises(UsageError, match=re.escape(message)):
        resolve_name(typed)


def test_team_score_is_read() -> None:
    """``BH:MP/C1`` is read as a descriptor whatever the kind of tournament; whether it applies
    is decided where the tournament is known (a team score for an individual event is refused
    by the standings)."""
    assert str(names._match("bh:mp-c1").spec) == "BH:MP/C1"
    assert str(resolve_name("Olympiad Buchholz").spec) == "BH:MP/C1"
    with pytest.raises(UsageError, match="applies to team tournaments only"):
        resolve(parse_spec("BH:MP/C1"))


def test_every_table_name_resolves_to_its_own_descriptor_exactly() -> None:
    """No name is shadowed by the descriptor reading, another name or a typo correction."""
    for descriptor, groups in NAMES.items():
        for group, spellings in groups.items():
            for spelling in spellings:
                found = names._match(spelling)
                assert (str(found.spec), found.corrected) == (descriptor, False), (group, spelling)


def test_every_table_name_passes_the_registry() -> None:
    for descriptor, groups in NAMES.items():
        for spellings in groups.values():
            for spelling in spellings:
                assert str(resolve_name(spelling).spec) == descriptor, spelling


@pytest.mark.parametrize("spelling", sorted(AMBIGUOUS))
def test_every_ambiguous_name_is_refused(spelling: str) -> None:
    with pytest.raises(UsageError, match=r"^ambiguous tie-break"):
        resolve_name(spelling)


@pytest.mark.parametrize("descriptor", sorted(NAMES))
def test_every_descriptor_is_canonical_and_registered(descriptor: str) -> None:
    assert str(parse_spec(descriptor)) == descriptor
    assert str(resolve(parse_spec(descriptor), team=None)[0]) == descriptor


@pytest.mark.parametrize("candidates", sorted(set(AMBIGUOUS.values())))
def test_ambiguous_candidates_are_canonical_and_registered(candidates: tuple[str, ...]) -> None:
    assert len(set(candidates)) == len(candidates) >= 2
    for descriptor in candidates:
        assert str(parse_spec(descriptor)) == descriptor
        assert str(resolve(parse_spec(descriptor), team=None)[0]) == descriptor


def test_no_normalisation_collisions() -> None:
    assert find_collisions(NAMES, AMBIGUOUS, names._codes()) == []
    assert names._index()  # builds without raising


def test_collisions_are_detected() -> None:
    table: dict[str, dict[str, tuple[str, ...]]] = {
        "BH": {"en": ("Buchholz",)},
        "SB": {"de": ("BUCHHOLZ!",)},
    }
    assert len(find_collisions(table, {})) == 1
    assert find_collisions({"BH": {"en": ("Median",)}}, {"median": ("MED", "BH/M1")})
    assert find_collisions({"BH": {"en": ("Koya",)}}, {}, {"KOYA": "KS"})
    assert not find_collisions({"BH": {"en": ("Buchholz",), "de": ("Buchholz",)}}, {})


def test_names_are_clean() -> None:
    for descriptor, groups in NAMES.items():
        assert groups, descriptor
        for group, spellings in groups.items():
            assert spellings, (descriptor, group)
            keys = [normalise(spelling) for spelling in spellings]
            assert len(set(keys)) == len(keys), f"{descriptor} {group}: duplicate names"
            for spelling in spellings:
                assert spelling == spelling.strip() and normalise(spelling), spelling
                assert not set(spelling) & set(",;/"), spelling  # list/modifier separators
    for spelling in AMBIGUOUS:
        assert not set(spelling) & set(",;/"), spelling


def test_index_is_built_once() -> None:
    assert names._index() is names._index()


@pytest.mark.parametrize(
    ("text", "key"),
    [
        ("  Buchholz-Cut1 ", "buchholz cut 1"),
        ("BUCHHOLZ_CUT_1", "buchholz cut 1"),
        ("Buchholz médian", "buchholz median"),
        ("Größe", "grosse"),
        ("GRÖSSE", "grosse"),
        ("Opponents’ Buchholz", "opponents buchholz"),
        ("opponent's  buchholz...", "opponents buchholz"),
        ("Av. Rat. Opp.", "av rat opp"),
        ("Número", "numero"),
    ],
)
def test_normalise(text: str, key: str) -> None:
    assert normalise(text) == key


@given(st.text(max_size=40))
@example("\U0001d56c")  # MATHEMATICAL BOLD FRAKTUR CAPITAL A: NFKD gives "A" after casefolding
def test_normalise_is_idempotent(text: str) -> None:
    assert normalise(normalise(text)) == normalise(text)


@given(st.text(alphabet=st.characters(codec="utf-8"), max_size=25))
def test_any_input_resolves_or_raises_usage_error(text: str) -> None:
    try:
        found = resolve_name(text)
    except UsageError:
        return
    assert str(resolve(found.spec, team=None)[0]) == str(found.spec)


@pytest.mark.parametrize(
    ("first", "second", "expected"),
    [
        ("koja", "koya", True),
        ("kyoa", "koya", True),
        ("koy", "koya", True),
        ("koyaa", "koya", True),
        ("koya", "koya", False),
        ("ko", "koya", False),
        ("kjoa", "koya", False),
    ],
)
def test_one_edit_apart(first: str, second: str, expected: bool) -> None:
    assert names._one_edit_apart(first, second) is expected
    assert names._one_edit_apart(second, first) is expected


def test_resolve_list() -> None:
    found = resolve_list("BH/C1, Sonneborn-Berger; Koja;; Direkter Vergleich (Schwarz bevorzugt),")
    assert [str(item.spec) for item in found] == ["BH/C1", "SB", "KS", "DEB"]
    assert [item.corrected for item in found] == [False, False, True, False]
    assert found[1].typed == "Sonneborn-Berger"
    assert resolve_list("") == []
    with pytest.raises(UsageError, match="unknown tie-break 'nonsense'"):
        resolve_list("BH, nonsense")


def test_names_for() -> None:
    german = names_for("BH/C1")["de"]
    assert "Buchholz mit einem Streichresultat" in german
    assert names_for("bh/c1") == names_for("BH/C1")
    assert names_for("GE") == names_for("REP")
    assert "Fortschrittswertung" in names_for("PS")["de"]
    assert names_for("XYZ") == {}
    assert names_for("not a descriptor!") == {}
    names_for("BH")["en"] = ()  # a copy: the table is not changed
    assert NAMES["BH"]["en"]


def test_resolved_name_is_frozen_and_canonical() -> None:
    found = resolve_name("Gemittelte Buchholz")
    assert found == ResolvedName(parse_spec("BH/M1"), "Gemittelte Buchholz", found.matched, False)
    assert found.matched == "Gemittelte Buchholz"
    with pytest.raises(dataclasses.FrozenInstanceError):
        found.corrected = True  # type: ignore[misc]
