"""The command line: output formats, golden files, errors and exit codes."""

from __future__ import annotations

import json
import subprocess
import sys
from decimal import Decimal
from pathlib import Path

import pytest
from click.testing import CliRunner

from tiebreaks import example_path
from tiebreaks.cli.common import EXIT_INPUT, EXIT_USAGE
from tiebreaks.cli.main import main

GOLDEN = Path(__file__).parent / "golden"
SWISS = str(example_path("held-swiss-16.trf"))
ROUND_ROBIN = str(example_path("held-round-robin-6.trf"))
SWISS_9 = str(example_path("held-swiss-16x9.trf"))


def run(*args: str, stdin: str | None = None) -> tuple[int, str, str]:
    result = CliRunner().invoke(main, list(args), input=stdin)
    return result.exit_code, result.stdout, result.stderr


@pytest.mark.parametrize(
    ("golden", "args"),
    [
        ("held-swiss-16.fide-2024.txt", [SWISS, "-t", "PTS,BH/C1,BH,SB", "-r", "fide-2024"]),
        ("held-swiss-16x9.de.txt", [SWISS_9, "-t", "PTS,DE", "-r", "fide-2024"]),
        (
            "held-round-robin-6.fide-2024.txt",
            [ROUND_ROBIN, "-t", "PTS,DE,SB,SB/C1,KS", "-r", "fide-2024"],
        ),
    ],
)
def test_golden_text(golden: str, args: list[str]) -> None:
    """Readable golden files; every value and rank in them is a published answer of the FIDE
    arbiters' exercises (spec TV-3, TV-4 and TV-5), checked by hand against those tables."""
    code, out, _ = run("standings", *args)
    assert code == 0
    assert out == (GOLDEN / golden).read_text(encoding="utf-8")


def test_json_output() -> None:
    code, out, _ = run("standings", SWISS, "-t", "PTS,BH/C1,SB,ARO/C1", "-f", "json")
    assert code == 0
    data = json.loads(out, parse_float=Decimal)
    assert data["tournament"] == {
        "name": "Held exercises: Swiss, 16 players, 5 rounds (FIDE C.07 exercises)",
        "rounds": 5,
        "type": "swiss",
        "teams": False,
        "start_date": "2024-03-01",
    }
    assert data["rules"] == "fide-2024"
    assert data["tiebreaks"] == ["PTS", "BH/C1", "SB", "ARO/C1"]
    first = data["standings"][0]
    assert (first["rank"], first["id"], first["name"]) == (1, 2, "Bruno")
    assert first["tiebreaks"] == {"PTS": 4, "BH/C1": 12, "SB": Decimal("9.5"), "ARO/C1": 1988}
    nick = next(row for row in data["standings"] if row["id"] == 12)
    assert nick["tiebreaks"]["ARO/C1"] is None  # one game only: undefined (spec TV-3)


def test_rules_chosen_by_start_date_and_printed() -> None:
    _, out, _ = run("standings", SWISS)
    assert "Rules: fide-2024 (start date 2024-03-01)" in out
    _, out, _ = run("standings", SWISS, "--rules", "fide-2026")
    assert "Rules: fide-2026 (given)" in out


def test_default_list_is_fide_recommendation() -> None:
    _, out, _ = run("standings", SWISS)
    assert "Tie-breaks: PTS, BH/C1, BH, SB, DE, WIN, BWG (FIDE recommendation" in out


def test_csv_output_is_spreadsheet_safe(tmp_path: Path) -> None:
    text = Path(ROUND_ROBIN).read_text(encoding="utf-8").replace("Alyx     ", "=cmd|' /C", 1)
    path = tmp_path / "evil.trf"
    path.write_text(text, encoding="utf-8")
    code, out, _ = run("standings", str(path), "-f", "csv", "-t", "PTS,SB")
    assert code == 0
    lines = out.splitlines()
    assert lines[0] == "rank,id,name,rating,PTS,SB"
    assert lines[1].startswith("1,1,'=cmd|' /C")


def test_standard_input() -> None:
    code, out, _ = run("standings", "-", "-t", "PTS,SB", stdin=Path(SWISS).read_text("utf-8"))
    assert code == 0
    assert "Bruno" in out


