"""egyptian: fractions as sums of unit fractions, three ways (benchmarks/scheme/egyptian.scm).

The same algorithm as the Scheme, in Python's own way: Fraction for the
exact rationals, the ceiling of q/p by -(-q // p), the expansions built
in lists by while loops, summed back by sum() of Fractions over running
products, digits by len(str()); the shared generator (from 89) drawn in
the same order.
"""

from fractions import Fraction

from .lcg import Random


def greedy(x):
    dens = []
    while x != 0:
        d = -(-x.denominator // x.numerator)
        dens.append(d)
        x -= Fraction(1, d)
    return dens


def engel(x):
    terms = []
    while x != 0:
        a = -(-x.denominator // x.numerator)
        terms.append(a)
        x = a * x - 1
    return terms


def pierce(x):
    terms = []
    while x != 0:
        a = x.denominator // x.numerator
        terms.append(a)
        x = 1 - a * x
    return terms


def product_sum(terms, alternate):
    total = Fraction(0)
    product = 1
    sign = 1
    for a in terms:
        product *= a
        total += sign * Fraction(1, product)
        if alternate:
            sign = -sign
    return total


def run(n):
    rng = Random(89)
    greedy_terms = engel_terms = pierce_terms = shorter = checksum = most_digits = 0
    all_back = True
    longest = None
    first = None
    for _ in range(n):
        q = 2 + rng.below(300)
        p = 1 + rng.below(q - 1)
        x = Fraction(p, q)
        g = greedy(x)
        e = engel(x)
        r = pierce(x)
        greedy_terms += len(g)
        engel_terms += len(e)
        pierce_terms += len(r)
        all_back = (all_back and sum((Fraction(1, d) for d in g), Fraction(0)) == x
                    and product_sum(e, False) == x and product_sum(r, True) == x)
        if longest is None or len(g) > longest[1]:
            longest = [str(x), len(g)]
        for d in g:
            most_digits = max(most_digits, len(str(d)))
            checksum = (checksum * 31 + d) % 1000003
        if len(g) < len(e):
            shorter += 1
        if first is None:
            first = [str(x), g, e, r]
    return [n, greedy_terms, engel_terms, pierce_terms, all_back, longest, most_digits, shorter, checksum, first]
