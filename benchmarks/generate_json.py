"""Generate very large synthetic Swiss tournaments in our JSON format (``tiebreaks-tournament``).

TRF-16 holds at most 9,999 players (four-digit start numbers), so the 100,000 and 1,000,000
player benchmarks use our JSON format. The tournament itself comes from the same simulation as
:mod:`generate_swiss` (pairing by score groups, results from the rating difference, every kind
of unplayed round); only the output differs. The JSON is written in the compact layout our
writer uses for results (one object per round).

Usage::

    python benchmarks/generate_json.py --players 100000 --rounds 15 --seed 1 --out big.json
"""

from __future__ import annotations

import argparse
import json
import random
import sys
from collections.abc import Iterator, Sequence

import generate_swiss as gs

from tiebreaks.formats.readers.json_syntax import KIND_NAMES
from tiebreaks.model import RESULT_CODES

#: TRF result code -> our kind name ("" is a blank cell: an absence)
KINDS = {code.strip(): KIND_NAMES[kind] for code, kind in RESULT_CODES.items()}


def simulate(players: int, rounds: int, seed: int) -> list[gs.Player]:
    """Play a whole Swiss tournament (no size limit) and return its players."""
    rng = random.Random(seed)
    context = gs._Context(rounds, gs.Rates(), rng, rng.random() < 0.5)
    field_ = gs._make_players(players, context.rates, rng)
    gs._schedule_presence(field_, rounds, context.rates, rng)
    for round_number in range(1, rounds + 1):
        gs._play_round(field_, round_number, context)
    return field_


def _result(cell: gs.Cell) -> str:
    opponent, colour, code = cell
    kind = KINDS[code]
    if not opponent:
        return f'{{"kind":"{kind}","opponent":null,"colour":"-"}}'
    return f'{{"kind":"{kind}","opponent":{opponent},"colour":"{colour}"}}'


def _player(player: gs.Player, rank: int) -> str:
    head = {
        "start_number": player.sno,
        "name": player.name,
        "rating": player.rating or None,
        "national_rating": None,
        "sex": player.sex,
        "title": player.title,
        "federation": player.fed,
        "fide_id": str(player.fide_id) if player.fide_id else "",
        "birth_date": player.birth,
        "stated_points": f"{player.score2 / 2:.1f}",
        "stated_rank": rank,
    }
    results = ",".join(_result(cell) for cell in player.cells)
    return json.dumps(head, ensure_ascii=False)[:-1] + f',"results":[{results}]}}'


def render(field_: Sequence[gs.Player], rounds: int, seed: int) -> Iterator[str]:
    """The JSON document, in pieces."""
    header = {
        "name": f"Synthetic Swiss Open, {len(field_)} players, {rounds} rounds (seed {seed})",
        "start_date": "2026-05-01",
        "type_text": "Individual: Swiss-System",
        "type_code": "",
        "pairing_system": "swiss",
        "rounds": rounds,
        "tiebreak_list": [],
        "standings_list": [],
        "national_federation": "",
        "rating_method": "",
    }
    yield '{"format":"tiebreaks-tournament","version":1,"tournament":'
    yield json.dumps(header) + ',"players":[\n'
    ranks = gs._ranks(field_)
    for index, player in enumerate(field_):
        yield ("" if index == 0 else ",\n") + _player(player, ranks[player.sno])
    yield "\n]}\n"


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--players", type=int, required=True)
    parser.add_argument("--rounds", type=int, default=15)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--out", required=True, help="output file, '-' for standard output")
    args = parser.parse_args(argv)
    field_ = simulate(args.players, args.rounds, args.seed)
    out = sys.stdout if args.out == "-" else open(args.out, "w", encoding="utf-8")  # noqa: SIM115
    with out:
        out.writelines(render(field_, args.rounds, args.seed))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