def test_after_round() -> None:
    """After round 1 of TV-3 (read off the crosstable by hand): 2, 1, 4, 14, 7 and 13 won,
    3-11 and 16-8 were drawn, the others lost."""
    code, out, _ = run("standings", SWISS, "-n", "1", "-t", "PTS", "-f", "json")
    assert code == 0
    data = json.loads(out, parse_float=Decimal)
    assert data["after_round"] == 1
    points = {row["id"]: row["tiebreaks"]["PTS"] for row in data["standings"]}
    winners = {2, 1, 4, 14, 7, 13}
    draws = {3, 11, 16, 8}
    for number, value in points.items():
        expected = 1 if number in winners else Decimal("0.5") if number in draws else 0
        assert value == expected, number


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["-t", "PTS,XYZ"], "unknown tie-break 'XYZ'"),
        (["-t", "BH/Q1"], "unknown modifier /Q1"),
        (["-t", "WIN/C1"], "WIN does not take the modifier /C1"),
        (["-r", "fide-1999"], "unknown rules regime 'fide-1999'"),
        (["-n", "9"], "outside 0..5"),
    ],
)
def test_usage_errors(args: list[str], message: str) -> None:
    code, out, err = run("standings", SWISS, *args)
    assert code == EXIT_USAGE
    assert message in err
    assert "Traceback" not in out + err


def test_malformed_file(tmp_path: Path) -> None:
    lines = Path(SWISS).read_text(encoding="utf-8").splitlines()
    lines[5] = lines[5][:98] + "?" + lines[5][99:]
    path = tmp_path / "bad.trf"
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    code, _, err = run("standings", str(path))
    assert code == EXIT_INPUT
    assert f"{path}:6:99" in err
    assert "Traceback" not in err


def test_missing_file(tmp_path: Path) -> None:
    code, _, err = run("standings", str(tmp_path / "nope.trf"))
    assert code == EXIT_INPUT
    assert "cannot read" in err


def test_unrated_players_drop_rating_tiebreaks(tmp_path: Path) -> None:
    """C.07 Art. 10: with unrated players and no rating set for them, rating tie-breaks are
    removed from the list, with a warning; --unrated-rating keeps them."""
    lines = Path(SWISS).read_text(encoding="utf-8").splitlines()
    lines[5] = lines[5][:48] + "    " + lines[5][52:]
    path = tmp_path / "unrated.trf"
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    code, out, err = run("standings", str(path), "-t", "PTS,ARO,SB")
    assert code == 0
    assert "ARO dropped: unrated players take part" in err
    assert "Tie-breaks: PTS, SB" in out
    code, out, err = run("standings", str(path), "-t", "PTS,ARO,SB", "--unrated-rating", "1000")
    assert "dropped" not in err
    assert "Tie-breaks: PTS, ARO, SB" in out


def test_drawing_of_lots_is_repeatable() -> None:
    first = run("standings", ROUND_ROBIN, "-t", "PTS", "--lots", "7")[1]
    second = run("standings", ROUND_ROBIN, "-t", "PTS", "--lots", "7")[1]
    assert first == second
    assert "* place decided by drawing of lots" in first
    ranks = [
        line.split()[0]
        for line in first.splitlines()
        if line.split() and line.split()[0].rstrip("*").isdigit()
    ]
    assert ranks == ["1*", "2*", "3*", "4*", "5*", "6*"]


CATALOGUE = ["PTS", "DE", "WIN", "WON", "BPG", "BWG", "PS", "REP", "STD", "TPN", "BH", "AOB"]
CATALOGUE += ["FB", "SB", "KS", "ARO", "TPR", "PTP", "APRO", "APPO", "RTNG"]
CATALOGUE += ["BBH", "SOR", "GPL", "DEB", "MMED", "MED", "SOLK", "CUM", "OCUM", "KASH", "USSB"]
CATALOGUE += ["MBLK", "RBT"]


def test_list_shows_catalogue() -> None:
    code, out, _ = run("list")
    assert code == 0
    for acronym in CATALOGUE:
        assert f"\n{acronym} " in out
    assert "fide-2009" in out and "/V2009" in out
    buchholz = next(line for line in out.splitlines() if line.startswith("BH "))
    assert buchholz.split() == ["BH", "C", "Art.", "8.1", "C", "M", "P", "V", "Buchholz"]


