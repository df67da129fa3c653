"""The sentences of the rating tie-breaks: ARO (C.07 (2026) Art. 10.1), TPR (10.2), PTP (10.3),
APRO (10.4), APPO (10.5) and RTNG (10.6); the games, the opponents' ratings, the score, ``p``
and ``dp`` (FIDE B.02 tables 8.1(a) and 8.1(b)), the means and their rounding (Art. 10)."""

from __future__ import annotations

from fractions import Fraction

from ...engine.numbers import to_fixed_text
from ...engine.trace import Entry, Step, Trace
from ..i18n import localise_number
from .words import N_, Words, describes

_DEFINITIONS = {
    "ARO": N_(
        "Average Rating of Opponents: the average rating of the opponents met over the board"
        " (forfeits and byes do not count), rounded to a whole number (Art. 10.1)"
    ),
    "TPR": N_(
        "Tournament Performance Rating: the average rating of the opponents plus the rating"
        " difference that FIDE's table gives for the share of points scored over the board, a"
        " win counting 1 point and a draw half a point (Art. 10.2, FIDE B.02 table"
        " 8.1(a))"
    ),
    "PTP": N_(
        "Perfect Tournament Performance: the lowest rating with which the points scored over"
        " the board (a win 1 point, a draw half a point) would be the expected score against"
        " these opponents (Art. 10.3, FIDE B.02 table 8.1(b))"
    ),
    "APRO": N_(
        "Average Performance Rating of Opponents: the average of the opponents' tournament"
        " performance ratings (TPR), one per game played over the board, rounded to a whole"
        " number (Art. 10.4)"
    ),
    "APPO": N_(
        "Average Perfect Performance of Opponents: the average of the opponents' perfect"
        " tournament performances (PTP), one per game played over the board, rounded to a"
        " whole number (Art. 10.5)"
    ),
    "RTNG": N_("Rating: the participant's own rating (Art. 10.6)"),
}


def _hundredths(value: Fraction | int | None, words: Words) -> str:
    """A value with two decimals in the language: "0.63", "4.00"."""
    return localise_number(to_fixed_text(value or 0, 2), words.lang)


def _decimal(value: Fraction, words: Words) -> str:
    """Exact decimal text, or "about ..." when it does not end within four decimals."""
    text = words.number(value)
    if (value * 10**4).denominator == 1:
        return text
    return words._("about %(number)s", number=text)


def _signed(value: int) -> str:
    return f"+ {value}" if value >= 0 else f"- {-value}"


def rating_text(trace: Trace, index: int, rating: int | None, words: Words) -> str:
    """ "rating 2150", or for an unrated participant "rating 1400 (unrated: 1400 set by
    /U1400)"."""
    if words.computation.tournament.players[index].rating:
        return words._("rating %(rating)s", rating=rating)
    spec = trace.spec
    source = (
        f"/U{spec.unrated_rating}"
        if spec.unrated_rating is not None
        else words._("the unrated-rating option")
    )
    return words._(
        "rating %(rating)s (unrated: %(rating)s set by %(source)s)", rating=rating, source=source
    )


def _game(trace: Trace, entry: Entry, words: Words) -> str:
    """ "Round 3: draw with Black against #5 Anna, rating 1900"; a rating of a later rating
    period (ratings by round) says from which round it is in force."""
    assert entry.round is not None and entry.opponent is not None
    text = rating_text(trace, entry.opponent, entry.rating, words)
    since = _later_rating_round(trace, entry, words)
    if since:
        text = words._("%(rating)s (in force from round %(since)s)", rating=text, since=since)
    return words._(
        "%(round)s, %(rating)s", round=words.round(trace.participant, entry.round), rating=text
    )


def _later_rating_round(trace: Trace, entry: Entry, words: Words) -> int:
    """The round from which the opponent's rating of ``entry`` is in force when it is one of
    a later rating period (ratings by round, Art. 10), else 0."""
    if not any(step.code == "ratings-used" and step.numbers[0] for step in trace.steps):
        return 0
    tournament = words.computation.tournament
    number = tournament.players[entry.opponent or 0].start_number
    since = 0
    for item in tournament.round_ratings:
        if item.start_number == number and item.from_round <= (entry.round or 0):
            since = item.from_round
    return since


def _counted(words: Words, count: int, single: str, several: str, /, **fields: object) -> str:
    """The message for one (``single``) or for another number (``several``), translated."""
    return words._(single if count == 1 else several, **fields)


