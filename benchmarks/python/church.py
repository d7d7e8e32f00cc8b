"""church: Church numerals as Python lambdas, pairs as closures, SICP's bank account
(benchmarks/scheme/church.scm).

The same algorithms as the Scheme: numerals, succ, add and mul as nested
lambdas; pairs as closures taking a selector; the account a closure over
its balance whose dispatch function chooses withdraw or deposit by
comparing the message (a str for the Scheme's symbol), as SICP 3.1.1
writes it.  The Scheme's recursions over k and over the pairs are loops.
"""

zero = lambda f: lambda x: x  # noqa: E731


def succ(n):
    return lambda f: lambda x: f(n(f)(x))


def add(m, n):
    return lambda f: lambda x: m(f)(n(f)(x))


def mul(m, n):
    return lambda f: m(n(f))


def to_int(n):
    return n(lambda k: k + 1)(0)


def church(k):
    n = zero
    for _ in range(k):
        n = succ(n)
    return n


def kons(a, b):
    return lambda m: m(a, b)


def kar(p):
    return p(lambda a, b: a)


def kdr(p):
    return p(lambda a, b: b)


def make_account(balance):
    def withdraw(amount):
        nonlocal balance
        if balance >= amount:
            balance -= amount
            return balance
        return "Insufficient funds"

    def deposit(amount):
        nonlocal balance
        balance += amount
        return balance

    def dispatch(m):
        if m == "withdraw":
            return withdraw
        if m == "deposit":
            return deposit
        if m == "balance":
            return balance
        raise ValueError(f"Unknown request -- MAKE-ACCOUNT {m!r}")

    return dispatch


def run(n: int = 60) -> list[int]:
    c = church(n)
    product = to_int(mul(c, add(c, succ(succ(succ(zero))))))
    squares = 0
    for k in range(1, n + 1):
        ck = church(k)
        squares += to_int(mul(ck, ck))
    pairs = []
    for k in range(n, 0, -1):
        pairs = kons(k, pairs)
    total = 0
    while pairs:
        total += kar(pairs)
        pairs = kdr(pairs)
    acc = make_account(10)
    refused = 0
    for i in range(1, n + 1):
        if i % 2 == 0:
            acc("deposit")(i)
        elif isinstance(acc("withdraw")(4 * i), str):
            refused += 1
    return [product, squares, total, acc("balance"), refused]
