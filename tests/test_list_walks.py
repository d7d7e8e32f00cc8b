"""List walks in the primitives: one pass over a long list, cycles found in it.

Past 4,096 pairs a walk (reverse, length, map, memq, assoc, list->vector, ...)
used to stop and run a second, Floyd pass over the rest of the list to make
sure it ended, which made map/for-each/reverse/length of 50,000-element
lists 25-40% slower.  Now the walk looks for a cycle as it goes (Brent's
algorithm, registry.NO_MARK): these tests pin what it must keep doing:
the same values on long proper lists, the same errors on circular ones
however long the cycle and the part before it, and the same steps charged
(runtime.charge: one per 256 elements walked).
"""

from __future__ import annotations

import pytest

from schemehost import SchemehostError
from schemehost.datatypes import NIL, cons

# Around the first window (4,096) and the next ones (8,192, 16,384, ...).
LENGTHS = [0, 1, 255, 256, 4095, 4096, 4097, 8191, 8192, 8193, 12288, 12289, 20000]


def _chain(n: int, cycle_from: int | None = None):
    """A chain of n pairs holding 0..n-1; when `cycle_from` is given, the last
    pair's cdr is pair number `cycle_from` (a cycle of n - cycle_from pairs)."""
    pairs = [cons(i, NIL) for i in range(n)]
    for a, b in zip(pairs, pairs[1:]):
        a.cdr = b
    if cycle_from is not None:
        pairs[-1].cdr = pairs[cycle_from]
    return pairs[0] if pairs else NIL


@pytest.mark.parametrize("n", LENGTHS)
def test_list_walks_long_proper_list_give_the_whole_answer(n, scheme):
    s = scheme()
    s.eval(f"(define l (iota {n}))")
    assert s.eval("(length l)") == n
    assert s.eval("(length (reverse l))") == n
    assert s.eval("(equal? (reverse (reverse l)) l)") is True
    assert s.eval("(length (map (lambda (x) x) l))") == n
    assert s.eval("(let ((k 0)) (for-each (lambda (x) (set! k (+ k 1))) l) k)") == n
    assert s.eval("(vector-length (list->vector l))") == n
    assert s.eval("(length (list-copy l))") == n
    assert s.eval("(list? l)") is True
    assert s.eval("(memq 'absent l)") is False
    assert s.eval("(fold + 0 l l)") == n * (n - 1)
    if n:
        assert s.eval(f"(car (memv {n - 1} l))") == n - 1
        assert s.eval(f"(car (last-pair l))") == n - 1
        assert s.eval(f"(cdr (assv {n - 1} (map (lambda (x) (cons x (* x 2))) l)))") == 2 * (n - 1)
        assert s.eval(f"(car (find-tail (lambda (x) (= x {n - 1})) l))") == n - 1


# (pairs before the cycle, pairs in the cycle): short and long of each, and a
# cycle longer than the first window, so that the mark must move to catch it.
CYCLES = [(0, 1), (0, 3), (5000, 1), (0, 5000), (3000, 3000), (4096, 4097), (10000, 20000)]

# name -> (program on c, the message): every one reports the list argument.
ON_CIRCULAR = {
    "length": ("(length c)", "length: argument 1 must be a list"),
    "reverse": ("(reverse c)", "reverse: argument 1 must be a list"),
    "list-copy": ("(list-copy c)", "list-copy: argument 1 must be a list"),
    "list->vector": ("(list->vector c)", "list->vector: argument 1 must be a list"),
    "last-pair": ("(last-pair c)", "last-pair: argument 1 must be a list"),
    "memq": ("(memq 'absent c)", "memq: argument 2 must be a list"),
    "memv": ("(memv -1 c)", "memv: argument 2 must be a list"),
    "member": ('(member "absent" c)', "member: argument 2 must be a list"),
    "member with a predicate": ("(member -1 c =)", "member: argument 2 must be a list"),
    "map": ("(map (lambda (x) x) c)", "map: argument 2 must be a list"),
    "map over two": ("(map + c c)", "map: argument 2 must be a list"),
    "for-each": ("(for-each (lambda (x) x) c)", "for-each: argument 2 must be a list"),
    "for-each over two": ("(for-each + c c)", "for-each: argument 2 must be a list"),
    "fold over two": ("(fold + 0 c c)", "fold: argument 3 must be a list"),
    "fold-left": ("(fold-left + 0 c)", "fold-left: argument 3 must be a list"),
    "any": ("(any (lambda (x) #f) c)", "any: argument 2 must be a list"),
    "every": ("(every (lambda (x) #t) c)", "every: argument 2 must be a list"),
    "find-tail": ("(find-tail (lambda (x) #f) c)", "find-tail: argument 2 must be a list"),
    "apply": ("(apply + c)", "apply: argument 2 must be a list"),
}


@pytest.mark.parametrize("before, cycle", CYCLES)
@pytest.mark.parametrize("name", sorted(ON_CIRCULAR))
def test_list_walks_circular_list_raises_must_be_a_list(name, before, cycle, scheme):
    s = scheme()
    s.interp.define("c", _chain(before + cycle, before))
    program, message = ON_CIRCULAR[name]
    with pytest.raises(SchemehostError) as info:
        s.eval(program)
    assert info.value.payload.message == message
    assert s.eval("(list? c)") is False


