"""The etaoin lab driven from the host: values, moves, timings, cross-checks.

The handed-out procedures (`char-value`, `cm`, `choose-move-from-substring`)
are read from the original `etaoin-given.scm` (../shared/originals, or a
path given with --given); our three `substring-value` versions come from
scheme_src/etaoin/:

    tree  substring-value-tree.scm           the plain tree recursion
    memo  tree + substring-value-memo.scm    (set! substring-value (memoize substring-value))
    dp    substring-value-dp.scm             bottom-up table
"""

from __future__ import annotations

import os
import random
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[3]
SCHEME_DIR = ROOT / "scheme_src" / "etaoin"
DEFAULT_GIVEN = ROOT.parent / "shared" / "originals" / "etaoin-given.scm"

METHODS = {
    "tree": ("substring-value-tree.scm",),
    "memo": ("substring-value-tree.scm", "substring-value-memo.scm"),
    "dp": ("substring-value-dp.scm",),
}

# Letters for random words: the six scored letters and others, both cases.
ALPHABET = "etaoinETAOINshrdlucmSHRDLUCM"


class GivenMissing(Exception):
    """The handed-out etaoin-given.scm is not where we looked."""


def given_path(path: str | None = None) -> Path:
    p = Path(path) if path else Path(os.environ.get("SCHEMEHOST_ETAOIN_GIVEN", DEFAULT_GIVEN))
    if not p.is_file():
        raise GivenMissing(
            f"the lab's etaoin-given.scm was not found at {p}; pass --given PATH "
            "(it defines char-value and cm, which the lab hands out)"
        )
    return p


def interpreter(method: str, given: str | None = None, **kwargs):
    """Return an interpreter with the given procedures and one substring-value version."""
    from ...interpreter import Interpreter

    if method not in METHODS:
        raise ValueError(f"unknown method {method!r}; choose tree, memo or dp")
    interp = Interpreter(**kwargs)
    interp.run_file(str(given_path(given)))
    for name in METHODS[method]:
        interp.run_file(str(SCHEME_DIR / name))
    return interp


def scheme_string(word: str) -> str:
    """Return `word` as a Scheme string literal."""
    from ...datatypes import new_string
    from ...printer import write_string

    return write_string(new_string(word))


def value_and_move(interp, word: str) -> tuple[int, str | None]:
    """Return ((string-value word), (cm word)) in `interp` (cm is None for "")."""
    lit = scheme_string(word)
    value = interp.eval_string(f"(substring-value {lit} {len(word)} 0)")
    move = interp.eval_string(f"(cm {lit})").name if word else None
    return value, move


def random_word(rng: random.Random, length: int) -> str:
    return "".join(rng.choice(ALPHABET) for _ in range(length))


def time_cm(interp, word: str, method: str) -> float:
    """Return the seconds one `(cm word)` takes (a fresh memo for memo)."""
    from ...interpreter import run_deep
    from ...reader import read_one

    if method == "memo":
        interp.eval_string("(memoize-clear! substring-value)")
    node = interp.compiler.compile(read_one(f"(cm {scheme_string(word)})"))

    def run():
        start = time.perf_counter()
        node(None)
        return time.perf_counter() - start

    return run_deep(run)


def bench(max_length: int = 200, cap: float = 2.0, runs: int = 3, seed: int = 0, given: str | None = None,
          methods=("tree", "memo"), progress=None) -> list:
    """Time (cm word) for growing lengths; the tree version stops once a run passes `cap` seconds.

    Returns TimingRow(length, method, seconds) rows, `runs` per length.
    """
    from .fit import TimingRow

    rng = random.Random(seed)
    words = {n: random_word(rng, n) for n in range(1, max_length + 1)}
    rows = []
    for method in methods:
        interp = interpreter(method, given)
        lengths = _lengths(method, max_length)
        for n in lengths:
            times = [time_cm(interp, words[n], method) for _ in range(runs)]
            rows.extend(TimingRow(n, method, t) for t in times)
            if progress:
                progress(method, n, min(times))
            if min(times) > cap:
                break
    return rows


def _lengths(method: str, max_length: int) -> list[int]:
    if method == "tree":
        return list(range(1, max_length + 1))
    # Polynomial versions: spread the lengths so the fit sees a wide range.
    out, n = [], 5
    while n <= max_length:
        out.append(n)
        n = max(n + 5, int(n * 1.25))
    return out


def compare(words: int = 200, seed: int = 0, max_length: int = 12, given: str | None = None) -> list[str]:
    """Run the three Scheme versions and the Python solver on random words; return disagreements."""
    from strategies import etaoin

    rng = random.Random(seed)
    interps = {m: interpreter(m, given) for m in METHODS}
    problems = []
    for _ in range(words):
        word = random_word(rng, rng.randint(0, max_length))
        expect_value = etaoin.value(word)
        expect_move = etaoin.choose_move(word) if word else None
        for m, interp in interps.items():
            got = value_and_move(interp, word)
            if got != (expect_value, expect_move):
                problems.append(f"{word!r} ({m}): Scheme {got}, Python {(expect_value, expect_move)}")
    return problems
