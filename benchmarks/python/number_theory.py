"""number-theory: Euclid's gcd, lcm, modular powers, trial division and a Fermat test
(benchmarks/scheme/number-theory.scm)."""

FERMAT_BASES = (2, 3, 5, 7)


def gcd(a, b):
    while b != 0:
        a, b = b, a % b
    return a


def lcm(a, b):
    return a * b // gcd(a, b)


def expt_mod(base, e, m):
    if e == 0:
        return 1
    if e % 2 == 0:
        half = expt_mod(base, e // 2, m)
        return half * half % m
    return base * expt_mod(base, e - 1, m) % m


def smallest_divisor(n):
    test = 2
    while test * test <= n:
        if n % test == 0:
            return test
        test += 1
    return n


def is_prime(n):
    return n > 1 and smallest_divisor(n) == n


def fermat_prime(n):
    """n passes if a^n = a (mod n) for every base a below n."""
    return n > 1 and all(expt_mod(a, n, n) == a for a in FERMAT_BASES if a < n)


def run(n: int = 2_000) -> list:
    return [
        sum(1 for k in range(2, n) if is_prime(k)),
        sum(1 for k in range(2, n) if fermat_prime(k)),
        [k for k in range(2, n) if fermat_prime(k) and not is_prime(k)],
        sum(1 for k in range(1, n + 1) if gcd(k, n) == 1),
        sum(lcm(k, k + 4) for k in range(1, n + 1)) % 1000003,
        sum(expt_mod(k, k, 1009) for k in range(1, n + 1)),
    ]
