"""Warnings in the reader's language (issue 16: every sentence through the catalogs): a
warning said by a catalog sentence (``Diagnostic.told``) is translated with its advice in the
text table's header, the HTML page, the PDF and the command's standard error, in the words of
each front end; in English, and in the JSON documents, it stays as the library says it."""

from __future__ import annotations

import pickle
from collections.abc import Callable, Sequence
from dataclasses import replace
from functools import cache
from pathlib import Path

import pytest
from click.testing import CliRunner

import tiebreaks
from tiebreaks.cli.main import main
from tiebreaks.errors import N_, Diagnostic, Listed, Phrase, Word
from tiebreaks.formats.detect import read_data
from tiebreaks.formats.writers.limits import shortened_names
from tiebreaks.model.team_matches import team_tournament
from tiebreaks.render.i18n import warning_text
from tiebreaks.render.pdf_content import pdf_content

from ..builders import Builder
from ..formats import published_pages as pages
from ..formats.test_consistency import player_line
from ..formats.test_pgn import game
from ..formats.test_round_robin_rounds import trf as round_robin
from ..formats.test_trf26_records import PLAYERS as TRF26_PLAYERS
from ..formats.test_trf26_records import record_299
from ..formats.test_trf26_records import trf as trf26
from ..team_files import FOUR_TEAM_SLOTS, FOUR_TEAMS, team_file
from .test_no_english import english_words

TRANSLATED = ["de", "it", "fr", "es"]


def unrated_swiss() -> tiebreaks.Tournament:
    """The 16-player example with Stephan (#16) unrated."""
    text = tiebreaks.example_path("held-swiss-16.trf").read_text("utf-8")
    unrated = text.replace("Stephan".ljust(34) + "1450", "Stephan".ljust(34) + "    ")
    assert unrated != text
    return read_data(unrated.encode("utf-8"), "unrated.trf")


def one_round_missing() -> tiebreaks.Tournament:
    """Four players, three rounds announced, results in two."""
    builder = Builder(rounds=3)
    for number in range(1, 5):
        builder.player(number, f"P{number}", 2000 - number)
    builder.game(1, 1, 3, "1-0").game(1, 2, 4, "=").game(2, 4, 1, "0-1").game(2, 3, 2, "=")
    return builder.build("Three rounds announced")


@cache
def warned() -> dict[str, tuple[tiebreaks.Standings, Diagnostic]]:
    """One standings per warning code, with that warning."""
    swiss = unrated_swiss()
    robin = tiebreaks.read_tournament(tiebreaks.example_path("held-round-robin-6.trf"))
    cases = {
        "standings.name-corrected": (swiss, "PTS,Buchholtz"),
        "standings.tiebreak-repeated": (swiss, "PTS,BH,BH"),
        "standings.tiebreak-dropped-unrated": (swiss, "PTS,ARO"),
        "standings.swiss-only-tiebreak": (robin, "PTS,BH"),
        "standings.manual-values-missing": (swiss, "PTS,MAN"),
        "standings.rounds-without-results": (one_round_missing(), "PTS,SB"),
    }
    found = {}
    for code, (tournament, tiebreak_list) in cases.items():
        standings = tiebreaks.compute_standings(tournament, tiebreak_list)
        warnings = [warning for warning in standings.warnings if warning.code == code]
        assert len(warnings) == 1, (code, standings.warnings)
        found[code] = (standings, warnings[0])
    return found


CODES = [
    "standings.name-corrected",
    "standings.tiebreak-repeated",
    "standings.tiebreak-dropped-unrated",
    "standings.swiss-only-tiebreak",
    "standings.manual-values-missing",
    "standings.rounds-without-results",
]


@pytest.mark.parametrize("code", CODES)
@pytest.mark.parametrize("lang", TRANSLATED)
def test_a_warning_has_no_english_left(code: str, lang: str) -> None:
    standings, warning = warned()[code]
    named = {warning.hint.parameter: "§"} if warning.hint else {}  # a front end's name for it
    text = warning_text(warning, lang, named)
    assert text != warning.worded(named)
    assert not english_words(text, standings, lang), text


