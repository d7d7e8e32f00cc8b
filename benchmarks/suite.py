"""The benchmarks, and one timed run of each implementation of them.

A benchmark has a Scheme side (files loaded into schemehost, and into
Guile where it can run them), a Python side (`benchmarks/python/NAME.py`,
whose `run(...)` returns the result) and three sizes: ``full`` (the issue's
sizes), ``quick`` (a smoke test) and ``test`` (the behaviour tests).

Results are compared through their Scheme written form (`write_datum` for
Python values, `write` for Scheme ones), so "equal" means the same ints,
strings, booleans and lists on every side.

`measure(impl, name, size)` times one run in this process and returns a
`Measurement`; `benchmarks/worker.py` calls it in a fresh process for each
run.  Guile runs go through `measure_guile`, which starts
`guile benchmarks/guile_driver.scm` and lets it time the run.
"""

from __future__ import annotations

import importlib
import io
import os
import random
import re
import shutil
import subprocess
import sys
import time
from dataclasses import dataclass, field
from pathlib import Path

BENCH_DIR = Path(__file__).resolve().parent
ROOT = BENCH_DIR.parent
SCHEME_DIR = BENCH_DIR / "scheme"
ORIGINALS = ROOT.parent / "shared" / "originals"
GUILE_DRIVER = BENCH_DIR / "guile_driver.scm"

SIZES = ("full", "quick", "test")
IMPLEMENTATIONS = ("schemehost", "python", "guile", "guile-interp")

# Kinds of benchmark: how the Scheme side is run and its result taken.
CALL = "call"  # load the files, then time (run ARGS...); the result is its value
PROGRAM = "program"  # time running the whole program with scripted input; the result is its output
PIG = "pig"  # time one pig-grader match; the result is the wins and each game's scores


@dataclass(frozen=True)
class Benchmark:
    """One benchmark: what it measures, its sides and its sizes."""

    name: str
    measures: str
    scheme_files: tuple[Path, ...]
    python_module: str
    sizes: dict = field(hash=False)  # size -> tuple of arguments
    kind: str = CALL
    call_heavy: bool = False
    guile: bool = True  # Guile runs the same files unchanged (with a prelude for PROGRAM)
    needs_originals: bool = False
    guile_prelude: str = ""  # forms Guile needs first (SRFI modules R7RS names come from)
    group: str = ""  # "" for the first suite, else the set of SETS it belongs to

    def args(self, size: str) -> tuple:
        return self.sizes[size]

    def missing(self) -> str | None:
        """Return why this benchmark cannot run here, or None."""
        absent = [str(p) for p in self.scheme_files if not p.is_file()]
        if absent:
            if self.needs_originals and not ORIGINALS.is_dir():
                return f"skipped: the original programs are read from {ORIGINALS}, which is absent"
            return "skipped: missing " + ", ".join(absent)
        return None


def _scheme(name: str) -> Path:
    return SCHEME_DIR / f"{name}.scm"


BENCHMARKS: tuple[Benchmark, ...] = (
    Benchmark(
        "fib", "procedure calls and small-integer arithmetic: doubly recursive Fibonacci",
        (_scheme("fib"),), "fib",
        {"full": (25,), "quick": (18,), "test": (12,)}, call_heavy=True,
    ),
    Benchmark(
        "tak", "nested non-tail calls with three arguments: Takeuchi's function",
        (_scheme("tak"),), "tak",
        {"full": (18, 12, 6), "quick": (12, 8, 4), "test": (9, 6, 3)}, call_heavy=True,
    ),
    Benchmark(
        "nqueens", "recursion, list walking, named let: all solutions of n queens, counted",
        (_scheme("nqueens"),), "nqueens",
        {"full": (8,), "quick": (6,), "test": (5,)}, call_heavy=True,
    ),
    Benchmark(
        "etaoin", "the etaoin lab's tree-recursive substring-value on a 16-letter word",
        (ORIGINALS / "etaoin-given.scm", ROOT / "scheme_src" / "etaoin" / "substring-value-tree.scm",
         _scheme("etaoin")),
        "etaoin",
        {"full": ("internationalism",), "quick": ("international",), "test": ("then",)},
        call_heavy=True, needs_originals=True,
    ),
    Benchmark(
        "mergesort", "list-heavy: merge sort of n numbers held in a list (cons, car, cdr, reverse)",
        (_scheme("mergesort"),), "mergesort",
        {"full": (10_000,), "quick": (1_000,), "test": (50,)},
    ),
    Benchmark(
        "strings", "string-heavy: build a text, split it, string->symbol and count the words",
        (_scheme("strings"),), "strings",
        {"full": (20_000,), "quick": (2_000,), "test": (40,)},
    ),
    Benchmark(
        "higher-order", "procedures passed to map, filter, for-each and sort over n numbers",
        (_scheme("higher-order"),), "higher_order",
        {"full": (50_000,), "quick": (5_000,), "test": (60,)},
    ),
    Benchmark(
        "counter", "closures and set!: a message-passing counter object called n times",
        (_scheme("counter"),), "counter",
        {"full": (1_000_000,), "quick": (10_000,), "test": (100,)},
    ),
    Benchmark(
        "generators", "re-entrant continuations: a call/cc generator handing out 1..n, summed",
        (_scheme("generators"),), "generators",
        {"full": (20_000,), "quick": (1_000,), "test": (50,)},
    ),
    Benchmark(
        "tail-loop", "proper tail calls: a named-let loop of n iterations",
        (_scheme("tail-loop"),), "tail_loop",
        {"full": (10_000_000,), "quick": (100_000,), "test": (1_000,)},
    ),
    Benchmark(
        "deep-recursion", "non-tail recursion n calls deep",
        (_scheme("deep-recursion"),), "deep_recursion",
        {"full": (100_000,), "quick": (10_000,), "test": (2_000,)},
    ),
    Benchmark(
        "pennies", "I/O and list updates: Stone's penny matcher, 100 rounds of scripted input",
        (ORIGINALS / "penny-matcher.scm",), "pennies",
        {"full": (), "quick": (), "test": ()}, kind=PROGRAM, needs_originals=True,
    ),
    Benchmark(
        "pig", "host calls: one 49-game pig check of scheme_src/pig/hold-at-20.scm vs the dummy",
        (ROOT / "scheme_src" / "pig" / "hold-at-20.scm",), "pig",
        {"full": (49,), "quick": (9,), "test": (5,)}, kind=PIG, guile=False,
    ),
)

def _idiom(name: str, measures: str, full, quick, test, prelude: str = "", group: str = "idioms") -> Benchmark:
    """A program of one of the SETS: plain code in one idiom, (run ARG) its entry."""
    return Benchmark(
        name, measures, (_scheme(name),), name.replace("-", "_"),
        {"full": (full,), "quick": (quick,), "test": (test,)}, guile_prelude=prelude, group=group,
    )


# Written the plainest way, as students and textbooks write Scheme, before
# looking at what the compiler does with them (issue 13).
IDIOMS: tuple[Benchmark, ...] = (
    _idiom("mutual-recursion", "mutual tail calls: even?/odd? calling each other", 700, 100, 20),
    _idiom("state-machine", "a scanner whose states tail-call each other through cond/case/and/or/when",
           2_000, 200, 5),
    _idiom("queens-or", "n queens with an (or (null? l) (and ...)) test and a non-tail named let", 7, 6, 4),
    _idiom("closures", "closures made in a loop: make-acc, compose, adders, map with a lambda",
           20_000, 2_000, 20),
    _idiom("folds", "user lambdas: our own fold-left and filter, map, assoc with string-ci=?",
           20_000, 2_000, 30, prelude="(use-modules (srfi srfi-1))"),
    _idiom("string-builder", "string-append in a loop, string-ref scans, string->list/list->string",
           5_000, 500, 10),
    _idiom("char-class", "char-upper-case?, char-numeric?, char-whitespace?, char-downcase over a text",
           1_000, 100, 3),
    _idiom("word-count", "assoc list keyed by strings: string->list, list->string, assoc, set-cdr!",
           100, 10, 2),
    _idiom("sieve", "a vector sieve with nested do loops", 100_000, 10_000, 100),
    _idiom("variadic", "rest arguments and apply", 5_000, 500, 10),
    _idiom("escape", "call/cc escapes from for-each and a named let", 5_000, 500, 10),
    _idiom("bignum", "exact bignum arithmetic: factorial, digit sums, big Fibonacci", 1_000, 200, 20),
    _idiom("tree-recursion", "deep non-tail recursion: build, flatten with append, walk a tree",
           10_000, 1_000, 16),
    _idiom("matrix", "vectors of vectors in three nested do loops", 40, 12, 3),
    _idiom("records", "define-record-type accounts in a list, updated with setters",
           5_000, 500, 10, prelude="(use-modules (srfi srfi-9))"),
)

