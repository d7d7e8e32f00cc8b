"""circuits: SICP 3.3.4's digital circuit simulator (benchmarks/scheme/circuits.scm).

The same design as the Scheme: a wire is an object holding its signal and
its action procedures (called when it is added and whenever the signal
changes); gates add closures to their inputs that schedule, after their
delay, the setting of their output.  The agenda is a list of
[time, queue] segments in order of time, found by a scan from the front;
each queue is SICP's, cells [item, next] with a front and a rear pointer.
A half-adder replays SICP's example under two probes, then a 16-bit
ripple-carry adder adds n pairs of numbers from the C library's LCG.
"""

INVERTER_DELAY = 2
AND_GATE_DELAY = 3
OR_GATE_DELAY = 5


class Wire:
    __slots__ = ("signal", "actions")

    def __init__(self):
        self.signal = 0
        self.actions = []

    def set_signal(self, new_value):
        if self.signal != new_value:
            self.signal = new_value
            for action in self.actions:
                action()

    def add_action(self, action):
        self.actions.insert(0, action)
        action()


def logical_not(s):
    if s == 0:
        return 1
    if s == 1:
        return 0
    raise ValueError(f"Invalid signal {s}")


def logical_and(a, b):
    return 1 if a == 1 and b == 1 else 0


def logical_or(a, b):
    return 1 if a == 1 or b == 1 else 0


def inverter(agenda, source, output):
    def invert_input():
        new_value = logical_not(source.signal)
        agenda.after_delay(INVERTER_DELAY, lambda: output.set_signal(new_value))
    source.add_action(invert_input)


def and_gate(agenda, a1, a2, output):
    def and_action():
        new_value = logical_and(a1.signal, a2.signal)
        agenda.after_delay(AND_GATE_DELAY, lambda: output.set_signal(new_value))
    a1.add_action(and_action)
    a2.add_action(and_action)


def or_gate(agenda, a1, a2, output):
    def or_action():
        new_value = logical_or(a1.signal, a2.signal)
        agenda.after_delay(OR_GATE_DELAY, lambda: output.set_signal(new_value))
    a1.add_action(or_action)
    a2.add_action(or_action)


def half_adder(agenda, a, b, s, c):
    d, e = Wire(), Wire()
    or_gate(agenda, a, b, d)
    and_gate(agenda, a, b, c)
    inverter(agenda, c, e)
    and_gate(agenda, d, e, s)


def full_adder(agenda, a, b, c_in, total, c_out):
    s, c1, c2 = Wire(), Wire(), Wire()
    half_adder(agenda, b, c_in, s, c1)
    half_adder(agenda, a, s, total, c2)
    or_gate(agenda, c1, c2, c_out)


def ripple_carry_adder(agenda, as_, bs, c_in, ss):
    """The bits go least significant first; the carry out of the last adder is returned."""
    for a, b, s in zip(as_, bs, ss):
        c_out = Wire()
        full_adder(agenda, a, b, c_in, s, c_out)
        c_in = c_out
    return c_in


class Queue:
    """SICP's queue: cells [item, next], a front and a rear pointer."""

    def __init__(self):
        self.front = None
        self.rear = None

    def empty(self):
        return self.front is None

    def first(self):
        if self.front is None:
            raise IndexError("FRONT called with an empty queue")
        return self.front[0]

    def insert(self, item):
        cell = [item, None]
        if self.front is None:
            self.front = cell
        else:
            self.rear[1] = cell
        self.rear = cell

    def delete(self):
        if self.front is None:
            raise IndexError("DELETE! called with an empty queue")
        self.front = self.front[1]


class Agenda:
    def __init__(self):
        self.time = 0
        self.segments = []  # [time, Queue], in order of time

    def add(self, time, action):
        segments = self.segments
        i = 0
        while i < len(segments) and segments[i][0] < time:
            i += 1
        if i < len(segments) and segments[i][0] == time:
            segments[i][1].insert(action)
        else:
            queue = Queue()
            queue.insert(action)
            segments.insert(i, [time, queue])

    def after_delay(self, delay, action):
        self.add(self.time + delay, action)

    def propagate(self):
        segments = self.segments
        while segments:
            self.time, queue = segments[0]
            queue.first()()
            queue.delete()
            if queue.empty():
                segments.pop(0)


def set_bits(wires, value):
    for wire in wires:
        wire.set_signal(value % 2)
        value //= 2


def read_bits(wires):
    value = 0
    for wire in reversed(wires):
        value = 2 * value + wire.signal
    return value


def next_random(x):
    return (1103515245 * x + 12345) % 2147483648


def operand(x):
    return x // 16 % 65536


def run(n: int = 2_000) -> list:
    agenda = Agenda()
    record = []

    def probe(name, wire):
        wire.add_action(lambda: record.append([name, agenda.time, wire.signal]))

    input_1, input_2, total_wire, carry = Wire(), Wire(), Wire(), Wire()
    probe("sum", total_wire)
    probe("carry", carry)
    half_adder(agenda, input_1, input_2, total_wire, carry)
    input_1.set_signal(1)
    agenda.propagate()
    input_2.set_signal(1)
    agenda.propagate()

    as_ = [Wire() for _ in range(16)]
    bs = [Wire() for _ in range(16)]
    ss = [Wire() for _ in range(16)]
    c_out = ripple_carry_adder(agenda, as_, bs, Wire(), ss)
    agenda.propagate()
    x = 1
    right = total = 0
    sums = []
    for _ in range(n):
        x = next_random(x)
        a = operand(x)
        x = next_random(x)
        b = operand(x)
        set_bits(as_, a)
        set_bits(bs, b)
        agenda.propagate()
        result = read_bits(ss) + 65536 * c_out.signal
        if result == a + b:
            right += 1
        total += result
        sums.append(result)
    return [record, right, total, sums[:3]]
