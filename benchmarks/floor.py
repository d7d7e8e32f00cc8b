"""How fast a program could be with its guarantees kept: the floor under the idiom programs above 5x.

    python -m benchmarks.floor [--only NAME,...] [--runs N] [--json]

Issue 13 asks for the idiom programs within 5x of CPython and within 3x on
their geometric mean.  This measures how much of the distance the
guarantees themselves account for.  For each program it times three
things in one process, alternating: the Python twin (benchmarks/python/),
schemehost running the Scheme program (a fresh interpreter, its first run
timed, as benchmarks.run does), and a *floor*: the twin's algorithm written
by hand in Python over schemehost's own data, with the checks that a
compiler writing one Python function per Scheme procedure, without
analysing the whole program, cannot leave out:

* the step budget on a real runtime.Budget: a tick, `next(budget.it, 1)`,
  per procedure call, and each round of a loop (a step is a call; a loop
  is a tail call) taken as pyfunc.py's loops take it, by a `for` over the
  chunk (runtime.Budget.ran_out); a procedure's own loop has its first
  round written apart (its caller's call took that step), as
  pyfunc.Emitter.function_body writes it;
* redefinition seen at once: a call of a global procedure goes through a
  variable that an assignment of the global would change (`if F is
  not None`), a self tail call becomes a loop only while the global still
  holds the procedure, a standard primitive's fast path sits behind a type
  test of its operands (the test generated code folds the redefinition
  check into);
* exact arithmetic and errors: `type(x) is int` before machine
  arithmetic, a type test before `car`, `cdr` and a record's field, a
  proper-list check where the procedure must reject other lists (apply,
  for-each);
* Scheme's data: lists are Pairs, characters Chars, strings MStrings,
  records instances of the class define-record-type makes, procedures
  first-class values a caller can hold, a one-shot escape a Python
  exception.

What a floor leaves out is everything else generated code does: the
generic paths (the floor's raise NotImplementedError, never taken here),
tail calls to other procedures, error notes and backtraces, tiering.  So
`floor / python` is a lower bound on what this design can reach for the
program, and `schemehost / floor` what is left above that bound.  Each
floor returns the twin's answer (tests/test_floor.py checks both).
"""

from __future__ import annotations

import argparse
import gc
import json
import statistics
import sys
import time

from . import suite

PROGRAMS = ("tak", "records", "word-count", "escape", "variadic")


def _generic(*args):
    """A generic path: present behind every test, never taken by these programs."""
    raise NotImplementedError(args)


class Cell:
    """A global: the procedure it holds (a floor's calls test it as generated code tests its slot)."""

    __slots__ = ("value",)

    def __init__(self, value=None):
        self.value = value


# -- tak --------------------------------------------------------------------------


def tak_floor(budget):
    """(tak x y z): three non-tail calls of the global, then a self tail call as a loop."""
    cell = Cell()

    def tak(x, y, z):
        while True:  # the first round (its caller's call took the step)
            if type(y) is int and type(x) is int:
                if not y < x:
                    return z
            else:
                _generic(y, x)
            f = cell.value
            if f is not tak:
                _generic(f)
            if type(x) is not int or type(y) is not int or type(z) is not int:
                _generic(x, y, z)
            if next(budget.it, 1):
                budget.exhausted()
            a = tak(x - 1, y, z)
            if next(budget.it, 1):
                budget.exhausted()
            b = tak(y - 1, z, x)
            if next(budget.it, 1):
                budget.exhausted()
            c = tak(z - 1, x, y)
            if cell.value is not tak:
                _generic()
            x, y, z = a, b, c
            break
        while True:  # the rounds after it, each taking its step
            for _ in budget.it:
                if type(y) is int and type(x) is int:
                    if not y < x:
                        return z
                else:
                    _generic(y, x)
                f = cell.value
                if f is not tak:
                    _generic(f)
                if type(x) is not int or type(y) is not int or type(z) is not int:
                    _generic(x, y, z)
                if next(budget.it, 1):
                    budget.exhausted()
                a = tak(x - 1, y, z)
                if next(budget.it, 1):
                    budget.exhausted()
                b = tak(y - 1, z, x)
                if next(budget.it, 1):
                    budget.exhausted()
                c = tak(z - 1, x, y)
                if cell.value is not tak:
                    _generic()
                x, y, z = a, b, c
            else:
                budget.ran_out()
                continue
            break

    cell.value = tak

    def run(x, y, z):
        if next(budget.it, 1):
            budget.exhausted()
        return tak(x, y, z)

    return run