# A second set, written in session 17 the same way (textbook Scheme, each in an
# idiom the first set does not hold) after sixteen sessions of tuning the
# compiler on the first: how the speed holds on code it was not tuned for.
# Timed on its own (benchmarks.run --holdout), its geometric mean apart.
HOLDOUT: tuple[Benchmark, ...] = (
    _idiom("deriv", "symbolic differentiation (SICP 2.3.2): symbol?, eq?, cadr, lists built with list",
           5_000, 500, 8, group="holdout"),
    _idiom("evaluator", "an interpreter: case on the operator, an assq environment, cadr/caddr/cadddr",
           10_000, 1_000, 10, group="holdout"),
    _idiom("hanoi", "towers of Hanoi: double recursion, top-level counters updated with set!", 15, 11, 4,
           group="holdout"),
    _idiom("streams", "SICP streams: cons and delay, force, a sieve of stream-filters", 250, 60, 10,
           group="holdout"),
    _idiom("digits", "multiple values: floor/, call-with-values, let-values", 20_000, 2_000, 30,
           prelude="(use-modules (srfi srfi-11))", group="holdout"),
    _idiom("exceptions", "raise and guard as control flow, guard clauses testing what was raised",
           10_000, 1_000, 12, prelude="(use-modules ((scheme base) #:select (guard raise)))", group="holdout"),
    _idiom("string-ports", "an output string port: write-string, write, write-char, display",
           5_000, 500, 6, prelude="(use-modules ((scheme base) #:select (write-string)))", group="holdout"),
    _idiom("insertion-sort", "insertion sort of a vector in place: do, a named let shifting, vector-set!",
           600, 150, 12, group="holdout"),
    _idiom("bst", "an immutable binary search tree of lists: insert, lookup, in-order walk, height",
           2_000, 300, 12, group="holdout"),
)

# A third set, written at the start of session 18 the same way and timed
# before any change made for it: the figure for code the compiler was not
# tuned on, until this set too has been tuned on (say so when it has).
FRESH: tuple[Benchmark, ...] = (
    _idiom("sqrt-iter", "SICP 1.1.7: Newton's square and cube roots, helpers defined inside, inexact numbers",
           3_000, 300, 5, prelude="(use-modules ((scheme base) #:select (exact)))", group="fresh"),
    _idiom("rationals", "exact fractions: a harmonic sum, a continued fraction, greedy Egyptian fractions",
           2_000, 200, 20, group="fresh"),
    _idiom("lcs", "dynamic programming over strings: a table of vectors in nested do loops, read back",
           300, 80, 8, group="fresh"),
    _idiom("heapsort", "a vector heap: sift-down with quotient, swaps through a temporary, two do loops",
           10_000, 500, 10, group="fresh"),
    _idiom("calc", "scan, parse and evaluate arithmetic strings: string-ref, case on characters, memq",
           2_000, 200, 2, group="fresh"),
    _idiom("bfs", "breadth-first search: assv on association lists, a queue grown with append, apply",
           500, 60, 10, group="fresh"),
    _idiom("caesar", "string-map with a lambda, char->integer, integer->char, string-for-each, memv",
           200, 20, 3, group="fresh"),
    _idiom("quicksort", "list quicksort: a filter of our own taking lambdas, append, plain recursion",
           10_000, 500, 10, group="fresh"),
    _idiom("radix", "number->string and string->number in bases 2, 10 and 16, strings reversed",
           20_000, 2_000, 20, group="fresh"),
    _idiom("list-matrix", "matrices as lists: (apply map list m), (apply + (map * u v)), map with lambdas",
           300, 40, 3, group="fresh"),
)

# A fourth set, written at the end of session 18 the same way, after the
# tuning on the fresh set, and measured but not tuned on: how this session's
# changes carry to code they were not made for, and the next session's
# honest figure, until a session tunes on it (say so when one has).
_VECTOR_PRELUDE = "(use-modules ((scheme base) #:select (vector-map vector-for-each)))"
UNSEEN: tuple[Benchmark, ...] = (
    _idiom("ackermann", "Ackermann's function: deep, doubly nested non-tail recursion through cond",
           100, 30, 4, group="unseen"),
    _idiom("vectors", "vector-map, vector-for-each, vector-copy, vector-fill!, vector->list, list->vector",
           20_000, 2_000, 12, prelude=_VECTOR_PRELUDE, group="unseen"),
    _idiom("read-chars", "an input string port read with read-char and peek-char until eof-object?",
           300, 30, 1, group="unseen"),
    _idiom("simpson", "Simpson's rule over exp, sin and a lambda with sqrt and expt, inexact numbers",
           10_000, 1_000, 2, prelude="(use-modules ((scheme base) #:select (exact)))", group="unseen"),
    _idiom("pretty", "an indented printer to a string port: make-parameter, parameterize, dynamic-wind, write",
           1_000, 100, 2, prelude="(use-modules ((scheme base) #:select (write-string)))", group="unseen"),
    _idiom("list-ops", "map, filter, reduce, take, drop, zip by hand with accumulators; last-pair, list-copy",
           20_000, 2_000, 10, group="unseen"),
    _idiom("stack-vm", "a stack machine: a vector of instructions, case on symbols, a list as the stack",
           20_000, 2_000, 4, group="unseen"),
)

# A fifth set, written at the start of session 19 before any change of that
# session, and not tuned on: textbook programs (SICP's Huffman trees, queens
# by flatmap, count-change, closures as data) and idioms no other set leans
# on (user syntax-rules macros, symbols built from strings, define-values),
# the honest figure for code the compiler was not shaped for.
BLIND: tuple[Benchmark, ...] = (
    _idiom("huffman", "SICP 2.3.4 Huffman trees: tagged lists, an ordered set by adjoin-set, encode by memq, decode",
           20_000, 2_000, 4, group="blind"),
    _idiom("flatmap-queens", "SICP 2.2.3: accumulate, flatmap, enumerate-interval, filter; queens and prime-sum-pairs",
           8, 6, 4, group="blind"),
    _idiom("count-change", "SICP 1.2.2 count-change tree recursion, first-denomination by cond; memoized in vectors",
           200, 120, 7, group="blind"),
    _idiom("life", "the game of life on a torus: a vector of vectors, nested do loops, modulo, a fresh grid each step",
           25, 3, 1, group="blind"),
    _idiom("church", "lambdas as data: Church numerals, pairs as closures, SICP's make-account dispatching on symbols",
           60, 25, 3, group="blind"),
    _idiom("macros", "user syntax-rules macros in hot loops: while, for, swap!, inc!, my-unless; a bubble sort",
           400, 120, 8, group="blind"),
    _idiom("symbols", "string->symbol, symbol->string, assq environments, a simplifier by case and quasiquote",
           1_000, 100, 2, group="blind"),
    _idiom("values-split", "values, let-values, call-with-values, define-values, exact-integer-sqrt, floor/",
           20_000, 2_000, 6, prelude="(use-modules (srfi srfi-11))", group="blind"),
)

# A sixth set, written at the end of session 19 after its tuning (on the
# unseen and blind sets), measured and not tuned on: the next session's
# honest figure, until a session tunes on it (say so when one has).
RESERVE: tuple[Benchmark, ...] = (
    _idiom("number-theory", "SICP 1.2.5-6: Euclid's gcd by hand, lcm, expt-mod by squaring, trial division, Fermat",
           2_000, 300, 10, group="reserve"),
    _idiom("tokenizer", "a scanner: string-ref and an index, char-alphabetic?, substring, string->number, string->symbol",
           1_000, 100, 1, group="reserve"),
    _idiom("gauss", "Gaussian elimination over exact rationals: a vector of row vectors, nested do loops, /",
           24, 10, 3, group="reserve"),
    _idiom("permutations", "SICP 2.2.3 permutations: flatmap and remove by hand, map with lambdas; derangements",
           7, 6, 3, group="reserve"),
    _idiom("queue-sim", "SICP 3.3.2's queue by set-car!/set-cdr!, a bank line driven by a hand-written LCG",
           50_000, 5_000, 10, group="reserve"),
    _idiom("string-search", "naive search and KMP with a failure vector, string-ref over a Fibonacci word",
           4_000, 400, 13, group="reserve"),
    _idiom("cps", "continuation-passing style: factorial, Fibonacci, a tree sum and append/reverse with lambdas as k",
           25, 20, 4, group="reserve"),
    _idiom("alist-db", "records as association lists: assq, assoc, string=?, functional update, insertion sort by string<?",
           600, 200, 5, group="reserve"),
)

