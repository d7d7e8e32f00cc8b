"""palindromes: longest palindromic substring and palindromic substrings counted (benchmarks/scheme/palindromes.scm).

The same algorithms as the Scheme: expanding around every centre (one
character, or between two) by indexing from both ends, and Manacher's
algorithm over a list of the characters with None between them.  The
texts are a prefix of the Thue-Morse word, doubled by appending its
complement, and a word of a's and b's from x -> (31421x + 6927) mod 65536.
"""


def expand(text, left, right=None):
    """The palindrome centred on one character (right omitted) or between two: start, length."""
    if right is None:
        right = left
    while left >= 0 and right < len(text) and text[left] == text[right]:
        left -= 1
        right += 1
    return left + 1, right - left - 1


def palindromes_by_centres(text):
    best = best_start = count = 0
    for i in range(len(text)):
        odd_start, odd_length = expand(text, i)
        even_start, even_length = expand(text, i, i + 1)
        count += (odd_length + 1) // 2 + even_length // 2
        if odd_length > best:
            best, best_start = odd_length, odd_start
        if even_length > best:
            best, best_start = even_length, even_start
    return [best, best_start, count]


def palindromes_by_manacher(text):
    """Position 2i + 1 holds character i, the others None; radius[i] is the
    length, in the text, of the longest palindrome centred on position i."""
    m = 2 * len(text) + 1
    chars = [None] * m
    for i in range(len(text)):
        chars[2 * i + 1] = text[i]
    radius = [0] * m
    centre = right = best = best_start = count = 0
    for i in range(m):
        r = min(right - i, radius[2 * centre - i]) if i < right else 0
        while i - r - 1 >= 0 and i + r + 1 < m and chars[i - r - 1] == chars[i + r + 1]:
            r += 1
        radius[i] = r
        if i + r > right:
            centre, right = i, i + r
        if r > best:
            best, best_start = r, (i - r) // 2
        count += (r + 1) // 2
    return [best, best_start, count]


def complement(text):
    return "".join("b" if c == "a" else "a" for c in text)


def thue_morse(n):
    text = "a"
    while len(text) < n:
        text = text + complement(text)
    return text[:n]


def random_word(n):
    x = 1
    chars = []
    for _ in range(n):
        x = (31421 * x + 6927) % 65536
        chars.append("b" if x >= 32768 else "a")
    return "".join(chars)


def count_a(text):
    count = 0
    for c in text:
        if c == "a":
            count += 1
    return count


def report(text):
    by_centres = palindromes_by_centres(text)
    return by_centres + [by_centres == palindromes_by_manacher(text), count_a(text)]


def run(n: int = 50_000) -> list:
    word = random_word(n)
    length, start, _ = palindromes_by_centres(word)
    return [report(thue_morse(n)), report(word), word[start:start + length]]
