"""numerals: numbers as Roman numerals and as English words, and read back (benchmarks/scheme/numerals.scm).

The same algorithm as the Scheme: a Roman numeral built greedily from a
list of (value, letters) pairs, highest first, by string concatenation;
read back by a loop over its letters, each worth what a chain of tests on
the letter gives (the Scheme's case), subtracted when worth less than the
next; words from a list of the names below twenty, the tens by a chain of
tests, " hundred" and " thousand" concatenated; vowels counted by a test
on each character; the capital put on a copy of the characters.
"""

ROMAN_LETTERS = ((1000, "M"), (900, "CM"), (500, "D"), (400, "CD"), (100, "C"), (90, "XC"),
                 (50, "L"), (40, "XL"), (10, "X"), (9, "IX"), (5, "V"), (4, "IV"), (1, "I"))


def integer_to_roman(k):
    result = ""
    table = 0
    while k != 0:
        if k >= ROMAN_LETTERS[table][0]:
            k -= ROMAN_LETTERS[table][0]
            result = result + ROMAN_LETTERS[table][1]
        else:
            table += 1
    return result


def roman_value(letter):
    if letter == "I":
        return 1
    if letter == "V":
        return 5
    if letter == "X":
        return 10
    if letter == "L":
        return 50
    if letter == "C":
        return 100
    if letter == "D":
        return 500
    if letter == "M":
        return 1000
    return 0


def roman_to_integer(s):
    total = 0
    for i in range(len(s)):
        value = roman_value(s[i])
        if i + 1 < len(s) and value < roman_value(s[i + 1]):
            total -= value
        else:
            total += value
    return total


SMALL_NAMES = ("zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten",
               "eleven", "twelve", "thirteen", "fourteen", "fifteen", "sixteen", "seventeen", "eighteen", "nineteen")


def tens_name(digit):
    if digit == 2:
        return "twenty"
    if digit == 3:
        return "thirty"
    if digit == 4:
        return "forty"
    if digit == 5:
        return "fifty"
    if digit == 6:
        return "sixty"
    if digit == 7:
        return "seventy"
    if digit == 8:
        return "eighty"
    return "ninety"


def below_hundred(k):
    if k < 20:
        return SMALL_NAMES[k]
    if k % 10 == 0:
        return tens_name(k // 10)
    return tens_name(k // 10) + "-" + SMALL_NAMES[k % 10]


def below_thousand(k):
    if k < 100:
        return below_hundred(k)
    if k % 100 == 0:
        return SMALL_NAMES[k // 100] + " hundred"
    return SMALL_NAMES[k // 100] + " hundred " + below_hundred(k % 100)


def number_to_words(k):
    if k < 1000:
        return below_thousand(k)
    if k % 1000 == 0:
        return below_thousand(k // 1000) + " thousand"
    return below_thousand(k // 1000) + " thousand " + below_thousand(k % 1000)


def vowels(s):
    count = 0
    for c in s:
        if c in "aeiou":
            count += 1
    return count


def capitalized(s):
    copy = list(s)
    copy[0] = copy[0].upper()
    return "".join(copy)


def run(n: int = 50000) -> list:
    letters = 0
    all_read = True
    longest = ""
    characters = 0
    vowel_count = 0
    for k in range(1, n + 1):
        value = (k - 1) % 3999 + 1
        roman = integer_to_roman(value)
        words = number_to_words(k)
        letters += len(roman)
        all_read = all_read and roman_to_integer(roman) == value
        if len(roman) > len(longest):
            longest = roman
        characters += len(words)
        vowel_count += vowels(words)
    return [letters, all_read, longest, characters, vowel_count, capitalized(number_to_words(n))]