@pytest.mark.parametrize("code", CODES)
def test_in_english_a_warning_is_the_librarys_sentence(code: str) -> None:
    _, warning = warned()[code]
    assert warning.template
    assert warning_text(warning, "en") == str(warning) == warning.worded({})
    assert warning.message == warning.template % dict(warning.fields)


@pytest.mark.parametrize(
    ("lang", "advice"),
    [
        ("de", "(C.07 Art. 10); mit --unrated-rating oder /U<Wertzahl> eine festlegen"),
        ("fr", "(C.07 art. 10) ; en fixer un avec --unrated-rating ou /U<classement>"),
        ("en", "set one with --unrated-rating or /U<rating>"),
    ],
)
def test_the_advice_is_translated_and_names_the_front_ends_option(lang: str, advice: str) -> None:
    _, warning = warned()["standings.tiebreak-dropped-unrated"]
    assert warning_text(warning, lang, {"unrated_rating": "--unrated-rating"}).endswith(advice)


def test_every_output_in_a_language_says_the_warning_in_it() -> None:
    """The HTML page and the PDF's content in German carry the German sentence; the JSON
    document keeps the library's (English) one beside its code."""
    standings, warning = warned()["standings.tiebreak-dropped-unrated"]
    german = warning_text(warning, "de").split(";")[0]
    assert german.startswith("ARO entfällt")
    page = tiebreaks.render_standings(standings, "html", "de")
    assert isinstance(page, str)
    assert german in page
    assert any(item.startswith(german) for item in pdf_content(standings, "de").warnings)
    document = tiebreaks.render_standings(standings, "json", "de")
    assert isinstance(document, str)
    assert "ARO dropped: unrated players take part" in document
    assert german not in document


def test_a_word_among_the_fields_is_translated_too() -> None:
    """A field given as a :class:`Word` (a catalog entry) is said in the language; the
    others as they are."""
    warning = Diagnostic.told(
        N_("%(spec)s is listed twice; the repetition cannot change the order"),
        code="standings.tiebreak-repeated",
        spec=Word("draw"),
    )
    assert str(warning) == "draw is listed twice; the repetition cannot change the order"
    assert warning_text(warning, "it").startswith("patta è due volte nell'elenco")
    plain = Diagnostic.told(warning.template, code=warning.code, spec="draw")
    assert warning_text(plain, "it").startswith("draw è due volte nell'elenco")


# ---------------------------------------------------------------- the readers' and writers'


def _pgn(*games: str) -> tiebreaks.Tournament:
    return read_data("".join(games).encode("utf-8"), "test.pgn")


def _with_movetext(result: str, movetext: str) -> str:
    """Ann - Bob of round 1 with the Result tag ``result`` and the movetext ``movetext``."""
    return game("1", "Ann", "Bob", result).replace(f"\n{result}\n\n", f"\n{movetext}\n\n")


FOOLS_MATE = "1. f3 e5 2. g4 Qh4#"  # White is checkmated
SCHOLARS_MATE = "1. e4 e5 2. Bc4 Nc6 3. Qh5 Nf6 4. Qxf7#"  # Black is checkmated
LOYD_STALEMATE = (  # Black to move, no legal move, not in check
    "1. e3 a5 2. Qh5 Ra6 3. Qxa5 h5 4. h4 Rah6 5. Qxc7 f6 6. Qxd7+ Kf7 7. Qxb7 Qd3 "
    "8. Qxb8 Qh7 9. Qxc8 Kg6 10. Qe6"
)


def _teams(*changed: tuple[int, str, str]) -> tiebreaks.Tournament:
    """The 14-team example, with (team number, name, short name) changed."""
    tournament = tiebreaks.read_tournament(tiebreaks.example_path("held-team-14.trf"))
    records = tournament.team_records
    assert records is not None
    names = {number: (name, short) for number, name, short in changed}
    teams = tuple(
        replace(team, name=names[team.number][0], short_name=names[team.number][1])
        if team.number in names
        else team
        for team in records.teams
    )
    return replace(tournament, team_records=replace(records, teams=teams))