def _undefined(acronym: str, games: int, words: Words) -> str:
    if games:
        return words._(
            "no rating is left: %(acronym)s is undefined and ranks last", acronym=acronym
        )
    return words._(
        "no games played over the board: %(acronym)s is undefined and ranks last",
        acronym=acronym,
    )


def _left_out(trace: Trace, words: Words) -> list[str]:
    """Which ratings count when participants have several (by round, or the first), and the
    games against unrated opponents that do not count (unrated players left out, the second
    method of Art. 10)."""
    texts = []
    for step in trace.steps:
        if step.code == "ratings-used":
            texts.append(_ratings_used(step, words))
        if step.code == "unrated-left-out":
            games = int(step.numbers[0] or 0)
            texts.append(
                _counted(
                    words,
                    games,
                    N_("%(games)s game against an unrated opponent does not count (Art. 10)"),
                    N_("%(games)s games against unrated opponents do not count (Art. 10)"),
                    games=games,
                )
            )
    return texts


def _ratings_used(step: Step, words: Words) -> str:
    """The ratings counted when participants have several (an event over rating periods)."""
    by_round, later = (int(number or 0) for number in step.numbers)
    if not by_round:
        return words._(
            "players have several ratings; each opponent's first rating counts (Art. 10)"
        )
    if later < 0:
        return words._(
            "each opponent's performance counts the ratings in force in the rounds played"
        )
    return _counted(
        words,
        later,
        N_(
            "each opponent's rating in force in the round played counts;"
            " %(games)s game with a rating of a later period"
        ),
        N_(
            "each opponent's rating in force in the round played counts;"
            " %(games)s games with a rating of a later period"
        ),
        games=later,
    )


def _modifier(trace: Trace, step: Step, words: Words) -> list[str]:
    """What ``/Cn`` or ``/Mn`` leave out (Art. 14.1, 14.3), and how many there were."""
    lowest, highest, removed, games = (int(number or 0) for number in step.numbers)
    label = "".join(f"/{part}" for part in trace.spec.modifiers if part[0] in "CM")
    if not highest:
        text = _counted(
            words,
            lowest,
            N_("%(label)s: the lowest rating is left out (Art. 14.1)"),
            N_("%(label)s: the %(many)s lowest ratings are left out (Art. 14.1)"),
            label=label,
            many=lowest,
        )
    elif lowest == highest:
        text = _counted(
            words,
            lowest,
            N_("%(label)s: the lowest and the highest ratings are left out (Art. 14.3)"),
            N_(
                "%(label)s: the %(many)s lowest and the %(many)s highest ratings are left out"
                " (Art. 14.3)"
            ),
            label=label,
            many=lowest,
        )
    else:
        text = words._(
            "%(label)s: the %(lowest)s lowest and the %(highest)s highest ratings are left out"
            " (Art. 14.3)",
            label=label,
            lowest=lowest,
            highest=highest,
        )
    if not games or removed >= lowest + highest:
        return [text]
    only = _counted(
        words,
        games,
        N_("only %(games)s game played, so only %(removed)s left out"),
        N_("only %(games)s games played, so only %(removed)s left out"),
        games=games,
        removed=removed,
    )
    return [text, only]


def _absorbed(trace: Trace, step: Step, words: Words) -> list[str]:
    """``/SM``: the cuts that fall on rounds without a game (Swiss-Manager's ARO Cut)."""
    absorbed = int(step.numbers[0] or 0)
    label = "".join(f"/{part}" for part in trace.spec.modifiers if part[0] in "CMS")
    return [
        _counted(
            words,
            absorbed,
            N_(
                "%(label)s, Swiss-Manager's reading: the round without a game is cut"
                " instead of the lowest rating"
            ),
            N_(
                "%(label)s, Swiss-Manager's reading: %(many)s rounds without a game are cut"
                " instead of the lowest ratings"
            ),
            label=label,
            many=absorbed,
        )
    ]


