"""``python -m tiebreaks``."""

from .cli import run

run()