def _shortened(
    tournament: tiebreaks.Tournament, widths: tuple[int, int, int]
) -> tuple[tiebreaks.Tournament, list[Diagnostic]]:
    """The tournament with its names cut to ``widths`` (players, teams, short names) and the
    warnings of the cut."""
    return shortened_names(tournament, *widths)


def _players(*names: str) -> tiebreaks.Tournament:
    builder = Builder(rounds=1)
    for number, name in enumerate(names, start=1):
        builder.player(number, name, 2000 - number)
    return builder.game(1, 1, 2, "1-0").build("Names")


#: one input per sentence: case -> (code, how to get the tournament and its warnings)
READ_CASES: dict[str, tuple[str, Callable[[], tuple[tiebreaks.Tournament, Sequence[Diagnostic]]]]]
READ_CASES = {
    "movetext-errors": (
        "pgn.movetext-errors",
        lambda: _read(_pgn(game("1", "Ann", "Bob", "1-0", moves="1. e4 e5 2. Ke3"))),
    ),
    "unfinished": (
        "pgn.unfinished-game",
        lambda: _read(_pgn(game("1", "Ann", "Bob", "1-0"), game("2", "Cid", "Ann", "*"))),
    ),
    "marker": (
        "pgn.result-marker-differs",
        lambda: _read(_pgn(_with_movetext("1-0", "1. e4 0-1"))),
    ),
    "mate-of-white": (
        "pgn.result-position-differs",
        lambda: _read(_pgn(_with_movetext("1-0", FOOLS_MATE + " 1-0"))),
    ),
    "mate-of-black": (
        "pgn.result-position-differs",
        lambda: _read(_pgn(_with_movetext("0-1", SCHOLARS_MATE + " 0-1"))),
    ),
    "stalemate": (
        "pgn.result-position-differs",
        lambda: _read(_pgn(_with_movetext("1-0", LOYD_STALEMATE + " 1-0"))),
    ),
    "forfeit-draw": (
        "pgn.forfeit-draw",
        lambda: _read(_pgn(game("1", "Ann", "Bob", "1/2-1/2", Termination="forfeit"))),
    ),
    "rating-differs": (
        "pgn.player-tag-differs",
        lambda: _read(
            _pgn(
                game("1", "Ann", "Bob", "1-0", WhiteElo="2100"),
                game("2", "Bob", "Ann", "1-0", BlackElo="2050"),
            )
        ),
    ),
    "title-differs": (
        "pgn.player-tag-differs",
        lambda: _read(
            _pgn(
                game("1", "Ann", "Bob", "1-0", WhiteTitle="FM"),
                game("2", "Bob", "Ann", "1-0", BlackTitle="IM"),
            )
        ),
    ),
    "start-numbers": (
        "pgn.start-numbers-partial",
        lambda: _read(_pgn(game("1", "Ann", "Bob", "1-0", WhiteStartNumber="2"))),
    ),
    "several-events": (
        "pgn.several-events",
        lambda: _read(
            _pgn(
                game("1", "Ann", "Bob", "1-0"),
                game("2", "Bob", "Ann", "1-0").replace('"Test"', '"Open"'),
            )
        ),
    ),
    "spelling": (
        "pgn.spelling-merged",
        lambda: _read(
            _pgn(
                game("1", "Carlsen, Magnus", "Ann", "1-0"),
                game("2", "Bob", "carlsen, magnus", "0-1"),
            )
        ),
    ),
    "spelling-by-id": (
        "pgn.spelling-merged",
        lambda: _read(
            _pgn(
                game("1", "Carlsen, Magnus", "Ann", "1-0", WhiteFideId="1503014"),
                game("2", "Bob", "Magnus Carlsen", "0-1", BlackFideId="1503014"),
            )
        ),
    ),
    "two-ids": (
        "pgn.same-name-two-ids",
        lambda: _read(
            _pgn(
                game("1", "Li, Wei", "Ann", "1-0", WhiteFideId="111"),
                game("1", "Bob", "li, wei", "0-1", BlackFideId="222"),
            )
        ),
    ),
    "look-alike": (
        "pgn.look-alike-names",
        lambda: _read(
            _pgn(game("1", "Müller, Hans", "Ann", "1-0"), game("2", "Bob", "Muller, Hans", "0-1"))
        ),
    ),
    "csv-no-result": (
        "csv.no-result",
        lambda: _read(read_data(b"A,*,,1\nB,,*,1\nC,0,0,*\n", "table.csv")),
    ),
    "csv-points": (
        "csv.points-not-a-number",
        lambda: _read(read_data(b"Name;1;2;Pkt\nAnn;*;1;x\nBob;0;*;0\n", "table.csv")),
    ),
    "legend": (
        "chessresults.legend-unresolved",
        lambda: _read(
            read_data(
                b"Rk.;Name;1.Rd;Pts.;TB1\n1;Ana;2w1;1;0\n2;Bea;1b0;0;1\nTie Break1: Zufall\n",
                "table.csv",
            )
        ),
    ),
    "no-legend": (
        "chessresults.legend-unresolved",
        lambda: _read(
            read_data(b"Rk.;Name;1.Rd;Pts.;TB1\n1;Ana;2w1;1;0\n2;Bea;1b0;0;1\n", "table.csv")
        ),
    ),
    "html-no-result": (
        "html.no-result",
        lambda: _read(
            read_data(
                pages.swiss_chess_crosstable({(1, 2): "", (2, 1): ""}).encode(), "kreuztabelle.html"
            )
        ),
    ),
    "html-value": (
        "html.value-not-a-number",
        lambda: _read(
            read_data(
                pages.vega_crosstable(by_rank=True)
                .replace("<td>  1.00 </td>", "<td>  1-2 </td>")
                .encode(),
                "crosstablescore.html",
            )
        ),
    ),
    "vega-no-result": (
        "vega.no-result",
        lambda: _read(
            read_data(pages.vega_round(1, ((2, "...", 4), (1, "½ - ½", 3))).encode(), "pairs1.html")
        ),
    ),
    "vega-empty": (
        "vega.no-result",
        lambda: _read(
            read_data(pages.vega_round(1, ((2, "", 4), (1, "½ - ½", 3))).encode(), "pairs1.html")
        ),
    ),
    "player-shortened": (
        "write.name-shortened",
        lambda: _shortened(_players("Annabel Alpha", "Bob"), (7, 30, 10)),
    ),
    "players-equal": (
        "write.names-now-equal",
        lambda: _shortened(_players("Annabel Alpha", "Annabel Beta"), (7, 30, 10)),
    ),
    "team-shortened": (
        "write.name-shortened",
        lambda: _shortened(_teams((1, "Kings Alpha", "")), (30, 7, 10)),
    ),
    "short-name-shortened": (
        "write.name-shortened",
        lambda: _shortened(_teams((1, "Kings", "KINGSX")), (30, 30, 3)),
    ),
    "short-name-shortened-no-name": (
        "write.name-shortened",
        lambda: _shortened(_teams((1, "", "KINGSX")), (30, 30, 3)),
    ),
    "teams-equal": (
        "write.names-now-equal",
        lambda: _shortened(_teams((1, "Kings Alpha", ""), (2, "Kings Alpine", "")), (30, 8, 10)),
    ),
}