# -- records ----------------------------------------------------------------------


def records_floor(budget):
    from schemehost.datatypes import NIL, Pair, new_pair
    from schemehost.forms import Record

    class Account(Record):
        __slots__ = ("f0", "f1")

    find_cell, transfer_cell, bank_cell = Cell(), Cell(), Cell()

    def make_account(i, balance):
        a = Account()
        a.f0 = i
        a.f1 = balance
        return a

    def make_bank(k):
        i, accounts = k - 1, NIL
        while True:  # (the named let's rounds, its first call's step the first's)
            for _ in budget.it:
                if type(i) is not int:
                    _generic(i)
                if i < 0:
                    return accounts
                p = new_pair()
                p.car = make_account(i, 100)
                p.cdr = accounts
                i, accounts = i - 1, p
            else:
                budget.ran_out()
                continue
            break

    def find_account(bank, id):
        # Whether the global still holds it, asked once: nothing the loop runs can
        # assign it (the typed copy's entry test).
        if find_cell.value is not find_account:
            _generic()
        # The first round (the caller's call took its step), then the others.
        if bank is NIL:
            return False
        if type(bank) is not Pair:
            _generic(bank)
        a = bank.car
        if type(a) is not Account:
            _generic(a)
        k = a.f0
        if type(k) is int and type(id) is int:
            if k == id:
                return a
        else:
            _generic(k, id)
        bank = bank.cdr
        while True:
            for _ in budget.it:
                if bank is NIL:
                    return False
                if type(bank) is not Pair:
                    _generic(bank)
                a = bank.car
                if type(a) is not Account:
                    _generic(a)
                k = a.f0
                if type(k) is int and type(id) is int:
                    if k == id:
                        return a
                else:
                    _generic(k, id)
                bank = bank.cdr
            else:
                budget.ran_out()
                continue
            break

    def transfer(bank, frm, to, amount):
        if find_cell.value is not find_account:
            _generic()
        if next(budget.it, 1):
            budget.exhausted()
        a = find_account(bank, frm)
        if find_cell.value is not find_account:
            _generic()
        if next(budget.it, 1):
            budget.exhausted()
        b = find_account(bank, to)
        if a is False or b is False:
            return False
        if type(a) is not Account or type(b) is not Account:
            _generic(a, b)
        x = a.f1
        if type(x) is not int or type(amount) is not int:
            _generic(x, amount)
        if not x >= amount:
            return False
        a.f1 = x - amount
        y = b.f1
        if type(y) is not int:
            _generic(y)
        b.f1 = y + amount
        return True

    def run(n):
        if bank_cell.value is not make_bank:
            _generic()
        if next(budget.it, 1):
            budget.exhausted()
        bank = make_bank(20)
        i = made = 0
        while True:
            for _ in budget.it:
                if type(i) is not int or type(n) is not int:
                    _generic(i, n)
                if i == n:
                    break
                if transfer_cell.value is not transfer:
                    _generic()
                if next(budget.it, 1):
                    budget.exhausted()
                if transfer(bank, i * 7 % 20, i * 3 % 20, i % 37) is not False:
                    if type(made) is not int:
                        _generic(made)
                    made += 1
                i += 1
            else:
                budget.ran_out()
                continue
            break
        total = 0
        p = bank
        while type(p) is Pair:  # (apply + (map account-balance bank))
            if next(budget.it, 1):
                budget.exhausted()
            a = p.car
            if type(a) is not Account or type(a.f1) is not int:
                _generic(a)
            total += a.f1
            p = p.cdr
        return [total, made]

    find_cell.value, transfer_cell.value, bank_cell.value = find_account, transfer, make_bank
    return run


