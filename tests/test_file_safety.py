"""Nothing the user gives us is lost (issue 15, items 1-3 and 9-11): outputs never overwrite
inputs, special files are written through or refused, reading is capped, Ctrl-C exits 130
without a traceback or a temporary file, and a batch never waits on a named pipe.

Every case runs the real command in a subprocess (exit codes, signals and file descriptors are
those a shell sees) and compares the checksums of the inputs before and after.
"""

from __future__ import annotations

import hashlib
import json
import os
import select
import shutil
import signal
import socket
import stat
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

import tiebreaks
from tiebreaks.formats.files import (
    MAX_INPUT_BYTES,
    InputTooLargeError,
    check_outputs,
    read_input,
    write_output,
)

SWISS = tiebreaks.example_path("held-swiss-16.trf")
EXIT_INPUT, EXIT_USAGE, EXIT_INTERRUPTED = 1, 2, 130


def tiebreaks_command(
    *args: str | Path, stdin: int | None = None, timeout: float = 60, **options: object
) -> subprocess.CompletedProcess[str]:
    """``tiebreaks ARGS`` as a shell runs it (``python -m tiebreaks``), in a session of its
    own: on a hang, the command and every process it started are killed and the test fails
    (a worker blocked on a pipe would otherwise keep the output open forever)."""
    streams = {"stdout": subprocess.PIPE, "stderr": subprocess.PIPE, **options}
    process = subprocess.Popen(
        [sys.executable, "-m", "tiebreaks", *map(str, args)],
        text=True,
        stdin=stdin,
        start_new_session=True,
        **streams,  # type: ignore[call-overload]
    )
    try:
        out, err = process.communicate(timeout=timeout)
    except subprocess.TimeoutExpired:
        os.killpg(process.pid, signal.SIGKILL)
        process.communicate()
        pytest.fail(f"tiebreaks {' '.join(map(str, args))} did not end in {timeout} s")
    return subprocess.CompletedProcess(process.args, process.returncode, out, err)


