"""polynomials: polynomial arithmetic over sparse term lists (benchmarks/scheme/polynomials.scm).

The same algorithm as the Scheme: a polynomial is a list of terms
(order, coefficient), highest order first, no zero coefficient; add_terms
merges two lists (a loop where the Scheme recurses), mul_terms adds the
products of each term of the first by all of the second, from the last
term of the first back to its first as the Scheme's recursion does,
div_terms is long division by a monic divisor, evaluate is Horner's rule
stepping over missing orders.  Python's ints are the bignums.
"""


def adjoin_term(term, terms):
    """terms with term put in front (a list built front to back: appended)."""
    if term[1] != 0:
        terms.append(term)


def add_terms(l1, l2):
    result = []
    i = j = 0
    while i < len(l1) and j < len(l2):
        t1, t2 = l1[i], l2[j]
        if t1[0] > t2[0]:
            adjoin_term(t1, result)
            i += 1
        elif t1[0] < t2[0]:
            adjoin_term(t2, result)
            j += 1
        else:
            adjoin_term((t1[0], t1[1] + t2[1]), result)
            i += 1
            j += 1
    result.extend(l1[i:])
    result.extend(l2[j:])
    return result


def mul_term_by_all_terms(t1, terms):
    result = []
    for t2 in terms:
        adjoin_term((t1[0] + t2[0], t1[1] * t2[1]), result)
    return result


def mul_terms(l1, l2):
    result = []
    for t1 in reversed(l1):
        result = add_terms(mul_term_by_all_terms(t1, l2), result)
    return result


def negate_terms(terms):
    return [(t[0], -t[1]) for t in terms]


def sub_terms(l1, l2):
    return add_terms(l1, negate_terms(l2))


def div_terms(l1, l2):
    """Long division by a divisor whose leading coefficient is 1: [quotient, remainder]."""
    quotient = []
    while l1:
        t1, t2 = l1[0], l2[0]
        if t2[0] > t1[0]:
            break
        new_term = (t1[0] - t2[0], t1[1] // t2[1])
        adjoin_term(new_term, quotient)
        l1 = sub_terms(l1, mul_term_by_all_terms(new_term, l2))
    return [quotient, l1]


def derivative(terms):
    result = []
    for t in terms:
        if t[0] != 0:
            result.append((t[0] - 1, t[0] * t[1]))
    return result


def evaluate(terms, x):
    if not terms:
        return 0
    total = terms[0][1]
    current = terms[0][0]
    for t in terms[1:]:
        total = total * x ** (current - t[0]) + t[1]
        current = t[0]
    return total * x ** current


def power_by_steps(terms, k):
    result = [(0, 1)]
    for _ in range(k):
        result = mul_terms(terms, result)
    return result


def power_by_squares(terms, k):
    if k == 0:
        return [(0, 1)]
    if k % 2 == 0:
        half = power_by_squares(terms, k // 2)
        return mul_terms(half, half)
    return mul_terms(terms, power_by_squares(terms, k - 1))


def run(n: int = 450) -> list:
    x_plus_1 = [(1, 1), (0, 1)]
    p = power_by_steps(x_plus_1, n)
    same = p == power_by_squares(x_plus_1, n)
    product = mul_terms(p, derivative(p))
    divisor = [(2, 1), (0, 1)]
    q, r = div_terms(p, divisor)
    return [len(p),
            same,
            evaluate(p, 1) == 2 ** n,
            evaluate(p, -1),
            len(product),
            evaluate(product, 1) % 1000003,
            p[n // 2][1] % 1000003,
            [[t[0], t[1] % 1000003] for t in r],
            add_terms(mul_terms(q, divisor), r) == p]