def _read(tournament: tiebreaks.Tournament) -> tuple[tiebreaks.Tournament, Sequence[Diagnostic]]:
    return tournament, tournament.warnings


@cache
def read_warning(case: str) -> tuple[tiebreaks.Standings, Diagnostic]:
    """The standings of a case's tournament (whose names a warning may quote) and its one
    warning of the case's code."""
    code, made = READ_CASES[case]
    tournament, warnings = made()
    found = [warning for warning in warnings if warning.code == code]
    assert len(found) == 1, (case, warnings)
    return tiebreaks.compute_standings(tournament, "PTS"), found[0]


@pytest.mark.parametrize("case", READ_CASES)
@pytest.mark.parametrize("lang", TRANSLATED)
def test_a_readers_warning_has_no_english_left(case: str, lang: str) -> None:
    standings, warning = read_warning(case)
    named = {warning.hint.parameter: "§"} if warning.hint else {}
    text = warning_text(warning, lang, named)
    assert text != warning.worded(named)
    assert not english_words(text, standings, lang), text


@pytest.mark.parametrize("case", READ_CASES)
def test_in_english_a_readers_warning_is_the_librarys_sentence(case: str) -> None:
    _, warning = read_warning(case)
    assert warning.template
    assert warning_text(warning, "en") == str(warning) == warning.worded({})
    assert warning.message == warning.template % dict(warning.fields)