def digest(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


@pytest.fixture
def folder(tmp_path: Path) -> Path:
    """Two tournaments, a.trf and c.trf (c.trf without a final line break, as many editors
    save files), and a rating list."""
    (tmp_path / "b").mkdir()
    shutil.copy(SWISS, tmp_path / "b" / "a.trf")
    text = SWISS.read_bytes().rstrip(b"\n")
    (tmp_path / "b" / "c.trf").write_bytes(text)
    (tmp_path / "r.csv").write_text("start_number;DWZ\n1;2000\n2;1900\n", encoding="utf-8")
    return tmp_path


def checksums(folder: Path) -> dict[str, str]:
    return {str(path): digest(path) for path in sorted(folder.rglob("*")) if path.is_file()}


# --- 1. batch never writes over its inputs ---------------------------------------------------


@pytest.mark.parametrize(
    "args",
    [
        ["b/c.trf", "-o", "b/c.trf"],
        ["b/a.trf", "b/c.trf", "-o", "b/c.trf"],
        ["b/a.trf", "b/c.trf", "--summary", "csv", "b/c.trf"],
        ["b/a.trf", "b/c.trf", "--summary", "html", "b/a.trf"],
        ["b/c.trf", "-o", "b/c.trf", "--resume"],
        ["b", "-o", "b/c.trf"],  # found in the folder, and not an output of ours
        ["b/*.trf", "-o", "b/a.trf"],  # named by a pattern
        ["b/a.trf", "-o", "link.jsonl"],  # a link to the input
        ["b/a.trf", "-o", "hard.jsonl"],  # a hard link to the input
        ["b/a.trf", "-o", "x.jsonl", "--summary", "csv", "x.jsonl"],  # two outputs, one file
    ],
)
def test_batch_refuses_an_output_that_is_an_input(folder: Path, args: list[str]) -> None:
    (folder / "link.jsonl").symlink_to(folder / "b" / "a.trf")
    os.link(folder / "b" / "a.trf", folder / "hard.jsonl")
    before = checksums(folder)
    result = tiebreaks_command("batch", *args, "--no-progress", cwd=folder)
    assert result.returncode == EXIT_USAGE, result.stderr
    assert "error: " in result.stderr
    assert "Traceback" not in result.stderr
    assert checksums(folder) == before
    assert not (folder / "x.jsonl").exists()


def test_batch_leaves_out_its_own_earlier_output_found_in_the_folder(folder: Path) -> None:
    """An earlier run's JSON lines inside the folder are not a tournament: they are left out
    (with a note) and written again, as the user asked."""
    first = tiebreaks_command("batch", "b", "-o", "b/results.json", "--no-progress", cwd=folder)
    assert first.returncode == 0, first.stderr
    again = tiebreaks_command("batch", "b", "-o", "b/results.json", "--no-progress", cwd=folder)
    assert again.returncode == 0, again.stderr
    assert "b/results.json left out: it is this command's output" in again.stderr
    lines = (folder / "b" / "results.json").read_text(encoding="utf-8").splitlines()
    assert sorted(json.loads(line)["path"] for line in lines) == ["b/a.trf", "b/c.trf"]


def test_an_earlier_output_starting_with_a_skipped_line_is_ours_too(folder: Path) -> None:
    """A batch output whose first line is a "skipped" result (no "mode" field) is still
    recognised as ours, as the format detection recognises our result lines."""
    earlier = '{"path": "b/x.trf", "status": "skipped", "size": null, "mtime_ns": null}\n'
    (folder / "b" / "results.json").write_text(earlier, encoding="utf-8")
    result = tiebreaks_command("batch", "b", "-o", "b/results.json", "--no-progress", cwd=folder)
    assert result.returncode == 0, result.stderr
    assert "b/results.json left out: it is this command's output" in result.stderr


def test_resume_keeps_every_byte_of_its_output(folder: Path) -> None:
    """--resume appends after a cut-off last line without cutting it (it is ended instead)."""
    output = folder / "out.jsonl"
    output.write_text('{"path": "elsewhere.trf", "status": "ok"}\n{"path": "b/a.t', "utf-8")
    result = tiebreaks_command("batch", "b", "-o", output, "--resume", "--no-progress", cwd=folder)
    assert result.returncode == 0, result.stderr
    text = output.read_text(encoding="utf-8")
    assert text.startswith('{"path": "elsewhere.trf", "status": "ok"}\n{"path": "b/a.t\n')
    assert len(text.splitlines()) == 4


# --- 2. special files as outputs ---------------------------------------------------------------


@pytest.fixture
def devices(tmp_path: Path) -> dict[str, Path]:
    """Private copies of /dev/null and /dev/full (the same device numbers) in a temporary
    folder: a program that wrongly replaced its output by a regular file would break only
    these, not the machine's (creating a device needs root)."""
    made = {}
    for name, minor in (("null", 3), ("full", 7)):
        path = tmp_path / name
        try:
            os.mknod(path, stat.S_IFCHR | 0o666, os.makedev(1, minor))
        except PermissionError:
            pytest.skip("creating a character device needs root")
        made[name] = path
    return made


@pytest.fixture
def standard_streams() -> Iterator[None]:
    """/dev/stdout stays the link it is; put back (as root) if a broken program replaced it."""
    yield
    for number, name in enumerate(("stdin", "stdout", "stderr")):
        path = Path("/dev") / name
        if not path.is_symlink() and os.access("/dev", os.W_OK):
            path.unlink(missing_ok=True)
            path.symlink_to(f"/proc/self/fd/{number}")
            pytest.fail(f"/dev/{name} was replaced by a regular file (now restored)")


def test_character_devices_are_written_through(folder: Path, devices: dict[str, Path]) -> None:
    null, full = devices["null"], devices["full"]
    result = tiebreaks_command("standings", "b/a.trf", "-o", null, cwd=folder)
    assert result.returncode == 0, result.stderr
    assert stat.S_ISCHR(null.lstat().st_mode)
    assert null.lstat().st_rdev == os.makedev(1, 3)
    result = tiebreaks_command("standings", "b/a.trf", "-o", full, cwd=folder)
    assert result.returncode == EXIT_INPUT
    assert f"cannot write '{full}': No space left on device" in result.stderr
    assert stat.S_ISCHR(full.lstat().st_mode)
    result = tiebreaks_command("convert", "b/a.trf", null, "--to", "json", cwd=folder)
    assert result.returncode == 0, result.stderr
    assert stat.S_ISCHR(null.lstat().st_mode)


@pytest.mark.usefixtures("standard_streams")
def test_standard_output_by_name(folder: Path) -> None:
    """``-o /dev/stdout`` writes to standard output, also when it is a file opened for
    appending (reopening the name would write over the start of that file)."""
    shown = tiebreaks_command("standings", "b/a.trf", "-t", "PTS,SB", cwd=folder).stdout
    result = tiebreaks_command(
        "standings", "b/a.trf", "-t", "PTS,SB", "-o", "/dev/stdout", cwd=folder
    )
    assert result.returncode == 0
    assert result.stdout == shown
    log = folder / "log.txt"
    log.write_text("earlier line\n", encoding="utf-8")
    with log.open("a", encoding="utf-8") as stream:
        args = ("standings", "b/a.trf", "-t", "PTS,SB", "-o", "/dev/stdout")
        appended = tiebreaks_command(*args, cwd=folder, stdout=stream)
    assert appended.returncode == 0
    assert log.read_text(encoding="utf-8") == "earlier line\n" + shown


def test_a_pipe_given_as_dev_fd(folder: Path) -> None:
    """What a shell passes for ``-o >(gzip > x.gz)``: ``/dev/fd/N``, the write end of a pipe."""
    reader, writer = os.pipe()
    process = subprocess.Popen(
        [sys.executable, "-m", "tiebreaks", "standings", "b/a.trf", "-o", f"/dev/fd/{writer}"],
        cwd=folder,
        pass_fds=(writer,),
        stderr=subprocess.PIPE,
    )
    os.close(writer)
    with os.fdopen(reader, "rb") as stream:
        received = stream.read()
    assert process.wait(timeout=60) == 0
    assert received.startswith(b"Held exercises: Swiss, 16 players, 5 rounds")


def test_a_named_pipe_is_written_not_replaced(folder: Path) -> None:
    fifo = folder / "pipe.trf"
    os.mkfifo(fifo)
    reader = os.open(fifo, os.O_RDONLY | os.O_NONBLOCK)  # opened without waiting for a writer
    process = subprocess.Popen(
        [sys.executable, "-m", "tiebreaks", "convert", "b/a.trf", "pipe.trf"], cwd=folder
    )
    received = b""
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        select.select([reader], [], [], 0.1)
        try:
            chunk = os.read(reader, 65536)
        except BlockingIOError:  # a writer, nothing written yet
            continue
        received += chunk
        if not chunk and process.poll() is not None:
            break
    os.close(reader)
    assert process.wait(timeout=60) == 0
    assert stat.S_ISFIFO(fifo.lstat().st_mode)
    assert received.startswith(b"012 Held exercises")


def test_a_symbolic_link_is_followed(folder: Path) -> None:
    """The link stays a link; its target is replaced (atomically) and keeps its mode."""
    (folder / "published").mkdir()
    target = folder / "published" / "standings.txt"
    target.write_text("old standings\n", encoding="utf-8")
    target.chmod(0o640)
    (folder / "latest.txt").symlink_to(target)
    result = tiebreaks_command("standings", "b/a.trf", "-o", "latest.txt", cwd=folder)
    assert result.returncode == 0, result.stderr
    assert (folder / "latest.txt").is_symlink()
    assert target.read_text(encoding="utf-8").startswith("Held exercises")
    assert stat.S_IMODE(target.stat().st_mode) == 0o640
    assert sorted(p.name for p in (folder / "published").iterdir()) == ["standings.txt"]
    (folder / "dangling.txt").symlink_to(folder / "published" / "new.txt")
    result = tiebreaks_command("standings", "b/a.trf", "-o", "dangling.txt", cwd=folder)
    assert result.returncode == 0, result.stderr
    assert (folder / "published" / "new.txt").read_text(encoding="utf-8").startswith("Held")


@pytest.mark.parametrize(
    ("output", "phrase"),
    [
        ("", "the output file name is empty"),
        ("new/", "the name ends with '/', a folder's name"),
        (".", "it is a folder"),
    ],
)
def test_names_that_are_not_files_are_refused(folder: Path, output: str, phrase: str) -> None:
    before = sorted(folder.iterdir())
    result = tiebreaks_command("standings", "b/a.trf", "-o", output, cwd=folder)
    assert result.returncode == EXIT_USAGE, result.stderr
    assert phrase in result.stderr
    assert sorted(folder.iterdir()) == before


@pytest.mark.parametrize("kind", ["folder", "socket"])
def test_folders_and_sockets_are_refused(folder: Path, kind: str) -> None:
    path = folder / "out"
    if kind == "folder":
        path.mkdir()
    else:
        server = socket.socket(socket.AF_UNIX)
        server.bind(str(path))
    before = path.lstat()
    for args in (
        ["standings", "b/a.trf", "-o", "out"],
        ["convert", "b/a.trf", "out", "--to", "trf"],
    ):
        result = tiebreaks_command(*args, cwd=folder)
        assert result.returncode == EXIT_USAGE, result.stderr
        assert f"it is a {kind}" in result.stderr
    assert path.lstat().st_mode == before.st_mode
    assert path.lstat().st_ino == before.st_ino


def test_a_failed_write_leaves_the_old_file_and_no_temporary(folder: Path) -> None:
    """The disk refuses the write half-way (a file size limit of 1,000 bytes, as a full disk
    would): the old output is intact and the temporary file is gone."""
    import resource

    def small_files() -> None:
        resource.setrlimit(resource.RLIMIT_FSIZE, (1000, 1000))

    (folder / "out").mkdir()
    (folder / "out" / "standings.txt").write_text("old\n", encoding="utf-8")
    result = tiebreaks_command(
        "standings", "b/a.trf", "-o", "out/standings.txt", cwd=folder, preexec_fn=small_files
    )
    assert result.returncode == EXIT_INPUT, result.stderr
    assert "cannot write 'out/standings.txt': File too large" in result.stderr
    assert (folder / "out" / "standings.txt").read_text(encoding="utf-8") == "old\n"
    assert sorted(p.name for p in (folder / "out").iterdir()) == ["standings.txt"]


def test_write_output_replaces_atomically(tmp_path: Path) -> None:
    target = tmp_path / "x.txt"
    target.write_text("old", encoding="utf-8")
    target.chmod(0o604)
    inode = target.stat().st_ino
    write_output(target, "new")
    assert target.read_text(encoding="utf-8") == "new"
    assert target.stat().st_ino != inode  # a new file renamed over the old one
    assert stat.S_IMODE(target.stat().st_mode) == 0o604
    assert sorted(p.name for p in tmp_path.iterdir()) == ["x.txt"]


# --- 3. every file a command reads is protected ------------------------------------------------


@pytest.mark.parametrize(
    "args",
    [
        ["standings", "b/a.trf", "--ratings", "r.csv", "-o", "r.csv"],
        ["convert", "b/a.trf", "r.csv", "--ratings", "r.csv"],
        ["convert", "b/a.trf", "b/a.trf", "--to", "trf"],
        ["standings", "b/a.trf", "-o", "b/a.trf"],
        ["standings", "-", "-o", "b/a.trf"],  # standard input is b/a.trf itself
    ],
)
def test_no_command_writes_over_a_file_it_reads(folder: Path, args: list[str]) -> None:
    before = checksums(folder)
    with (folder / "b" / "a.trf").open("rb") as stdin:
        result = tiebreaks_command(*args, cwd=folder, stdin=stdin.fileno())
    assert result.returncode == EXIT_USAGE, result.stderr
    assert "refusing to write" in result.stderr
    assert checksums(folder) == before


def test_check_outputs_compares_files_not_names(tmp_path: Path) -> None:
    source = tmp_path / "in.trf"
    source.write_text("x", encoding="utf-8")
    (tmp_path / "sub").mkdir()
    check_outputs([str(tmp_path / "other.txt")], [str(source)])  # a new file: fine
    check_outputs(["/dev/null"], ["/dev/null"])  # devices are not files that can be lost
    with pytest.raises(tiebreaks.UsageError, match="it is an input"):
        check_outputs([str(tmp_path / "sub" / ".." / "in.trf")], [str(source)])


# --- 9. Ctrl-C ---------------------------------------------------------------------------------


def interrupted(process: subprocess.Popen[bytes]) -> tuple[int, bytes]:
    process.send_signal(signal.SIGINT)
    _, errors = process.communicate(timeout=60)
    return process.returncode, errors


def test_ctrl_c_while_reading_exits_130(folder: Path) -> None:
    """The command waits for the rest of standard input; Ctrl-C ends it with 130."""
    process = subprocess.Popen(
        [sys.executable, "-m", "tiebreaks", "standings", "-"],
        stdin=subprocess.PIPE,
        stderr=subprocess.PIPE,
        stdout=subprocess.DEVNULL,
    )
    assert process.stdin is not None
    process.stdin.write(SWISS.read_bytes()[:500])
    process.stdin.flush()
    time.sleep(1.0)  # whatever it is doing by then (importing or reading), 130 it must be
    code, errors = interrupted(process)
    process.stdin.close()
    assert code == EXIT_INTERRUPTED
    assert b"Traceback" not in errors
    assert b"Aborted" not in errors


def test_the_handler_comes_before_the_heavy_imports() -> None:
    """Importing the entry point loads nothing but itself (click, NumPy and the package's
    modules come after the handler), and a Ctrl-C during those imports exits 130."""
    code = (
        "import sys, os, signal\n"
        "import tiebreaks.__main__ as entry\n"
        "heavy = ('tiebreaks', 'click', 'numpy')\n"
        "loaded = sorted(m for m in sys.modules if m.split('.')[0] in heavy)\n"
        "assert loaded == ['tiebreaks', 'tiebreaks.__main__'], loaded\n"
        "entry._install_handlers()\n"
        "os.kill(os.getpid(), signal.SIGINT)\n"
        "import tiebreaks.cli.main\n"
        "print('not interrupted')\n"
    )
    result = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, timeout=60, check=False
    )
    assert result.returncode == EXIT_INTERRUPTED, result.stderr
    assert "Traceback" not in result.stderr
    assert "not interrupted" not in result.stdout


