"""ledger: a cash book reconciled against the bank's statement (benchmarks/scheme/ledger.scm).

The same algorithm as the Scheme: transactions drawn with the shared
generator (from 53) in the same order and written into two StringIO
texts, the bank's lines put in order of posting by a list of lists, one
per day; interest a Fraction rounded by round (half to even, as
Scheme's); both texts read back line by line, fields cut by split,
dates converted by month lengths (dates' twin's is_leap and
days_in_month), amounts parsed into Fractions from their digits; the
cash book's entries of each amount kept in a dict of lists (where the
Scheme keeps a hash table of its own, a vector of association lists),
each bank line matched to the first unmatched entry of its amount at
most five days older; the descriptions' totals in a dict kept in
first-seen order; the statement folded into the shared checksum.
"""

import io
from fractions import Fraction

from .checksum import of_text
from .dates import days_in_month, is_leap
from .lcg import Random

KINDS = ["SALARY", "RENT", "GROCERIES", "UTILITIES", "TRANSFER", "CHEQUE"]


def day_to_date(day):
    y = 2024
    while day >= (366 if is_leap(y) else 365):
        day -= 366 if is_leap(y) else 365
        y += 1
    m = 1
    while day >= days_in_month(m, y):
        day -= days_in_month(m, y)
        m += 1
    return y, m, day + 1


def date_to_day(y, m, d):
    day = 0
    for year in range(2024, y):
        day += 366 if is_leap(year) else 365
    for month in range(1, m):
        day += days_in_month(month, y)
    return day + d - 1


def iso_date(day):
    y, m, d = day_to_date(day)
    return f"{y}-{m:02d}-{d:02d}"


def bank_date(day):
    y, m, d = day_to_date(day)
    return f"{d:02d}/{m:02d}/{y}"


def with_thousands(digits):
    out = ""
    while len(digits) > 3:
        out = "," + digits[-3:] + out
        digits = digits[:-3]
    return digits + out


def cents_to_text(cents, thousands):
    whole = str(abs(cents) // 100)
    return ("-" if cents < 0 else "") + (with_thousands(whole) if thousands else whole) + f".{abs(cents) % 100:02d}"


def bank_amount(cents):
    return cents_to_text(abs(cents), True) + (" DR" if cents < 0 else " CR")


def format_amount(amount):
    return cents_to_text(int(amount * 100), True)


def parse_amount(text):
    number, _, suffix = text.partition(" ")
    sign = -1 if number.startswith("-") or suffix == "DR" else 1
    whole, cents = number.lstrip("-").replace(",", "").split(".")
    return sign * (int(whole) + Fraction(int(cents), 10 ** len(cents)))


def random_cents(rng, kind):
    if kind == 0:
        return 250000 + rng.next() % 50000
    if kind == 1:
        return -125000
    if kind == 2:
        return -(500 + rng.next() % 15000)
    if kind == 3:
        return -(3000 + rng.next() % 20000)
    if kind == 4:
        if rng.next() % 2 == 0:
            return 1000 + rng.next() % 100000
        return -(1000 + rng.next() % 100000)
    return -(2000 + rng.next() % 50000)


def bank_description(kind, number):
    if kind in (0, 4):
        return "Credit " + KINDS[kind]
    if kind == 5:
        return "Cheque " + str(100000 + number)
    return "Card " + KINDS[kind]


def write_texts(rng, n):
    book = io.StringIO()
    posted = [[] for _ in range(2 * n + 8)]
    book.write("date,description,amount\n")
    book.write("2024-01-01,OPENING,1000.00\n")
    day = 0
    for k in range(n):
        kind = rng.next() % 6
        cents = random_cents(rng, kind)
        fate = rng.next() % 20
        book.write(f"{iso_date(day)},{KINDS[kind]},{cents_to_text(cents, False)}\n")
        if fate != 0:
            posting_day = day + rng.next() % 4
            amount = cents + (-900 if cents < 0 else 900) if fate == 1 else cents
            posted[posting_day].append((bank_description(kind, k), amount))
        if rng.next() % 15 == 0:
            posted[day + 1].append(("Service charge", -250))
        day += rng.next() % 2
    statement = io.StringIO()
    last_day = day + 4
    statement.write("Opening balance;" + bank_amount(100000) + "\n")
    balance = 100000
    total = 0
    for d in range(last_day + 1):
        for description, amount in posted[d]:
            statement.write(f"{bank_date(d)};{description};{bank_amount(amount)}\n")
            balance += amount
        total += balance
    interest = round(Fraction(total * 3, 36500))
    statement.write(f"{bank_date(last_day)};Interest;{bank_amount(interest)}\n")
    statement.write("Closing balance;" + bank_amount(balance + interest) + "\n")
    return book.getvalue(), statement.getvalue()


def read_book(text):
    book = []
    for line in text.splitlines()[1:]:
        date, description, amount = line.split(",")
        book.append([date_to_day(int(date[0:4]), int(date[5:7]), int(date[8:10])), description,
                     parse_amount(amount), False])
    return book


def run(n):
    rng = Random(53)
    book_text, bank_text = write_texts(rng, n)
    book = read_book(book_text)
    entries = book[1:]
    table = {}
    for entry in entries:
        table.setdefault(entry[2], []).append(entry)
    statement = bank_text.splitlines()
    balance = opening = parse_amount(statement[0].split(";")[1])
    matched = bank_only = 0
    bank_only_total = 0
    for line in statement[1:]:
        fields = line.split(";")
        if fields[0] == "Closing balance":
            closing = parse_amount(fields[1])
            break
        date = fields[0]
        day = date_to_day(int(date[6:10]), int(date[3:5]), int(date[0:2]))
        amount = parse_amount(fields[2])
        balance += amount
        for entry in table.get(amount, ()):
            if not entry[3] and entry[0] <= day <= entry[0] + 5:
                entry[3] = True
                matched += 1
                break
        else:
            bank_only += 1
            bank_only_total += amount
    book_closing = sum(e[2] for e in book)
    unmatched = [e for e in entries if not e[3]]
    unmatched_total = sum(e[2] for e in unmatched)
    running = 0
    best = None
    best_day = 0
    for entry in book:
        running += entry[2]
        if best is None or running < best:
            best, best_day = running, entry[0]
    categories = {}
    for entry in entries:
        total_count = categories.setdefault(entry[1], [0, 0])
        total_count[0] += entry[2]
        total_count[1] += 1
    return [len(book), len(statement), matched,
            len(unmatched), format_amount(unmatched_total),
            bank_only, format_amount(bank_only_total),
            format_amount(book_closing), format_amount(closing),
            closing == balance and closing == book_closing - unmatched_total + bank_only_total,
            [format_amount(best), iso_date(best_day)],
            [[name, format_amount(total), count] for name, (total, count) in categories.items()],
            format_amount(parse_amount(statement[-2].split(";")[2])),
            len(bank_text),
            of_text(bank_text)]