def test_list_fits_a_terminal_and_explains_the_types() -> None:
    """``tiebreaks list`` fits an 80-column terminal (long names wrap under the name column)
    and says what each type code of C.07 Art. 5 means (A, B, C, D; two letters combine)."""
    code, out, _ = run("list")
    assert code == 0
    lines = out.splitlines()
    assert max(map(len, lines)) <= 80
    legend = lines[lines.index("Types (C.07 Art. 5):") + 1 :]
    for letter in "ABCD":
        assert any(line.startswith(f"  {letter}  ") for line in legend)
    assert any("two letters" in line for line in legend)


def test_list_one_tiebreak_by_any_name() -> None:
    """``tiebreaks list NAME`` resolves the name (German here, with a typo) and shows every
    name of the tie-break and of its named variants."""
    code, out, _ = run("list", "gemittelte bucholz")
    assert code == 0
    assert out.startswith("BH: Buchholz (Art. 8.1, type C)\nTyped 'gemittelte bucholz': BH/M1")
    assert "Buchholz mit einem Streichresultat" in out
    code, _, err = run("list", "xyzzy")
    assert code == EXIT_USAGE
    assert "unknown tie-break 'xyzzy'" in err


@pytest.mark.parametrize(
    ("args", "advice"),
    [
        (["standings", SWISS, "-t", "PTS,XYZ"], "; every name: run 'tiebreaks list'"),
        (["standings", SWISS, "-t", "PTS,Sonneborn"], "? Every name: run 'tiebreaks list'"),
        (["list", "xyzzy"], "; every name: run 'tiebreaks list'"),
    ],
)
def test_an_unknown_name_points_to_the_commands_list(args: list[str], advice: str) -> None:
    """The command says where its own list of names is, not the library's function."""
    code, _, err = run(*args)
    assert code == EXIT_USAGE
    assert err.rstrip().endswith(advice), err
    assert "catalogue()" not in err


def test_tiebreak_names_in_the_list() -> None:
    """Names and both FIDE spellings are accepted; a corrected typo is a warning."""
    code, out, err = run("standings", SWISS, "-t", "Punkte;Bucholz mit einem Streichresultat;SB-C1")
    assert code == 0
    assert "Tie-breaks: PTS, BH/C1, SB/C1 (given)" in out
    assert "read 'Bucholz mit einem Streichresultat' as" in err
    code, _, err = run("standings", SWISS, "-t", "PTS,Cumulative")
    assert code == EXIT_USAGE
    assert "can mean CUM (US cumulative), PS" in err


def test_uscf_default_list() -> None:
    code, out, _ = run("standings", SWISS, "-r", "uscf")
    assert code == 0
    assert "Tie-breaks: PTS, MMED, SOLK, CUM, OCUM (default list of the uscf rules)" in out


def test_ratings_side_list(tmp_path: Path) -> None:
    """--ratings with --rating-order DWZ: the DWZ list replaces the file's ratings; a player
    missing from it is unrated, so ARO is dropped unless a rating is set for them."""
    ratings = tmp_path / "dwz.csv"
    rows = [f"{number};{1000 + 50 * number}" for number in range(1, 16)]
    ratings.write_text("start_number;DWZ\n" + "\n".join(rows) + "\n", "utf-8")
    args = ["standings", SWISS, "-t", "PTS,ARO", "--ratings", str(ratings)]
    code, _, err = run(*args, "--rating-order", "DWZ")
    assert code == 0
    assert "ratings for tie-breaks (DWZ): 15 from DWZ, 1 from no list (unrated)" in err
    assert "ARO dropped" in err
    code, _, err = run(*args)  # default order: FIDE from the file, then DWZ
    assert "16 from FIDE" in err
    code, _, err = run(*args, "--rating-order", "NWZ")
    assert code == EXIT_USAGE
    assert "unknown rating list 'NWZ'" in err


def test_module_entry_point_without_traceback(tmp_path: Path) -> None:
    path = tmp_path / "empty.trf"
    path.write_text("012 nothing here\n", encoding="utf-8")
    result = subprocess.run(
        [sys.executable, "-m", "tiebreaks", "standings", str(path)],
        capture_output=True,
        text=True,
        check=False,
    )
    assert result.returncode == EXIT_INPUT
    assert "Traceback" not in result.stderr
    assert str(path) in result.stderr