@pytest.mark.parametrize(
    ("case", "lang", "said"),
    [
        ("mate-of-white", "de", "die Züge enden mit Matt des weißen Königs"),
        ("stalemate", "it", "le mosse terminano con stallo"),
        ("spelling", "fr", "(Noirs, ronde 2)"),
        ("vega-empty", "es", "(vacía)"),
        ("no-legend", "de", "'keine Legende'"),
        ("players-equal", "it", "una lista rating abbinata per nome (§)"),
    ],
)
def test_the_words_among_a_readers_fields_are_translated(case: str, lang: str, said: str) -> None:
    """The words of a sentence that vary (how a game ended, the side) are said in the
    language, and so is the advice."""
    _, warning = read_warning(case)
    named = {warning.hint.parameter: "§"} if warning.hint else {}
    assert said in warning_text(warning, lang, named)


# ---------------------------------------------------------------------------------------------
# The TRF reader's warnings: one small file per sentence (the inputs of the reader's own tests)


def _rank(text: str, line: str, rank: str, first: int) -> str:
    """``text`` with the field at column ``first`` (3 columns) of the line starting with
    ``line`` replaced by ``rank``."""
    start = text.index(line)
    return text[: start + first - 1] + rank + text[start + first - 1 + len(rank) :]


def _without_round_3(first: str) -> str:
    """The four players' file with Ann's round 3 written as ``first`` and Dan's left blank."""
    ann = (1, "Ann", "", ("   2 w 1", "   3 b 1", first))
    dan = (4, "Dan", "", ("   3 b 0", "   2 b ="))
    return trf26(players=(ann, *TRF26_PLAYERS[1:3], dan))


def _team(*records: str) -> str:
    return team_file("Teams", 2, FOUR_TEAMS, FOUR_TEAM_SLOTS, records, trf26=True)


def _points(stated: str, name: str, *records: str) -> str:
    """The four players' file with Ann (#1) called ``name`` and stating ``stated`` points."""
    ann = (1, name, stated, TRF26_PLAYERS[0][3])
    return trf26(*records, players=(ann, *TRF26_PLAYERS[1:]))


def _same_names() -> str:
    """Four teams, the second called as the first."""
    named = dict(zip(["T1", "t1", "T3", "T4"], FOUR_TEAMS.values(), strict=True))
    return team_file("Teams", 2, named, FOUR_TEAM_SLOTS, trf26=True)


#: label -> (code, file): each file makes one warning of that code
def _sides(written: str, instead: str) -> str:
    """The 16-player example with Lais's (#10) round 1 against Bruno (#2, Black, won)
    rewritten: the same colour as Bruno's, or an unrated loss (Bruno's side is a rated win)."""
    text = tiebreaks.example_path("held-swiss-16.trf").read_text("utf-8")
    lines = text.splitlines()
    (at,) = [i for i, line in enumerate(lines) if line.startswith("001   10 ")]
    assert lines[at][91:99] == written  # round 1: columns 92-99
    lines[at] = lines[at][:91] + instead + lines[at][99:]
    return "\n".join(lines) + "\n"


