"""Association lists searched the way the Scheme's assq, assv and assoc (or a search of its own) do.

The shelf set's twins of backtrack, simplify, combinators and tables
keep their tables as lists of pairs and find a key with this loop, and
so do the drawer set's twins of infer and turtle for their environments,
and the trunk set's assembler for its labels and its table of operand
kinds.
"""


def assoc(key, pairs):
    """Return the first pair of `pairs` whose first element equals `key`, or None."""
    for pair in pairs:
        if pair[0] == key:
            return pair
    return None