# A seventh set, written at the start of session 20 by a helper that did not
# read the compiler, before any change of that session; measured and not
# tuned on in session 20, tuned on from session 21 (the vault set took its place).
SEALED: tuple[Benchmark, ...] = (
    _idiom("mandelbrot", "escape times over a grid in flonums: exact->inexact, a named let on two reals, make-string",
           160, 50, 4, group="sealed"),
    _idiom("nbody", "a planar n-body simulation: bodies as vectors of flonums behind accessors, sqrt, for-each on tails",
           15_000, 1_500, 1, group="sealed"),
    _idiom("dijkstra", "O(V^2) shortest paths: a graph as an association list read with assv, #f for infinity",
           1_000, 300, 6, group="sealed"),
    _idiom("sudoku", "backtracking over a vector of 81 cells: fits? by quotient and remainder, undo on failure",
           70, 25, 2, group="sealed"),
    _idiom("pike-regex", "Pike's regular expression matcher over char lists by car/cdr, a glob matcher by string-ref",
           2_000, 200, 4, group="sealed"),
    _idiom("base64-rle", "base64 and run-length coding by hand: char->integer, integer->char, quotient by 64, list->string",
           5_000, 500, 1, group="sealed"),
    _idiom("dates", "calendar arithmetic in let* chains: leap years, case month lengths, Zeller, day numbers, Easter",
           3_000, 300, 2, group="sealed"),
    _idiom("query", "SICP 4.4's pattern matcher: ?variables, frames as alists by assq, compound queries by flatmap",
           100, 30, 5, group="sealed"),
)

# An eighth set, written at the start of session 21 by a helper that did not
# read the compiler, before any change of that session; measured and not
# tuned on in session 21, tuned on from session 22 (the cellar set took its place).
VAULT: tuple[Benchmark, ...] = (
    _idiom("leftist-heap", "a priority queue as a leftist heap of lists (rank value left right): cadr..cadddr, merge",
           1_500, 200, 3, group="vault"),
    _idiom("determinant", "cofactor expansion over a list of rows: remove-nth by hand, map with a lambda, exact integers",
           7, 6, 3, group="vault"),
    _idiom("topo-sort", "a depth-first topological sort: an assv graph, internal define, set!, memv on visited lists",
           700, 250, 6, group="vault"),
    _idiom("kruskal", "Kruskal's spanning tree: edges bucketed in a vector of lists, union-find over parent vectors",
           15_000, 1_500, 4, group="vault"),
    _idiom("iterators", "generators as closures over set! state: map, filter, take, zip, interleave, a done marker",
           15_000, 1_500, 5, group="vault"),
    _idiom("csv-parse", "a CSV parser as one named let over string->list with five loop variables, quotes, list->string",
           5_000, 500, 4, group="vault"),
    _idiom("trie", "a prefix tree of pairs: children as assv alists of chars grown by set-cdr!, counts by set-car!",
           10_000, 1_000, 4, group="vault"),
    _idiom("anagrams", "letter counts in a vector by char->integer, groups found by assoc (equal?) on the vectors",
           3_000, 600, 6, group="vault"),
)

# A ninth set, written at the start of session 22 by a helper that did not
# read the compiler, before any change of that session; measured and not
# tuned on in session 22, tuned on from session 23 (the pantry set took its place).
CELLAR: tuple[Benchmark, ...] = (
    _idiom("hash-table", "a hash table by hand: (count . buckets), a string hash by char->integer and modulo, growth by rehashing",
           80_000, 8_000, 5, group="cellar"),
    _idiom("polynomials", "SICP 2.5.3 term lists (order coeff): add-terms by non-tail recursion, mul-terms, div-terms, bignums",
           450, 150, 3, group="cellar"),
    _idiom("intervals", "pairs (start . end) merge-sorted by a sort of our own taking less?, merged, points tested",
           30_000, 3_000, 5, group="cellar"),
    _idiom("maze", "a vector of make-string rows carved by string-set! with a list stack held by set!, solved breadth first",
           250, 80, 2, group="cellar"),
    _idiom("numerals", "Roman numerals by an alist and string-append, read back by case on chars; numbers as English words",
           50_000, 5_000, 4, group="cellar"),
    _idiom("justify", "text filled and justified: make-string padding, string-append, string-copy and char-upcase, scans",
           150_000, 15_000, 10, group="cellar"),
    _idiom("dpll", "a DPLL solver over clauses of integers: memv, a remove by hand, or over two recursive tries, set! counters",
           3_000, 300, 1, group="cellar"),
    _idiom("josephus", "a circular list by set-cdr!: counting out with list-tail and eq?, Floyd's tortoise and hare on a rho",
           60_000, 6_000, 5, group="cellar"),
)

_BYTEVECTOR_PRELUDE = ("(use-modules ((scheme base) #:select (make-bytevector bytevector-u8-ref "
                       "bytevector-u8-set! bytevector-length)))")

# A tenth set, written at the start of session 23 by a helper that did not
# read the compiler, before any change of that session; measured and not
# tuned on at first in session 23, tuned on from later in session 23 (the
# larder set took its place).
PANTRY: tuple[Benchmark, ...] = (
    _idiom("unify", "type inference by unification: internal defines over a set! counter, assv substitutions, and-threaded #f",
           50_000, 5_000, 2, group="pantry"),
    _idiom("register-machine", "SICP 5.2's simulator: message-passing registers and stack, an assembler by receivers and set-cdr!",
           24, 16, 3, group="pantry"),
    _idiom("lzw", "LZW coding: an assoc dictionary of strings grown by cons, string-append, a vector table to decode",
           8_000, 800, 3, group="pantry"),
    _idiom("circuits", "SICP 3.3.4's digital circuits: wires as closures, gates by after-delay, an agenda of queues; an adder",
           2_000, 200, 2, group="pantry"),
    _idiom("rbtree", "Okasaki's red-black trees: define-record-type nodes, balance by four cond cases, invariants checked",
           30_000, 3_000, 5, prelude="(use-modules (srfi srfi-9))", group="pantry"),
    _idiom("automaton", "elementary cellular automata on a ring: do loops over bytevectors, a rule table, Adler-32",
           600, 100, 3, prelude=_BYTEVECTOR_PRELUDE, group="pantry"),
    _idiom("partitions", "set partitions, power sets and combinations of 1..n as lists by append-map and map with lambdas",
           10, 8, 4, prelude="(use-modules (srfi srfi-1))", group="pantry"),
    _idiom("palindromes", "longest palindromes: expansion by string-ref, a case-lambda giving let-values, Manacher on a vector",
           50_000, 5_000, 8, prelude="(use-modules (srfi srfi-11))", group="pantry"),
)

# An eleventh set, written during session 23 by a helper that did not read
# the compiler; measured and not tuned on in session 23, tuned on from
# session 24 (the cupboard set took its place).
LARDER: tuple[Benchmark, ...] = (
    _idiom("forth", "a Forth-like stack language read from a string: string->number, string->symbol, assq words, case",
           25, 16, 3, prelude="(use-modules (srfi srfi-11))", group="larder"),
    _idiom("sparse-matrix", "sparse matrices as vectors of alists: assv, do loops over rows, vector-map, products and powers",
           10_000, 1_000, 4, prelude="(use-modules ((scheme base) #:select (vector-map vector->list)))",
           group="larder"),
    _idiom("bank", "a bank of define-record-type accounts changed by setters, found by assoc, refusals by guard and raise",
           150_000, 15_000, 6, prelude="(use-modules (srfi srfi-9) ((scheme base) #:select (guard raise)))",
           group="larder"),
    _idiom("astar", "A* on a grid of vectors of vectors: an open list kept sorted by insertion, let* chains, parents",
           100, 30, 4, group="larder"),
    _idiom("sandpile", "an abelian sandpile toppled by sweeps over a vector of vectors: do loops and set!",
           8_000, 1_000, 16, group="larder"),
    _idiom("spreadsheet", "a spreadsheet of formulas as promises: delay and force, an assq alist, a message-passing sheet",
           2_000, 200, 12, group="larder"),
    _idiom("json-parse", "a JSON-like writer to a string port and a recursive-descent reader: char-numeric?, vectors, alists",
           50_000, 5_000, 30, prelude="(use-modules ((scheme base) #:select (write-string vector-for-each)))",
           group="larder"),
    _idiom("pi-spigot", "digits of pi by Gibbons' streaming spigot over bignums, of e by a mixed-radix spigot in a vector",
           1_500, 300, 30, group="larder"),
)

# A twelfth set, written at the start of session 24 by a helper that did not
# read the compiler; measured and not tuned on.
CUPBOARD: tuple[Benchmark, ...] = (
    _idiom("little-schemer", "The Little Schemer's star functions and collectors: atom?, cond on the car, multirember&co",
           6_000, 600, 5, group="cupboard"),
    _idiom("bits", "bitwise and, or and xor by quotient and remainder, popcount by a bodiless do, Gray codes, Nim",
           12_000, 1_200, 60, group="cupboard"),
    _idiom("tic-tac-toe", "minimax over boards as lists of symbols: list-ref, a copying list-set, apply max and min",
           800, 80, 3, group="cupboard"),
    _idiom("regex-deriv", "Brzozowski derivatives of regular expressions as quoted lists: smart constructors, equal?",
           3_000, 300, 12, group="cupboard"),
    _idiom("hamming", "SICP 3.5.2 implicit streams: a cons-stream macro, Hamming numbers by merge, series by integration",
           6_000, 2_000, 20, group="cupboard"),
    _idiom("metacircular", "SICP 4.1's metacircular evaluator: tagged lists, frames of variables and values, derived forms",
           18, 13, 5, group="cupboard"),
    _idiom("stats", "descriptive statistics: apply over long lists, assoc with a third argument, exact sums made inexact",
           200_000, 20_000, 12, prelude="(use-modules (srfi srfi-1))", group="cupboard"),
    _idiom("adventure", "a text adventure driven by assq tables: case on verbs, memq, string-append, string-for-each",
           100_000, 10_000, 30, group="cupboard"),
)