def test_file_tiebreak_list_is_used(tmp_path: Path) -> None:
    """Without --tiebreaks, the TRF26 202 record gives the list (PTS first)."""
    text = Path(SWISS).read_text(encoding="utf-8").replace("XXR 5\n", "XXR 5\n202 SB,BH/C1\n")
    path = tmp_path / "with-202.trf"
    path.write_text(text, encoding="utf-8")
    code, out, _ = run("standings", str(path))
    assert code == 0
    assert "Tie-breaks: PTS, SB, BH/C1 (file (202))" in out


def test_unknown_tiebreak_in_file_is_an_error(tmp_path: Path) -> None:
    text = Path(SWISS).read_text(encoding="utf-8").replace("XXR 5\n", "XXR 5\n202 SB,XYZ\n")
    path = tmp_path / "bad-202.trf"
    path.write_text(text, encoding="utf-8")
    code, _, err = run("standings", str(path))
    assert code == EXIT_USAGE
    assert "record 202" in err
    assert "unknown tie-break 'XYZ'" in err


def test_csv_names_the_rules_on_standard_error() -> None:
    code, _, err = run("standings", SWISS, "-f", "csv")
    assert code == 0
    assert "rules: fide-2024 (start date 2024-03-01)" in err


def test_repeated_tiebreaks() -> None:
    """A value tie-break listed twice cannot change the order (dropped, with a warning); DE may
    be listed again (Art. 6) and gets its own column."""
    code, out, _ = run("standings", SWISS_9, "-t", "PTS,DE,BH/C1,BH/C1,DE", "-f", "json")
    assert code == 0
    data = json.loads(out, parse_float=Decimal)
    assert data["tiebreaks"] == ["PTS", "DE", "BH/C1", "DE#2"]
    assert "BH/C1 is listed twice" in " ".join(data["warnings"])
    assert set(data["standings"][0]["tiebreaks"]) == {"PTS", "DE", "BH/C1", "DE#2"}


def test_strict_turns_anomalies_into_errors(tmp_path: Path) -> None:
    """A points column that differs from the results is a warning; with --strict an error at
    the place it was found (and nothing is written). Contradictions between two records are
    errors either way (tests/formats/test_consistency.py)."""
    lines = Path(SWISS).read_text(encoding="utf-8").splitlines()
    assert lines[4].startswith("001    2 ") and lines[4][80:84] == " 4.0"  # Bruno, line 5
    lines[4] = lines[4][:80] + " 4.5" + lines[4][84:]
    path = tmp_path / "points.trf"
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    message = "player 2 (Bruno): the points column says 4.5 but the results add up to 4.0"
    code, _, err = run("standings", str(path))
    assert code == 0 and f"warning: {path}:5:81: {message}" in err
    code, _, err = run("standings", str(path), "--strict", "-o", str(tmp_path / "out.txt"))
    assert code == EXIT_INPUT
    assert f"error: {path}:5:81: found {message!r}, expected no anomaly (--strict)" in err
    assert not (tmp_path / "out.txt").exists()


def test_drawing_of_lots_reaches_csv_and_json() -> None:
    """With --lots the players still tied get ranks of their own; the text marks them with
    "*", CSV with a last column ``drawn_by_lot`` and JSON with ``"drawn_by_lot": true`` (and
    the document still decodes with its structs). Bruno (4 points), Franck (3) and Lais (1)
    are alone on their scores in the Held Swiss: never drawn. Without --lots: no mark."""
    import csv
    import io

    import msgspec

    from tiebreaks.render.json import StandingsDocument

    args = ["standings", SWISS, "-t", "PTS", "--lots", "7"]
    alone = {"2", "6", "10"}
    rows = list(csv.DictReader(io.StringIO(run(*args, "-f", "csv")[1])))
    assert {row["id"]: row["drawn_by_lot"] for row in rows if row["id"] in alone} == {
        "2": "",
        "6": "",
        "10": "",
    }
    assert all(row["drawn_by_lot"] == "yes" for row in rows if row["id"] not in alone)
    text = run(*args, "-f", "json")[1]
    document = msgspec.json.decode(text, type=StandingsDocument)
    marked = {str(row.id) for row in document.standings if row.drawn_by_lot}
    assert marked == {row["id"] for row in rows} - alone
    plain = run("standings", SWISS, "-t", "PTS", "-f", "csv")[1]
    assert "drawn_by_lot" not in plain
    assert "drawn_by_lot" not in run("standings", SWISS, "-t", "PTS", "-f", "json")[1]