def _meeting_twice(players: int) -> str:
    """A declared round robin of 3 or 4 players over 2 rounds in which every pair that meets
    meets twice (a cycle is 3 rounds: no pair may meet twice); with 4 players two pairs do."""
    rounds = {
        1: ["   2 w 1", "   2 b ="],
        2: ["   1 b 0", "   1 w ="],
        3: ["0000 - U", "0000 - U"] if players == 3 else ["   4 w 1", "   4 b 1"],
        4: ["   3 b 0", "   3 w 0"],
    }
    lines = ["012 Club", "092 Round robin"]
    lines += [player_line(n, f"P{n}", "", rounds[n]) for n in range(1, players + 1)]
    return "\n".join(lines) + "\n"


READER_CASES: dict[str, tuple[str, str]] = {
    "rank": ("trf.rank-not-a-number", _rank(trf26(), "001    1", "  x", 86)),
    "game-without-opponent": ("trf.game-without-opponent", _without_round_3("0000 - 1")),
    "paired-no-result": ("trf.opponent-without-game", _without_round_3("   4 w  ")),
    "bye-with-opponent": ("trf.opponent-without-game", _without_round_3("   4 - H")),
    "national": (
        "trf.national-rating-unknown-player",
        trf26("172 NOR HBFN", f"NOR    9{'':40}1800"),
    ),
    "start-date": ("trf.start-date-unreadable", trf26("042 someday")),
    "method-other": ("trf.rating-method-other", trf26("172 NOR OTHER")),
    "rounds": ("trf.rounds-disagree", trf26("XXR 4")),
    "xxs": ("trf.xxs-colour-points", trf26("XXS WW=1 BW=0.5")),
    "rating-unknown": ("trf.round-rating-ignored", trf26("### rating of 9 from round 2: 1800")),
    "rating-round": ("trf.round-rating-ignored", trf26("### rating of 1 from round 9: 1800")),
    "rating-twice": (
        "trf.round-rating-ignored",
        trf26("### rating of 1 from round 2: 1800", "### rating of 1 from round 2: 1900"),
    ),
    "acceleration": ("trf.acceleration-ignored", trf26("250      1.0 001 002 0001 0002")),
    "without-effect-1": ("trf.records-without-effect", trf26("XXP 1 2")),
    "without-effect-2": ("trf.records-without-effect", trf26("XXP 1 2", "260 1 2")),
    "299-after": ("trf.assignment-unused", trf26(record_299("", "-1.0", 4, 1))),
    "299-others": ("trf.assignment-unused", trf26(record_299("", "-1.0", 0, 1, 9))),
    "299-unknown": ("trf.assignment-unused", trf26(record_299("", "-1.0", 0, 9))),
    "299-match-points": ("trf.assignment-unused", trf26(record_299("", "-1.0", 0, 1, mp="-2.0"))),
    "299-any-round": ("trf.assignment-unused", trf26(record_299("Z", "0.5", 0, 2))),
    "299-round": ("trf.assignment-unused", trf26(record_299("W", "0.5", 1, 2))),
    "240-later": ("trf.bye-later-round", trf26("240 Z 004    1    2")),
    "240-unknown": ("trf.bye-disagrees", trf26("240 H 002    9")),
    "240-differs": ("trf.bye-disagrees", trf26("240 H 002    1")),
    "list-changed": (
        "trf.tiebreak-list-changed",
        trf26("### 202 changed after round 1; previous list: BH,SB"),
    ),
    "list-was-none": (
        "trf.tiebreak-list-changed",
        trf26("### 202 changed after round 1; previous list: (none)"),
    ),
    "300-without-teams": ("trf.record-not-applied", trf26("300   2   1   3    2    1")),
    "team-240": ("trf.record-not-applied", _team("240 H 002    1")),
    "team-rank": ("trf.team-rank-not-a-number", _rank(_team(), "310   1", "  x", 69)),
    "team-299-everyone": ("trf.assignment-unused", _team("299 W         2.0  000")),
    "team-299-unknown": ("trf.assignment-unused", _team(record_299("", "-1.0", 0, 9, mp="-1.0"))),
    "team-299-others": (
        "trf.assignment-unused",
        _team(record_299("", "-1.0", 0, 1, 9, mp="-1.0")),
    ),
    "team-299-any-round": ("trf.assignment-unused", _team(record_299("Z", "0.5", 0, 2))),
    "team-299-round": ("trf.assignment-unused", _team(record_299("Z", "0.5", 1, 2))),
    "points-named": ("consistency.points-differ", _points("9.0", "Ann")),
    "points-nameless": ("consistency.points-differ", _points("9.0", "")),
    "points-score-system": ("consistency.points-differ", _points("9.5", "Ann", "XXS W=3")),
    "round-robin-rounds": (
        "consistency.round-robin-rounds",
        round_robin(["092 Round robin", "XXR 2"]),
    ),
    "double-round-robin-rounds": (
        "consistency.round-robin-rounds",
        round_robin(["092 Double round robin", "XXR 4"]),
    ),
    "teams-same-name": ("consistency.teams-same-name", _same_names()),
    "not-a-round-robin": ("consistency.not-a-round-robin", _meeting_twice(3)),
    "not-a-round-robin-pairs": ("consistency.not-a-round-robin", _meeting_twice(4)),
    "sides-colours": ("consistency.sides-disagree", _sides("   2 w 0", "   2 b 0")),
    "sides-rated": ("consistency.sides-disagree", _sides("   2 w 0", "   2 w L")),
    "sides-both": ("consistency.sides-disagree", _sides("   2 w 0", "   2 b L")),
}


