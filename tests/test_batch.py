"""``tiebreaks batch``: one result per file, bad files reported, check mode, resume, local
processes and a Dask cluster, the summaries and the command line."""

from __future__ import annotations

import csv
import io
import json
import os
import random
import shutil
from collections.abc import Iterator
from pathlib import Path

import pytest
from click.testing import CliRunner

import tiebreaks
from tiebreaks import batch
from tiebreaks.batch import BatchResult, expand_paths, run_batch
from tiebreaks.cli.main import main
from tiebreaks.services.check import check_published

EXAMPLES = (
    "held-swiss-16.trf",
    "held-swiss-16.json",
    "held-swiss-16.pgn",
    "seed-000-crosstable.csv",
    "held-team-14.trf",
)
BROKEN = ("empty.trf", "random.trf", "bad-rating.trf")


def _bad_rating_trf() -> str:
    """The 16-player Swiss with letters in the rating columns (49-52) of its first player."""
    lines = tiebreaks.example_path("held-swiss-16.trf").read_text(encoding="utf-8").splitlines()
    index = next(i for i, line in enumerate(lines) if line.startswith("001"))
    lines[index] = lines[index][:48] + "21x0" + lines[index][52:]
    return "\n".join(lines) + "\n"


@pytest.fixture
def corpus(tmp_path: Path) -> Path:
    """The bundled examples and three broken files in one folder."""
    folder = tmp_path / "corpus"
    folder.mkdir()
    for name in EXAMPLES:
        shutil.copy(tiebreaks.example_path(name), folder / name)
    (folder / "empty.trf").write_bytes(b"")
    (folder / "random.trf").write_bytes(random.Random(7).randbytes(400))
    (folder / "bad-rating.trf").write_text(_bad_rating_trf(), encoding="utf-8")
    return folder


def _by_name(results: list[BatchResult]) -> dict[str, BatchResult]:
    return {Path(result["path"]).name: result for result in results}


def _comparable(results: list[BatchResult]) -> set[str]:
    """The results without their timings, for comparing two runs."""
    return {
        json.dumps({k: v for k, v in r.items() if k != "elapsed_ms"}, sort_keys=True)
        for r in results
    }


def test_one_result_per_file(corpus: Path) -> None:
    """Good files rank as compute_standings does; bad ones are reported with their place."""
    results = list(run_batch([corpus], workers=2))
    found = _by_name(results)
    assert sorted(found) == sorted(EXAMPLES + BROKEN)
    assert len(results) == len(found)
    for name in EXAMPLES:
        result = found[name]
        standings = tiebreaks.compute_standings(tiebreaks.read_tournament(corpus / name), None)
        assert result["status"] == "ok", result
        assert result["participants"] == len(standings.rows)
        assert result["top"] == [row.player.start_number for row in standings.rows[:3]]
        assert result["rules"] == standings.rules.name
        assert result["tiebreaks"] == list(standings.columns)
        assert result["size"] == (corpus / name).stat().st_size
    assert found["held-team-14.trf"]["team"] is True
    for name in BROKEN:
        assert found[name]["status"] == "error"
        assert found[name]["error_type"] == "InputError"
        assert str(corpus / name) in found[name]["error"]
    assert (found["bad-rating.trf"]["line"], found["bad-rating.trf"]["column"]) == (5, 49)
    assert "rating" in found["bad-rating.trf"]["error"]


def test_check_mode(corpus: Path) -> None:
    """--check: the published standings against ours, difference counts as in `check`."""
    results = _by_name(list(run_batch([corpus], mode="check", workers=2)))
    for name in EXAMPLES:
        report = check_published(tiebreaks.read_tournament(corpus / name))
        result = results[name]
        assert result["status"] == ("ok" if report.agrees else "differs")
        assert result["differences"] == len(report.differences)
        assert result["ranks_compared"] == report.ranks_compared
        assert result["values_compared"] == report.values_compared
        assert len(result["first_differences"]) == min(3, len(report.differences))
    assert {results[name]["status"] for name in BROKEN} == {"error"}


