"""little-schemer: The Little Schemer's star functions and collectors (benchmarks/scheme/little-schemer.scm).

The same algorithm as the Scheme: nested lists are Python lists, atoms
strings or ints; the star functions recurse down the members and into
each sublist, building new lists; multirember&co, multiinsertLR&co and
evens-only*&co walk their list by index (recursively) and hand their
answers to a collector, each step wrapping the collector it was given in
a new lambda.  The lists come from the Scheme's x -> (1103515245x + 12345) mod 2^31.
"""

from .lcg import Random


SYMBOLS = ("a", "b", "c", "d", "e", "f")


def is_atom(x):
    return not isinstance(x, list)


def make_tree(rng, depth, make_atom):
    k = rng.next() % 4 + 1
    items = []
    for _ in range(k):
        if depth > 0 and rng.next() % 10 < 4:
            items.append(make_tree(rng, depth - 1, make_atom))
        else:
            items.append(make_atom(rng))
    items.reverse()
    return items


def random_symbol(rng):
    return SYMBOLS[rng.next() % 6]


def random_number(rng):
    return rng.next() % 9 + 1


def rember_star(a, l):
    out = []
    for x in l:
        if is_atom(x):
            if x != a:
                out.append(x)
        else:
            out.append(rember_star(a, x))
    return out


def insert_r_star(new, old, l):
    out = []
    for x in l:
        if is_atom(x):
            out.append(x)
            if x == old:
                out.append(new)
        else:
            out.append(insert_r_star(new, old, x))
    return out


def occur_star(a, l):
    count = 0
    for x in l:
        if is_atom(x):
            if x == a:
                count += 1
        else:
            count += occur_star(a, x)
    return count


def subst_star(new, old, l):
    out = []
    for x in l:
        if is_atom(x):
            out.append(new if x == old else x)
        else:
            out.append(subst_star(new, old, x))
    return out


def member_star(a, l):
    for x in l:
        if is_atom(x):
            if x == a:
                return True
        elif member_star(a, x):
            return True
    return False


def leftmost(l):
    first = l[0]
    if is_atom(first):
        return first
    return leftmost(first)


def eqlist(l1, l2):
    if len(l1) != len(l2):
        return False
    for s1, s2 in zip(l1, l2):
        if not same(s1, s2):
            return False
    return True


def same(s1, s2):
    if is_atom(s1) and is_atom(s2):
        return s1 == s2
    if is_atom(s1) or is_atom(s2):
        return False
    return eqlist(s1, s2)


def multirember_co(a, lat, col, i=0):
    if i == len(lat):
        return col([], [])
    x = lat[i]
    if x == a:
        return multirember_co(a, lat, lambda newlat, seen: col(newlat, [x] + seen), i + 1)
    return multirember_co(a, lat, lambda newlat, seen: col([x] + newlat, seen), i + 1)


def multiinsert_lr_co(new, old_l, old_r, lat, col, i=0):
    if i == len(lat):
        return col([], 0, 0)
    x = lat[i]
    if x == old_l:
        return multiinsert_lr_co(new, old_l, old_r, lat,
                                 lambda newlat, left, right: col([new, old_l] + newlat, left + 1, right), i + 1)
    if x == old_r:
        return multiinsert_lr_co(new, old_l, old_r, lat,
                                 lambda newlat, left, right: col([old_r, new] + newlat, left, right + 1), i + 1)
    return multiinsert_lr_co(new, old_l, old_r, lat,
                             lambda newlat, left, right: col([x] + newlat, left, right), i + 1)


def evens_only_star_co(l, col, i=0):
    if i == len(l):
        return col([], 1, 0)
    x = l[i]
    if is_atom(x):
        if x % 2 == 0:
            return evens_only_star_co(l, lambda newl, p, s: col([x] + newl, x * p, s), i + 1)
        return evens_only_star_co(l, lambda newl, p, s: col(newl, p, x + s), i + 1)
    return evens_only_star_co(
        x, lambda al, ap, as_: evens_only_star_co(
            l, lambda dl, dp, ds: col([al] + dl, ap * dp, as_ + ds), i + 1))


def the_last_friend(newl, product, total):
    return [total, product] + newl


def run(n: int = 4_000) -> list:
    rng = Random(7)
    cs = zs = fs = with_e = unchanged = left_abc = 0
    all_back = True
    rember_co = lr_length = lr_left = lr_right = 0
    odd_sums = even_products = top_lengths = 0
    for _ in range(n):
        t = make_tree(rng, 5, random_symbol)
        nums = make_tree(rng, 4, random_number)
        lat = [random_symbol(rng) for _ in range(8)]
        with_z = insert_r_star("z", "b", t)
        co = multirember_co("a", lat, lambda newlat, seen: 100 * len(newlat) + len(seen))
        lr = multiinsert_lr_co("x", "b", "c", lat, lambda newlat, left, right: [len(newlat), left, right])
        evens = evens_only_star_co(nums, the_last_friend)
        cs += occur_star("c", t)
        zs += occur_star("z", with_z)
        fs += occur_star("f", subst_star("f", "a", t))
        if member_star("e", t):
            with_e += 1
        if eqlist(rember_star("a", t), t):
            unchanged += 1
        all_back = all_back and eqlist(rember_star("z", with_z), t)
        if leftmost(t) in ("a", "b", "c"):
            left_abc += 1
        rember_co += co
        lr_length += lr[0]
        lr_left += lr[1]
        lr_right += lr[2]
        odd_sums += evens[0]
        even_products = (even_products + evens[1]) % 1000003
        top_lengths += len(evens) - 2
    return [cs, zs, fs, with_e, unchanged, all_back, left_abc, rember_co, lr_length, lr_left, lr_right,
            odd_sums, even_products, top_lengths]
