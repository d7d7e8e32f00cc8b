"""spell-check: suggestions from a BK-tree by edit distance (benchmarks/scheme/spell-check.scm).

The same algorithm as the Scheme: words and misspellings drawn with the
shared generator (from 23) in the same order; both distances one
textbook table kept as three rows of lists; the BK-tree a
node class whose children are a dict from distance to node; a search
visits the children within the limit of the query's distance, by
recursion, every distance counted; suggestions put in order by an
insertion of our own (fewest swaps and edits, fewest edits, then the
word).
"""

from .lcg import Random

SYLLABLES = ["ka", "to", "ri", "men", "sa", "lo", "pe", "dun", "vi", "ar", "el", "os",
             "tri", "ba", "nor", "que", "ix", "mo", "ste", "gal"]


class Speller:
    def __init__(self, rng):
        self.rng = rng
        self.distances = 0

    def random_word(self):
        word = ""
        for _ in range(2 + self.rng.next() % 3):
            word += SYLLABLES[self.rng.next() % 20]
        return word

    def edit_distance(self, a, b):
        self.distances += 1
        return distance(a, b, False)

    def random_letter(self):
        return chr(97 + self.rng.next() % 26)

    def misspell(self, word):
        n = len(word)
        i = self.rng.next() % n
        kind = self.rng.next() % 4
        if kind == 0:
            return word[:i] + self.random_letter() + word[i:]
        if kind == 1:
            return word[:i] + word[i + 1:]
        if kind == 2:
            return word[:i] + self.random_letter() + word[i + 1:]
        if i + 1 < n:
            return word[:i] + word[i + 1] + word[i] + word[i + 2:]
        return word


def distance(a, b, swaps):
    """Levenshtein's distance; with swaps, a swap of neighbouring letters is one edit too."""
    m = len(b)
    before = [0] * (m + 1)
    previous = list(range(m + 1))
    current = [0] * (m + 1)
    for i in range(1, len(a) + 1):
        current[0] = i
        for j in range(1, m + 1):
            best = min(previous[j] + 1, current[j - 1] + 1,
                       previous[j - 1] + (0 if a[i - 1] == b[j - 1] else 1))
            if swaps and i > 1 and j > 1 and a[i - 1] == b[j - 2] and a[i - 2] == b[j - 1]:
                best = min(best, before[j - 2] + 1)
            current[j] = best
        before[:] = previous
        previous[:] = current
    return previous[m]


class Node:
    __slots__ = ("word", "children")

    def __init__(self, word):
        self.word = word
        self.children = {}


def tree_insert(speller, node, word):
    while True:
        d = speller.edit_distance(word, node.word)
        if d == 0:
            return False
        if d not in node.children:
            node.children[d] = Node(word)
            return True
        node = node.children[d]


def tree_depth(node):
    return 1 + max((tree_depth(child) for child in node.children.values()), default=0)


def tree_search(speller, node, word, limit):
    d = speller.edit_distance(word, node.word)
    found = [(node.word, d)] if d <= limit else []
    for k, child in node.children.items():
        if d - limit <= k <= d + limit:
            found += tree_search(speller, child, word, limit)
    return found


def suggest(speller, tree, word):
    ranked = []
    for found, edits in tree_search(speller, tree, word, 2):
        item = (distance(word, found, True), edits, found)
        i = 0
        while i < len(ranked) and ranked[i] < item:
            i += 1
        ranked.insert(i, item)
    return [found for _, _, found in ranked]


def run(n):
    speller = Speller(Random(23))
    first = speller.random_word()
    tree = Node(first)
    words = [first]
    repeats = 0
    while len(words) < n:
        word = speller.random_word()
        if tree_insert(speller, tree, word):
            words.append(word)
        else:
            repeats += 1
    exact = sum(len(tree_search(speller, tree, word, 0)) for word in words)
    empty = suggestions = right = 0
    shown = []
    for q in range(n // 2):
        original = words[speller.rng.next() % n]
        if speller.rng.next() % 3 == 0:
            typo = speller.misspell(speller.misspell(original))
        else:
            typo = speller.misspell(original)
        ranked = suggest(speller, tree, typo)
        if not ranked:
            empty += 1
        suggestions += len(ranked)
        if ranked and ranked[0] == original:
            right += 1
        if q < 3:
            shown.append([typo] + ranked)
    return [n, repeats, tree_depth(tree), exact, n // 2, empty, suggestions, right, speller.distances, shown]
