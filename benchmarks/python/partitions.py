"""partitions: set partitions, subsets and combinations of 1..n (benchmarks/scheme/partitions.scm).

The same algorithm as the Scheme, with lists of lists: a partition of
[x, *rest] is one of rest with x in a block of its own or put into each
block in turn; the subsets come from the power set and the combinations
of size k from each tail of the list.  Counts are checked against Bell's
triangle, T(m) = T(m - 1) + (m - 1) T(m - 2), the Bell number of n - 1
(the partitions with no two consecutive numbers in a block) and Pascal's
triangle.
"""


def insert_everywhere(x, partition):
    """Every partition made by putting x into partition: a block of its own first, then each block."""
    result = [[[x]] + partition]
    for i in range(len(partition)):
        result.append(partition[:i] + [[x] + partition[i]] + partition[i + 1:])
    return result


def set_partitions(items):
    if not items:
        return [[]]
    result = []
    for partition in set_partitions(items[1:]):
        result.extend(insert_everywhere(items[0], partition))
    return result


def power_set(items):
    if not items:
        return [[]]
    rest = power_set(items[1:])
    return rest + [[items[0]] + subset for subset in rest]


def combinations(items, k):
    if k == 0:
        return [[]]
    result = []
    for i in range(len(items)):
        for combination in combinations(items[i + 1:], k - 1):
            result.append([items[i]] + combination)
    return result


def bell_number(n):
    """Bell's triangle: each row starts with the last of the row before, each next number adds the one above."""
    row = [1]
    for _ in range(1, n):
        new = [row[-1]]
        for above in row:
            new.append(new[-1] + above)
        row = new
    return row[-1]


def small_blocks(partition):
    for block in partition:
        if len(block) > 2:
            return False
    return True


def no_neighbours(partition):
    """Blocks are in increasing order, so neighbours in a block are next to each other."""
    for block in partition:
        for i in range(len(block) - 1):
            if block[i + 1] <= block[i] + 1:
                return False
    return True


def involutions(n):
    previous, current = 1, 1
    for m in range(1, n):
        previous, current = current, current + m * previous
    return current


def choose(n, k):
    row = [1]
    for _ in range(n):
        row = [a + b for a, b in zip([0] + row, row + [0])]
    return row[k]


def count_by_blocks(partitions, n):
    counts = [0] * (n + 1)
    for partition in partitions:
        counts[len(partition)] += 1
    return counts[1:]


def run(n: int = 10) -> list:
    items = list(range(1, n + 1))
    partitions = set_partitions(items)
    small = len([p for p in partitions if small_blocks(p)])
    apart = len([p for p in partitions if no_neighbours(p)])
    subsets = power_set(items)
    combinations_agree = all(len(combinations(items, k)) == choose(n, k) for k in range(n + 1))
    return [len(partitions), count_by_blocks(partitions, n), len(partitions) == bell_number(n),
            small, small == involutions(n), apart, apart == bell_number(n - 1), len(subsets), sum(sum(subset) for subset in subsets),
            combinations_agree, partitions[1], partitions[-1]]
