"""bowling: the bowling and tennis scoring katas (benchmarks/scheme/bowling.scm).

The same algorithm as the Scheme: a game is a list of rolls, scored frame
by frame with an index (a strike 10 and the next two rolls, a spare 10
and the next one), written out as a card of marks and listed as running
totals; tennis points called after each point by the kata's if/elif
chain, point names from a dict.  Rolls and points come from the Scheme's
x -> (1103515245x + 12345) mod 2^31.
"""

from .lcg import Random


def make_game(rng):
    rolls = []
    for _ in range(9):
        first = rng.below(11)
        rolls.append(first)
        if first != 10:
            rolls.append(rng.below(11 - first))
    first = rng.below(11)
    if first == 10:
        bonus = rng.below(11)
        rolls += [first, bonus, rng.below(11) if bonus == 10 else rng.below(11 - bonus)]
    else:
        second = rng.below(11 - first)
        rolls += [first, second]
        if first + second == 10:
            rolls.append(rng.below(11))
    return rolls


def frame_scores(rolls):
    scores = []
    i = 0
    for _ in range(10):
        if rolls[i] == 10:
            scores.append(10 + rolls[i + 1] + rolls[i + 2])
            i += 1
        elif rolls[i] + rolls[i + 1] == 10:
            scores.append(10 + rolls[i + 2])
            i += 2
        else:
            scores.append(rolls[i] + rolls[i + 1])
            i += 2
    return scores


def mark(pins):
    if pins == 10:
        return "X"
    if pins == 0:
        return "-"
    return str(pins)


def card(rolls):
    parts = []
    i = 0
    for _ in range(9):
        if rolls[i] == 10:
            parts.append("X")
            i += 1
        elif rolls[i] + rolls[i + 1] == 10:
            parts.append(mark(rolls[i]) + "/")
            i += 2
        else:
            parts.append(mark(rolls[i]) + mark(rolls[i + 1]))
            i += 2
    tenth = ""
    fresh = True
    while i < len(rolls):
        if fresh and i + 1 < len(rolls) and rolls[i] < 10 and rolls[i] + rolls[i + 1] == 10:
            tenth += mark(rolls[i]) + "/"
            i += 2
        elif rolls[i] == 10:
            tenth += "X"
            fresh = True
            i += 1
        else:
            tenth += mark(rolls[i])
            fresh = False
            i += 1
    return "|".join(parts) + "|" + tenth


POINT_NAMES = {0: "love", 1: "fifteen", 2: "thirty", 3: "forty"}


def tennis_call(a, b):
    if a >= 4 and a - b >= 2:
        return "win for player one"
    if b >= 4 and b - a >= 2:
        return "win for player two"
    if a >= 3 and a == b:
        return "deuce"
    if a == b:
        return POINT_NAMES[a] + "-all"
    if a >= 4 and a - b == 1:
        return "advantage player one"
    if b >= 4 and b - a == 1:
        return "advantage player two"
    return POINT_NAMES[a] + "-" + POINT_NAMES[b]


def play_tennis(rng, points):
    a = b = one = two = deuces = chars = longest = 0
    last = ""
    for _ in range(points):
        if rng.next() % 2 == 0:
            a += 1
        else:
            b += 1
        last = tennis_call(a, b)
        if last == "deuce":
            deuces += 1
        chars += len(last)
        if (a >= 4 and a - b >= 2) or (b >= 4 and b - a >= 2):
            if a > b:
                one += 1
            else:
                two += 1
            longest = max(longest, a + b)
            a = b = 0
    return [one, two, deuces, chars, longest, last]


def run(n: int = 5_000) -> list:
    rng = Random(23)
    total = best = tens = marks = 0
    last = []
    for _ in range(n):
        game = make_game(rng)
        score = sum(frame_scores(game))
        total += score
        best = max(best, score)
        tens += game.count(10)
        marks += len(card(game))
        last = game
    totals = []
    running = 0
    for score in frame_scores(last):
        running += score
        totals.append(running)
    return [total, best, tens, marks, card(last), totals] + play_tennis(rng, 10 * n)
