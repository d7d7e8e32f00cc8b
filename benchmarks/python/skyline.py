"""skyline: a city's outline by divide and conquer and by a sweep (benchmarks/scheme/skyline.scm).

The same algorithm as the Scheme: buildings (left, height, right) drawn
with the shared generator (from 29) in the same order; the outline of a
range cut in two at half its length, the halves' key points merged by
one walk over both; the sweep keeps the standing buildings in a list,
tallest first, each put in by a walk down it, and moves to the next
left edge or the nearest right edge; the area, the bare stretches, the
widest stretch at the top and the heights at 3n points by halving over
the key points.
"""

from .lcg import Random


def random_city(rng, n):
    city = []
    left = 0
    for _ in range(n):
        left += rng.next() % 15
        width = 1 + rng.next() % 24
        height = 1 + rng.next() % 100
        city.append((left, height, left + width))
    return city


def merge_skylines(a, b):
    out = []
    i = j = 0
    ha = hb = last = 0
    while i < len(a) or j < len(b):
        if j == len(b) or (i < len(a) and a[i][0] < b[j][0]):
            x, ha = a[i]
            i += 1
        elif i == len(a) or b[j][0] < a[i][0]:
            x, hb = b[j]
            j += 1
        else:
            x, ha = a[i]
            hb = b[j][1]
            i += 1
            j += 1
        h = max(ha, hb)
        if h != last:
            out.append((x, h))
            last = h
    return out


def skyline_of(city, start, count):
    if count == 1:
        left, height, right = city[start]
        return [(left, height), (right, 0)]
    half = count // 2
    return merge_skylines(skyline_of(city, start, half), skyline_of(city, start + half, count - half))


def insert_by_height(building, standing):
    for i, other in enumerate(standing):
        if building[1] >= other[1]:
            standing.insert(i, building)
            return
    standing.append(building)


def sweep(city):
    out = []
    standing = []
    most = 0
    last = 0
    i = 0
    while i < len(city) or standing:
        next_left = city[i][0] if i < len(city) else None
        next_right = min(b[2] for b in standing) if standing else None
        if next_left is None:
            x = next_right
        elif next_right is None:
            x = next_left
        else:
            x = min(next_left, next_right)
        standing = [b for b in standing if b[2] > x]
        while i < len(city) and city[i][0] == x:
            insert_by_height(city[i], standing)
            i += 1
        h = standing[0][1] if standing else 0
        most = max(most, len(standing))
        if h != last:
            out.append((x, h))
            last = h
    return out, most


def area(skyline):
    return sum(h * (skyline[k + 1][0] - x) for k, (x, h) in enumerate(skyline[:-1]))


def bare_stretches(skyline):
    return sum(1 for x, h in skyline[:-1] if h == 0)


def widest_at_top(skyline):
    top = max(h for x, h in skyline)
    best = None
    for k in range(len(skyline) - 1):
        x, h = skyline[k]
        to = skyline[k + 1][0]
        if h == top and (best is None or to - x > best[1] - best[0]):
            best = [x, to, top]
    return best


def height_at(points, x):
    if x < points[0][0]:
        return 0
    low, high = 0, len(points) - 1
    while low != high:
        middle = (low + high + 1) // 2
        if points[middle][0] <= x:
            low = middle
        else:
            high = middle - 1
    return points[low][1]


def run(n):
    rng = Random(29)
    city = random_city(rng, n)
    skyline = skyline_of(city, 0, n)
    swept, most = sweep(city)
    end = skyline[-1][0]
    checksum = 0
    for _ in range(3 * n):
        checksum = (checksum * 31 + height_at(skyline, rng.next() % (end + 10) - 5)) % 1000003
    return [len(skyline), area(skyline), bare_stretches(skyline), widest_at_top(skyline),
            skyline == swept, most, checksum, [list(p) for p in skyline[:5]]]