# A thirteenth set, written at the start of session 25 by a helper that did
# not read the compiler; measured and not tuned on.
ATTIC: tuple[Benchmark, ...] = (
    _idiom("look-and-say", "Conway's look-and-say over lists of chars: a run counted by a named let, append, read back",
           48, 36, 8, group="attic"),
    _idiom("ordered-sets", "SICP 2.3.3 sets as ordered lists: union, intersection, difference by non-tail recursion",
           100_000, 10_000, 100, group="attic"),
    _idiom("bowling", "the bowling and tennis katas: frames scored by nested cond over cadr and caddr, string-append cards",
           20_000, 2_000, 2, group="attic"),
    _idiom("de-bruijn", "lambda terms in de Bruijn form: shift and subst by case on tags, normal order, quasiquote, equal?",
           22, 10, 2, group="attic"),
    _idiom("eight-puzzle", "breadth-first over 8-puzzle boards: vector-copy, Lehmer numbers, records, call/cc out of for-each",
           70_000, 7_000, 12, prelude="(use-modules (srfi srfi-9))", group="attic"),
    _idiom("pell", "Pell's equation by continued fractions: exact-integer-sqrt, values and let-values, bignum convergents",
           15_000, 2_000, 10, prelude="(use-modules (srfi srfi-11))", group="attic"),
    _idiom("markov", "a Markov chain over a rhyme: assoc on two-word list keys, set-cdr!, list-ref, assq counts",
           120_000, 12_000, 12, group="attic"),
    _idiom("checksums", "Luhn and ISBN checks by char->integer: error and guard, error-object accessors, dynamic-wind",
           30_000, 3_000, 6,
           prelude="(use-modules ((scheme base) #:select (guard error error-object? error-object-message "
                   "error-object-irritants write-string)))",
           group="attic"),
)

# A fourteenth set, written at the start of session 26 by a helper that did
# not read the compiler; measured and not tuned on.
SHELF: tuple[Benchmark, ...] = (
    _idiom("backtrack", "SICP 4.3's puzzles by success and failure continuations: lambdas nested as deep as the search",
           11, 8, 4, group="shelf"),
    _idiom("boggle", "words on boards of letters: string-ref and char-upcase, a vector of marks, call/cc out of do loops",
           400, 40, 1, prelude="(use-modules ((scheme base) #:select (vector-for-each)))", group="shelf"),
    _idiom("simplify", "expression trees of define-record-type records: simplified, differentiated, written to string ports",
           12_000, 1_200, 2, prelude="(use-modules (srfi srfi-9) ((scheme base) #:select (write-string)))",
           group="shelf"),
    _idiom("ring-buffer", "a deque in a ring vector as a message-passing closure: case-lambda, rest args, let-values",
           400_000, 40_000, 20, prelude="(use-modules (srfi srfi-11))", group="shelf"),
    _idiom("knights-tour", "Warnsdorff's knight's tours on vectors of vectors: do loops, vector-fill!, let-values",
           14, 9, 5, prelude="(use-modules (srfi srfi-11))", group="shelf"),
    _idiom("bernoulli", "Bernoulli numbers by Akiyama-Tanigawa in exact rationals, von Staudt-Clausen, Faulhaber",
           300, 100, 12, group="shelf"),
    _idiom("combinators", "parser combinators as closures over lists of chars: bind, either by rest args, guard and raise",
           1_500, 150, 3, prelude="(use-modules ((scheme base) #:select (guard raise)))", group="shelf"),
    _idiom("tables", "SICP 3.3.3's tables as message-passing objects: memoized recurrences, assoc by hand, bignums",
           140, 40, 5, group="shelf"),
)

# A fifteenth set, written at the start of session 27 by a helper that did
# not read the compiler; measured and not tuned on.
DRAWER: tuple[Benchmark, ...] = (
    _idiom("percolation", "union-find on vectors over a shuffled grid: path compression, do loops, call/cc out of the opening",
           60, 20, 3, group="drawer"),
    _idiom("bf", "a Brainf*ck interpreter: a bytevector tape, a jump table vector, string ports, guard and error objects",
           3_000, 300, 2, prelude="(use-modules ((scheme base) #:select (guard error error-object? error-object-message "
                               "error-object-irritants write-string make-bytevector bytevector-u8-ref bytevector-u8-set!)))",
           group="drawer"),
    _idiom("grundy", "Grundy numbers of Kayles, Dawson's Kayles and a subtraction game in vectors: mex by memv, nim-sum by rest args",
           900, 120, 10, group="drawer"),
    _idiom("contfrac", "continued fractions of exact rationals and floats: floor/ by let-values, rationalize, lazy streams",
           1_500, 150, 3, prelude="(use-modules (srfi srfi-11) ((scheme base) #:select (exact inexact)) "
                                   "((scheme lazy) #:select (delay delay-force force make-promise)))",
           group="drawer"),
    _idiom("line-diff", "a line diff by a table of common subsequences: vectors of vectors, string ports, hunks, patching",
           800, 80, 4, prelude="(use-modules (srfi srfi-11) ((scheme base) #:select (write-string)))",
           group="drawer"),
    _idiom("infer", "Hindley-Milner type inference: substitutions as association lists, quasiquote, guard and raise",
           4_000, 400, 2, prelude="(use-modules (srfi srfi-11) ((scheme base) #:select (guard raise)))",
           group="drawer"),
    _idiom("pairing-heap", "pairing heaps of define-record-type nodes ordered by a procedure: heapsort, k-way merge, medians",
           10_000, 1_000, 16, prelude="(use-modules (srfi srfi-9) (srfi srfi-11))", group="drawer"),
    _idiom("turtle", "a small Logo with association-list environments: floats, sin and cos, dynamic-wind, call/cc for stop",
           12_000, 1_200, 4, prelude="(use-modules (srfi srfi-9) ((scheme base) #:select (exact)))", group="drawer"),
)

# A sixteenth set, written at the start of session 28 by a helper that did
# not read the compiler; measured and not tuned on in session 28, tuned on
# from session 29 (the trunk set took its place).
CHEST: tuple[Benchmark, ...] = (
    _idiom("knapsack", "0/1 knapsack of define-record-type items: a memo vector of vectors, deep recursion, exact ratios",
           450, 100, 4, prelude="(use-modules (srfi srfi-9) (srfi srfi-11) ((scheme base) #:select (vector-for-each)))",
           group="chest"),
    _idiom("lz77", "LZ77 over a text: string-ref match search, tokens written and read back by string ports, string-copy!",
           20_000, 2_000, 3, prelude="(use-modules (srfi srfi-11) "
                                      "((scheme base) #:select (guard raise string-copy! write-string)))",
           group="chest"),
    _idiom("arith-coding", "arithmetic coding in exact rationals: an assv model counted by string-for-each, dyadic codes",
           1_500, 150, 4, prelude="(use-modules (srfi srfi-11))", group="chest"),
    _idiom("word-ladder", "word ladders by breadth first: a merge-sorted vector of strings, binary search, string-set!",
           1_000, 300, 12, group="chest"),
    _idiom("mastermind", "Mastermind by consistent guesses: codes as lists of symbols, scores as pairs, assoc by equal?",
           100, 10, 2, group="chest"),
    _idiom("stable-marriage", "Gale-Shapley over shuffled preference lists: vectors of lists, vector-map, call/cc",
           1_000, 200, 3, prelude="(use-modules (srfi srfi-11) ((scheme base) #:select (vector-map vector-copy)))",
           group="chest"),
    _idiom("tarjan-scc", "strongly connected components by Tarjan and Kosaraju: records with setters, internal defines",
           150_000, 15_000, 6, prelude="(use-modules (srfi srfi-9) (srfi srfi-11) "
                                        "((scheme base) #:select (vector-for-each)))",
           group="chest"),
    _idiom("digit-lists", "arbitrary-precision arithmetic on lists of decimal digits: carries by non-tail recursion",
           500, 100, 5, prelude="(use-modules (srfi srfi-11))", group="chest"),
)

