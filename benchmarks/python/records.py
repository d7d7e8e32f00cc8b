"""records: a bank of account records (benchmarks/scheme/records.scm)."""


class Account:
    __slots__ = ("id", "balance")

    def __init__(self, id, balance):
        self.id = id
        self.balance = balance


def make_bank(k):
    return [Account(i, 100) for i in range(k)]


def find_account(bank, id):
    for a in bank:
        if a.id == id:
            return a
    return False


def transfer(bank, frm, to, amount):
    a = find_account(bank, frm)
    b = find_account(bank, to)
    if a and b and a.balance >= amount:
        a.balance -= amount
        b.balance += amount
        return True
    return False


def run(n: int = 20_000) -> list[int]:
    bank = make_bank(20)
    made = 0
    for i in range(n):
        if transfer(bank, (i * 7) % 20, (i * 3) % 20, i % 37):
            made += 1
    return [sum(map(lambda a: a.balance, bank)), made]
