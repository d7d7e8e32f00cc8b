"""dates: leap years, Zeller, day numbers and the Easter computus as plain functions (benchmarks/scheme/dates.scm).

The same algorithms as the Scheme: month lengths by a test of the month (the
Scheme's case), a day number that adds the lengths of the months before,
Zeller's congruence and the anonymous Gregorian computus.  ledger's twin
takes is_leap and days_in_month from here.
"""


def is_leap(y):
    return (y % 4 == 0 and y % 100 != 0) or y % 400 == 0


def days_in_month(m, y):
    if m in (4, 6, 9, 11):
        return 30
    if m == 2:
        return 29 if is_leap(y) else 28
    return 31


def day_of_week(d, m, y):
    """Zeller: 0 for Saturday, 1 for Sunday, ..., 6 for Friday."""
    if m < 3:
        m += 12
        y -= 1
    k, j = y % 100, y // 100
    return (d + 13 * (m + 1) // 5 + k + k // 4 + j // 4 + 5 * j) % 7


def day_number(d, m, y):
    years = y - 1
    days = 365 * years + years // 4 - years // 100 + years // 400 + d
    for month in range(1, m):
        days += days_in_month(month, y)
    return days


def easter(y):
    a = y % 19
    b, c = divmod(y, 100)
    d, e = divmod(b, 4)
    f = (b + 8) // 25
    g = (b - f + 1) // 3
    h = (19 * a + b - d - g + 15) % 30
    i, k = divmod(c, 4)
    l = (32 + 2 * e + 2 * i - h - k) % 7
    m = (a + 11 * h + 22 * l) // 451
    month, day = divmod(h + l - 7 * m + 114, 31)
    return month, day + 1


def run(n: int = 3_000) -> list:
    sundays = fridays = leaps = march = april = easter_days = agree = 0
    latest = (0, 0, 0)
    last_year = 1900 + n
    for y in range(1901, last_year + 1):
        if is_leap(y):
            leaps += 1
        for m in range(1, 13):
            first = day_of_week(1, m, y)
            if first == 1:
                sundays += 1
            if day_of_week(13, m, y) == 6:
                fridays += 1
            if (day_number(1, m, y) + 1) % 7 == first:
                agree += 1
        month, day = easter(y)
        if month == 3:
            march += 1
        else:
            april += 1
        easter_days += day_number(day, month, y) - day_number(1, 1, y) + 1
        if (month, day) > latest[:2]:
            latest = (month, day, y)
    return [sundays, fridays, leaps, march, april, list(latest), easter_days,
            day_number(31, 12, last_year) - day_number(1, 1, 1901), agree]
