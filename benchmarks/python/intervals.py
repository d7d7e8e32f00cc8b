"""intervals: closed intervals sorted by a merge sort taking less?, then merged (benchmarks/scheme/intervals.scm).

The same algorithm as the Scheme: intervals are tuples (start, end); the
sort deals a list's items alternately onto two lists, sorts each and
merges them (a loop where the Scheme recurses), asking less(b, a) of the
heads; the orders are functions passed in; the merged intervals found by
one pass over the sorted ones; points tested against every interval.
knapsack's twin merges its items with `merge_lists`, and so do bwt's
and catalogue's.
"""


def next_random(x):
    return (75 * x + 74) % 65537


def make_intervals(n):
    intervals = []
    x = 1
    for _ in range(n):
        x1 = next_random(x)
        x2 = next_random(x1)
        start = x1 % (10 * n)
        intervals.append((start, start + x2 % 25 + 1))
        x = x2
    return intervals


def deal(items):
    left, right = [], []
    for item in items:
        left, right = right, left
        left.append(item)
    return left, right


def merge_lists(a, b, less):
    result = []
    i = j = 0
    while i < len(a) and j < len(b):
        if less(b[j], a[i]):
            result.append(b[j])
            j += 1
        else:
            result.append(a[i])
            i += 1
    result.extend(a[i:])
    result.extend(b[j:])
    return result


def sort_list(items, less):
    if len(items) < 2:
        return items
    left, right = deal(items)
    return merge_lists(sort_list(left, less), sort_list(right, less), less)


def interval_length(interval):
    return interval[1] - interval[0]


def by_start(a, b):
    return a[0] < b[0] or (a[0] == b[0] and a[1] < b[1])


def by_length(a, b):
    return (interval_length(a) > interval_length(b)
            or (interval_length(a) == interval_length(b) and a[0] < b[0]))


def merge_overlapping(ordered):
    """Intervals sorted by start, merged where one starts before the last ends."""
    if not ordered:
        return []
    merged = []
    current = ordered[0]
    for interval in ordered[1:]:
        if interval[0] <= current[1]:
            current = (current[0], max(current[1], interval[1]))
        else:
            merged.append(current)
            current = interval
    merged.append(current)
    return merged


def covered(merged):
    total = 0
    for interval in merged:
        total += interval_length(interval)
    return total


def widest_gap(merged):
    widest = 0
    for k in range(len(merged) - 1):
        widest = max(widest, merged[k + 1][0] - merged[k][1])
    return widest


def holding(point, intervals):
    count = 0
    for start, end in intervals:
        if start <= point and point <= end:
            count += 1
    return count


def apart(merged):
    for k in range(len(merged) - 1):
        if not merged[k][1] < merged[k + 1][0]:
            return False
    return True


def run(n: int = 30000) -> list:
    intervals = make_intervals(n)
    merged = merge_overlapping(sort_list(intervals, by_start))
    longest_merged = sort_list(merged, by_length)[0]
    longest_given = sort_list(intervals, by_length)[0]
    points = 0
    for k in range(10):
        points += holding(k * n, intervals)
    return [len(merged),
            covered(merged),
            widest_gap(merged),
            list(longest_merged),
            list(longest_given),
            points,
            apart(merged)]
