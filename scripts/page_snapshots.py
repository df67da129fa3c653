"""Save the HTML of the web page and of the standalone page for a fixed set of requests, or
compare them with a saved set: a refactoring of the page views must not change one byte.

    python scripts/page_snapshots.py save /tmp/before
    python scripts/page_snapshots.py compare /tmp/before

Needs the ``web`` extra (FastAPI's TestClient). The requests: the bundled examples in English
and German (a Swiss, a round robin, a team event, the 144-player Swiss on its second page),
a value explained, a participant's every value, a "why", a search, a comparison, the panel
alone (the script's request), the check page with a published table (explained under a
reading, read like Vega); the standalone page (``--format html``) and its print mode (the
PDF's HTML) of the same files (one of them under Vega's profile, which prints values its own
way).
"""

from __future__ import annotations

import sys
import warnings
from collections.abc import Iterator
from pathlib import Path

with warnings.catch_warnings():
    warnings.filterwarnings("ignore", message=".*httpx.*")
    from fastapi.testclient import TestClient

from tiebreaks import compute_standings, example_path, read
from tiebreaks.render.html import render_page
from tiebreaks.web import create_app

ROOT = Path(__file__).resolve().parents[1]
CHESS_RESULTS = ROOT / "tests" / "formats" / "data" / "chess_results" / "final.csv"

#: (name, file, form fields) of the standings page
STANDINGS = (
    ("swiss-en", "held-swiss-16.trf", {"lang": "en"}),
    ("swiss-de", "held-swiss-16.trf", {"lang": "de"}),
    ("swiss-de-explain-value", "held-swiss-16.trf", {"lang": "de", "explain": "4|BH/C1"}),
    ("swiss-en-explain-value", "held-swiss-16.trf", {"lang": "en", "explain": "4|BH/C1"}),
    ("swiss-fr-explain-all", "held-swiss-16.trf", {"lang": "fr", "explain": "4"}),
    ("swiss-de-why", "held-swiss-16.trf", {"lang": "de", "why": "3|4"}),
    ("swiss-en-why-5-6", "held-swiss-16.trf", {"lang": "en", "why": "5|6"}),
    ("swiss-en-find", "held-swiss-16.trf", {"lang": "en", "find": "Bruno", "go": "find"}),
    (
        "swiss-de-panel-alone",
        "held-swiss-16.trf",
        {"lang": "de", "explain": "2|SB", "partial": "1"},
    ),
    ("rr-en", "held-round-robin-6.trf", {"lang": "en"}),
    ("rr-es-explain", "held-round-robin-6.trf", {"lang": "es", "explain": "1|SB"}),
    ("team-en", "held-team-14.trf", {"lang": "en"}),
    ("team-de-explain", "held-team-14.trf", {"lang": "de", "explain": "3"}),
    ("big-de-page2", "held-swiss-16x9.trf", {"lang": "de", "page": "2"}),
    ("big-en-find", "held-swiss-16x9.trf", {"lang": "en", "find": "120", "go": "find"}),
    ("csv-it", "seed-000-crosstable.csv", {"lang": "it", "explain": "1"}),
    (
        "swiss-de-compare",
        "held-swiss-16.trf",
        {"lang": "de", "compare": "1", "cmp_list": "PTS, SB, BH", "cmp_rules": "fide-2009"},
    ),
    (
        "swiss-de-lots",
        "held-swiss-16.trf",
        {"lang": "de", "lots": "1", "tb": ["PTS", "ARO", "TPR"], "listed": "1"},
    ),
)
#: (name, form fields) of the check page, on the chess-results table
CHECK = (
    ("check-en", {"lang": "en"}),
    ("check-de", {"lang": "de"}),
    ("check-de-explain", {"lang": "de", "explain": "std|2|WIN"}),
    ("check-en-vega", {"lang": "en", "like": "vega"}),
    ("check-en-vega-explain", {"lang": "en", "like": "vega", "explain": "std|2"}),
)
#: the standalone page's files, tie-break lists and publishing programs' profiles
STANDALONE: tuple[tuple[str, str | None, str | None], ...] = (
    ("held-swiss-16.trf", None, None),
    ("held-swiss-16.trf", "PTS, BH/C1, SB, ARO, TPR", "vega"),
    ("held-round-robin-6.trf", None, None),
    ("held-team-14.trf", None, None),
    ("seed-000-crosstable.csv", None, None),
    ("held-swiss-16x9.trf", None, None),
)


def pages() -> Iterator[tuple[str, bytes]]:
    """Every saved page: its name and its bytes."""
    app = create_app(max_upload_bytes=2_000_000, time_limit_seconds=120)
    with TestClient(app) as client:
        for name, file, fields in STANDINGS:
            data = example_path(file).read_bytes()
            answer = client.post("/standings", files={"file": (file, data)}, data=fields)
            yield f"web-{name}.html", answer.content
        table = CHESS_RESULTS.read_bytes()
        for name, fields in CHECK:
            answer = client.post("/check", files={"file": ("final.csv", table)}, data=fields)
            yield f"web-{name}.html", answer.content
    for file, listed, like in STANDALONE:
        standings = compute_standings(read(example_path(file)), listed, like=like)
        for lang in ("en", "de"):
            for print_mode in (False, True):
                page = render_page(standings, lang, print_mode=print_mode)
                kind = "print" if print_mode else "page"
                name = f"{file}-{like}" if like else file
                yield f"standalone-{name}-{lang}-{kind}.html", page.encode("utf-8")


def main(arguments: list[str]) -> int:
    """``save FOLDER`` or ``compare FOLDER``; 1 when a page differs."""
    if len(arguments) != 2 or arguments[0] not in ("save", "compare"):
        print(__doc__)
        return 2
    action, folder = arguments[0], Path(arguments[1])
    folder.mkdir(parents=True, exist_ok=True)
    differing = 0
    for name, content in pages():
        path = folder / name
        if action == "save":
            path.write_bytes(content)
        elif path.read_bytes() != content:
            differing += 1
            print(f"differs: {name}")
    print(f"{action}: {len(list(folder.iterdir()))} pages, {differing} differ")
    return 1 if differing else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
