"""digit-lists: arithmetic on lists of decimal digits (benchmarks/scheme/digit-lists.scm).

The same algorithm as the Scheme, written with loops: lists of digits,
the least significant first, zero the empty list; addition and a number
times one digit carrying along, multiplication adding the first number
times each digit of the second shifted by its place, subtraction
borrowing and trimmed, comparison from the most significant digit,
division by a small number from the most significant digit with a
remainder; each result checked against Python's int through str.
"""


def number_to_digits(n):
    digits = []
    while n:
        digits.append(n % 10)
        n //= 10
    return digits


def digits_to_string(digits):
    return "".join(chr(d + ord("0")) for d in reversed(digits)) or "0"


def digits_to_number(digits):
    return int(digits_to_string(digits))


def add(a, b):
    result = []
    carry = 0
    for i in range(max(len(a), len(b))):
        total = (a[i] if i < len(a) else 0) + (b[i] if i < len(b) else 0) + carry
        result.append(total % 10)
        carry = total // 10
    if carry:
        result.append(carry)
    return result


def times_digit(a, d):
    if d == 0:
        return []
    result = []
    carry = 0
    for digit in a:
        product = digit * d + carry
        result.append(product % 10)
        carry = product // 10
    if carry:
        result.append(carry)
    return result


def multiply(a, b):
    result = []
    for place in range(len(b) - 1, -1, -1):
        shifted = [0] + result if result else []
        result = add(times_digit(a, b[place]), shifted)
    return result


def trim(digits):
    digits = list(digits)
    while digits and digits[-1] == 0:
        digits.pop()
    return digits


def difference(a, b):
    result = []
    borrow = 0
    for i, digit in enumerate(a):
        d = digit - (b[i] if i < len(b) else 0) - borrow
        if d < 0:
            result.append(d + 10)
            borrow = 1
        else:
            result.append(d)
            borrow = 0
    return trim(result)


def compare(a, b):
    if len(a) != len(b):
        return -1 if len(a) < len(b) else 1
    for x, y in zip(reversed(a), reversed(b)):
        if x != y:
            return -1 if x < y else 1
    return 0


def divide(a, d):
    quotient_high_first = []
    remainder = 0
    for digit in reversed(a):
        r = remainder * 10 + digit
        quotient_high_first.append(r // d)
        remainder = r % d
    return trim(quotient_high_first[::-1]), remainder


def count_divisions(a, d):
    count = 0
    while True:
        a, r = divide(a, d)
        if r != 0:
            return count
        count += 1


def legendre(n, p):
    total = 0
    power = p
    while power <= n:
        total += n // power
        power *= p
    return total


def run(n: int = 300) -> list:
    factorial = [1]
    exact_factorial = 1
    for k in range(1, n + 1):
        factorial = multiply(factorial, number_to_digits(k))
        exact_factorial *= k
    before, fib = [], [1]
    exact_before, exact_fib = 0, 1
    for _ in range(1, 5 * n):
        before, fib = fib, add(before, fib)
        exact_before, exact_fib = exact_fib, exact_before + exact_fib
    square = multiply(factorial, factorial)
    return [len(factorial), sum(factorial), digits_to_number(factorial) == exact_factorial,
            [count_divisions(factorial, 7), legendre(n, 7)],
            len(fib), digits_to_number(fib) == exact_fib,
            difference(fib, before) == number_to_digits(exact_fib - exact_before),
            digits_to_number(square) == exact_factorial * exact_factorial,
            [compare(factorial, fib), compare(fib, factorial), compare(factorial, factorial)]]