# A seventeenth set, written at the start of session 29 by a helper that did
# not read the compiler; measured and not tuned on in session 29, tuned on
# from session 30 (the crate set took its place).
TRUNK: tuple[Benchmark, ...] = (
    _idiom("avl-tree", "a bank in persistent AVL trees of define-record-type nodes: rotations, let-values, range sums",
           50_000, 5_000, 3, prelude="(use-modules (srfi srfi-9) (srfi srfi-11))", group="trunk"),
    _idiom("bwt", "Burrows-Wheeler by a merge sort of rotations cut by list-tail and set-cdr!, move-to-front, undone",
           1_200, 120, 1, prelude="(use-modules (srfi srfi-11))", group="trunk"),
    _idiom("matrix-power", "linear recurrences by powers of companion matrices in bignums: do loops, case-lambda, apply",
           300, 60, 10, prelude="(use-modules (srfi srfi-11) ((scheme base) #:select (vector-map)))", group="trunk"),
    _idiom("assembler", "a two-pass assembler with labels in an alist, a register machine by case, a disassembler, guard",
           1_500, 150, 10, prelude="(use-modules (srfi srfi-11) ((scheme base) #:select (guard raise)))", group="trunk"),
    _idiom("mini-prolog", "a Prolog of success and failure continuations: renaming by vectors, assoc with a predicate",
           80, 24, 7, prelude="(use-modules (srfi srfi-1))", group="trunk"),
    _idiom("room-booking", "meetings as association lists booked into rooms: sort, member and assoc with predicates, set-cdr!",
           900, 90, 4, prelude="(use-modules (srfi srfi-1) (srfi srfi-11))", group="trunk"),
    _idiom("inventory", "warehouses run by text commands: parameterize, case-lambda, dynamic-wind and call/cc, exact costs",
           20_000, 2_000, 6, group="trunk"),
    _idiom("gap-buffer", "a gap buffer as a closure taking rest args, string-copy!, list surgery by list-tail and set-cdr!, undo",
           1_500, 150, 2, prelude="(use-modules (srfi srfi-11) ((scheme base) #:select (string-copy!)))", group="trunk"),
)

# An eighteenth set, written at the start of session 30 by a helper that
# did not read the compiler; measured and not tuned on in session 30, tuned
# on from session 31 (the locker set took its place).
CRATE: tuple[Benchmark, ...] = (
    _idiom("catalogue", "a library catalogue of books as vectors: a merge sort by compare-by keys, string-ci<?, loans",
           2_000, 200, 12, prelude="(use-modules ((srfi srfi-1) #:select (member)) ((scheme base) #:select (vector-for-each)))",
           group="crate"),
    _idiom("ledger", "a cash book reconciled with a bank statement: string ports, read-line, exact decimal amounts",
           3_000, 300, 8, prelude="(use-modules (srfi srfi-11) ((scheme base) #:select (read-line write-string)))",
           group="crate"),
    _idiom("sturm", "real roots by Sturm sequences in exact rationals: polynomials as lists, division by let-values",
           24, 6, 3, prelude="(use-modules (srfi srfi-11))", group="crate"),
    _idiom("scheduler", "a multilevel feedback queue tick by tick: records with mutable fields, queues of pairs, a heap",
           3_000, 300, 8, prelude="(use-modules (srfi srfi-9))", group="crate"),
    _idiom("peephole", "stack code compiled by quasiquote, a peephole optimizer of rules matched with ?variables by assq",
           80, 12, 3, group="crate"),
    _idiom("utf8", "UTF-8 and UTF-16 by hand with quotient and modulo: bytevectors, string->utf8, a validating decoder",
           1_500, 150, 6, prelude="(use-modules (srfi srfi-11) ((scheme base) #:select (make-bytevector bytevector-u8-ref "
                                  "bytevector-u8-set! bytevector-length bytevector-copy string->utf8 utf8->string)))",
           group="crate"),
    _idiom("spell-check", "a BK-tree of pairs and assv children, edit distances in vector rows by do loops, ranked insertion",
           160, 40, 6, group="crate"),
    _idiom("coroutines", "threads of call/cc continuations in a two-list queue: a sieve pipeline, ping-pong, channels",
           1_200, 200, 30, prelude="(use-modules (srfi srfi-9))", group="crate"),
)

# A nineteenth set, written at the start of session 31 by a helper that
# did not read the compiler; measured and not tuned on in session 31, tuned
# on from session 32 (the satchel set took its place).
LOCKER: tuple[Benchmark, ...] = (
    _idiom("skyline", "a city's outline by divide and conquer (truncate/, merged key points) and by a sweep; binary search",
           15_000, 1_500, 6, prelude="(use-modules (srfi srfi-11))", group="locker"),
    _idiom("sexp-io", "S-expressions by a printer of our own to a string port, read back by read and by our own reader",
           8_000, 800, 20, prelude="(use-modules ((scheme base) #:select (write-string exact-integer?)))",
           group="locker"),
    _idiom("templates", "a mail merge: string utilities by hand, assoc with string-ci=?, string-map, truncate/, filters",
           6_000, 600, 12, prelude="(use-modules ((srfi srfi-1) #:select (assoc)) (srfi srfi-11) ((scheme base) #:select "
                                  "(write-string string->vector vector->string)) ((scheme char) #:select (string-foldcase "
                                  "char-foldcase)))",
           group="locker"),
    _idiom("sparse-gcd", "polynomial gcds by primitive remainder sequences over sparse alists: apply gcd, floor/, bignums",
           2_500, 250, 3, prelude="(use-modules (srfi srfi-11))", group="locker"),
    _idiom("segment-tree", "range sums and minima by a segment tree in vectors with lazy additions, checked by sqrt blocks",
           3_000, 300, 5, prelude="(use-modules (srfi srfi-11))", group="locker"),
    _idiom("ll-parser", "an LL(1) parser from a grammar as data: FIRST and FOLLOW by fixed points, assq tables, a node stack",
           1_500, 150, 3, group="locker"),
    _idiom("poker", "hold'em hands valued as lists: cards as pairs, a Fisher-Yates vector, assv groups, a syntax-rules macro",
           600, 60, 3, group="locker"),
    _idiom("ini-config", "INI text read by read-char: guard per line, raise-continuable with a handler, dynamic-wind depth",
           1_500, 150, 2, prelude="(use-modules ((srfi srfi-1) #:select (member)) (srfi srfi-11) ((scheme base) #:select "
                                  "(guard raise raise-continuable with-exception-handler write-string)))",
           group="locker"),
)

# A twentieth set, written at the start of session 32 by a helper that
# did not read the compiler; measured and not tuned on in sessions 32 and
# 33, tuned on from session 34 (cache-sim's profile was read: its messages
# to an object passed to a loop).
SATCHEL: tuple[Benchmark, ...] = (
    _idiom("rope", "a text buffer as a rope of define-record-type leaves and nodes: split by let-values, string ports",
           6_000, 600, 30, prelude="(use-modules (srfi srfi-9) (srfi srfi-11))", group="satchel"),
    _idiom("bloom-filter", "Bloom filters of booleans and of counts, string hashes by named let, an exact table by assoc",
           8_000, 800, 12, group="satchel"),
    _idiom("matrix-chain", "the order of a matrix chain by dynamic programming in vectors of vectors, memoized, exact fractions",
           110, 50, 3, prelude="(use-modules (srfi srfi-11))", group="satchel"),
    _idiom("secd", "an SECD machine stepped by case over list registers, a compiler to its code, call/cc, apply, bignums",
           700, 70, 8, prelude="(use-modules (srfi srfi-9) (srfi srfi-11))", group="satchel"),
    _idiom("minesweeper", "Minesweeper played by deduction: boards as vectors of vectors, a deep flood, call/cc for a mine",
           54, 6, 3, group="satchel"),
    _idiom("cache-sim", "page replacement: FIFO, LRU, CLOCK and OPT as message-passing closures, records linked both ways",
           36_000, 3_600, 30, prelude="(use-modules (srfi srfi-9) (srfi srfi-11))", group="satchel"),
    _idiom("egyptian", "unit fractions three ways (greedy, Engel, Pierce) in exact rationals: floor/, apply +, bignums",
           3_500, 350, 4, prelude="(use-modules (srfi srfi-11))", group="satchel"),
    _idiom("l-system", "Lindenmayer systems rewritten through string ports by assv rules, a turtle by case, a hash of pairs",
           120_000, 12_000, 30, prelude="(use-modules (srfi srfi-11))", group="satchel"),
)

