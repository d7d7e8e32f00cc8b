"""folds: our own fold-left and filter, map, assoc by a predicate (benchmarks/scheme/folds.scm).

The same algorithms as the Scheme: its own range, counting up and growing a
list; its own keep (filter) and fold-left, each walking a list and calling
the procedure it is given on every element (the Scheme's recursions are
loops); the built-in map; assoc with a case-blind string test.
"""

COLOURS = [("Red", 1), ("Green", 2), ("Blue", 3), ("Cyan", 4), ("Magenta", 5), ("Yellow", 6), ("Black", 7), ("White", 8)]
QUERIES = ["red", "BLUE", "white", "grey", "Cyan", "black", "pink", "GREEN"]


def fold_left(f, acc, lst):
    for x in lst:
        acc = f(acc, x)
    return acc


def keep(pred, lst):
    return [x for x in lst if pred(x)]


def make_range(a, b):
    numbers = []
    while a < b:
        numbers.append(a)
        a += 1
    return numbers


def assoc(key, alist, same):
    for entry in alist:
        if same(key, entry[0]):
            return entry
    return None


def run(n: int = 20_000) -> list[int]:
    numbers = make_range(0, n)
    odds = keep(lambda x: x % 2 == 1, numbers)
    squares = list(map(lambda x: x * x, odds))
    total = fold_left(lambda acc, x: acc + x, 0, squares)
    evens = fold_left(lambda acc, x: acc + 1 if x % 2 == 0 else acc, 0, numbers)

    def hit(acc, i):
        entry = assoc(QUERIES[i % 8], COLOURS, lambda a, b: a.lower() == b.lower())
        return acc + entry[1] if entry else acc

    hits = fold_left(hit, 0, numbers)
    return [total, evens, hits]