def _mean(steps: dict[str, Step], words: Words) -> str:
    """ "sum 7642 / 4 games = 1910.5, rounded half up to 1911 (Art. 10)"."""
    total, count, exact = steps["mean"].numbers
    assert isinstance(count, int) and isinstance(exact, Fraction)
    text = _counted(
        words,
        count,
        N_("sum %(total)s / %(games)s game = %(mean)s"),
        N_("sum %(total)s / %(games)s games = %(mean)s"),
        total=total,
        games=count,
        mean=_decimal(exact, words),
    )
    if "rounded" not in steps:
        return text
    value = steps["rounded"].numbers[1]
    if exact.denominator == 2:
        return words._("%(step)s, rounded half up to %(value)s (Art. 10)", step=text, value=value)
    return words._(
        "%(step)s, rounded to the nearest whole number: %(value)s (Art. 10)",
        step=text,
        value=value,
    )


def _average_steps(trace: Trace, words: Words) -> list[str]:
    """The modifier, the mean and its rounding, or why the value is undefined."""
    steps = {step.code: step for step in trace.steps}
    texts = _left_out(trace, words)
    texts += _absorbed(trace, steps["unplayed-cut"], words) if "unplayed-cut" in steps else []
    texts += _modifier(trace, steps["modifier"], words) if "modifier" in steps else []
    if "undefined" in steps:
        games = int(steps["undefined"].numbers[0] or 0)
        return [*texts, _undefined(trace.spec.acronym, games, words)]
    return [*texts, _mean(steps, words)]


@describes("ARO")
def average_rating_of_opponents(trace: Trace, words: Words) -> tuple[str, list[str], list[str]]:
    """One line per game with the opponent's rating; the cuts, the mean and its rounding."""
    texts = [_game(trace, entry, words) for entry in trace.entries]
    return words._(_DEFINITIONS[trace.spec.acronym]), texts, _average_steps(trace, words)


def _score(step: Step, words: Words) -> str:
    """ "score 2.5 of 4 games = 0.625 -> p = 0.63 (rounded half up to two decimals)"."""
    points, games, share, p = step.numbers
    assert isinstance(games, int) and isinstance(share, Fraction)
    fields = {"points": words.number(points), "games": games, "p": _hundredths(p, words)}
    if (share * 100).denominator == 1:
        return _counted(
            words,
            games,
            N_("score %(points)s of %(games)s game: p = %(p)s"),
            N_("score %(points)s of %(games)s games: p = %(p)s"),
            **fields,
        )
    return _counted(
        words,
        games,
        N_(
            "score %(points)s of %(games)s game = %(share)s -> p = %(p)s (rounded half up to two"
            " decimals)"
        ),
        N_(
            "score %(points)s of %(games)s games = %(share)s -> p = %(p)s (rounded half up to two"
            " decimals)"
        ),
        share=_decimal(share, words),
        **fields,
    )


def _table(step: Step, words: Words) -> str:
    """ "B.02 table 8.1(a): dp(0.63) = 95"; below 0.50 through ``dp = -dp(1 - p)``."""
    p, dp = step.numbers
    assert isinstance(p, Fraction)
    if p >= Fraction(1, 2):
        return words._("B.02 table 8.1(a): dp(%(p)s) = %(dp)s", p=_hundredths(p, words), dp=dp)
    return words._(
        "B.02 table 8.1(a): p = %(p)s is below 0.50, so dp = -dp(1 - %(p)s) = -dp(%(complement)s)"
        " = %(dp)s",
        p=_hundredths(p, words),
        complement=_hundredths(1 - p, words),
        dp=dp,
    )


@describes("TPR")
def tournament_performance_rating(trace: Trace, words: Words) -> tuple[str, list[str], list[str]]:
    """The ARO lines and mean, then ``p``, ``dp`` and their sum."""
    texts = [_game(trace, entry, words) for entry in trace.entries]
    steps = {step.code: step for step in trace.steps}
    if "undefined" in steps:
        told = [*_left_out(trace, words), _undefined("TPR", 0, words)]
        return words._(_DEFINITIONS[trace.spec.acronym]), texts, told
    average, dp, value = steps["performance"].numbers
    assert isinstance(dp, int)
    told = [
        *_left_out(trace, words),
        words._("ARO: %(step)s", step=_mean(steps, words)),
        _score(steps["score"], words),
        _table(steps["table"], words),
        words._(
            "TPR = %(average)s %(difference)s = %(value)s",
            average=average,
            difference=_signed(dp),
            value=words.number(value),
        ),
    ]
    return words._(_DEFINITIONS[trace.spec.acronym]), texts, told