@cache
def reader_warning(label: str) -> tuple[tiebreaks.Standings, Diagnostic]:
    """The one warning of its code that the case's file makes, and the file's standings."""
    code, text = READER_CASES[label]
    tournament = read_data(text.encode("utf-8"), "t.trf")
    warnings = [warning for warning in tournament.warnings if warning.code == code]
    assert len(warnings) == 1, (label, tournament.warnings)
    return tiebreaks.compute_standings(tournament), warnings[0]


@pytest.mark.parametrize("label", READER_CASES)
@pytest.mark.parametrize("lang", TRANSLATED)
def test_a_reader_warning_has_no_english_left(label: str, lang: str) -> None:
    standings, warning = reader_warning(label)
    named = {warning.hint.parameter: "§"} if warning.hint else {}
    text = warning_text(warning, lang, named)
    assert text != warning.worded(named)
    assert text.startswith(f"{warning.location}: ")
    assert not english_words(text, standings, lang), text


@pytest.mark.parametrize("label", READER_CASES)
def test_in_english_a_reader_warning_is_the_librarys_sentence(label: str) -> None:
    _, warning = reader_warning(label)
    assert warning.template
    assert warning_text(warning, "en") == str(warning)
    assert warning.message == warning.template % dict(warning.fields)


#: team matches built from the records (:func:`team_tournament`): label -> the code, the file
TEAM_CASES = {
    "line-up-seats-someone-without-a-game": (
        "teams.line-up-differs",
        team_file(
            "Teams",
            2,
            {**FOUR_TEAMS, "T1": [1, 2, 9]},
            {**FOUR_TEAM_SLOTS, 9: []},
            ("300   2   1   3    1    2    9",),
            trf26=True,
        ),
    ),
    "line-up-leaves-out-a-player": ("teams.line-up-differs", _team("300   2   1   3    2")),
    "line-up-facing-another-board": ("teams.line-up-differs", _team("300   2   1   3    2    1")),
}


@cache
def team_warning(label: str) -> tuple[tiebreaks.Standings, Diagnostic]:
    """The first warning of its code that the team matches of the case's file make."""
    code, text = TEAM_CASES[label]
    tournament = read_data(text.encode("utf-8"), "t.trf")
    warnings = [w for w in team_tournament(tournament).warnings if w.code == code]
    assert warnings, (label, tournament.warnings)
    return tiebreaks.compute_standings(tournament), warnings[0]


