"""ballots: ranked ballots counted five ways (benchmarks/scheme/ballots.scm).

The same counts as the Scheme, in Python's own way: candidates as
strings, ballots as lists, tallies as dicts in the candidates' order
with max() and a comprehension for the leader, a set of those still
standing, the pairwise counts a list of lists; the shared generator
(from 173) drawn in the same order.
"""

from .lcg import Random

NAMES = ["ada", "bo", "cy", "di", "ed", "fay"]


def random_election(rng):
    k = 3 + rng.next() % 4
    voters = 15 + rng.next() % 26
    candidates = NAMES[:k]
    ballots = []
    for _ in range(voters):
        length = 1 + rng.next() % k
        left = list(candidates)
        ballot = []
        for _ in range(length):
            ballot.append(left.pop(rng.next() % len(left)))
        ballots.append(ballot)
    return candidates, ballots


def leader(tally):
    most = max(tally.values())
    return next(c for c, votes in tally.items() if votes == most)


def plurality(candidates, ballots):
    tally = dict.fromkeys(candidates, 0)
    for ballot in ballots:
        tally[ballot[0]] += 1
    return leader(tally)


def runoff(candidates, ballots):
    standing = list(candidates)
    rounds = 1
    while len(standing) > 1:
        tally = dict.fromkeys(standing, 0)
        active = 0
        for ballot in ballots:
            for choice in ballot:
                if choice in tally:
                    tally[choice] += 1
                    active += 1
                    break
        top = leader(tally)
        if 2 * tally[top] > active:
            return top, rounds
        fewest = min(tally.values())
        standing.remove([c for c, votes in tally.items() if votes == fewest][-1])
        rounds += 1
    return standing[0], rounds


def borda(candidates, ballots):
    k = len(candidates)
    tally = dict.fromkeys(candidates, 0)
    for ballot in ballots:
        for place, who in enumerate(ballot):
            tally[who] += k - 1 - place
    who = leader(tally)
    return who, tally[who]


def pairwise(candidates, ballots):
    k = len(candidates)
    wins = [[0] * k for _ in range(k)]
    for ballot in ballots:
        rank = [None] * k
        for place, who in enumerate(ballot):
            rank[candidates.index(who)] = place
        for i in range(k):
            if rank[i] is None:
                continue
            for j in range(k):
                if i != j and (rank[j] is None or rank[i] < rank[j]):
                    wins[i][j] += 1
    return wins


def condorcet(candidates, wins):
    k = len(candidates)
    for i in range(k):
        if all(i == j or wins[i][j] > wins[j][i] for j in range(k)):
            return candidates[i]
    return None


def copeland(candidates, wins):
    k = len(candidates)
    tally = {c: sum(1 for j in range(k) if wins[i][j] > wins[j][i]) for i, c in enumerate(candidates)}
    return leader(tally)


def run(n):
    rng = Random(173)
    same_pr = same_rb = have_condorcet = runoff_condorcet = rounds = points = total = 0
    first = []
    for e in range(n):
        candidates, ballots = random_election(rng)
        p = plurality(candidates, ballots)
        r, r_rounds = runoff(candidates, ballots)
        b, b_points = borda(candidates, ballots)
        wins = pairwise(candidates, ballots)
        c = condorcet(candidates, wins)
        cope = copeland(candidates, wins)
        same_pr += p == r
        same_rb += r == b
        if c is not None:
            have_condorcet += 1
            runoff_condorcet += c == r
        rounds += r_rounds
        points += b_points
        total = (total * 31 + 6 * candidates.index(r) + candidates.index(cope)) % 1000003
        if e == 0:
            first = [p, r, b, c or "none", cope]
    return [n, same_pr, same_rb, have_condorcet, runoff_condorcet, rounds, points, total, first]
