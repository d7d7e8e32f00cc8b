"""sparse-gcd: polynomial gcds by the primitive remainder sequence (benchmarks/scheme/sparse-gcd.scm).

The same algorithm as the Scheme, with a sparse polynomial held the
Python way, a dict from exponent to coefficient (no zero coefficient),
its degree max(p): sums and products term by term, content by math.gcd
over the coefficients, pseudo-remainders by one leading term at a time,
the primitive remainder sequence, exact division returning None; the
polynomials drawn with the shared generator (from 41) in the same order;
the values modulo 1000003 by Horner's rule over the gaps with powers by
squaring.
"""

from math import gcd

from .lcg import Random

MODULUS = 1000003


def poly_add(p, q):
    result = dict(p)
    for e, c in q.items():
        c += result.get(e, 0)
        if c:
            result[e] = c
        else:
            result.pop(e, None)
    return result


def term_times(e, c, p):
    if c == 0:
        return {}
    return {e + d: c * b for d, b in p.items()}


def poly_mul(p, q):
    result = {}
    for e, c in p.items():
        result = poly_add(result, term_times(e, c, q))
    return result


def content(p):
    return gcd(*p.values())


def primitive_part(p):
    c = content(p)
    if p[max(p)] < 0:
        c = -c
    return {e: b // c for e, b in p.items()}


class Gcd:
    def __init__(self):
        self.steps = 0
        self.remainders = 0
        self.most_digits = 0

    def pseudo_remainder(self, a, b):
        self.remainders += 1
        db = max(b)
        lb = b[db]
        r = a
        while r and max(r) >= db:
            self.steps += 1
            dr = max(r)
            r = poly_add(term_times(0, lb, r), term_times(dr - db, -r[dr], b))
        for c in r.values():
            self.most_digits = max(self.most_digits, len(str(abs(c))))
        return r

    def poly_gcd(self, a, b):
        c = gcd(content(a), content(b))
        a, b = primitive_part(a), primitive_part(b)
        while b:
            if max(a) < max(b):
                a, b = b, a
                continue
            r = self.pseudo_remainder(a, b)
            a, b = b, (primitive_part(r) if r else r)
        return term_times(0, c, a)


def exact_divide(a, b):
    db = max(b)
    lb = b[db]
    quotient = {}
    while a:
        da = max(a)
        if da < db or a[da] % lb != 0:
            return None
        c = a[da] // lb
        quotient[da - db] = c
        a = poly_add(a, term_times(da - db, -c, b))
    return quotient


def random_poly(rng):
    top = 1 + rng.below(12)
    lead = 1 + rng.below(5)
    p = {top: lead}
    for _ in range(rng.below(5)):
        e = rng.below(top)
        c = rng.below(19) - 9
        if c:
            p = poly_add(p, {e: c})
    return p


def power_mod(x, e):
    if e == 0:
        return 1
    half, odd = divmod(e, 2)
    root = power_mod(x, half)
    square = root * root % MODULUS
    return square * x % MODULUS if odd else square


def value_mod(p, x):
    exponents = sorted(p, reverse=True)
    total = 0
    for k, e in enumerate(exponents):
        gap = e - exponents[k + 1] if k + 1 < len(exponents) else e
        total = (total + p[e]) * power_mod(x, gap) % MODULUS
    return total


def run(n):
    rng = Random(41)
    state = Gcd()
    total_degree = divisible = equal = checksum = 0
    values_agree = True
    first = None
    for _ in range(n):
        f = random_poly(rng)
        g = random_poly(rng)
        h = random_poly(rng)
        a = poly_mul(term_times(0, 6, f), g)
        b = poly_mul(term_times(0, 4, f), h)
        d = state.poly_gcd(a, b)
        pf = primitive_part(f)
        agree = all(value_mod(a, x) == 6 * value_mod(f, x) * value_mod(g, x) % MODULUS for x in range(2, 7))
        total_degree += max(d)
        if exact_divide(d, pf) is not None:
            divisible += 1
        if d == term_times(0, 2, pf):
            equal += 1
        values_agree = values_agree and agree
        for e in sorted(d, reverse=True):
            checksum = (checksum * 31 + d[e] % MODULUS) % MODULUS
        if first is None:
            first = [[e, d[e]] for e in sorted(d, reverse=True)]
    return [n, total_degree, divisible, equal, state.remainders, state.steps, state.most_digits,
            values_agree, checksum, first]