# -- word-count -------------------------------------------------------------------


def word_count_floor(budget):
    import schemehost.primitives.chars  # noqa: F401  (it fills in the Chars' alpha and down)
    from schemehost.datatypes import NIL, Char, MString, Pair, new_pair, new_string
    from schemehost.primitives.lists import NOPE, quick_reverse, quick_reversed_string, quick_string_to_list

    from .python.word_count import PARAGRAPH

    text = new_string(PARAGRAPH)
    words_cell, count_cell = Cell(), Cell()

    def reversed_string(word):  # (list->string (reverse word)): schemehost's own, one walk
        text = quick_reversed_string(word)
        if text is NOPE:
            _generic(word)
        return text

    def reverse(lst):
        result = quick_reverse(lst)
        if result is NOPE:
            _generic(lst)
        return result

    def words_of(s):
        chars = quick_string_to_list(s)  # schemehost's own: a Pair per character, made in one loop
        if chars is NOPE:
            _generic(s)
        word, words = NIL, NIL
        while True:
            for _ in budget.it:
                if chars is NIL:
                    if word is not NIL:
                        q = new_pair()
                        q.car = reversed_string(word)
                        q.cdr = words
                        words = q
                    return reverse(words)
                if type(chars) is not Pair:
                    _generic(chars)
                c = chars.car
                if type(c) is not Char:
                    _generic(c)
                if c.alpha:
                    q = new_pair()
                    q.car = c.down
                    q.cdr = word
                    chars, word = chars.cdr, q
                elif word is NIL:
                    chars = chars.cdr
                else:
                    q = new_pair()
                    q.car = reversed_string(word)
                    q.cdr = words
                    chars, word, words = chars.cdr, NIL, q
            else:
                budget.ran_out()
                continue
            break

    def assoc(key, alist):  # assoc with equal? on a string key
        if type(key) is not MString:
            _generic(key)
        k = key.s
        while type(alist) is Pair:
            entry = alist.car
            if type(entry) is not Pair:
                _generic(entry)
            other = entry.car
            if type(other) is MString and other.s == k:
                return entry
            alist = alist.cdr
        if alist is not NIL:
            _generic(alist)
        return False

    def append1(lst, item):  # (append table (list item)): table's pairs copied
        head = last = new_pair()
        while type(lst) is Pair:
            q = new_pair()
            q.car = lst.car
            last.cdr = q
            last = q
            lst = lst.cdr
        if lst is not NIL:
            _generic(lst)
        q = new_pair()
        q.car = item
        q.cdr = NIL
        last.cdr = q
        return head.cdr

    def count_words(words, tbl):
        if count_cell.value is not count_words:  # (asked once: the loop calls no procedure)
            _generic()
        while True:  # the first round (the caller's call took its step)
            if words is NIL:
                return tbl
            if type(words) is not Pair:
                _generic(words)
            entry = assoc(words.car, tbl)
            if entry is not False:
                if type(entry) is not Pair or type(entry.cdr) is not int:
                    _generic(entry)
                entry.cdr = entry.cdr + 1
            else:
                q = new_pair()
                q.car = words.car
                q.cdr = 1
                tbl = append1(tbl, q)
            words = words.cdr
            break
        while True:  # the rounds after it
            for _ in budget.it:
                if words is NIL:
                    return tbl
                if type(words) is not Pair:
                    _generic(words)
                entry = assoc(words.car, tbl)
                if entry is not False:
                    if type(entry) is not Pair or type(entry.cdr) is not int:
                        _generic(entry)
                    entry.cdr = entry.cdr + 1
                else:
                    q = new_pair()
                    q.car = words.car
                    q.cdr = 1
                    tbl = append1(tbl, q)
                words = words.cdr
            else:
                budget.ran_out()
                continue
            break

    def run(n):
        if next(budget.it, 1):
            budget.exhausted()
        i, tbl = 0, NIL
        while True:
            for _ in budget.it:
                if type(i) is not int or type(n) is not int:
                    _generic(i, n)
                if i == n:
                    break
                if words_cell.value is not words_of:
                    _generic()
                if next(budget.it, 1):
                    budget.exhausted()
                words = words_of(text)
                if count_cell.value is not count_words:
                    _generic()
                if next(budget.it, 1):
                    budget.exhausted()
                tbl = count_words(words, tbl)
                i += 1
            else:
                budget.ran_out()
                continue
            break
        out = []
        if type(tbl) is Pair:  # (map (lambda (entry) ...) table), in line: a round an element
            while True:
                for _ in budget.it:
                    out.append([tbl.car.car.s, tbl.car.cdr])
                    tbl = tbl.cdr
                    if type(tbl) is not Pair:
                        break
                else:
                    budget.ran_out()
                    continue
                break
        return out

    words_cell.value, count_cell.value = words_of, count_words
    return run


