"""Where a peer engine disagrees with the regulation: the value C.07 gives, computed by hand.

Found by the differential comparison of ``benchmarks/peers.py`` (ours, gacrux 1.11.65 and
tiebreak-core 1.2.0 on generated Swiss events with every kind of unplayed round; see
``benchmarks/results/peers.md``).  In each case below gacrux and ours give the value the
regulation gives and tiebreak-core 1.2.0 does not; the tournaments are the smallest we found
or built by hand for the point, and every expected value is worked out in the comments.

Articles are those of FIDE C.07 (2026), in force from 1 March 2026:

* 6.1.1: in the separate standings of the tied participants, forfeit wins and losses not
  covered by Art. 15.2 (pre-determined pairings) are excluded unless the tournament's rules
  say otherwise.
* 6.2: if all the tied participants have met each other, the separate standings rank them,
  Art. 6 being reapplied to any subset still tied.
* 6.3: in a Swiss, if they have not played all the games against each other, one of them who
  is alone at the top of the separate standings whatever the outcome of the missing games
  is ranked first, then the same for the second rank and so on; Art. 6 is then reapplied to
  the participants left unranked.
* 4.3 and 5: Fore Buchholz (FB) is of type D, "calculated after the pairings are published
  (i.e. before the games are played)"; 8.3: FB is the "Buchholz score calculated as if all
  paired games for the final round had ended in draws".
* 7.6: REP is "the number of rounds reduced by the number of half-point-byes, zero-point-byes
  or forfeit losses"; 15.2: with pre-determined pairings forfeits are regular games, "except
  that all forfeits in ratings-based tie-breaks (see Article 10) and forfeit losses in Type B
  tie-breaks (see Article 7) remain unplayed rounds".
* 9.2: Koya (KS) is "the number of points achieved against all participants who have scored
  at least 50% of the maximum possible tournament score".
* 10.3: the perfect tournament performance (PTP) is the lowest whole rating whose expected
  score (the sum of the scoring probabilities of FIDE table 8.1(b) against each opponent,
  full scale) is at least the tournament score.
"""

from __future__ import annotations

from fractions import Fraction

import tiebreaks
from tiebreaks.model import PairingSystem

from ..builders import Builder


def _standings(
    tournament: tiebreaks.Tournament, specs: list[str]
) -> dict[int, tuple[int, int | None]]:
    """Start number -> (rank, DE value) under the 2026 rules (DE: the place inside the tied
    group that direct encounter decided, 0 where it separated nobody, None where the player
    was not tied with anyone: Art. 6 does not apply)."""
    standings = tiebreaks.compute_standings(tournament, specs, "fide-2026")
    table: dict[int, tuple[int, int | None]] = {}
    for row in standings.rows:
        value = row.values["DE"]
        assert value is None or value.denominator == 1
        table[row.player.start_number] = (row.rank, None if value is None else int(value))
    return table


def test_a_forfeit_between_tied_players_is_a_missing_game() -> None:
    """Three players end on 1.5 points in a 6-player, 3-round Swiss:

    * round 1: 1 beat 3 over the board;
    * round 2: 2 and 3 drew over the board;
    * round 3: 2 beat 1 by forfeit.

    Separate standings (Art. 6.1.1: the forfeit is excluded): 1 has 1 point, 2 has ½, 3 has ½.
    1 and 2 have not played each other, so Art. 6.3 applies, not 6.2.  Whatever the missing
    game 1-2 gives, is anyone alone at the top?  1 keeps 1 if he loses it, and 2 would then
    have 1½; 2 and 3 can reach at most 1½ and ½.  Nobody is certain to be first, so DE leaves
    all three tied (shared 2nd place behind 4; DE value 0 for each).

    tiebreak-core 1.2.0 counts the forfeited pairing as "met", applies Art. 6.2 and ranks
    1 first, 2 and 3 second: DE 1, 2, 2."""
    builder = Builder(rounds=3)
    for number, rating in enumerate([2000, 1900, 1800, 1700, 1600, 1500], start=1):
        builder.player(number, rating=rating)
    builder.game(1, 1, 3, "1-0").game(1, 2, 4, "0-1").game(1, 5, 6, "0-1")
    builder.game(2, 2, 3, "=").game(2, 1, 5, "=").game(2, 4, 6, "1-0")
    builder.game(3, 1, 2, "-+").game(3, 3, 6, "1-0").game(3, 4, 5, "1-0")
    # Points: 1: 1 + ½ + 0; 2: 0 + ½ + 1; 3: 0 + ½ + 1 -> 1½ each; 4: 3; 5: ½; 6: 1.
    assert _standings(builder.build(), ["PTS", "DE"]) == {
        4: (1, None),
        1: (2, 0),
        2: (2, 0),
        3: (2, 0),
        6: (5, None),
        5: (6, None),
    }


