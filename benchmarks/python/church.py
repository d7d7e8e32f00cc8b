"""church: Church numerals as Python lambdas, pairs as closures, a bank account object
(benchmarks/scheme/church.scm)."""

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


class Account:
    def __init__(self, balance):
        self.balance = balance

    def withdraw(self, amount):
        if self.balance >= amount:
            self.balance -= amount
            return self.balance
        return "Insufficient funds"

    def deposit(self, amount):
        self.balance += amount
        return self.balance


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
    account = Account(10)
    refused = 0
    for i in range(1, n + 1):
        if i % 2 == 0:
            account.deposit(i)
        elif isinstance(account.withdraw(4 * i), str):
            refused += 1
    return [product, squares, total, account.balance, refused]