# -- escape -----------------------------------------------------------------------


class _Escape(Exception):
    """A one-shot escape continuation's jump: which continuation, and its value."""

    def __init__(self, k, value):
        self.k = k
        self.value = value


def escape_floor(budget):
    from schemehost.datatypes import NIL, Pair, cons
    from schemehost.runtime import Continuation

    from .python.escape import DATA

    find_cell, product_cell = Cell(), Cell()
    data = NIL
    for x in reversed(DATA):
        p = cons(x, data)
        data = p

    def call_pred(pred, x):  # a first-class procedure: the caller tests what it holds
        if type(pred) is not tuple:
            _generic(pred)
        if next(budget.it, 1):
            budget.exhausted()
        return pred[0](x, pred[1])

    def find_first(pred, lst):
        k = Continuation()  # call/cc: a continuation object the receiver may keep
        try:
            if next(budget.it, 1):
                budget.exhausted()
            p = lst
            if type(p) is Pair:  # for-each: the list walked, the lambda called per element
                while True:
                    for _ in budget.it:  # (the step of the lambda's call)
                        x = p.car
                        if call_pred(pred, x) is not False:
                            raise _Escape(k, x)
                        p = p.cdr
                        if type(p) is not Pair:
                            break
                    else:
                        budget.ran_out()
                        continue
                    break
            if p is not NIL:
                _generic(p)
            return False
        except _Escape as e:
            if e.k is not k:
                raise
            return e.value

    def product(lst):
        k = Continuation()
        try:
            p, acc = lst, 1
            while True:  # (the named let's rounds, its first call's step the first's)
                for _ in budget.it:
                    if p is NIL:
                        return acc
                    if type(p) is not Pair:
                        _generic(p)
                    x = p.car
                    if type(x) is not int:
                        _generic(x)
                    if x == 0:
                        raise _Escape(k, 0)
                    if type(acc) is not int:
                        _generic(acc)
                    p, acc = p.cdr, acc * x
                else:
                    budget.ran_out()
                    continue
                break
        except _Escape as e:
            if e.k is not k:
                raise
            return e.value

    def greater(x, env):  # (lambda (x) (> x limit)): limit from the closure's environment
        limit = env[0]
        if type(x) is not int or type(limit) is not int:
            _generic(x, limit)
        return x > limit

    def tail(lst, k):  # list-tail
        while k:
            if type(lst) is not Pair:
                _generic(lst)
            lst = lst.cdr
            k -= 1
        return lst

    def run(n):
        if next(budget.it, 1):
            budget.exhausted()
        i = found = zeros = 0
        while True:
            for _ in budget.it:
                if type(i) is not int or type(n) is not int:
                    _generic(i, n)
                if i == n:
                    return [found, zeros]
                limit = i % 23
                if find_cell.value is not find_first:
                    _generic()
                if next(budget.it, 1):
                    budget.exhausted()
                hit = find_first((greater, [limit]), data)
                found += 0 if hit is False else hit
                if product_cell.value is not product:
                    _generic()
                if next(budget.it, 1):
                    budget.exhausted()
                if product(tail(data, i % 8)) == 0:
                    zeros += 1
                i += 1
            else:
                budget.ran_out()
                continue
            break

    find_cell.value, product_cell.value = find_first, product
    return run


