"""tokenizer: a hand-written scanner walking a string by index (benchmarks/scheme/tokenizer.scm).

The same algorithm as the Scheme: the text is built by appending the line to
the text so far n times; the scanner takes the kind of token from its
first character and finds its end with skip_while, which calls the
predicate it is given on each character; identifiers and punctuation are
kept as ("symbol", name) tuples, numbers as ints and quoted text as strings,
as the Scheme keeps symbols, numbers and strings; each token's weight and
kind are then found by weight and is_identifier.
"""

LINE = 'x1 = 42 + count(7, y) * 3; say "hi there" 100\n'


def repeat_string(s, n):
    result = ""
    for _ in range(n):
        result = result + s
    return result


def identifier_char(c):
    return c.isalpha() or c.isdigit()


def skip_while(keep, text, i):
    """The index of the first character at or after i that fails keep."""
    while i < len(text) and keep(text[i]):
        i += 1
    return i


def tokenize(text):
    tokens = []
    i = 0
    n = len(text)
    while i < n:
        c = text[i]
        if c.isspace():
            i += 1
        elif c.isalpha():
            end = skip_while(identifier_char, text, i)
            tokens.append(("symbol", text[i:end]))
            i = end
        elif c.isdigit():
            end = skip_while(str.isdigit, text, i)
            tokens.append(int(text[i:end]))
            i = end
        elif c == '"':
            end = skip_while(lambda d: d != '"', text, i + 1)
            tokens.append(text[i + 1:end])
            i = end + 1
        else:
            tokens.append(("symbol", c))
            i += 1
    return tokens


def is_identifier(token):
    return type(token) is tuple and token[1][0].isalpha()


def weight(token):
    if type(token) is int:
        return token
    if type(token) is str:
        return len(token)
    return len(token[1])


def run(n: int = 1_000) -> list[int]:
    identifiers = numbers = strings = punctuation = total = checksum = 0
    position = 1
    for token in tokenize(repeat_string(LINE, n)):
        checksum = (checksum + position * weight(token)) % 1000003
        if type(token) is int:
            numbers += 1
            total += token
        elif type(token) is str:
            strings += 1
        elif is_identifier(token):
            identifiers += 1
        else:
            punctuation += 1
        position += 1
    return [identifiers, numbers, strings, punctuation, total, checksum]