@pytest.mark.parametrize("before, cycle", CYCLES)
def test_list_walks_circular_alist_raises_must_be_a_list(before, cycle, scheme):
    s = scheme()
    alist = _chain(before + cycle, before)
    p = alist
    for _ in range(before + cycle):
        p.car = cons(p.car, "value")
        p = p.cdr
    s.interp.define("a", alist)
    for program, message in [("(assq 'absent a)", "assq: argument 2 must be a list"),
                             ("(assv -1 a)", "assv: argument 2 must be a list"),
                             ('(assoc "absent" a)', "assoc: argument 2 must be a list"),
                             ("(assoc -1 a =)", "assoc: argument 2 must be a list")]:
        with pytest.raises(SchemehostError) as info:
            s.eval(program)
        assert info.value.payload.message == message


def test_list_walks_one_circular_list_of_two_ends_with_the_other(scheme):
    """A walk over several lists ends with the shortest: a circular one
    beside a proper one is no error, whichever comes first."""
    s = scheme()
    s.interp.define("c", _chain(7000, 2000))
    assert s.eval("(length (map + c (iota 30000)))") == 30000
    assert s.eval("(length (map + (iota 30000) c))") == 30000
    first_9000_of_c = list(range(7000)) + list(range(2000, 4000))
    assert s.eval("(fold + 0 c (iota 9000) c)") == 2 * sum(first_9000_of_c) + sum(range(9000))
    assert s.eval("(let ((k 0)) (for-each (lambda (x y) (set! k (+ k 1))) (iota 20000) c) k)") == 20000


def test_list_walks_two_circular_lists_of_coprime_cycles_raise(scheme):
    """Every list circular, with cycles of 4,099 and 5,003 pairs: a walk
    that waited for both to come round together would take 20 million
    steps; each is found circular on its own."""
    s = scheme()
    s.interp.define("c1", _chain(4099, 0))
    s.interp.define("c2", _chain(6003, 1000))
    with pytest.raises(SchemehostError) as info:
        s.eval("(map + c1 c2)")
    assert info.value.payload.message == "map: argument 2 must be a list"
    with pytest.raises(SchemehostError) as info:
        s.eval("(every (lambda (x y) #t) c2 c1)")
    assert info.value.payload.message == "every: argument 2 must be a list"


def test_list_walks_memv_finds_an_element_in_a_long_cycle(scheme):
    """An element past the first 4,096 pairs of a circular list is found
    before the walk has gone round (it used to be an error at pair 4,096)."""
    s = scheme()
    s.interp.define("c", _chain(10000, 0))
    assert s.eval("(car (memv 9000 c))") == 9000
    with pytest.raises(SchemehostError):
        s.eval("(memv -1 c)")


@pytest.mark.parametrize("n", [255, 256, 4095, 4096, 4097, 8192, 8448, 20000, 70000])
@pytest.mark.parametrize("program", ["(reverse l)", "(length l)", "(list-copy l)", "(memq 'absent l)",
                                     "(assq 'absent al)", "(list->vector l)", "(last-pair l)", "(list? l)"])
def test_list_walks_charge_one_step_per_256_elements(program, n, scheme):
    """The cost model (runtime.charge): a walk of n elements is n // 256 steps,
    charged window by window now, in one charge before."""
    s = scheme()
    s.eval(f"(define l (iota {n})) (define al (map (lambda (x) (cons x x)) l))")
    budget = s.interp.budget
    before = budget.total_used()
    s.eval(program)
    walked = n - 1 if program == "(last-pair l)" else n  # last-pair moves n - 1 times
    assert budget.total_used() - before == walked // 256


def test_list_walks_step_limit_stops_a_long_walk():
    """A long walk is charged as it goes: a limit it cannot afford stops it."""
    from schemehost import Interpreter
    from schemehost.errors import StepLimitExceeded

    interp = Interpreter(step_limit=1_000)
    interp.define("l", _chain(1_000_000))
    with pytest.raises(StepLimitExceeded):
        interp.eval_string("(reverse l)")


@pytest.mark.parametrize("n", LENGTHS[1:])
@pytest.mark.parametrize("tail", ["nil", "atom", "string", "vector"])
def test_chain_end_counts_the_pairs_and_gives_what_ends_them(n, tail):
    """registry.chain_end: (the pairs, what ends them) for any tail, past any window."""
    from schemehost.datatypes import new_string
    from schemehost.primitives.registry import chain_end

    end = {"nil": NIL, "atom": 7, "string": new_string("s"), "vector": [1]}[tail]
    pairs = [cons(i, NIL) for i in range(n)]
    for a, b in zip(pairs, pairs[1:]):
        a.cdr = b
    pairs[-1].cdr = end
    assert chain_end(pairs[0]) == (n, end)
    assert chain_end(end) == (0, end)


@pytest.mark.parametrize("n, back", [(n, back) for n in (1, 2, 64, 65, 4096, 4097, 8193, 20000)
                                     for back in (1, 2, 3, 4095, 4097, 12000) if back <= n])
def test_chain_end_finds_every_cycle(n, back):
    """A chain of n pairs whose last cdr goes `back` pairs back: circular, None."""
    from schemehost.primitives.registry import chain_end

    assert chain_end(_chain(n, n - back)) is None