def test_direct_encounter_is_reapplied_after_a_first_place_is_fixed() -> None:
    """Four players end on 2 points in an 8-player, 4-round Swiss.  Their games with each
    other (1 and 4 never met):

    * 1 beat 2 and 3;
    * 2 beat 4, 3 beat 4;
    * 2 and 3 drew.

    Separate standings: 1 has 2 points, 2 and 3 have 1½ (½ + 1), 4 has 0.  Art. 6.3: even if
    the missing game 1-4 went to 4, 1 keeps 2, more than 2 and 3 (1½, all their games against
    the group played) and 4 (at most 1): 1 is first.  Nobody is then certain to be alone at
    the top of 2, 3, 4 (2 and 3 are level), so Art. 6 is reapplied to {2, 3, 4}: they have
    all met, Art. 6.2 ranks them 2 = 3 (1½ each) ahead of 4 (0), and reapplied to {2, 3}
    leaves them tied (they drew).  Places in the group: 1 first, 2 and 3 second, 4 fourth
    (overall 3rd, 4th, 4th and 6th behind 5 and 6, who share the first place on 3 points:
    they never met, so DE cannot separate them).

    tiebreak-core 1.2.0 fixes 1 first but then only looks for a next leader by the Art. 6.3
    test and leaves 2, 3 and 4 tied (4 is not put behind)."""
    builder = Builder(rounds=4)
    for number in range(1, 9):
        builder.player(number, rating=2300 - 100 * number)
    builder.game(1, 1, 2, "1-0").game(1, 3, 4, "1-0").game(1, 5, 7, "1-0").game(1, 6, 8, "1-0")
    builder.game(2, 1, 3, "1-0").game(2, 2, 4, "1-0").game(2, 5, 8, "1-0").game(2, 6, 7, "1-0")
    builder.game(3, 2, 3, "=").game(3, 1, 5, "0-1").game(3, 4, 6, "1-0").game(3, 7, 8, "1-0")
    builder.game(4, 1, 6, "0-1").game(4, 2, 7, "=").game(4, 3, 8, "=").game(4, 4, 5, "1-0")
    # Points: 1: 1+1+0+0; 2: 0+1+½+½; 3: 1+0+½+½; 4: 0+0+1+1 -> 2 each;
    # 5: 1+1+1+0 = 3; 6: 1+1+0+1 = 3; 7: 0+0+1+½ = 1½; 8: 0+0+0+½ = ½.
    assert _standings(builder.build(), ["PTS", "DE"]) == {
        5: (1, 0),
        6: (1, 0),
        1: (3, 1),
        2: (4, 2),
        3: (4, 2),
        4: (6, 4),
        7: (7, None),
        8: (8, None),
    }


def test_perfect_performance_is_computed_exactly() -> None:
    """Player 1 loses to 2 (rated 1770) and 3 (1830) and beats 4 (1780): 1 point.

    Table 8.1(b) gives the probability of the higher-rated player for a rating difference;
    the lower-rated one gets 1 minus it.  For a rating of 1668 the differences are 102, 162
    and 112 below the opponents: 0.64, 0.71 and 0.65 for them (bands 99-106, 154-162,
    107-113), so 0.36 + 0.29 + 0.35 = 1.00 for player 1, which reaches the score of 1.
    For 1667 they are 103, 163 and 113: 0.64, 0.72 (band 163-170), 0.65, so
    0.36 + 0.28 + 0.35 = 0.99, short of it.  PTP = 1668.

    tiebreak-core 1.2.0 adds the probabilities as binary floats (0.36 + 0.29 + 0.35 gives
    0.9999999999999999 < 1) and answers 1672."""
    builder = Builder(rounds=3)
    for number, rating in enumerate([1700, 1770, 1830, 1780], start=1):
        builder.player(number, rating=rating)
    builder.game(1, 1, 2, "0-1").game(1, 3, 4, "=")
    builder.game(2, 3, 1, "1-0").game(2, 2, 4, "=")
    builder.game(3, 1, 4, "1-0").game(3, 2, 3, "=")
    standings = tiebreaks.compute_standings(builder.build(), ["PTS", "PTP"], "fide-2026")
    subject = next(row for row in standings.rows if row.player.start_number == 1)
    assert subject.values["PTS"] == 1
    assert subject.values["PTP"] == 1668


