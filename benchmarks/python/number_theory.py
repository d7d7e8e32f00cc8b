"""number-theory: Euclid's gcd, lcm, modular powers, trial division and a Fermat test
(benchmarks/scheme/number-theory.scm).

The same algorithms as the Scheme, with its helpers: gcd by Euclid, lcm from
it, expt_mod by repeated squaring through square, trial division by
find_divisor calling square and divides at each step, the Fermat test over
the bases below n; the counts walk k with a predicate passed in, and the
lcm sum is reduced modulo 1000003 at every step.  The Scheme's tail
recursions are loops.
"""

FERMAT_BASES = (2, 3, 5, 7)


def my_gcd(a, b):
    while b != 0:
        a, b = b, a % b
    return a


def my_lcm(a, b):
    return a * b // my_gcd(a, b)


def square(x):
    return x * x


def expt_mod(base, e, m):
    if e == 0:
        return 1
    if e % 2 == 0:
        return square(expt_mod(base, e // 2, m)) % m
    return base * expt_mod(base, e - 1, m) % m


def divides(a, b):
    return b % a == 0


def find_divisor(n, test):
    while True:
        if square(test) > n:
            return n
        if divides(test, n):
            return test
        test += 1


def smallest_divisor(n):
    return find_divisor(n, 2)


def is_prime(n):
    return n > 1 and n == smallest_divisor(n)


def fermat_prime(n):
    """n passes if a^n = a (mod n) for every base a below n."""
    if n <= 1:
        return False
    for a in FERMAT_BASES:
        if a >= n:
            return True
        if expt_mod(a, n, n) != a:
            return False
    return True


def count_below(n, test):
    count = 0
    for k in range(2, n):
        if test(k):
            count += 1
    return count


def fooled_below(n):
    found = []
    for k in range(2, n):
        if fermat_prime(k) and not is_prime(k):
            found.append(k)
    return found


def coprime_count(n):
    count = 0
    for k in range(1, n + 1):
        if my_gcd(k, n) == 1:
            count += 1
    return count


def lcm_sum(n):
    total = 0
    for k in range(1, n + 1):
        total = (total + my_lcm(k, k + 4)) % 1000003
    return total


def power_sum(n):
    total = 0
    for k in range(1, n + 1):
        total += expt_mod(k, k, 1009)
    return total


def run(n: int = 2_000) -> list:
    return [count_below(n, is_prime),
            count_below(n, fermat_prime),
            fooled_below(n),
            coprime_count(n),
            lcm_sum(n),
            power_sum(n)]
