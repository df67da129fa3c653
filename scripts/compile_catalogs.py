"""Compile the translation catalogs (``.po``) of tiebreaks into the ``.mo`` files gettext reads.

Usage, from the repository root::

    python scripts/compile_catalogs.py          # write src/tiebreaks/locale/*/LC_MESSAGES/*.mo
    python scripts/compile_catalogs.py --check  # exit 1 if a .mo is missing or out of date

The same as ``pybabel compile -d src/tiebreaks/locale -D tiebreaks`` (Babel), written out so
that ``--check`` can compare the messages of each ``.mo`` with its ``.po``. Fuzzy entries are
left out, as gettext tools do. To find new messages, run
``pybabel extract -k N_ -o /tmp/tiebreaks.pot src/tiebreaks/render`` with a mapping file that
reads ``render/templates/*.j2`` with the ``jinja2`` extractor, then add them to every ``.po``
(the test ``tests/render/test_i18n.py`` fails while a message is untranslated).
"""

from __future__ import annotations

import argparse
import gettext
import io
import sys
from pathlib import Path

from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po

LOCALE = Path(__file__).resolve().parent.parent / "src" / "tiebreaks" / "locale"
DOMAIN = "tiebreaks"


def compiled(po_path: Path) -> bytes:
    """The ``.mo`` bytes of one catalog."""
    with po_path.open("rb") as source:
        catalog = read_po(source, domain=DOMAIN)
    buffer = io.BytesIO()
    write_mo(buffer, catalog, use_fuzzy=False)
    return buffer.getvalue()


def messages(mo_bytes: bytes) -> dict[str, str]:
    """Every message of a ``.mo`` (context and id joined as gettext stores them)."""
    translations = gettext.GNUTranslations(io.BytesIO(mo_bytes))
    return dict(translations._catalog)  # type: ignore[attr-defined]


def catalogs() -> list[Path]:
    """The ``.po`` files of every language."""
    return sorted(LOCALE.glob(f"*/LC_MESSAGES/{DOMAIN}.po"))


def main(arguments: list[str] | None = None) -> int:
    """Compile (or check) every catalog; the exit status."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--check", action="store_true", help="only check the .mo files")
    options = parser.parse_args(arguments)
    stale = []
    for po_path in catalogs():
        mo_path = po_path.with_suffix(".mo")
        fresh = compiled(po_path)
        if options.check:
            current = mo_path.read_bytes() if mo_path.exists() else b""
            if not current or messages(current) != messages(fresh):
                stale.append(mo_path)
            continue
        mo_path.write_bytes(fresh)
        print(f"wrote {mo_path.relative_to(LOCALE.parent.parent.parent)}")
    for path in stale:
        print(f"out of date: {path} (run python scripts/compile_catalogs.py)", file=sys.stderr)
    return 1 if stale else 0


if __name__ == "__main__":
    sys.exit(main())
