"""pi-spigot: digits of pi by Gibbons' streaming spigot, of e by a mixed-radix spigot (benchmarks/scheme/pi-spigot.scm).

The same algorithm as the Scheme: six ints (q, r, t, k, n, l) updated
together, a digit emitted when settled and a term taken in otherwise;
for e a list of remainders multiplied by ten from the right, the carry
out of the left end the next digit.
"""


def pi_digits(count):
    q, r, t, k, n, l = 1, 0, 1, 1, 3, 3
    digits = []
    while len(digits) < count:
        if 4 * q + r - t < n * t:
            digits.append(n)
            q, r, n = 10 * q, 10 * (r - n * t), (10 * (3 * q + r)) // t - 10 * n
        else:
            q, r, t, k, n, l = q * k, (2 * q + r) * l, t * l, k + 1, (q * (7 * k + 2) + r * l) // (t * l), l + 2
    return digits


def e_digits(count):
    size = count + 10
    remainders = [1] * size
    digits = [2]
    while len(digits) < count:
        carry = 0
        for i in range(size - 1, -1, -1):
            x = 10 * remainders[i] + carry
            remainders[i] = x % (i + 2)
            carry = x // (i + 2)
        digits.append(carry)
    return digits


def summary(digits):
    text = "".join(str(d) for d in digits)
    return [text[:20], sum(digits), digits.count(9), digits[-1]]


def run(n: int = 1_500) -> list:
    pi = pi_digits(n)
    e = e_digits(n)
    same = 0
    for a, b in zip(pi, e):
        if a == b:
            same += 1
    return [summary(pi), summary(e), same]