def test_given_list_and_rules(corpus: Path) -> None:
    """One tie-break list and rules regime for every file; a bad one fails before any work."""
    results = _by_name(list(run_batch([corpus / "held-swiss-16.trf"], tiebreaks="PTS,SB")))
    result = results["held-swiss-16.trf"]
    assert result["tiebreaks"] == ["PTS", "SB"]
    with pytest.raises(tiebreaks.UsageError):
        run_batch([corpus], tiebreaks="PTS,NOSUCHTHING")
    with pytest.raises(tiebreaks.UsageError):
        run_batch([corpus], rules="fide-1850")


def test_workers_give_the_same_results(corpus: Path) -> None:
    """1 and 2 worker processes, and this process alone, find the same; --ordered keeps the
    order of the file list."""
    one = list(run_batch([corpus], workers=1))
    two = list(run_batch([corpus], workers=2, ordered=True))
    inline = list(run_batch([corpus], workers=0))
    assert _comparable(one) == _comparable(two) == _comparable(inline)
    assert [r["path"] for r in two] == expand_paths([corpus])


def test_expand_paths(tmp_path: Path) -> None:
    """Folders are searched recursively for known extensions (hidden files skipped); globs
    are expanded; a name that matches nothing is kept to be reported."""
    (tmp_path / "a" / "b").mkdir(parents=True)
    (tmp_path / ".hidden").mkdir()
    for name in ("a/x.trf", "a/b/y.PGN", "a/notes.md", "a/.partial.trf", ".hidden/z.trf"):
        (tmp_path / name).write_text("", encoding="utf-8")
    folder = str(tmp_path / "a")
    assert expand_paths([folder]) == [f"{folder}/x.trf", f"{folder}/b/y.PGN"]
    assert expand_paths([f"{tmp_path}/**/*.trf"]) == [f"{folder}/x.trf"]
    assert expand_paths([f"{folder}/notes.md", f"{folder}/notes.md"]) == [f"{folder}/notes.md"]
    assert expand_paths([f"{tmp_path}/none*.trf"]) == [f"{tmp_path}/none*.trf"]
    missing = list(run_batch([f"{tmp_path}/none*.trf"], workers=0))
    assert missing[0]["status"] == "error"
    assert missing[0]["error_type"] == "SourceError"


def _cli(*args: str) -> tuple[int, str, str]:
    result = CliRunner().invoke(main, ["batch", *args])
    return result.exit_code, result.stdout, result.stderr


def _lines(text: str) -> list[BatchResult]:
    return [json.loads(line) for line in text.splitlines() if line.strip()]


def test_cli_streams_json_lines(corpus: Path) -> None:
    """The command prints one JSON line per file; exit code 1 because some files are bad."""
    code, out, err = _cli(str(corpus), "--workers", "2", "--no-progress")
    assert code == 1
    assert sorted(_by_name(_lines(out))) == sorted(EXAMPLES + BROKEN)
    assert "8 files" in err
    code, out, _ = _cli(str(corpus / "held-team-14.trf"), "-t", "olympiad-2010", "-j", "0")
    assert code == 0
    team = tiebreaks.read_tournament(corpus / "held-team-14.trf")
    standings = tiebreaks.compute_standings(team, "olympiad-2010")
    assert _lines(out)[0]["top"] == [row.player.start_number for row in standings.rows[:3]]


def test_cli_check_and_usage_errors(corpus: Path) -> None:
    """--check exits 3 when a file differs and no file is bad; usage errors exit 2."""
    # the file's ranks are those of the FIDE recommended list: by start number they differ
    held = str(corpus / "held-swiss-16.trf")
    code, out, _ = _cli(held, "--check", "-t", "PTS,TPN", "-j", "1")
    assert code == 3
    assert _lines(out)[0]["status"] == "differs"
    code, _, err = _cli(str(corpus), "--resume")
    assert code == 2
    assert "--output" in err
    code, _, err = _cli(str(corpus), "-t", "PTS,NOSUCHTHING")
    assert code == 2


def test_cli_progress_bar(corpus: Path) -> None:
    """--progress draws a bar on standard error (the JSON lines stay clean)."""
    code, out, err = _cli(str(corpus), "--progress", "-j", "2")
    assert code == 1
    assert "8/8" in err
    assert "\r" not in out
    assert len(_lines(out)) == 8