def test_ctrl_c_while_writing_leaves_no_temporary_file(tmp_path: Path) -> None:
    """A Ctrl-C in the middle of an atomic write: the temporary file is removed, the old
    output is intact."""
    target = tmp_path / "standings.txt"
    target.write_text("old\n", encoding="utf-8")
    code = (
        "import os, signal\n"
        "import tiebreaks.__main__ as entry\n"
        "from tiebreaks.formats import files\n"
        "entry._install_handlers()\n"
        "original = files._write_all\n"
        "def interrupted(descriptor, data):\n"
        "    original(descriptor, data[:10])\n"
        "    os.kill(os.getpid(), signal.SIGINT)\n"
        "    original(descriptor, data[10:])\n"
        "files._write_all = interrupted\n"
        f"files.write_output({str(target)!r}, 'x' * 100000)\n"
    )
    result = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, timeout=60, check=False
    )
    assert result.returncode == EXIT_INTERRUPTED, result.stderr
    assert sorted(p.name for p in tmp_path.iterdir()) == ["standings.txt"]
    assert target.read_text(encoding="utf-8") == "old\n"


def test_ctrl_c_during_a_batch_stops_the_workers(tmp_path: Path) -> None:
    for number in range(200):
        shutil.copy(tiebreaks.example_path("held-swiss-16x9.trf"), tmp_path / f"t{number}.trf")
    output = tmp_path / "out.jsonl"
    process = subprocess.Popen(
        [sys.executable, "-m", "tiebreaks", "batch", str(tmp_path), "-o", str(output), "-j", "2"],
        stderr=subprocess.PIPE,
    )
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline and (not output.exists() or output.stat().st_size == 0):
        time.sleep(0.01)  # until the first result is written: the workers are busy
    code, errors = interrupted(process)
    assert code == EXIT_INTERRUPTED
    assert b"Traceback" not in errors
    lines = output.read_text(encoding="utf-8").splitlines()
    assert all(json.loads(line)["status"] == "ok" for line in lines)  # whole lines only


