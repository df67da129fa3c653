"""The web API takes the choice of ratings when players have several (``rating_by_round``)
and says which were used (issue 18 item 6; the values are those of the hand-computed
league of tests/test_ratings_by_round.py)."""

from __future__ import annotations

import pytest
from fastapi.testclient import TestClient

from ..test_ratings_by_round import BY_ROUND, FIRST, LIST, league_text


@pytest.mark.parametrize("by_round", [False, True])
def test_the_api_takes_the_choice(client: TestClient, by_round: bool) -> None:
    answer = client.post(
        "/api/standings",
        json={
            "tournament": {"data": league_text(), "name": "league.trf"},
            "tiebreaks": LIST,
            "rating_by_round": by_round,
        },
    )
    assert answer.status_code == 200, answer.text
    data = answer.json()
    assert data["ratings_used"] == ("by-round" if by_round else "first")
    expected = BY_ROUND if by_round else FIRST
    found = {row["id"]: row["tiebreaks"]["ARO"] for row in data["standings"]}
    assert found == {number: values[0] for number, values in expected.items()}


@pytest.mark.parametrize(
    ("fields", "line", "tpr", "not_tpr"),
    [
        ({}, "each player&#39;s first rating", "1940", "1951"),
        (
            {"rating_by_round": "1"},
            "each opponent&#39;s rating in force in the round",
            "1951",
            "1940",
        ),
    ],
)
def test_the_page_takes_the_choice_and_prints_it(
    client: TestClient, fields: dict[str, str], line: str, tpr: str, not_tpr: str
) -> None:
    data = {"text": league_text(), "fmt": "trf", "listed": "1", **fields}
    answer = client.post("/standings", data={**data, "tb": LIST.split(",")})
    assert answer.status_code == 200, answer.text
    assert line in answer.text
    assert f">{tpr}<" in answer.text and f">{not_tpr}<" not in answer.text  # player 1's TPR
