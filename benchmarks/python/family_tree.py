"""family-tree: kinship from a family database (benchmarks/scheme/family-tree.scm).

The same reasoning as the Scheme, in Python's own way: names as
strings, the family a list of (child, mother, father) tuples, newest
first, searched by a for loop as a first course's database is (the
Scheme's assq), ancestors found by a deque into a dict of distances (in
the order found), the kinship named by an if chain and f-strings, the
names counted by a Counter, generations by plain recursion, children by
a comprehension over the list, descendants by a stack and a set; the
shared generator (from 251) drawn in the same order.
"""

from collections import Counter, deque

from .lcg import Random


def random_family(rng):
    founders = 6 + rng.next() % 5
    total = founders + 40 + rng.next() % 20
    family = []
    for i in range(founders, total):
        window = min(i, 16)
        mother = i - 1 - rng.next() % window
        father = i - 1 - rng.next() % window
        while father == mother:
            father = i - 1 - rng.next() % window
        family.append((f"p{i}", f"p{mother}", f"p{father}"))
    family.reverse()
    return [f"p{k}" for k in range(total)], family


def parents(who, family):
    for child, mother, father in family:
        if child == who:
            return mother, father
    return ()


def ancestors(who, family):
    found = {who: 0}
    queue = deque([who])
    while queue:
        here = queue.popleft()
        for parent in parents(here, family):
            if parent not in found:
                found[parent] = found[here] + 1
                queue.append(parent)
    return found


def greats(k):
    return "great-" * k


def ordinal(k):
    if 11 <= k % 100 <= 13:
        suffix = "th"
    else:
        suffix = {1: "st", 2: "nd", 3: "rd"}.get(k % 10, "th")
    return f"{k}{suffix}"


def kin_name(da, db):
    if da == 0 and db == 0:
        return "self"
    if da == 0:
        return "parent" if db == 1 else greats(db - 2) + "grandparent"
    if db == 0:
        return "child" if da == 1 else greats(da - 2) + "grandchild"
    if da == 1 and db == 1:
        return "sibling"
    if da == 1:
        return greats(db - 2) + "aunt-or-uncle"
    if db == 1:
        return greats(da - 2) + "niece-or-nephew"
    removed = abs(da - db)
    times = {0: "", 1: " once removed", 2: " twice removed"}.get(removed, f" {removed} times removed")
    return f"{ordinal(min(da, db) - 1)} cousin{times}"


def kinship(a, b, family):
    of_b = ancestors(b, family)
    best = None
    for ancestor, da in ancestors(a, family).items():
        if ancestor in of_b and (best is None or da + of_b[ancestor] < sum(best)):
            best = (da, of_b[ancestor])
    if best is None:
        return None
    return kin_name(*best), sum(best)


def generation(who, family):
    ps = parents(who, family)
    if not ps:
        return 0
    return 1 + max(generation(ps[0], family), generation(ps[1], family))


def descendants(who, family):
    seen = set()
    todo = [who]
    while todo:
        here = todo.pop()
        for child in [c for c, mother, father in family if here in (mother, father)]:
            if child not in seen:
                seen.add(child)
                todo.append(child)
    return len(seen)


def run(n):
    rng = Random(251)
    tally = Counter()
    distance = generations = offspring = total = 0
    first = []
    for f in range(n):
        people, family = random_family(rng)
        names = []
        for q in range(30):
            a = people[rng.next() % len(people)]
            b = people[rng.next() % len(people)]
            kin = kinship(a, b, family)
            name = kin[0] if kin else "unrelated"
            tally[name] += 1
            if kin:
                distance += kin[1]
            for c in name:
                total = (total * 31 + ord(c)) % 1000003
            if q < 3:
                names.append(name)
        generations += generation(people[-1], family)
        offspring += descendants(people[0], family)
        if f == 0:
            first = names
    related = sum(count for name, count in tally.items() if name != "unrelated")
    cousins = sum(count for name, count in tally.items() if "cousin" in name)
    return [n, related, tally["unrelated"], tally["sibling"], cousins, distance, generations, offspring, total, first]