# --- 10. reading is capped ----------------------------------------------------------------------


def test_the_default_limit_is_far_above_real_events() -> None:
    assert MAX_INPUT_BYTES == 512 * 1024 * 1024


@pytest.mark.parametrize(
    ("args", "phrase"),
    [
        (["standings", "/dev/zero", "--max-input", "1M"], "/dev/zero: the input goes on past 1 MB"),
        (["standings", "-", "--max-input", "1M"], "<stdin>: the input goes on past 1 MB"),
        (["standings", "big.trf", "--max-input", "1M"], "big.trf: the file has 2,000,000 bytes"),
        (["standings", "b/a.trf", "--ratings", "big.trf", "--max-input", "1M"], "big.trf"),
        (["batch", "big.trf", "--max-input", "1M", "--no-progress"], "more than 1 MB"),
    ],
)
def test_inputs_over_the_limit_are_refused(folder: Path, args: list[str], phrase: str) -> None:
    (folder / "big.trf").write_bytes(b"0" * 2_000_000)
    with open("/dev/zero", "rb") as zeros:
        result = tiebreaks_command(*args, cwd=folder, stdin=zeros.fileno())
    assert result.returncode == EXIT_INPUT, result.stderr
    assert phrase in result.stderr + result.stdout
    assert "--max-input sets another" in result.stderr or args[0] == "batch"
    assert "Traceback" not in result.stderr


