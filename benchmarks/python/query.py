"""query: SICP 4.4's pattern matcher with tuples as terms and dicts as frames (benchmarks/scheme/query.scm)."""

QUERIES = [
    [("parent", "?x", "?y")],
    [("parent", "?g", "?p"), ("parent", "?p", "?c")],
    [("job", "?x", "wizard"), ("parent", "?x", "?y"), ("job", "?y", "clerk")],
    [("parent", "?x", "?y"), ("age", "?y", 27)],
    [("age", "?x", "?a"), ("parent", "?x", "?y"), ("age", "?y", "?a")],
    [("parent", "?x", "?x")],
]


def is_variable(x):
    return isinstance(x, str) and x.startswith("?")


def pattern_match(pat, dat, frame):
    """Return frame extended so that pat matches dat, or None."""
    if pat == dat:
        return frame
    if is_variable(pat):
        if pat in frame:
            return pattern_match(frame[pat], dat, frame)
        extended = dict(frame)
        extended[pat] = dat
        return extended
    if isinstance(pat, tuple) and isinstance(dat, tuple) and len(pat) == len(dat):
        for p, d in zip(pat, dat):
            frame = pattern_match(p, d, frame)
            if frame is None:
                return None
        return frame
    return None


def answer_query(patterns, facts):
    frames = [{}]
    for pattern in patterns:
        frames = [result for frame in frames for fact in facts
                  if (result := pattern_match(pattern, fact, frame)) is not None]
    return frames


def instantiate(exp, frame):
    if is_variable(exp):
        return instantiate(frame[exp], frame) if exp in frame else exp
    if isinstance(exp, tuple):
        return [instantiate(e, frame) for e in exp]
    return exp


def make_facts(n):
    facts = []
    for p in range(n):
        if p > 0:
            facts.append(("parent", (p - 1) // 2, p))
        facts.append(("job", p, "wizard" if p % 3 == 0 else "clerk"))
        facts.append(("age", p, 7 * p % 50 + 20))
    return facts


def run(n: int = 60) -> list:
    facts = make_facts(n)
    answers = [answer_query(q, facts) for q in QUERIES]
    return ([len(a) for a in answers]
            + [instantiate(("?g", "?c"), answers[1][-1]) if answers[1] else [],
               instantiate(("?x", "?y"), answers[2][-1]) if answers[2] else []])
