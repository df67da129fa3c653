"""Command line: ``tiebreaks standings`` and ``tiebreaks list`` (a thin adapter over the API).

Exit codes: 0 success; 1 the input file is malformed or cannot be read; 2 bad usage (unknown
option, tie-break or rules edition, bad value); 70 internal error (a bug: please report it).
"""

from __future__ import annotations

import os
import sys
from collections.abc import Callable
from typing import TypeVar

import click

EXIT_INPUT = 1
EXIT_USAGE = 2
EXIT_INTERNAL = 70

T = TypeVar("T")


def _guarded(action: Callable[[], T]) -> T:
    """Run ``action``; turn our errors into a one-line message and an exit code."""
    from .errors import InputError, SourceError, TiebreaksError

    try:
        return action()
    except (InputError, SourceError) as error:
        click.echo(f"error: {error}", err=True)
        sys.exit(EXIT_INPUT)
    except TiebreaksError as error:
        click.echo(f"error: {error}", err=True)
        sys.exit(EXIT_USAGE)


@click.group(context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(package_name="tiebreaks")
def main() -> None:
    """Chess tournament standings with every FIDE tie-break, computed exactly."""


@main.command()
@click.argument("file")
@click.option("--tiebreaks", "-t", "tiebreak_list", help="Ordered list, e.g. PTS,BH/C1,BH,SB.")
@click.option("--rules", "-r", help="Rules edition: fide-2026 or fide-2024 (default: by date).")
@click.option("--after-round", "-n", type=click.IntRange(min=0), help="Standings after round N.")
@click.option(
    "--format", "-f", "output_format", type=click.Choice(["text", "json", "csv"]), default="text"
)
@click.option("--unrated-rating", type=click.IntRange(min=0), help="Rating for unrated players.")
@click.option(
    "--system",
    type=click.Choice(["swiss", "round-robin"]),
    help="Override the detected pairing system.",
)
@click.option("--lots", "lots_seed", type=int, help="Break remaining ties by lot with this seed.")
def standings(
    file: str,
    tiebreak_list: str | None,
    rules: str | None,
    after_round: int | None,
    output_format: str,
    unrated_rating: int | None,
    system: str | None,
    lots_seed: int | None,
) -> None:
    """Compute and print the standings of FILE (a TRF file; '-' reads standard input)."""
    from . import render
    from .api import read_tournament
    from .model import PairingSystem
    from .standings import compute_standings
    from .tiebreaks.spec import parse_spec_list

    def run() -> str:
        tournament = read_tournament(file)
        result = compute_standings(
            tournament,
            parse_spec_list(tiebreak_list) if tiebreak_list else None,
            rules,
            after_round=after_round,
            unrated_rating=unrated_rating,
            pairing_system=PairingSystem(system) if system else None,
            lots_seed=lots_seed,
        )
        if output_format == "json":
            return render.standings_json(result)
        for warning in result.warnings:
            click.echo(f"warning: {warning}", err=True)
        if output_format == "csv":
            click.echo(f"rules: {result.rules} ({result.rules_reason})", err=True)
            return render.standings_csv(result)
        return render.standings_text(result)

    click.echo(_guarded(run), nl=False)


@main.command(name="list")
def list_tiebreaks() -> None:
    """List the catalogue: acronym, name, article, type and modifiers."""
    from .tiebreaks.registry import catalogue

    rows = [
        (
            entry.acronym,
            entry.name,
            f"Art. {entry.article}",
            entry.type_code,
            " ".join(f"/{letter}" for letter in entry.modifiers) or "-",
            ", ".join(entry.aliases),
        )
        for entry in catalogue()
    ]
    header = ("Acronym", "Name", "Article", "Type", "Modifiers", "Also")
    widths = [max(len(row[i]) for row in [header, *rows]) for i in range(len(header))]
    for row in [header, *rows]:
        click.echo(
            "  ".join(cell.ljust(width) for cell, width in zip(row, widths, strict=True)).rstrip()
        )
    click.echo(
        "\nModifiers: /Cn cut n lowest, /Mn median n, /L±n Koya limit moved by n half-points,"
        "\n/P forfeits count as played, /F Fore Buchholz based, /R reverse order,"
        "\n/Un rating given to unrated players."
    )


def run() -> None:
    """Entry point that never shows a traceback."""
    import gc

    gc.disable()  # a short-lived process building large acyclic structures: see api.py
    try:
        main(standalone_mode=True)
    except SystemExit:
        raise
    except BrokenPipeError:  # the reader of our output went away (e.g. `| head`)
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
        sys.exit(EXIT_INPUT)
    except KeyboardInterrupt:
        sys.exit(130)
    except Exception as error:
        click.echo(f"internal error: {type(error).__name__}: {error}", err=True)
        click.echo("This is a bug in tiebreaks; please report it with the input file.", err=True)
        sys.exit(EXIT_INTERNAL)