def test_the_library_limit_names_its_parameter(tmp_path: Path) -> None:
    path = tmp_path / "big.trf"
    path.write_bytes(b" " * 2048)
    with pytest.raises(InputTooLargeError, match="max_input_bytes sets another") as error:
        tiebreaks.read_tournament(path, max_input_bytes=1024)
    assert (error.value.limit, error.value.size) == (1024, 2048)
    assert read_input(path, max_bytes=2048) == b" " * 2048


def test_a_bad_limit_is_a_usage_error(folder: Path) -> None:
    result = tiebreaks_command("standings", "b/a.trf", "--max-input", "lots", cwd=folder)
    assert result.returncode == EXIT_USAGE
    assert "'lots' is not a size" in result.stderr


# --- 11. batch and special files in folders -----------------------------------------------------


@pytest.fixture
def fifo_folder(folder: Path) -> Iterator[Path]:
    os.mkfifo(folder / "b" / "x.trf")
    yield folder


def test_batch_skips_a_named_pipe_in_a_folder(fifo_folder: Path) -> None:
    result = tiebreaks_command(
        "batch", "b", "--no-progress", "-j", "0", cwd=fifo_folder, timeout=60
    )
    assert result.returncode == 0, result.stderr
    lines = {json.loads(line)["path"]: json.loads(line) for line in result.stdout.splitlines()}
    assert sorted(lines) == ["b/a.trf", "b/c.trf", "b/x.trf"]
    assert lines["b/x.trf"]["status"] == "skipped"
    assert lines["b/x.trf"]["warning"] == "a named pipe (FIFO), not a regular file: skipped"
    assert lines["b/a.trf"]["status"] == "ok"