def test_resume_after_an_interruption(corpus: Path, tmp_path: Path) -> None:
    """--resume skips the files an interrupted output already has (its cut-off last line is
    kept, ended by a line break, and ignored), processes the rest and the files changed since,
    and appends."""
    output = tmp_path / "out.jsonl"
    code, _, _ = _cli(str(corpus), "-o", str(output), "-j", "2", "--ordered")
    assert code == 1
    full = output.read_text(encoding="utf-8").splitlines()
    assert len(full) == 8
    output.write_text("\n".join(full[:3]) + "\n" + full[3][:25], encoding="utf-8")
    done = {json.loads(line)["path"] for line in full[:3]}
    changed = json.loads(full[0])["path"]
    os.utime(changed, ns=(1, 1))
    code, out, err = _cli(str(corpus), "-o", str(output), "--resume", "-j", "2")
    assert out == ""
    assert "2 files already in" in err
    lines = output.read_text(encoding="utf-8").splitlines()
    assert lines[3] == full[3][:25]  # the interrupted line: kept as it was
    records = _lines("\n".join(lines[:3] + lines[4:]))
    assert len(records) == 3 + 6
    new_paths = [record["path"] for record in records[3:]]
    assert sorted(new_paths) == sorted((set(expand_paths([corpus])) - done) | {changed})
    assert records[3 + new_paths.index(changed)]["mtime_ns"] == 1
    code, _, err = _cli(str(corpus), "-o", str(output), "--resume")
    assert "8 files already in" in err
    assert len(output.read_text(encoding="utf-8").splitlines()) == 10


def test_summaries(corpus: Path, tmp_path: Path) -> None:
    """CSV and HTML summaries: one row per file; file names are escaped in HTML."""
    odd = corpus / "<b>&odd.trf"
    shutil.copy(tiebreaks.example_path("held-swiss-16.trf"), odd)
    csv_path, html_path = tmp_path / "s.csv", tmp_path / "s.html"
    _cli(str(corpus), "--summary", "csv", str(csv_path), "--no-progress", "-j", "2")
    rows = list(csv.DictReader(io.StringIO(csv_path.read_text(encoding="utf-8"))))
    assert len(rows) == 9
    by_name = {Path(row["path"]).name: row for row in rows}
    assert by_name["held-team-14.trf"]["top"] == "5 1 2"
    assert by_name["empty.trf"]["status"] == "error"
    _cli(str(corpus), "--summary", "html", str(html_path), "--no-progress", "-j", "2")
    page = html_path.read_text(encoding="utf-8")
    assert "&lt;b&gt;&amp;odd.trf" in page
    assert "<b>" not in page
    assert page.count('<tr class="error">') == 3
    assert "9 files: 6 ok" in page


