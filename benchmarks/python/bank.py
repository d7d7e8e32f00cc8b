"""bank: a bank simulated with records changed by setters (benchmarks/scheme/bank.scm).

The same algorithm as the Scheme: accounts are objects of a class with
__slots__ whose fields are assigned; the bank is a list of (name,
account) pairs searched by a loop; a transaction that cannot be done
raises a Refusal naming the reason, the account and the amount, caught
around each transaction and counted by reason.  The transactions come
from the Scheme's x -> (1103515245x + 12345) mod 2^31.
"""

ACCOUNT_COUNT = 40


class Account:
    __slots__ = ("name", "balance", "deposits", "withdrawals")

    def __init__(self, name, balance, deposits, withdrawals):
        self.name = name
        self.balance = balance
        self.deposits = deposits
        self.withdrawals = withdrawals


class Refusal(Exception):
    def __init__(self, reason, name, amount):
        super().__init__(reason)
        self.reason = reason
        self.name = name
        self.amount = amount


def account_name_of(i):
    return "acct-" + str(i)


def open_bank():
    return [(account_name_of(i), Account(account_name_of(i), 100, 0, 0)) for i in range(ACCOUNT_COUNT)]


def find_account(bank, name):
    for entry_name, account in bank:
        if entry_name == name:
            return account
    raise Refusal("no-account", name, 0)


def deposit(account, amount):
    account.balance += amount
    account.deposits += 1


def withdraw(account, amount):
    if amount > account.balance:
        raise Refusal("too-little", account.name, amount)
    account.balance -= amount
    account.withdrawals += 1


def transfer(source, target, amount):
    withdraw(source, amount)
    deposit(target, amount)


def add_interest(account):
    deposit(account, account.balance // 100)


def next_random(x):
    return (1103515245 * x + 12345) % 2147483648


def run(n: int = 150_000) -> list:
    bank = open_bank()
    refusals = [["no-account", 0], ["too-little", 0]]
    done = 0
    x = 1
    for _ in range(n):
        x1 = next_random(x)
        x2 = next_random(x1)
        x3 = next_random(x2)
        x4 = next_random(x3)
        kind = x1 // 16 % 4
        first = account_name_of(x2 // 16 % (ACCOUNT_COUNT + 3))
        second = account_name_of(x3 // 16 % (ACCOUNT_COUNT + 3))
        amount = 1 + x4 // 16 % 500
        try:
            if kind == 0:
                deposit(find_account(bank, first), amount)
            elif kind == 1:
                withdraw(find_account(bank, first), amount)
            elif kind == 2:
                source = find_account(bank, first)
                target = find_account(bank, second)
                transfer(source, target, amount)
            else:
                add_interest(find_account(bank, first))
            done += 1
        except Refusal as refusal:
            for entry in refusals:
                if entry[0] == refusal.reason:
                    entry[1] += 1
                    break
        x = x4
    total = 0
    richest = busiest = None
    checksum = 0
    for position, (_, account) in enumerate(bank, 1):
        activity = account.deposits + account.withdrawals
        total += account.balance
        if richest is None or account.balance > richest.balance:
            richest = account
        if busiest is None or activity > busiest.deposits + busiest.withdrawals:
            busiest = account
        checksum = (checksum + position * account.balance) % 1000003
    return [total, done, refusals[0][1], refusals[1][1], richest.name, richest.balance, busiest.name, checksum]
