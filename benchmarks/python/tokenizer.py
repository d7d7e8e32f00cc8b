"""tokenizer: a hand-written scanner walking a string by index (benchmarks/scheme/tokenizer.scm).

Identifiers and punctuation are kept as ("symbol", name) tuples, numbers as
ints and quoted text as strings, as the Scheme keeps symbols, numbers and
strings.
"""

LINE = 'x1 = 42 + count(7, y) * 3; say "hi there" 100\n'


def tokenize(text):
    tokens = []
    i = 0
    while i < len(text):
        c = text[i]
        if c.isspace():
            i += 1
        elif c.isalpha():
            end = i
            while end < len(text) and (text[end].isalpha() or text[end].isdigit()):
                end += 1
            tokens.append(("symbol", text[i:end]))
            i = end
        elif c.isdigit():
            end = i
            while end < len(text) and text[end].isdigit():
                end += 1
            tokens.append(int(text[i:end]))
            i = end
        elif c == '"':
            end = text.index('"', i + 1)
            tokens.append(text[i + 1:end])
            i = end + 1
        else:
            tokens.append(("symbol", c))
            i += 1
    return tokens


def run(n: int = 1_000) -> list[int]:
    identifiers = numbers = strings = punctuation = total = checksum = 0
    for position, token in enumerate(tokenize(LINE * n), start=1):
        if isinstance(token, int):
            numbers += 1
            total += token
            weight = token
        elif isinstance(token, str):
            strings += 1
            weight = len(token)
        else:
            if token[1][0].isalpha():
                identifiers += 1
            else:
                punctuation += 1
            weight = len(token[1])
        checksum = (checksum + position * weight) % 1000003
    return [identifiers, numbers, strings, punctuation, total, checksum]
