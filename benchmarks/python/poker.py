"""poker: Texas hold'em hands dealt, valued and compared (benchmarks/scheme/poker.scm).

The same algorithm as the Scheme, in Python's own way: cards (rank,
suit) tuples in a list shuffled by Fisher and Yates with the shared
generator (from 53), the best five of seven by itertools.combinations
(the same order as the Scheme's recursion), a hand valued as a tuple
(category, ranks ...) from sorted ranks and a Counter of them, tuples
compared as Python compares them.
"""

from collections import Counter
from itertools import combinations

from .lcg import Random

RANK_LETTERS = "23456789TJQKA"
CATEGORY_NAMES = ["high card", "pair", "two pairs", "three of a kind", "straight", "flush", "full house",
                  "four of a kind", "straight flush"]


def card_name(card):
    return RANK_LETTERS[card[0] - 2] + card[1]


def new_deck():
    return [(rank, suit) for suit in "CDHS" for rank in range(2, 15)]


def shuffle(rng, deck):
    for i in range(len(deck) - 1, 0, -1):
        j = rng.below(i + 1)
        deck[i], deck[j] = deck[j], deck[i]


def straight_top(ranks):
    if ranks == [14, 5, 4, 3, 2]:
        return 5
    if all(ranks[k] == ranks[k + 1] + 1 for k in range(4)):
        return ranks[0]
    return None


def hand_value(hand):
    ranks = sorted((card[0] for card in hand), reverse=True)
    groups = sorted(((count, rank) for rank, count in Counter(ranks).items()), reverse=True)
    counts = [count for count, rank in groups]
    tie_ranks = [rank for count, rank in groups]
    flush = all(card[1] == hand[0][1] for card in hand)
    top = straight_top(ranks)
    if flush and top:
        return (8, top)
    if counts == [4, 1]:
        return (7, *tie_ranks)
    if counts == [3, 2]:
        return (6, *tie_ranks)
    if flush:
        return (5, *ranks)
    if top:
        return (4, top)
    if counts == [3, 1, 1]:
        return (3, *tie_ranks)
    if counts == [2, 2, 1]:
        return (2, *tie_ranks)
    if counts == [2, 1, 1, 1]:
        return (1, *tie_ranks)
    return (0, *ranks)


def best_hand(cards):
    best = None
    for hand in combinations(cards, 5):
        value = hand_value(hand)
        if best is None or best[0] < value:
            best = (value, hand)
    return best


def run(n):
    rng = Random(53)
    tally = [0] * 9
    wins = [0] * 4
    deck = new_deck()
    splits = checksum = 0
    best = None
    for _ in range(n):
        shuffle(rng, deck)
        table = deck[8:13]
        hands = [best_hand([deck[2 * p], deck[2 * p + 1]] + table) for p in range(4)]
        top = max(value for value, hand in hands)
        winners = [p for p, (value, hand) in enumerate(hands) if value == top]
        for value, hand in hands:
            tally[value[0]] += 1
        for p in winners:
            wins[p] += 1
        if len(winners) > 1:
            splits += 1
        leader = hands[winners[0]]
        if best is None or best[0] < leader[0]:
            best = leader
        for x in top:
            checksum = (checksum * 31 + x) % 1000003
    return [n, tally, wins, splits, [CATEGORY_NAMES[best[0][0]]] + [card_name(card) for card in best[1]], checksum]
