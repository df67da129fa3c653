"""A click group whose commands are imported when they run (click's documented "lazily
loading subcommands" pattern): ``tiebreaks --help`` shows every command from its one-line help
without importing any of them."""

from __future__ import annotations

from typing import Any

import click

from ..lazy import load


class LazyGroup(click.Group):
    """``commands_by_name`` maps a command's name to (``module:function`` inside ``package``,
    its one-line help)."""

    def __init__(
        self, *args: Any, commands_by_name: dict[str, tuple[str, str]], package: str, **kwargs: Any
    ) -> None:
        super().__init__(*args, **kwargs)
        self.commands_by_name = commands_by_name
        self.package = package

    def list_commands(self, ctx: click.Context) -> list[str]:
        """Every command, in the registry's order."""
        return list(self.commands_by_name)

    def get_command(self, ctx: click.Context, cmd_name: str) -> click.Command | None:
        """The command ``cmd_name``, imported now (None for an unknown name)."""
        if cmd_name not in self.commands_by_name:
            return None
        command: click.Command = load("." + self.commands_by_name[cmd_name][0], self.package)
        return command

    def format_commands(self, ctx: click.Context, formatter: click.HelpFormatter) -> None:
        """The list of commands with their one-line help, without importing them."""
        rows = [(name, short) for name, (_, short) in self.commands_by_name.items()]
        with formatter.section("Commands"):
            formatter.write_dl(rows)
