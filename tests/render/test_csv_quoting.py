"""The CSV cells are quoted only when they must be (RFC 4180, as the :mod:`csv` writer does:
a comma, a quote or a line break), with ``\\n`` line ends; the expected lines are written by
hand from the held Swiss's player 1 (rank, start number 1, rating 2200)."""

from __future__ import annotations

import pytest

from tiebreaks.render import standings_csv

from .test_injection import standings_with


@pytest.mark.parametrize(
    ("name", "cell"),
    [
        ("Anna Plain", "Anna Plain"),
        ('Smith, "Jo"', '"Smith, ""Jo"""'),
        ("Smith, Jo", '"Smith, Jo"'),
        ('say "hi"', '"say ""hi"""'),
        ("semi;colon", "semi;colon"),
        ("it's", "it's"),
    ],
)
def test_a_name_is_quoted_only_when_it_must_be(name: str, cell: str) -> None:
    text = standings_csv(standings_with({1: name}))
    assert f",1,{cell},2200," in text


def test_every_line_ends_with_a_line_feed() -> None:
    text = standings_csv(standings_with({}))
    assert text.endswith("\n")
    assert "\r" not in text
    assert text.startswith("rank,id,name,rating,")
