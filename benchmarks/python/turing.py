"""turing: Turing machines run on a tape (benchmarks/scheme/turing.scm).

The same machines and runs as the Scheme, in Python's own way: a Machine
class holding a dict from (state, symbol) to (write, move, next), the tape
a dict from positions to symbols with a head index, the run a while loop;
the shared generator (from 101) drawn in the same order.
"""

from .lcg import Random


class Machine:
    def __init__(self, name, start, halts, rules):
        self.name = name
        self.start = start
        self.halts = set(halts)
        self.rules = {(state, read): (write, move, nxt) for state, read, write, move, nxt in rules}

    def run(self, text, head):
        tape = dict(enumerate(text))
        state = self.start
        steps = 0
        while state not in self.halts:
            rule = self.rules.get((state, tape.get(head, "_")))
            if rule is None:
                state = "stuck"
                break
            write, move, state = rule
            tape[head] = write
            if move == "L":
                head -= 1
            elif move == "R":
                head += 1
            steps += 1
        low = min(min(tape), head)
        high = max(max(tape), head) if tape else head
        cells = "".join(tape.get(i, "_") for i in range(low, high + 1))
        return state, steps, cells.strip("_")


INCREMENTER = Machine("increment", "carry", ["done"], [
    ("carry", "1", "0", "L", "carry"), ("carry", "0", "1", "N", "done"), ("carry", "_", "1", "N", "done")])

PALINDROME = Machine("palindrome", "start", ["accept", "reject"], [
    ("start", "_", "_", "N", "accept"), ("start", "0", "_", "R", "have0"), ("start", "1", "_", "R", "have1"),
    ("have0", "0", "0", "R", "have0"), ("have0", "1", "1", "R", "have0"), ("have0", "_", "_", "L", "check0"),
    ("have1", "0", "0", "R", "have1"), ("have1", "1", "1", "R", "have1"), ("have1", "_", "_", "L", "check1"),
    ("check0", "0", "_", "L", "back"), ("check0", "1", "1", "N", "reject"), ("check0", "_", "_", "N", "accept"),
    ("check1", "1", "_", "L", "back"), ("check1", "0", "0", "N", "reject"), ("check1", "_", "_", "N", "accept"),
    ("back", "0", "0", "L", "back"), ("back", "1", "1", "L", "back"), ("back", "_", "_", "R", "start")])

ADDER = Machine("unary add", "scan", ["done"], [
    ("scan", "1", "1", "R", "scan"), ("scan", "+", "1", "R", "to-end"), ("to-end", "1", "1", "R", "to-end"),
    ("to-end", "_", "_", "L", "rub-out"), ("rub-out", "1", "_", "N", "done")])

BEAVER_2 = Machine("beaver 2", "a", ["h"], [
    ("a", "_", "1", "R", "b"), ("a", "1", "1", "L", "b"), ("b", "_", "1", "L", "a"), ("b", "1", "1", "R", "h")])

BEAVER_4 = Machine("beaver 4", "a", ["h"], [
    ("a", "_", "1", "R", "b"), ("a", "1", "1", "L", "b"), ("b", "_", "1", "L", "a"), ("b", "1", "_", "L", "c"),
    ("c", "_", "1", "R", "h"), ("c", "1", "1", "L", "d"), ("d", "_", "1", "R", "d"), ("d", "1", "_", "R", "a")])


def random_bits(rng, k):
    return "".join("0" if rng.next() % 2 == 0 else "1" for _ in range(k))


def beaver(machine):
    _, steps, cells = machine.run("", 0)
    return [steps, cells.count("1")]


def run(n):
    rng = Random(101)
    accepted = pal_steps = sums_right = add_steps = 0
    for _ in range(n):
        half = 3 + rng.next() % 12
        kind = rng.next() % 2
        if kind == 0:
            s = random_bits(rng, half)
            s = s + s[::-1]
        else:
            s = random_bits(rng, 2 * half)
        state, steps, _ = PALINDROME.run(s, 0)
        if state == "accept":
            accepted += 1
        pal_steps += steps
        a = rng.next() % 40
        b = rng.next() % 40
        _, steps, cells = ADDER.run("1" * a + "+" + "1" * b, 0)
        if cells == "1" * (a + b):
            sums_right += 1
        add_steps += steps
    tape = "0"
    steps = 0
    for _ in range(8 * n):
        _, k, tape = INCREMENTER.run(tape, len(tape) - 1)
        steps += k
    return [n, accepted, pal_steps, sums_right, add_steps, tape, steps, beaver(BEAVER_2), beaver(BEAVER_4)]
