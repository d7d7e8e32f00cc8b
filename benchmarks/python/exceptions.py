"""exceptions: raise and catch as control flow (benchmarks/scheme/exceptions.scm)."""


class DivisionByZero(Exception):
    pass


class NotADigit(Exception):
    pass


def safe_quotient(a, b):
    if b == 0:
        raise DivisionByZero()
    return a // b  # (both never negative here)


def try_quotient(a, b):
    try:
        return safe_quotient(a, b)
    except DivisionByZero:
        return False


def digit_value(c):
    if c.isdigit():
        return ord(c) - ord("0")
    raise NotADigit(c)


def parse_number(s):
    value = 0
    for c in s:
        value = value * 10 + digit_value(c)
    return value


def try_parse(s):
    try:
        return parse_number(s)
    except NotADigit:
        return -1


TEXTS = ["123", "4x5", "77", "9", "12a", "3041"]


def run(n: int = 10_000) -> list[int]:
    total = failed = bad = 0
    for i in range(n):
        q = try_quotient(i * 7, i % 5)
        v = try_parse(TEXTS[i % 6])
        total += (q if q is not False else 0) + (0 if v < 0 else v)
        if q is False:
            failed += 1
        if v < 0:
            bad += 1
    return [total, failed, bad]
