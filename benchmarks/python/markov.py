"""markov: a Markov chain of word pairs over "The House That Jack Built" (benchmarks/scheme/markov.scm).

The same algorithm as the Scheme: the rhyme built verse by verse from
its clauses; the chain a list of [key, followers] pairs searched by a
loop comparing the two-word keys, each new follower put first; n words
made from ("this", "is"), each chosen by index from its key's followers,
counted in a list of [word, count] pairs searched by a loop.  The draws
come from the Scheme's x -> (1103515245x + 12345) mod 2^31.
"""

from .lcg import Random


CLAUSES = [
    "the house that jack built",
    "the malt that lay in",
    "the rat that ate",
    "the cat that killed",
    "the dog that worried",
    "the cow with the crumpled horn that tossed",
    "the maiden all forlorn that milked",
    "the man all tattered and torn that kissed",
    "the priest all shaven and shorn that married",
    "the cock that crowed in the morn that waked",
    "the farmer sowing his corn that kept",
]


def rhyme():
    told = []
    text = []
    for clause in CLAUSES:
        told = clause.split() + told
        text += ["this", "is"] + told
    return text


def find(key, pairs):
    for pair in pairs:
        if pair[0] == key:
            return pair
    return None


def make_chain(words):
    chain = []
    for i in range(len(words) - 2):
        key = (words[i], words[i + 1])
        entry = find(key, chain)
        if entry:
            entry[1].insert(0, words[i + 2])
        else:
            chain.insert(0, [key, [words[i + 2]]])
    return chain


def run(n: int = 50_000) -> list:
    rng = Random(29)
    text = rhyme()
    chain = make_chain(text)
    key = ("this", "is")
    made = []
    chars = 0
    counts = []
    jacks = 0
    for _ in range(n):
        followers = find(key, chain)[1]
        word = followers[rng.next() % len(followers)]
        key = (key[1], word)
        entry = find(word, counts)
        if entry:
            entry[1] += 1
        else:
            counts.insert(0, [word, 1])
        if len(made) < 12:
            made.append(word)
        chars += len(word)
        if key == ("jack", "built"):
            jacks += 1
    best = counts[0]
    for entry in counts:
        if entry[1] > best[1]:
            best = entry
    return [len(text), len(chain), " ".join(made), chars, best[0], best[1], jacks]
