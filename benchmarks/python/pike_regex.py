"""pike-regex: Pike's matcher over string slices and a glob matcher by index (benchmarks/scheme/pike-regex.scm)."""

REGEXPS = ["ab", "^a", "d$", "a.c", "^b*a", "ab*c", "c.*c", "^a.*d$", "da*b.c", "b$"]
GLOBS = ["a*", "*d", "*ab*", "?b*c?", "*a*a*a*", "a*b*c*d", "??????"]


def matches(regexp, text):
    if regexp.startswith("^"):
        return match_here(regexp[1:], text)
    for i in range(len(text) + 1):
        if match_here(regexp, text[i:]):
            return True
    return False


def match_here(regexp, text):
    if not regexp:
        return True
    if len(regexp) > 1 and regexp[1] == "*":
        return match_star(regexp[0], regexp[2:], text)
    if regexp == "$":
        return not text
    if text and regexp[0] in (".", text[0]):
        return match_here(regexp[1:], text[1:])
    return False


def match_star(c, regexp, text):
    while True:
        if match_here(regexp, text):
            return True
        if not (text and c in (".", text[0])):
            return False
        text = text[1:]


def glob_matches(pattern, text):
    def walk(p, t):
        if p == len(pattern):
            return t == len(text)
        if pattern[p] == "*":
            return walk(p + 1, t) or (t < len(text) and walk(p, t + 1))
        if t == len(text):
            return False
        if pattern[p] in ("?", text[t]):
            return walk(p + 1, t + 1)
        return False

    return walk(0, 0)


def make_lines(n):
    seed = 7

    def next_random():
        nonlocal seed
        seed = (seed * 75 + 74) % 65537
        return seed

    lines = []
    for _ in range(n):
        length = 4 + next_random() % 9
        lines.append("".join("abcd"[next_random() // 7 % 4] for _ in range(length)))
    return lines


def run(n: int = 2_000) -> list[int]:
    lines = make_lines(n)
    return ([sum(1 for line in lines if matches(re, line)) for re in REGEXPS]
            + [sum(1 for line in lines if glob_matches(g, line)) for g in GLOBS])