# A twenty-first set, written in session 33 by a helper that did not read the
# compiler, in a worktree of a1750b1; measured and not tuned on in session 33,
# tuned on from session 34 (turing's profile was read: assoc of a dotted key).
POUCH: tuple[Benchmark, ...] = (
    _idiom("soundex", "Soundex codes built in string ports by case over chars, grouped in assoc lists, a two-key merge sort",
           12_000, 1_200, 8, prelude="(use-modules (srfi srfi-11))", group="pouch"),
    _idiom("turing", "Turing machines as records: a zipper tape in a named let, rules found by assoc on (state . symbol)",
           1_200, 120, 3, prelude="(use-modules (srfi srfi-9))", group="pouch"),
    _idiom("graph-color", "graph colouring: Welsh-Powell by an insertion sort, the chromatic number by backtracking and call/cc",
           500, 50, 2, group="pouch"),
    _idiom("cnf", "boolean formulas to CNF: quasiquote, case on operators, distribution by nested maps, truth tables by assq",
           700, 70, 3, group="pouch"),
    _idiom("sort-network", "Batcher's and bitonic sorting networks as lists of pairs, checked by the 0-1 principle in vectors",
           6_000, 600, 4, group="pouch"),
    _idiom("kalah", "Kalah played by minimax against a random player: boards as vectors copied, extra turns and captures",
           30, 3, 1, group="pouch"),
    _idiom("bezier", "Bezier curves in exact rationals: de Casteljau, Bernstein by binomials, rest args and apply, subdivision",
           24, 3, 1, group="pouch"),
    _idiom("seven-segment", "the bank OCR kata: digits drawn in three rows through string ports, read back by assoc, repaired",
           1_500, 150, 3, group="pouch"),
)

# A twenty-second set, written in session 34 by a helper that did not read the
# compiler, in a worktree of 4d5da43; measured and not tuned on in session 34,
# tuned on from session 35.
TOTE: tuple[Benchmark, ...] = (
    _idiom("hanoi-state", "the Towers of Hanoi without recursion: pegs as lists in a vector, every move checked, do loops",
           300, 30, 1, group="tote"),
    _idiom("roman-calc", "a Roman numeral calculator: string-ref and case to read, assq of operators and apply over trees",
           6_000, 600, 2, prelude="(use-modules ((scheme base) #:select (write-string)))", group="tote"),
    _idiom("word-wrap", "filling and justifying paragraphs: words split by hand over string->list, list->string, make-string",
           1_000, 100, 1, group="tote"),
    _idiom("bitset-sieve", "sets as exact integers without bitwise operations: quotient, odd? and expt, a sieve, bit walks",
           300, 30, 1, group="tote"),
    _idiom("json-emit", "nested data written as JSON, compact and indented: string ports, write-char, write-string, display",
           6_000, 600, 2, prelude="(use-modules ((scheme base) #:select (write-string)))", group="tote"),
    _idiom("bank-queue", "a bank simulated by events: records, an event list kept in order by insertion, append, string ports",
           300, 30, 1, prelude="(use-modules (srfi srfi-9) ((scheme base) #:select (write-string)))", group="tote"),
    _idiom("sparse-poly", "sparse polynomials as assoc lists of exact rationals: merges, long division, Euclid's gcd",
           600, 60, 1, group="tote"),
    _idiom("dfa-min", "automata minimised by Moore's refinement in lists: assv tables, memv, assoc on list signatures",
           2_000, 200, 1, group="tote"),
)

# A twenty-third set, written in session 35 by a helper that did not read the
# compiler, in a worktree of c1c279b; measured and not tuned on in session 35,
# tuned on from session 36.
HAMPER: tuple[Benchmark, ...] = (
    _idiom("playfair", "the Playfair cipher and a rail fence: a key square string, a vector of places, a vector of string ports",
           800, 80, 1, prelude="(use-modules ((scheme base) #:select (write-string)))", group="hamper"),
    _idiom("ballots", "ranked ballots counted five ways: string->symbol, assq tallies by set-cdr!, apply max, memq, a vector of vectors",
           300, 30, 1, group="hamper"),
    _idiom("max-flow", "Edmonds-Karp over a capacity matrix of vectors, a vector queue, vector-fill!; Kuhn's matching by recursion",
           400, 40, 1, group="hamper"),
    _idiom("convex-hull", "hulls of lattice points by monotone chain and gift wrap: cross products, a merge sort taking less?, Pick",
           500, 50, 1, group="hamper"),
    _idiom("shunting-yard", "infix text with fewest parentheses read back by the shunting yard: peek-char, assv precedence, call/cc",
           1_000, 100, 4, group="hamper"),
    _idiom("pollard-rho", "integers factored by Miller-Rabin and Pollard's rho: expt-mod by hand, gcd, let-values, assv exponents",
           500, 50, 2, prelude="(use-modules (srfi srfi-11))", group="hamper"),
    _idiom("bin-packing", "bins as (room . items) pairs changed by set-car!/set-cdr!: next, first, best, worst fit; a call/cc search",
           1_000, 100, 1, group="hamper"),
    _idiom("morse", "Morse code: an assv table, a tree of vectors walked by string-ref and case, string ports, assoc on codes",
           1_000, 100, 1, group="hamper"),
)

# A twenty-fourth set, written in session 36 by a helper that did not read the
# compiler, in a worktree of 14460ee; measured and not tuned on in session 36,
# tuned on from session 37.
BASKET: tuple[Benchmark, ...] = (
    _idiom("elevator", "two lifts stepped tick by tick by case on state symbols: records with setters, queues by append, LOOK",
           500, 50, 1, prelude="(use-modules (srfi srfi-9))", group="basket"),
    _idiom("tetris", "a greedy Tetris player: a vector of row strings copied by vector-map string-copy, pieces as quoted pairs",
           250, 25, 10, prelude="(use-modules ((scheme base) #:select (vector-map)))", group="basket"),
    _idiom("amortize", "loan schedules in whole cents from exact rationals: expt to a negative power, round to even, guard, commas",
           800, 80, 1, prelude="(use-modules (srfi srfi-11) ((scheme base) #:select (guard raise)))", group="basket"),
    _idiom("vigenere", "Vigenere's cipher broken: string-set! into make-string, counts in vectors, exact coincidence, float chi-squared",
           80, 8, 1, group="basket"),
    _idiom("exact-cover", "Knuth's Algorithm X over plain lists: rows as (number . items), memv, a filter of our own, set! counters",
           200, 20, 1, group="basket"),
    _idiom("interpolate", "Newton, Lagrange and Neville in exact rationals: divided differences over lists, values, a vector in do loops",
           100, 10, 2, prelude="(use-modules (srfi srfi-11))", group="basket"),
    _idiom("perm-cycles", "permutations as vectors: cycles by a vector of marks, apply lcm, powers by squaring, equal? on vectors",
           2_000, 200, 1, group="basket"),
    _idiom("family-tree", "kinship from a family as an assq list of (child mother father): symbols, a list queue, assoc tallies",
           100, 10, 1, group="basket"),
)

# A twenty-fifth set, written in session 37 by a helper that did not read the
# compiler, in a worktree of 0225396; measured and not tuned on in session 37,
# tuned on from session 38.
COFFER: tuple[Benchmark, ...] = (
    _idiom("sokoban", "a Sokoban move checker: a vector of row strings by string-set!, steps by assv, LURD undo, a string port",
           2_000, 200, 3, prelude="(use-modules (srfi srfi-11))", group="coffer"),
    _idiom("crossword", "crossword grids filled by backtracking: slot records, the fewest candidates, dynamic-wind undo, call/cc",
           18, 4, 1, prelude="(use-modules (srfi srfi-9))", group="coffer"),
    _idiom("wythoff", "Wythoff's game by Grundy numbers memoized in a vector of vectors: mex by marks, exact-integer-sqrt, list-ref",
           60, 20, 6, prelude="(use-modules (srfi srfi-11))", group="coffer"),
    _idiom("edit-script", "edit distance with its backtrace: a vector of vectors in do loops, tagged edits by case, string ports",
           150, 15, 1, group="coffer"),
    _idiom("let-lang", "a scanner on a string port, a recursive-descent parser with let, assoc environments, guard, dynamic-wind",
           1_000, 100, 4, prelude="(use-modules ((scheme base) #:select (guard raise)))", group="coffer"),
    _idiom("mini-sql", "SQL-like queries of quoted clauses over lists of vectors: nested-loop joins, assoc groups, apply, insertion sort",
           16, 3, 1, group="coffer"),
    _idiom("reversi", "Reversi between random, greedy and positional players: a vector board, flips by walking eight directions",
           36, 4, 1, prelude="(use-modules (srfi srfi-11))", group="coffer"),
    _idiom("units", "unit conversion in exact rationals: a breadth-first search of a conversion list, member on strings, read, guard",
           800, 80, 3, prelude="(use-modules ((scheme base) #:select (guard raise)))", group="coffer"),
)

