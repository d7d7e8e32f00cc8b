"""stable-marriage: Gale-Shapley from both sides (benchmarks/scheme/stable-marriage.scm).

The same algorithm as the Scheme: each preference list a Fisher-Yates
shuffle drawn with the shared generator (from 37), the men's lists then
the women's; ranks as lists of lists; the free proposers a list used as
a stack whose top is the Scheme list's front, each proposer's next
choice an index into their list; a stability check over every man and
every woman he prefers to his wife, returning at the first pair that
would elope.
"""

from .lcg import Random


def shuffled(rng, n):
    v = list(range(n))
    for i in range(n - 1, 0, -1):
        j = rng.next() % (i + 1)
        v[i], v[j] = v[j], v[i]
    return v


def ranks_of(lists):
    ranks = []
    for prefs in lists:
        rank = [0] * len(prefs)
        for r, person in enumerate(prefs):
            rank[person] = r
        ranks.append(rank)
    return ranks


def gale_shapley(proposer_lists, acceptor_ranks):
    n = len(proposer_lists)
    following = [0] * n
    partner = [None] * n
    free = list(range(n - 1, -1, -1))  # the last item is the front
    proposals = 0
    while free:
        p = free[-1]
        a = proposer_lists[p][following[p]]
        following[p] += 1
        proposals += 1
        current = partner[a]
        if current is None:
            partner[a] = p
            free.pop()
        elif acceptor_ranks[a][p] < acceptor_ranks[a][current]:
            partner[a] = p
            free[-1] = current
    return partner, proposals


def inverse(partner):
    other = [None] * len(partner)
    for i, p in enumerate(partner):
        other[p] = i
    return other


def stable(wife_of, husband_of, men_lists, women_ranks):
    for m, wife in enumerate(wife_of):
        for w in men_lists[m]:
            if w == wife:
                break
            ranks = women_ranks[w]
            if ranks[m] < ranks[husband_of[w]]:
                return False
    return True


def rank_sum(partner_of, ranks):
    return sum(ranks[i][p] for i, p in enumerate(partner_of))


def run(n: int = 300) -> list:
    rng = Random(37)
    men_lists = [shuffled(rng, n) for _ in range(n)]
    women_lists = [shuffled(rng, n) for _ in range(n)]
    men_ranks = ranks_of(men_lists)
    women_ranks = ranks_of(women_lists)
    husband_of, men_proposals = gale_shapley(men_lists, women_ranks)
    wife_of_w, women_proposals = gale_shapley(women_lists, men_ranks)
    wife_of = inverse(husband_of)
    husband_of_w = inverse(wife_of_w)
    return [men_proposals, women_proposals,
            [stable(wife_of, husband_of, men_lists, women_ranks),
             stable(wife_of_w, husband_of_w, men_lists, women_ranks)],
            [rank_sum(wife_of, men_ranks), rank_sum(wife_of_w, men_ranks)],
            [rank_sum(husband_of, women_ranks), rank_sum(husband_of_w, women_ranks)],
            sum(1 for m in range(n) if wife_of[m] == wife_of_w[m]),
            [wife_of[0], wife_of_w[0]]]