def test_fore_buchholz_draws_a_forfeited_final_round_pairing() -> None:
    """A 4-player, 2-round Swiss: round 1, 1 beat 2 and 3 beat 4; round 2, 3 won by forfeit
    against 1 and 2 beat 4 over the board.

    FB is known once the last round is paired, before it is played (type D), so it cannot
    depend on the forfeit: both pairings of round 2 count as draws.  Scores in that world:
    1: 1 + ½ = 1½, 2: 0 + ½ = ½, 3: 1 + ½ = 1½, 4: 0 + ½ = ½, and no round is unplayed.
    FB(1) = ½ (2) + 1½ (3) = 2; FB(2) = 1½ (1) + ½ (4) = 2; FB(3) = ½ (4) + 1½ (1) = 2;
    FB(4) = 1½ (3) + ½ (2) = 2.

    tiebreak-core 1.2.0 draws only the final-round games played over the board: the forfeit
    keeps its point and is an unplayed round with a capped dummy, giving 1½, 1½, 1½ and 2½."""
    builder = Builder(rounds=2)
    for number, rating in enumerate([2000, 1900, 1800, 1700], start=1):
        builder.player(number, rating=rating)
    builder.game(1, 1, 2, "1-0").game(1, 3, 4, "1-0")
    builder.game(2, 1, 3, "-+").game(2, 2, 4, "1-0")
    standings = tiebreaks.compute_standings(builder.build(), ["PTS", "FB"], "fide-2026")
    assert {row.player.start_number: row.values["FB"] for row in standings.rows} == {
        1: 2,
        2: 2,
        3: 2,
        4: 2,
    }


def test_a_forfeit_loss_is_not_a_round_elected_to_play_in_a_round_robin() -> None:
    """A 4-player round robin (3 rounds): 2 lost round 1 to 3 by forfeit, drew 1 and beat 4.
    REP of 2 = 3 rounds - 1 forfeit loss = 2 (Art. 15.2 keeps the forfeit loss an unplayed
    round for this type B tie-break); 3, who won that forfeit, elected to play all 3.

    tiebreak-core 1.2.0 subtracts only the requested byes in a round robin and gives 2 a REP
    of 3."""
    builder = Builder(rounds=3, pairing_system=PairingSystem.ROUND_ROBIN)
    for number, rating in enumerate([2000, 1900, 1800, 1700], start=1):
        builder.player(number, rating=rating)
    builder.game(1, 1, 4, "1-0").game(1, 2, 3, "-+")
    builder.game(2, 4, 3, "=").game(2, 1, 2, "=")
    builder.game(3, 2, 4, "1-0").game(3, 3, 1, "0-1")
    standings = tiebreaks.compute_standings(builder.build(), ["PTS", "REP"], "fide-2026")
    assert standings.pairing_system is PairingSystem.ROUND_ROBIN
    assert {row.player.start_number: row.values["REP"] for row in standings.rows} == {
        1: 3,
        2: 2,
        3: 3,
        4: 3,
    }


def test_koya_threshold_in_an_odd_round_robin_counts_games_not_rounds() -> None:
    """A round robin of 3 players has 3 rounds, but each player has one round without an
    opponent (the empty slot of the Berger table) and plays 2 games: the maximum possible
    tournament score is 2 points, 50% of it is 1.  Results: 1 beat 2, 1 and 3 drew, 2 beat 3;
    points 1½, 1 and ½.  Participants on at least 1 point: 1 and 2.  KS(1) = 1 (the win
    against 2), KS(2) = 0 (the loss to 1), KS(3) = ½ (the draw with 1; 3 lost to 2).

    tiebreak-core 1.2.0 takes half the number of rounds (1½) as the threshold, so only 1
    qualifies and KS(1) = 0."""
    builder = Builder(rounds=3, pairing_system=PairingSystem.ROUND_ROBIN)
    for number, rating in enumerate([1900, 1800, 1700], start=1):
        builder.player(number, rating=rating)
    builder.game(1, 1, 2, "1-0").game(2, 3, 1, "=").game(3, 2, 3, "1-0")
    standings = tiebreaks.compute_standings(builder.build(), ["PTS", "KS"], "fide-2026")
    assert {row.player.start_number: row.values["KS"] for row in standings.rows} == {
        1: 1,
        2: 0,
        3: Fraction(1, 2),
    }


def test_koya_in_an_even_round_robin_counts_every_game() -> None:
    """Art. 9.2 against gacrux 1.11.65: a two-player match played as a round robin of four
    rounds (four cycles of one round each). Player 1 won rounds 1 and 2 and drew rounds 3
    and 4: 3 points against 1. Each player could play 4 games, so the maximum possible score
    is 4 and the Koya limit 2: only player 1 reached it. KS of player 1 (points against those
    who reached it) is 0, KS of player 2 is 1 (the two draws against player 1).

    gacrux removes one game per cycle whenever the rounds are a multiple of the field,
    meant for the empty slot of an odd-sized round robin, also in an even one: a limit of
    1 point, which player 2 reaches, giving player 1 a KS of 3."""
    builder = Builder(rounds=4, pairing_system=PairingSystem.ROUND_ROBIN)
    builder.game(1, 1, 2, "1-0").game(2, 2, 1, "0-1").game(3, 1, 2, "=").game(4, 2, 1, "=")
    standings = tiebreaks.compute_standings(builder.build(), ["PTS", "KS"], "fide-2026")
    values = {row.player.start_number: row.values["KS"] for row in standings.rows}
    assert values == {1: Fraction(0), 2: Fraction(1)}