def test_batch_refuses_a_named_pipe_it_is_given(fifo_folder: Path) -> None:
    result = tiebreaks_command(
        "batch", "b/x.trf", "b/a.trf", "--no-progress", "-j", "0", cwd=fifo_folder
    )
    assert result.returncode == EXIT_INPUT
    lines = {json.loads(line)["path"]: json.loads(line) for line in result.stdout.splitlines()}
    assert lines["b/x.trf"]["status"] == "error"
    assert "not a regular file" in lines["b/x.trf"]["error"]


def test_a_file_that_became_a_pipe_is_not_waited_for(tmp_path: Path) -> None:
    fifo = tmp_path / "late.trf"
    os.mkfifo(fifo)
    with pytest.raises(tiebreaks.SourceError, match="named pipe"):
        read_input(fifo, regular_only=True)


@pytest.mark.parametrize("command", ["standings", "batch"])
def test_a_dash_is_standard_output(folder: Path, command: str) -> None:
    """``-o -`` prints, as ``convert IN -`` does; no file named "-" appears."""
    extra = ["--no-progress"] if command == "batch" else []
    result = tiebreaks_command(command, "b/a.trf", "-o", "-", *extra, cwd=folder)
    assert result.returncode == 0, result.stderr
    assert "Held exercises" in result.stdout
    assert not (folder / "-").exists()