@pytest.mark.parametrize("label", TEAM_CASES)
@pytest.mark.parametrize("lang", TRANSLATED)
def test_a_team_match_warning_has_no_english_left(label: str, lang: str) -> None:
    standings, warning = team_warning(label)
    text = warning_text(warning, lang)
    assert text != str(warning)
    assert not english_words(text, standings, lang), text


@pytest.mark.parametrize("label", TEAM_CASES)
def test_in_english_a_team_match_warning_is_the_librarys_sentence(label: str) -> None:
    _, warning = team_warning(label)
    assert warning.template
    assert warning_text(warning, "en") == str(warning)


@pytest.mark.parametrize(
    ("lang", "advice"),
    [
        ("de", "um es als Turnier nach Schweizer System zu berechnen, --system swiss angeben"),
        ("it", "per calcolarlo come un torneo a sistema svizzero, indicare --system swiss"),
        ("en", "to compute it as a Swiss, give --system swiss"),
    ],
)
def test_the_round_robin_advice_is_in_the_language(lang: str, advice: str) -> None:
    _, warning = reader_warning("round-robin-rounds")
    assert warning_text(warning, lang, {"pairing_system": "--system"}).endswith(advice)


def test_a_list_among_the_fields_is_said_item_by_item(tmp_path: Path) -> None:
    """The rating lists used (--rating-order DWZ, a DWZ list without #16): the lists joined by
    a word, the counts by phrases (15 from DWZ, and Stephan from no list), all in German."""
    ratings = tmp_path / "dwz.csv"
    rows = [f"{number};{1000 + 50 * number}" for number in range(1, 16)]
    ratings.write_text("start_number;DWZ\n" + "\n".join(rows) + "\n", "utf-8")
    swiss = str(tiebreaks.example_path("held-swiss-16.trf"))
    args = ["standings", swiss, "-t", "PTS,BH", "--ratings", str(ratings)]
    english = CliRunner().invoke(main, [*args, "--rating-order", "DWZ"]).stderr
    assert "ratings for tie-breaks (DWZ): 15 from DWZ, 1 from no list (unrated)" in english
    german = CliRunner().invoke(main, [*args, "--rating-order", "DWZ", "--lang", "de"]).stderr
    said = "Wertzahlen für die Feinwertungen (DWZ): 15 aus DWZ, 1 aus keiner Liste (ohne Wertzahl)"
    assert said in german
    both = CliRunner().invoke(main, [*args, "--rating-order", "DWZ,FIDE", "--lang", "fr"]).stderr
    assert "classements pour les départages (DWZ sinon FIDE) : 15 de DWZ, 1 de FIDE" in both


def test_listed_items_and_joiner_are_said_in_the_language() -> None:
    warning = Diagnostic.told(
        N_("%(spec)s is listed twice; the repetition cannot change the order"),
        code="standings.tiebreak-repeated",
        spec=Listed((Phrase(N_("team %(number)s"), number=3), Phrase(N_("no team")))),
    )
    assert str(warning).startswith("team 3, no team is listed twice")
    assert warning_text(warning, "de").startswith("Mannschaft 3, keiner Mannschaft steht")
    copied = pickle.loads(pickle.dumps(warning))
    assert warning_text(copied, "de") == warning_text(warning, "de")


@pytest.mark.parametrize(("lang", "stated", "total"), [("en", "9.0", "2.0"), ("de", "9,0", "2,0")])
def test_an_amount_among_the_fields_has_the_languages_decimal_symbol(
    lang: str, stated: str, total: str
) -> None:
    """Ann's points column says 9.0 where her results add up to 2.0: the numbers are written
    as the language writes decimals."""
    _, warning = reader_warning("points-named")
    text = warning_text(warning, lang)
    assert f" {stated}" in text
    assert text.endswith(total)
