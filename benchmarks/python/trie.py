"""trie: a prefix tree of words (benchmarks/scheme/trie.scm).

The same algorithm as the Scheme: a node is a list [count, children],
children a list of (character, node) pairs searched in order, as assv
does, a new child going on the front; inserting walks the word's
characters, making the missing nodes; counts below a node by recursion
over the children.
"""


def make_node():
    return [0, []]


def child(node, c):
    for key, sub in node[1]:
        if key == c:
            return sub
    return None


def add_child(node, c):
    new = make_node()
    node[1].insert(0, (c, new))
    return new


def trie_insert(trie, word):
    node = trie
    for c in word:
        sub = child(node, c)
        node = sub if sub is not None else add_child(node, c)
    node[0] += 1


def find_node(trie, word):
    """The node the word's characters lead to, or None."""
    node = trie
    for c in word:
        node = child(node, c)
        if node is None:
            return None
    return node


def trie_count(trie, word):
    node = find_node(trie, word)
    return node[0] if node is not None else 0


def count_words(node):
    total = node[0]
    for _, sub in node[1]:
        total += count_words(sub)
    return total


def count_distinct(node):
    total = 1 if node[0] > 0 else 0
    for _, sub in node[1]:
        total += count_distinct(sub)
    return total


def count_nodes(node):
    total = 1
    for _, sub in node[1]:
        total += count_nodes(sub)
    return total


def count_prefix(trie, prefix):
    node = find_node(trie, prefix)
    return count_words(node) if node is not None else 0


def smallest_entry(entries):
    """The child entry with the smallest character."""
    best = entries[0]
    for entry in entries[1:]:
        if entry[0] < best[0]:
            best = entry
    return best


def smallest_word(trie):
    node = trie
    chars = []
    while node[0] == 0:
        c, node = smallest_entry(node[1])
        chars.append(c)
    return "".join(chars)


def make_word(i):
    k = (7 * i * i + 13 * i + 5) % 2187
    chars = []
    for _ in range(3 + i % 5):
        chars.append("abc"[k % 3])
        k //= 3
    return "".join(chars)


def run(n: int = 3000) -> list:
    trie = make_node()
    for i in range(n):
        trie_insert(trie, make_word(i))
    total = 0
    for i in range(n):
        total += trie_count(trie, make_word(i))
    return [count_words(trie), count_distinct(trie), count_nodes(trie), total,
            count_prefix(trie, "cb"), count_prefix(trie, "c"), smallest_word(trie)]