# A twenty-sixth set, written in session 38 by a helper that did not read the
# compiler, in a worktree of 5eab1b5; measured and not tuned on.
HUTCH: tuple[Benchmark, ...] = (
    _idiom("connect-four", "Connect Four by depth-limited negamax: a vector of row vectors, a call/cc escape, a named let as non-tail recursion",
           6, 3, 2, group="hutch"),
    _idiom("earley", "Earley's recogniser against recursive descent: an assq grammar, item lists by member, a vector chart, an appended agenda",
           400, 40, 4, group="hutch"),
    _idiom("mtf-rle", "move to front and run lengths, coded and decoded: string-ref scans, char->integer, string ports both ways",
           100, 10, 2, group="hutch"),
    _idiom("nonogram", "nonograms solved line by line: layouts by two mutually recursive procedures, a flat vector grid, guard and raise",
           150, 15, 4, prelude="(use-modules ((scheme base) #:select (guard raise vector-map)))", group="hutch"),
    _idiom("markdown", "Markdown to HTML: lines and spans scanned by string-ref, tags by dynamic-wind, assoc on strings, a string port",
           300, 30, 2, group="hutch"),
    _idiom("aliquot", "aliquot sequences and Collatz on 3^e + 1: divisors summed by apply, assv cycles, assq tallies, bignums, let-values",
           500, 50, 10, prelude="(use-modules (srfi srfi-11))", group="hutch"),
    _idiom("matching", "workers matched to jobs by augmenting paths, checked by Konig: symbols, assq, memq, set-cdr!, an insertion sort",
           250, 25, 2, group="hutch"),
    _idiom("car-wash", "a car wash simulated event by event: record types, a binary heap in a vector, a rest argument, values, apply",
           180, 18, 2, prelude="(use-modules (srfi srfi-9) (srfi srfi-11))", group="hutch"),
)

# The sets written for issue 13, each selected by its own flag of
# benchmarks.run and benchmarks.instructions and given its own geometric mean.
SETS: dict[str, tuple[Benchmark, ...]] = {"idioms": IDIOMS, "holdout": HOLDOUT, "fresh": FRESH, "unseen": UNSEEN,
                                          "blind": BLIND, "reserve": RESERVE, "sealed": SEALED, "vault": VAULT,
                                          "cellar": CELLAR, "pantry": PANTRY, "larder": LARDER,
                                          "cupboard": CUPBOARD, "attic": ATTIC, "shelf": SHELF,
                                          "drawer": DRAWER, "chest": CHEST, "trunk": TRUNK,
                                          "crate": CRATE, "locker": LOCKER, "satchel": SATCHEL,
                                          "pouch": POUCH, "tote": TOTE, "hamper": HAMPER,
                                          "basket": BASKET, "coffer": COFFER, "hutch": HUTCH}

# What each set is, for the help of the flags that select it (benchmarks.run,
# benchmarks.instructions, benchmarks.faults): one place to say when a set was
# written and whether it is tuned on.
SET_NOTES: dict[str, str] = {
    "idioms": "the broadened suite of idiom programs",
    "holdout": "the holdout set, written after the tuning",
    "fresh": "the fresh set, written in session 18 before any change for it",
    "unseen": "the unseen set, written at the end of session 18 and not tuned on",
    "blind": "the blind set, written at the start of session 19 before any change and not tuned on",
    "reserve": "the reserve set, written at the end of session 19 after its tuning and not tuned on",
    "sealed": "the sealed set, written at the start of session 20 before any change and tuned on from session 21",
    "vault": "the vault set, written at the start of session 21 before any change and tuned on from session 22",
    "cellar": "the cellar set, written at the start of session 22 before any change and tuned on from session 23",
    "pantry": "the pantry set, written at the start of session 23 before any change and tuned on from later in session 23",
    "larder": "the larder set, written during session 23 by a helper that did not read the compiler, tuned on from session 24",
    "cupboard": ("the cupboard set, written at the start of session 24 by a helper that did not read the compiler, "
                 "tuned on from session 25"),
    "attic": "the attic set, written at the start of session 25 by a helper that did not read the compiler, tuned on from session 26",
    "shelf": "the shelf set, written at the start of session 26 by a helper that did not read the compiler, tuned on from session 27",
    "drawer": "the drawer set, written at the start of session 27 by a helper that did not read the compiler, tuned on from session 28",
    "chest": "the chest set, written at the start of session 28 by a helper that did not read the compiler, tuned on from session 29",
    "trunk": "the trunk set, written at the start of session 29 by a helper that did not read the compiler, tuned on from session 30",
    "crate": "the crate set, written at the start of session 30 by a helper that did not read the compiler, tuned on from session 31",
    "locker": "the locker set, written at the start of session 31 by a helper that did not read the compiler, tuned on from session 32",
    "satchel": "the satchel set, written at the start of session 32 by a helper that did not read the compiler, tuned on from session 34",
    "pouch": "the pouch set, written in session 33 by a helper that did not read the compiler, tuned on from session 34",
    "tote": "the tote set, written in session 34 by a helper that did not read the compiler, tuned on from session 35",
    "hamper": "the hamper set, written in session 35 by a helper that did not read the compiler, tuned on from session 36",
    "basket": "the basket set, written in session 36 by a helper that did not read the compiler, tuned on from session 37",
    "coffer": "the coffer set, written in session 37 by a helper that did not read the compiler, tuned on from session 38",
    "hutch": "the hutch set, written in session 38 by a helper that did not read the compiler, and not tuned on",
}

BY_NAME = {b.name: b for b in BENCHMARKS + IDIOMS + HOLDOUT + FRESH + UNSEEN + BLIND + RESERVE + SEALED + VAULT + CELLAR
           + PANTRY + LARDER + CUPBOARD + ATTIC + SHELF + DRAWER + CHEST + TRUNK + CRATE + LOCKER + SATCHEL
           + POUCH + TOTE + HAMPER + BASKET + COFFER + HUTCH}


@dataclass
class Measurement:
    """One timed run: seconds of the run alone, and the result's written form."""

    seconds: float
    result: str
    rss_before_kb: int | None = None
    rss_peak_kb: int | None = None

    @property
    def rss_growth_kb(self) -> int | None:
        if self.rss_before_kb is None or self.rss_peak_kb is None:
            return None
        return max(0, self.rss_peak_kb - self.rss_before_kb)


# -- written forms -------------------------------------------------------------

_STRING_ESCAPES = {"\\": "\\\\", '"': '\\"', "\n": "\\n", "\t": "\\t", "\r": "\\r"}


def write_datum(value) -> str:
    """Return the Scheme written form of a Python result (ints, str, bool, lists)."""
    if value is True:
        return "#t"
    if value is False:
        return "#f"
    if type(value) is int:
        return str(value)
    if type(value) is str:
        for ch in value:
            if ch not in _STRING_ESCAPES and not (" " <= ch <= "~"):
                raise ValueError(f"write_datum: no portable written form for character {ch!r}")
        return '"' + "".join(_STRING_ESCAPES.get(ch, ch) for ch in value) + '"'
    if type(value) in (list, tuple):
        return "(" + " ".join(write_datum(v) for v in value) + ")"
    raise TypeError(f"write_datum: a benchmark result may not hold {type(value).__name__} values")


# -- the penny matcher's inputs ---------------------------------------------------------


def pennies_input() -> str:
    from .python import pennies

    return pennies.script()


def pennies_seed() -> int:
    from .python import pennies

    return pennies.SEED


def guile_random_prelude(seed: int, draws: int = 200) -> str:
    """Return Scheme text that defines `require` and a `random` replaying schemehost's draws.

    schemehost's `(random n)` is `random.Random(seed).randrange(n)`; the
    program only asks `(random 2)`, so the shim hands out, in order, the
    values that generator gives for 2.  It is redefined, from the start,
    each time the program runs.
    """
    rng = random.Random(seed)
    values = " ".join(str(rng.randrange(2)) for _ in range(draws))
    return (
        "(define (require feature) #t)\n"
        "(define random\n"
        f"  (let ((draws '({values})))\n"
        "    (lambda (n)\n"
        "      (if (or (not (eqv? n 2)) (null? draws))\n"
        "          (error \"benchmark random shim: only (random 2), at most "
        f"{draws} times\" n))\n"
        "      (let ((value (car draws)))\n"
        "        (set! draws (cdr draws))\n"
        "        value))))\n"
    )


# -- source trees ------------------------------------------------------------------------


def tree_problem(tree) -> str | None:
    """Why `tree` cannot be timed as a source tree of schemehost, or None."""
    if not (Path(tree) / "schemehost" / "__init__.py").is_file():
        return f"{tree} holds no schemehost/ package"
    return None


def use_tree(tree) -> str | None:
    """Make this process import schemehost from source tree `tree`; return a problem or None.

    Call it before anything imports schemehost: the tree goes first on
    sys.path, and the import is checked to have come from it.
    """
    problem = tree_problem(tree)
    if problem:
        return problem
    root = Path(tree).resolve()
    if "schemehost" in sys.modules:
        return "schemehost was imported before the tree was chosen"
    sys.path.insert(0, str(root))
    import schemehost

    if not Path(schemehost.__file__).resolve().is_relative_to(root):
        return f"schemehost came from {schemehost.__file__}, not from {root}"
    return None


# -- one run of each implementation ------------------------------------------------------


_NO_BRACKET = (lambda: None, lambda: None)