def _search(steps: dict[str, Step], words: Words) -> list[str]:
    """The search of the lowest rating reaching the points (Art. 10.3)."""
    points = words.number(steps["points"].numbers[0])
    low, high = steps["search"].numbers
    rating, reached, _ = steps["reached"].numbers
    below, short, _ = steps["short"].numbers
    return [
        words._(
            "PTP is the lowest whole rating R whose expected scores against these opponents"
            " (B.02 table 8.1(b)) add up to at least %(points)s; the full rating difference"
            " counts (no 400-point limit), and beyond 735 points a game is expected to be won"
            " (1.00) or lost (0.00)",
            points=points,
        ),
        words._("searched by halving the range from %(low)s to %(high)s", low=low, high=high),
        words._(
            "at R = %(rating)s: expected %(expected)s, which reaches %(points)s",
            rating=rating,
            expected=_hundredths(reached, words),
            points=points,
        ),
        words._(
            "at R = %(rating)s: expected %(expected)s, less than %(points)s",
            rating=below,
            expected=_hundredths(short, words),
            points=points,
        ),
        words._("PTP = %(value)s", value=rating),
    ]


@describes("PTP")
def perfect_tournament_performance(trace: Trace, words: Words) -> tuple[str, list[str], list[str]]:
    """One line per game with the score expected at the rating found; the search."""
    definition = words._(_DEFINITIONS[trace.spec.acronym])
    steps = {step.code: step for step in trace.steps}
    if "undefined" in steps:
        return definition, [], [*_left_out(trace, words), _undefined("PTP", 0, words)]
    value = words.number(trace.value)
    texts = [
        words._(
            "%(game)s; a %(value)s player is expected to score %(expected)s",
            game=_game(trace, entry, words),
            value=value,
            expected=_hundredths(entry.amount, words),
        )
        for entry in trace.entries
    ]
    points, games = steps["points"].numbers
    assert isinstance(games, int)
    told = [
        *_left_out(trace, words),
        _counted(
            words,
            games,
            N_("score %(points)s of %(games)s game"),
            N_("score %(points)s of %(games)s games"),
            points=words.number(points),
            games=games,
        ),
    ]
    if "zero-score" in steps:
        lowest, dp, found = steps["zero-score"].numbers
        assert isinstance(dp, int)
        told.append(
            words._(
                "no points scored: PTP = the lowest opponent rating %(lowest)s - %(below)s"
                " = %(value)s (Art. 10.3)",
                lowest=lowest,
                below=-dp,
                value=found,
            )
        )
        return definition, texts, told
    return definition, texts, told + _search(steps, words)


@describes("APRO", "APPO")
def opponents_performance(trace: Trace, words: Words) -> tuple[str, list[str], list[str]]:
    """One line per game with the opponent's TPR (their ARO and dp) or PTP (their score);
    the mean and its rounding."""
    texts = []
    for entry in trace.entries:
        assert entry.round is not None and entry.amount is not None
        fields = {
            "round": words.round(trace.participant, entry.round),
            "value": words.number(entry.amount),
            "points": words.number(entry.score),
        }
        if entry.rating is None:
            texts.append(
                words._(
                    "%(round)s, PTP %(value)s (their %(points)s points over the board)", **fields
                )
            )
            continue
        difference = _signed(int(entry.amount) - entry.rating)
        texts.append(
            words._(
                "%(round)s, TPR %(value)s (their ARO %(average)s %(difference)s for %(points)s"
                " points over the board)",
                average=entry.rating,
                difference=difference,
                **fields,
            )
        )
    definition = words._(_DEFINITIONS[trace.spec.acronym])
    return definition, texts, _average_steps(trace, words)


@describes("RTNG")
def rating(trace: Trace, words: Words) -> tuple[str, list[str], list[str]]:
    """The participant's own rating; ``/R`` reverses the order (none: an unrated participant
    left out, Art. 10)."""
    if not trace.entries:
        told = words._(
            "no rating: unrated players are left out, so RTNG is undefined and ranks last (Art. 10)"
        )
        return words._(_DEFINITIONS[trace.spec.acronym]), [], [told]
    entry = trace.entries[0]
    text = rating_text(trace, trace.participant, entry.rating, words)
    order = (
        words._("/R: the order is reversed, so a lower rating ranks higher")
        if trace.spec.reverse
        else words._("a higher rating ranks higher")
    )
    return words._(_DEFINITIONS[trace.spec.acronym]), [text], [order]
