"""anagrams: words grouped by their letter counts (benchmarks/scheme/anagrams.scm).

The same algorithm as the Scheme: a word's counts are a list of 26
counters indexed by ord(c) - ord("a"), filled by a loop over the word; the
groups are a list of [counts, words] searched in order with == on the
counts, as assoc does with equal?, the newest group first; the letters of
all the words counted in one more list, whose largest counter is found by
a scan.
"""

TABLE = ("stone", "tea", "listen", "notes", "eat", "silent", "rat", "tones", "ate", "enlist", "art", "onset",
         "evil", "heart", "live", "earth", "vile", "below", "elbow", "night", "thing", "lemon", "melon", "apple")


def suffix(k):
    chars = []
    while k != 0:
        chars.append("uvwxy"[k % 5])
        k //= 5
    return "".join(chars)


def make_word(i):
    return TABLE[i % 24] + suffix(i // 24)


def letter_counts(word):
    counts = [0] * 26
    for c in word:
        counts[ord(c) - ord("a")] += 1
    return counts


def group_anagrams(words):
    """A list of [counts, words], newest group first, each group's words in order."""
    groups = []
    for word in words:
        counts = letter_counts(word)
        for group in groups:
            if group[0] == counts:
                group[1].append(word)
                break
        else:
            groups.insert(0, [counts, [word]])
    return groups


def most_common_letter(words):
    total = [0] * 26
    for word in words:
        counts = letter_counts(word)
        for k in range(26):
            total[k] += counts[k]
    best = 0
    for k in range(1, 26):
        if total[k] > total[best]:
            best = k
    return chr(best + ord("a"))


def run(n: int = 3000) -> list:
    words = [make_word(i) for i in range(n)]
    groups = group_anagrams(words)
    largest = partnered = 0
    for _, members in groups:
        size = len(members)
        largest = max(largest, size)
        if size >= 2:
            partnered += size
    return [len(groups), largest, partnered, most_common_letter(words), groups[-1][1]]
