"""leftist-heap: a priority queue kept as a leftist heap of tuples (benchmarks/scheme/leftist-heap.scm).

The same algorithm as the Scheme: a heap is None or a tuple (rank, value,
left, right); merge goes down the right spines by recursion and puts the
child of larger rank on the left; insert merges a one-node heap,
delete-min merges the root's children.  Lists are Python lists, walked in
order.
"""


def rank(heap):
    return 0 if heap is None else heap[0]


def make_heap(value, a, b):
    if rank(a) >= rank(b):
        return (rank(b) + 1, value, a, b)
    return (rank(a) + 1, value, b, a)


def heap_merge(a, b):
    if a is None:
        return b
    if b is None:
        return a
    if a[1] <= b[1]:
        return make_heap(a[1], a[2], heap_merge(a[3], b))
    return make_heap(b[1], b[2], heap_merge(a, b[3]))


def heap_insert(value, heap):
    return heap_merge((1, value, None, None), heap)


def heap_delete_min(heap):
    return heap_merge(heap[2], heap[3])


def random_numbers(n, seed):
    numbers = []
    x = seed
    for _ in range(n):
        x = (21 * x + 13) % 10000
        numbers.append(x)
    return numbers


def list_to_heap(numbers):
    heap = None
    for x in numbers:
        heap = heap_insert(x, heap)
    return heap


def heap_to_list(heap):
    taken = []
    while heap is not None:
        taken.append(heap[1])
        heap = heap_delete_min(heap)
    return taken


def in_order(numbers):
    for i in range(len(numbers) - 1):
        if numbers[i] > numbers[i + 1]:
            return False
    return True


def weighted_sum(numbers):
    total = 0
    position = 1
    for x in numbers:
        total += position * x
        position += 1
    return total


def rope_cost(lengths):
    """Join the ropes two cheapest at a time until one is left."""
    heap = list_to_heap(lengths)
    cost = 0
    while heap_delete_min(heap) is not None:
        a = heap[1]
        rest = heap_delete_min(heap)
        b = rest[1]
        joined = a + b
        heap = heap_insert(joined, heap_delete_min(rest))
        cost += joined
    return cost


def run(n: int = 2000) -> list:
    first = random_numbers(n, 1)
    second = random_numbers(n, 2)
    ordered = heap_to_list(heap_merge(list_to_heap(first), list_to_heap(second)))
    return [len(ordered), in_order(ordered), ordered[0], ordered[-1], weighted_sum(ordered), rope_cost(first)]
