"""amortize: loan schedules in exact arithmetic (benchmarks/scheme/amortize.scm).

The same schedules as the Scheme, in Python's own way: the rate a
Fraction, round() (ties to even, as Scheme's round) giving whole cents,
while loops, a tuple returned for the schedule, the offers' failures as
exceptions of their own caught by except clauses, the dollars written
by a format with a thousands separator; the shared generator (from
227) drawn in the same order.
"""

from fractions import Fraction

from .lcg import Random


class NeverRepaid(Exception):
    pass


class TooLong(Exception):
    pass


def level_payment(principal, rate, months):
    return round(principal * rate / (1 - (1 + rate) ** -months))


def schedule(principal, rate, months, payment, extra):
    balance = principal
    paid = interest = 0
    month = 1
    while True:
        owed = round(balance * rate)
        due = payment + extra
        toward = due - owed
        if month == months or toward >= balance:
            last = balance + owed
            return paid + last, interest + owed, last, month
        balance -= toward
        paid += due
        interest += owed
        month += 1


def months_to_repay(principal, rate, offer):
    balance = principal
    month = 1
    while True:
        toward = offer - round(balance * rate)
        if toward <= 0:
            raise NeverRepaid(month, balance)
        if month > 360:
            raise TooLong(balance)
        if toward >= balance:
            return month
        balance -= toward
        month += 1


def effective_basis_points(rate):
    return round(10000 * ((1 + rate) ** 12 - 1))


def money(cents):
    return f"${cents // 100:,}.{cents % 100:02d}"


def run(n):
    rng = Random(227)
    paid = interest = saved_months = saved_interest = 0
    never = too_long = offer_months = effective = total = 0
    first = []
    for k in range(n):
        principal = 100 * (1000 + rng.next() % 49000)
        bp = 200 + rng.next() % 1600
        months = 12 * (1 + rng.next() % 5)
        extra = 2500 * (rng.next() % 5)
        offer = round(Fraction(principal * (50 + rng.next() % 100), 10000))
        rate = Fraction(bp, 120000)
        payment = level_payment(principal, rate, months)
        paid1, owed1, last1, used1 = schedule(principal, rate, months, payment, 0)
        _, owed2, _, used2 = schedule(principal, rate, months, payment, extra)
        paid += paid1
        interest += owed1
        saved_months += used1 - used2
        saved_interest += owed1 - owed2
        try:
            offer_months += months_to_repay(principal, rate, offer)
        except NeverRepaid:
            never += 1
        except TooLong:
            too_long += 1
        effective += effective_basis_points(rate)
        total = (total * 31 + payment + last1) % 1000003
        if k == 0:
            first = [money(payment), money(owed1), money(last1), str(rate)]
    return [n, paid, interest, saved_months, saved_interest, never, too_long, offer_months, effective, total, first]
