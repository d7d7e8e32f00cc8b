"""checksums: Luhn card numbers, ISBN-10 and ISBN-13 checked character by character (benchmarks/scheme/checksums.scm).

The same algorithm as the Scheme: each number written with its right
check digit (cards in groups of four, ISBN-13 with hyphens), then spoilt
or not by a draw; a check reads the digits with isdigit and ord, skipping
spaces and hyphens, and raises an exception with a message and the
offending character or count; each check runs in try/finally (the
Scheme's dynamic-wind) inside try/except, the messages counted in a list
of [message, count] pairs searched by a loop.  The draws come from the
Scheme's x -> (1103515245x + 12345) mod 2^31.
"""

from .lcg import Random


class CheckError(Exception):
    def __init__(self, message, irritant):
        super().__init__(message)
        self.message = message
        self.irritant = irritant


def random_digits(rng, k):
    return [rng.next() % 10 for _ in range(k)]


def luhn_sum(digits):
    total = 0
    double = False
    for d in reversed(digits):
        if double:
            d *= 2
            total += d - 9 if d > 9 else d
        else:
            total += d
        double = not double
    return total


def isbn10_sum(digits):
    return sum((10 - i) * d for i, d in enumerate(digits))


def isbn13_sum(digits):
    return sum((1 if i % 2 == 0 else 3) * d for i, d in enumerate(digits))


def digit_char(d):
    return "X" if d == 10 else chr(d + ord("0"))


def card_text(body):
    check = (10 - luhn_sum(body + [0]) % 10) % 10
    text = ""
    for k, d in enumerate(body + [check]):
        if k > 0 and k % 4 == 0:
            text += " "
        text += digit_char(d)
    return text


def isbn10_text(body):
    check = (11 - isbn10_sum(body) % 11) % 11
    return "".join(digit_char(d) for d in body) + digit_char(check)


def isbn13_text(body):
    check = (10 - isbn13_sum([9, 7, 8] + body) % 10) % 10
    return "978-" + "".join(digit_char(d) for d in body) + "-" + digit_char(check)


def next_check(c, isbn10):
    if c == "9":
        return "X" if isbn10 else "0"
    if c == "X":
        return "0"
    return chr(ord(c) + 1)


def spoil(rng, text, isbn10):
    how = rng.next() % 20
    if how == 0 or how == 1:
        place = rng.next() % len(text)
        return text[:place] + ("O" if how == 0 else "l") + text[place + 1:]
    if how == 2:
        return text[:-1]
    if how <= 5:
        return text[:-1] + next_check(text[-1], isbn10)
    return text


def read_digits(text, allow_x):
    digits = []
    for i, c in enumerate(text):
        if c == " " or c == "-":
            continue
        if c.isdigit():
            digits.append(ord(c) - ord("0"))
        elif allow_x and c == "X" and i == len(text) - 1:
            digits.append(10)
        else:
            raise CheckError("not a digit", c)
    return digits


def checked_digits(text, count, allow_x):
    digits = read_digits(text, allow_x)
    if len(digits) != count:
        raise CheckError("wrong length", len(digits))
    return digits


def good_card(text):
    return luhn_sum(checked_digits(text, 16, False)) % 10 == 0


def good_isbn10(text):
    return isbn10_sum(checked_digits(text, 10, True)) % 11 == 0


def good_isbn13(text):
    return isbn13_sum(checked_digits(text, 13, False)) % 10 == 0


class Checker:
    def __init__(self):
        self.finished = 0
        self.messages = []
        self.not_digits = 0

    def note_error(self, e):
        for entry in self.messages:
            if entry[0] == e.message:
                entry[1] += 1
                break
        else:
            self.messages.append([e.message, 1])
        if isinstance(e.irritant, str):
            self.not_digits += ord(e.irritant)

    def check(self, good, text):
        try:
            try:
                return good(text)
            finally:
                self.finished += 1
        except CheckError as e:
            self.note_error(e)
            return False


def run(n: int = 30_000) -> list:
    rng = Random(31)
    checker = Checker()
    cards = isbn10s = isbn13s = 0
    for i in range(n):
        if i % 3 == 0:
            text = spoil(rng, card_text(random_digits(rng, 15)), False)
            cards += checker.check(good_card, text)
        elif i % 3 == 1:
            text = spoil(rng, isbn10_text(random_digits(rng, 9)), True)
            isbn10s += checker.check(good_isbn10, text)
        else:
            text = spoil(rng, isbn13_text(random_digits(rng, 9)), False)
            isbn13s += checker.check(good_isbn13, text)
    return [cards, isbn10s, isbn13s, checker.messages, checker.not_digits, checker.finished]
