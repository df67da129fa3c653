"""Option types shared by the commands (click only, so that ``tiebreaks --help`` stays fast)."""

from __future__ import annotations

import re

import click

from ..formats.files import MAX_INPUT_BYTES

_SIZE = re.compile(r"^\s*(\d+)\s*([kKmMgG]i?[bB]?|[bB])?\s*$")
_UNITS = {"b": 1, "k": 1 << 10, "m": 1 << 20, "g": 1 << 30}


def byte_size(ctx: click.Context, param: click.Parameter, value: str | int | None) -> int | None:
    """A size in bytes from ``4000000``, ``500k``, ``4M`` or ``2G`` (k, M and G are 1024,
    1024² and 1024³)."""
    if value is None or isinstance(value, int):
        return value
    match = _SIZE.match(value)
    if match is None or int(match.group(1)) <= 0:
        raise click.BadParameter(f"{value!r} is not a size such as 4000000, 500k, 4M or 2G")
    unit = (match.group(2) or "b")[0].lower()
    return int(match.group(1)) * _UNITS[unit]


#: ``--max-input`` of every command that reads files (the library's default limit)
MAX_INPUT_OPTION = click.option(
    "--max-input",
    callback=byte_size,
    default=f"{MAX_INPUT_BYTES >> 20}M",
    show_default=True,
    help="Largest input file read (e.g. 100M, 2G).",
)