# -- variadic ---------------------------------------------------------------------


def variadic_floor(budget):
    from schemehost.datatypes import NIL, Pair, new_pair

    sum_cell, biggest_cell, average_cell, collect_cell = Cell(), Cell(), Cell(), Cell()

    def proper(lst):
        """apply's check of its last argument: a proper list (the floor's lists are short)."""
        p = lst
        while type(p) is Pair:
            p = p.cdr
        if p is not NIL:
            _generic(lst)
        return lst

    def total(xs):  # (define (sum . xs) ...): reads its rest list only, so apply may share it
        if xs is NIL:
            return 0
        if type(xs) is not Pair:
            _generic(xs)
        x = xs.car
        if sum_cell.value is not total:
            _generic()
        if next(budget.it, 1):
            budget.exhausted()
        r = total(proper(xs.cdr))
        if type(x) is not int or type(r) is not int:
            _generic(x, r)
        return x + r

    def biggest(x, more):
        if more is NIL:
            return x
        if type(more) is not Pair:
            _generic(more)
        if biggest_cell.value is not biggest:
            _generic()
        if next(budget.it, 1):
            budget.exhausted()
        m = biggest(more.car, proper(more.cdr))
        if type(x) is not int or type(m) is not int:
            _generic(x, m)
        return x if x > m else m

    def cons(a, d):
        q = new_pair()
        q.car = a
        q.cdr = d
        return q

    def copy(lst):  # a rest list that escapes is a fresh copy
        head = last = new_pair()
        while type(lst) is Pair:
            q = new_pair()
            q.car = lst.car
            last.cdr = q
            last = q
            lst = lst.cdr
        if lst is not NIL:
            _generic(lst)
        last.cdr = NIL
        return head.cdr

    def average(first, rest):
        if sum_cell.value is not total:
            _generic()
        if next(budget.it, 1):
            budget.exhausted()
        s = total(cons(first, proper(rest)))
        n = 0
        p = rest
        while type(p) is Pair:
            n += 1
            p = p.cdr
        if type(s) is not int:
            _generic(s)
        return s // (1 + n)

    def collect(items):  # (define (collect . items) items): the caller made the rest list fresh
        return items

    def length(lst):
        n = 0
        while type(lst) is Pair:
            n += 1
            lst = lst.cdr
        if lst is not NIL:
            _generic(lst)
        return n

    def run(n):
        if next(budget.it, 1):
            budget.exhausted()
        i = t = top = avg = items = 0
        while True:
            for _ in budget.it:
                if type(i) is not int or type(n) is not int:
                    _generic(i, n)
                if i == n:
                    return [t, top, avg, items]
                if collect_cell.value is not collect:
                    _generic()
                if next(budget.it, 1):
                    budget.exhausted()
                args = collect(cons(i, cons(i + 1, cons(2 * i, cons(7, NIL)))))
                if sum_cell.value is not total:
                    _generic()
                if next(budget.it, 1):
                    budget.exhausted()
                t += total(proper(args))
                if biggest_cell.value is not biggest:
                    _generic()
                if next(budget.it, 1):
                    budget.exhausted()
                b = biggest(args.car, proper(args.cdr))
                top = top if top >= b else b
                if average_cell.value is not average:
                    _generic()
                if next(budget.it, 1):
                    budget.exhausted()
                avg += average(i, cons(i + 2, cons(i + 4, NIL)))
                if collect_cell.value is not collect:
                    _generic()
                if next(budget.it, 1):
                    budget.exhausted()
                items += length(collect(cons(1, cons(2, copy(proper(args))))))
                i += 1
            else:
                budget.ran_out()
                continue
            break

    sum_cell.value, biggest_cell.value, average_cell.value, collect_cell.value = total, biggest, average, collect
    return run