def _timed(bracket, fn, *args, **kwargs):
    """Call fn(*args, **kwargs) between `bracket`'s two callables (see measure_schemehost);
    return (value, seconds, what the first returned, what the second returned)."""
    reset_peak, sample = bracket or _NO_BRACKET
    before = reset_peak()
    start = time.perf_counter()
    value = fn(*args, **kwargs)
    seconds = time.perf_counter() - start
    return value, seconds, before, sample()


def _read(path: Path) -> str:
    return path.read_text(encoding="utf-8")


def measure_schemehost(bench: Benchmark, size: str, step_limit: int | None = None,
                       bracket=None) -> Measurement:
    """Load the Scheme side into a fresh Interpreter and time one run.

    `bracket` is an optional pair of callables (before, after) called right
    before and right after the timed run, on the thread that runs it.  The
    worker passes an RSS probe: ``before()`` starts a new peak and returns
    the RSS now (KiB), ``after()`` returns the peak since; what they return
    becomes the Measurement's rss fields.  The profiler passes cProfile's
    enable and disable.
    """
    from schemehost import Interpreter, run_deep
    from schemehost.host import SchemeProcedure, to_scheme
    from schemehost.printer import write_string

    args = bench.args(size)
    run_deep(lambda: None)  # start the evaluation thread before any baseline
    if bench.kind == PIG:
        import strategies.pig  # noqa: F401  (the grader imports it for the dummy; not a cost of the match)
        from schemehost.labs.pig.grader import play

        if step_limit is not None:
            raise ValueError("pig: the grader sets its own step limits")
        path = str(bench.scheme_files[0])
        # A one-game match first, untimed: what a process does once (building
        # the reader's parser, lazy imports, compiling the player's lambda to
        # Python) is not a cost of the check.
        play(path, "dummy", games=1, seed=_pig_seed())
        report, seconds, before, peak = _timed(bracket, play, path, "dummy", games=args[0], seed=_pig_seed())
        if report.rejected or report.forfeits:
            raise RuntimeError(f"pig: the grader did not play cleanly: {report.verdict} {report.forfeits}")
        result = [report.wins, [[r["won"], list(r["scores"])] for r in report.results]]
        return Measurement(seconds, write_datum(result), before, peak)
    out = io.StringIO()
    if bench.kind == PROGRAM:
        path = bench.scheme_files[0]
        text = _read(path)
        # Run the program once untimed, in its own interpreter, so that what a
        # process does once (building the reader's parser and its lexer's
        # patterns, compiling each lambda's generated Python) is not timed.
        # The timed run is reading, compiling and running the program.
        Interpreter(stdin=pennies_input(), stdout=io.StringIO(), stderr=io.StringIO(),
                    seed=pennies_seed(), step_limit=step_limit).eval_string(text, str(path))
        interp = Interpreter(stdin=pennies_input(), stdout=out, stderr=io.StringIO(),
                             seed=pennies_seed(), step_limit=step_limit)
        interp.eval_string("(quote warm-up)")
        _, seconds, before, peak = _timed(bracket, interp.eval_string, text, str(path))
        return Measurement(seconds, write_datum(out.getvalue()), before, peak)
    interp = Interpreter(stdin="", stdout=out, stderr=io.StringIO(), seed=0, step_limit=step_limit)
    for path in bench.scheme_files:
        interp.eval_string(_read(path), str(path))
    run = SchemeProcedure(interp, interp.lookup("run"), step_limit=step_limit, raw=True, name="run")
    scheme_args = [to_scheme(a) for a in args]
    value, seconds, before, peak = _timed(bracket, run, *scheme_args)
    return Measurement(seconds, write_string(value), before, peak)


def _pig_seed() -> int:
    from .python import pig

    return pig.SEED


def measure_python(bench: Benchmark, size: str, bracket=None) -> Measurement:
    """Time one call of the Python side's run() (`bracket` as for measure_schemehost)."""
    module = importlib.import_module(f"benchmarks.python.{bench.python_module}")
    value, seconds, before, peak = _timed(bracket, module.run, *bench.args(size))
    return Measurement(seconds, write_datum(value), before, peak)


def guile_path() -> str | None:
    return shutil.which("guile")


GUILE_MODES = ("compile", "interpret")


def guile_job(bench: Benchmark, size: str, mode: str = "compile") -> str:
    """Return the job datum that guile_driver.scm reads on standard input.

    `mode` is "compile" (Guile's optimizing compiler, in memory) or
    "interpret" (Guile's evaluator, as `guile --no-auto-compile` runs a file).
    """
    if mode not in GUILE_MODES:
        raise ValueError(f"unknown Guile mode {mode!r}; use one of {', '.join(GUILE_MODES)}")
    files = " ".join(write_datum(str(p)) for p in bench.scheme_files)
    if bench.kind == PROGRAM:
        prelude = guile_random_prelude(pennies_seed())
        action = f"(program {write_datum(pennies_input())})"
    else:
        prelude = bench.guile_prelude
        action = "(call " + " ".join(write_datum(a) for a in bench.args(size)) + ")"
    return f"(job (mode {mode}) (prelude {write_datum(prelude)}) (files {files}) {action})\n"


_SECONDS_LINE = re.compile(r"seconds (\S+)\n")


def _run_guile_driver(job: str, what: str, timeout: float) -> str:
    """Give guile_driver.scm one job in a fresh Guile; return what it printed."""
    guile = guile_path()
    if guile is None:
        raise RuntimeError("guile is not installed")
    env = dict(os.environ, GUILE_AUTO_COMPILE="0")
    proc = subprocess.run(
        [guile, "--no-auto-compile", str(GUILE_DRIVER)],
        input=job, capture_output=True, text=True, timeout=timeout, cwd=ROOT, env=env,
    )
    if proc.returncode != 0 or not _SECONDS_LINE.match(proc.stdout):
        raise RuntimeError(f"guile failed on {what} (status {proc.returncode}):\n{proc.stderr[-2000:]}")
    return proc.stdout


def measure_guile(bench: Benchmark, size: str, timeout: float = 600.0, mode: str = "compile") -> Measurement:
    """Run the Scheme side in a fresh Guile (`mode` as for guile_job); return the time Guile measured."""
    if not bench.guile:
        raise ValueError(f"{bench.name}: Guile cannot run this benchmark")
    out = _run_guile_driver(guile_job(bench, size, mode), f"{bench.name} ({mode})", timeout)
    match = _SECONDS_LINE.match(out)
    return Measurement(float(match.group(1)), out[match.end():].rstrip("\n"))


def measure_python_check(name: str, n: int, bracket=None) -> Measurement:
    """Time the Python twin of memory check `name` (benchmarks/python/memory_checks.py)."""
    from .python import memory_checks

    value, seconds, before, peak = _timed(bracket, getattr(memory_checks, name.replace("-", "_")), n)
    return Measurement(seconds, write_datum(value), before, peak)


_GROWTH_LINE = re.compile(r"rss-growth-kb (\S+)\n")


def measure_guile_expression(text: str, timeout: float = 600.0) -> Measurement:
    """Run one Scheme expression, compiled, in a fresh Guile: its time and RSS growth."""
    out = _run_guile_driver(f"(job (expression {write_datum(text)}))\n", repr(text), timeout)
    seconds = _SECONDS_LINE.match(out)
    growth = _GROWTH_LINE.match(out, seconds.end())
    if not growth:
        raise RuntimeError(f"guile printed no memory figure for {text!r}:\n{out[:500]}")
    kb = None if growth.group(1) == "#f" else int(growth.group(1))
    return Measurement(float(seconds.group(1)), out[growth.end():].rstrip("\n"), None if kb is None else 0, kb)


def measure_expression(text: str, bracket=None) -> Measurement:
    """Time evaluating one Scheme expression in a fresh Interpreter (the memory checks)."""
    from schemehost import Interpreter
    from schemehost.printer import write_string

    interp = Interpreter(stdin="", stdout=io.StringIO(), stderr=io.StringIO(), seed=0)
    interp.eval_string("#t")  # start the evaluation thread before any baseline
    value, seconds, before, peak = _timed(bracket, interp.eval_string, text, "<memory check>")
    return Measurement(seconds, write_string(value), before, peak)


def measure(impl: str, name: str, size: str, step_limit: int | None = None, bracket=None) -> Measurement:
    """Time one run of benchmark `name` in implementation `impl` (one of IMPLEMENTATIONS).

    "guile" is Guile's compiled code, "guile-interp" Guile's interpreter.
    """
    bench = BY_NAME[name]
    if impl == "schemehost":
        return measure_schemehost(bench, size, step_limit, bracket)
    if impl == "python":
        return measure_python(bench, size, bracket)
    if impl == "guile":
        return measure_guile(bench, size)
    if impl == "guile-interp":
        return measure_guile(bench, size, mode="interpret")
    raise ValueError(f"unknown implementation {impl!r}; use one of {', '.join(IMPLEMENTATIONS)}")