def test_internal_error_is_reported(corpus: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """An unexpected exception on one file is an "internal-error" result, not the end."""
    read = batch._read

    def faulty(task: batch.Task, max_input: int) -> tiebreaks.Tournament:
        if task.path.endswith(".pgn"):
            raise ZeroDivisionError("boom")
        return read(task, max_input)

    monkeypatch.setattr(batch, "_read", faulty)
    monkeypatch.setattr(batch, "_start_method", lambda: "fork")
    for workers in (0, 2):
        found = _by_name(list(run_batch([corpus], workers=workers)))
        assert found["held-swiss-16.pgn"]["status"] == "internal-error"
        assert found["held-swiss-16.pgn"]["error"] == "ZeroDivisionError: boom"
        assert found["held-swiss-16.trf"]["status"] == "ok"


def test_dead_worker_is_replaced(corpus: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A worker process that dies takes only its file with it: the pool is replaced and the
    files in flight are run again one at a time."""
    read = batch._read

    def fatal(task: batch.Task, max_input: int) -> tiebreaks.Tournament:
        if task.path.endswith("held-swiss-16.json"):
            os._exit(9)
        return read(task, max_input)

    monkeypatch.setattr(batch, "_read", fatal)
    monkeypatch.setattr(batch, "_start_method", lambda: "fork")
    found = _by_name(list(run_batch([corpus], workers=2)))
    assert len(found) == 8
    assert found["held-swiss-16.json"]["status"] == "internal-error"
    assert "BrokenProcessPool" in found["held-swiss-16.json"]["error"]
    assert {found[name]["status"] for name in EXAMPLES if not name.endswith(".json")} == {"ok"}


@pytest.fixture(scope="module")
def dask_address() -> Iterator[str]:
    """A local Dask cluster of two worker processes."""
    distributed = pytest.importorskip(
        "distributed", reason="dask[distributed] is not installed (pip install tiebreaks[dask])"
    )
    cluster = distributed.LocalCluster(
        n_workers=2, threads_per_worker=1, processes=True, dashboard_address=None
    )
    try:
        yield str(cluster.scheduler_address)
    finally:
        cluster.close()


def test_dask_cluster(corpus: Path, dask_address: str) -> None:
    """The same results on a Dask cluster, by path and with the contents shipped."""
    local = list(run_batch([corpus], workers=2))
    by_path = list(run_batch([corpus], scheduler=dask_address))
    shipped = list(run_batch([corpus], scheduler=dask_address, ship=True, ordered=True))
    assert _comparable(by_path) == _comparable(local) == _comparable(shipped)
    assert [r["path"] for r in shipped] == expand_paths([corpus])


def test_cli_dask_scheduler(corpus: Path, dask_address: str, tmp_path: Path) -> None:
    """--dask-scheduler ADDRESS from the command line, with --ship."""
    output = tmp_path / "out.jsonl"
    code, _, _ = _cli(str(corpus), "--dask-scheduler", dask_address, "--ship", "-o", str(output))
    assert code == 1
    assert len(_lines(output.read_text(encoding="utf-8"))) == 8


def test_html_summary_styled_named_natural_order_and_warnings(tmp_path: Path) -> None:
    """The HTML summary has the standings page's style sheet, each event's name, the files
    in natural order (t2 before t10) and each file's warnings: a copy of the Held Swiss
    whose player 1 states 9.0 points (he scored 3.5) is warned about, by name."""
    folder = tmp_path / "events"
    folder.mkdir()
    swiss = tiebreaks.example_path("held-swiss-16.trf")
    shutil.copy(swiss, folder / "t10.trf")
    shutil.copy(tiebreaks.example_path("held-round-robin-6.trf"), folder / "t2.trf")
    lines = swiss.read_text(encoding="utf-8").splitlines()
    index = next(i for i, line in enumerate(lines) if line.startswith("001    1"))
    lines[index] = lines[index][:80] + " 9.0" + lines[index][84:]
    (folder / "t1.trf").write_text("\n".join(lines) + "\n", encoding="utf-8")
    page_path = tmp_path / "summary.html"
    _cli(str(folder), "--summary", "html", str(page_path), "--no-progress", "-j", "0")
    page = page_path.read_text(encoding="utf-8")
    css = (Path(tiebreaks.__file__).parent / "render/templates/standings.css").read_text("utf-8")
    assert css in page
    order = [page.index(f"events/{name}.trf") for name in ("t1", "t2", "t10")]
    assert order == sorted(order)
    assert "Held exercises: round robin, 6 players" in page
    first_row = page[order[0] : order[1]]
    assert '<td class="warnings"><ul><li>' in first_row
    assert "Alyx" in first_row and "9.0" in first_row


def test_a_folder_of_published_tables_is_read(tmp_path: Path) -> None:
    """chess-results' crosstable as its CSV export, its Excel export and its saved page
    (tests/formats/data/chess_results: one hand-made event of 5 players) in a folder: batch
    finds every one, as it finds the other formats, and each gives the event named in the
    file with its 5 participants."""
    from .formats.test_chess_results import final_xlsx

    data = Path(__file__).parent / "formats" / "data" / "chess_results"
    shutil.copy(data / "final.csv", tmp_path / "final.csv")
    shutil.copy(data / "final.html", tmp_path / "saved.htm")
    shutil.copy(data / "final.html", tmp_path / "final.HTML")
    (tmp_path / "final.xlsx").write_bytes(final_xlsx())
    results = list(run_batch([str(tmp_path)], workers=0, ordered=True))
    assert [Path(result["path"]).name for result in results] == [
        "final.HTML",
        "final.csv",
        "final.xlsx",
        "saved.htm",
    ]
    assert {result["status"] for result in results} == {"ok"}
    assert {(result["name"], result["participants"]) for result in results} == {
        ("Club Open 2026", 5)
    }