FLOORS = {
    "tak": tak_floor,
    "records": records_floor,
    "word-count": word_count_floor,
    "escape": escape_floor,
    "variadic": variadic_floor,
}


def floor_run(name: str):
    """A fresh floor of program `name`: run(*args), ticking a fresh unlimited Budget."""
    from schemehost.runtime import Budget

    return FLOORS[name](Budget(None))


def measure(name: str, size: str, runs: int) -> dict:
    """Seconds (median of `runs`) of the twin, the floor and schemehost on program `name`.

    The twin and schemehost are timed as benchmarks.run times them
    (suite.measure_python, suite.measure_schemehost: a fresh interpreter,
    its first run); the floor as the twin, on the evaluation thread."""
    from schemehost import run_deep

    bench = suite.BY_NAME[name]
    args = bench.args(size)
    times: dict[str, list[float]] = {"python": [], "floor": [], "schemehost": []}
    answers = {}

    def floor_once():
        run = floor_run(name)
        gc.collect()
        start = time.perf_counter()
        value = run(*args)
        return suite.Measurement(time.perf_counter() - start, suite.write_datum(value))

    for _ in range(runs):
        for label, once in (("python", lambda: suite.measure_python(bench, size)),
                            ("floor", lambda: run_deep(floor_once)),
                            ("schemehost", lambda: suite.measure_schemehost(bench, size))):
            m = once()
            times[label].append(m.seconds)
            answers[label] = m.result
    medians = {k: statistics.median(v) for k, v in times.items()}
    return {"program": name, "size": size, "runs": runs, "seconds": medians,
            "same_answer": answers["python"] == answers["floor"] == answers["schemehost"],
            "floor_over_python": medians["floor"] / medians["python"],
            "schemehost_over_python": medians["schemehost"] / medians["python"],
            "schemehost_over_floor": medians["schemehost"] / medians["floor"]}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m benchmarks.floor", description=__doc__.splitlines()[0])
    parser.add_argument("--only", help="these programs: " + ", ".join(PROGRAMS))
    parser.add_argument("--runs", type=int, default=7)
    parser.add_argument("--size", choices=suite.SIZES, default="full")
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args(argv)
    names = args.only.split(",") if args.only else list(PROGRAMS)
    unknown = [n for n in names if n not in FLOORS]
    if unknown:
        parser.error(f"no floor for {', '.join(unknown)}; there are: {', '.join(PROGRAMS)}")
    if args.runs < 1:
        parser.error(f"--runs must be at least 1, not {args.runs}")
    sys.setrecursionlimit(max(sys.getrecursionlimit(), 100_000))
    rows = []
    for name in names:
        rows.append(measure(name, args.size, args.runs))
        print(f"{name}: done", file=sys.stderr)
    if args.json:
        json.dump(rows, sys.stdout, indent=1)
        sys.stdout.write("\n")
        return 0
    print("| program | python (ms) | floor (ms) | schemehost (ms) | floor /python | schemehost /python | schemehost /floor |")
    print("|---|---:|---:|---:|---:|---:|---:|")
    for r in rows:
        s = r["seconds"]
        print(f"| {r['program']} | {s['python'] * 1e3:.1f} | {s['floor'] * 1e3:.1f} | {s['schemehost'] * 1e3:.1f} | "
              f"{r['floor_over_python']:.2f}x | {r['schemehost_over_python']:.2f}x | {r['schemehost_over_floor']:.2f}x |"
              + ("" if r["same_answer"] else " (answers differ!)"))
    return 0


if __name__ == "__main__":
    sys.exit(main())
