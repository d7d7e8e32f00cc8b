"""register-machine: SICP 5.2's register-machine simulator (benchmarks/scheme/register-machine.scm).

The same design as the Scheme, in Python's terms: registers, the stack
and the machine are objects; the assembler turns each instruction of the
controller text into a closure (its execution procedure), the pc holds
the index of the next instruction and a label the index it stands
before.  The simulator counts the instructions it executes, the stack its
pushes and greatest depth.  The controllers are SICP's figures 5.12
(recursive Fibonacci), 5.11 (recursive factorial) and 5.4 (GCD).
"""


class Register:
    __slots__ = ("name", "contents")

    def __init__(self, name):
        self.name = name
        self.contents = "*unassigned*"


class Stack:
    def __init__(self):
        self.initialize()

    def initialize(self):
        self.items = []
        self.number_pushes = 0
        self.max_depth = 0
        self.current_depth = 0

    def push(self, value):
        self.items.append(value)
        self.number_pushes += 1
        self.current_depth += 1
        self.max_depth = max(self.current_depth, self.max_depth)

    def pop(self):
        if not self.items:
            raise RuntimeError("Empty stack -- POP")
        self.current_depth -= 1
        return self.items.pop()


class Machine:
    def __init__(self, register_names, operations, controller_text):
        self.pc = Register("pc")
        self.flag = Register("flag")
        self.stack = Stack()
        self.registers = {"pc": self.pc, "flag": self.flag}
        for name in register_names:
            if name in self.registers:
                raise ValueError(f"Multiply defined register: {name}")
            self.registers[name] = Register(name)
        self.operations = {"initialize-stack": self.stack.initialize, **operations}
        self.instruction_count = 0
        self.instructions = assemble(controller_text, self)

    def register(self, name):
        return self.registers[name]

    def start(self):
        pc = self.pc
        instructions = self.instructions
        pc.contents = 0
        while pc.contents < len(instructions):
            self.instruction_count += 1
            instructions[pc.contents]()

    def take_instruction_count(self):
        count = self.instruction_count
        self.instruction_count = 0
        return count


# The assembler: an instruction is a tuple, a label a string.

def assemble(controller_text, machine):
    labels = {}
    texts = []
    for item in controller_text:
        if isinstance(item, str):
            labels[item] = len(texts)
        else:
            texts.append(item)
    return [make_execution_procedure(text, labels, machine) for text in texts]


def make_execution_procedure(inst, labels, machine):
    kind = inst[0]
    if kind == "assign":
        return make_assign(inst, labels, machine)
    if kind == "test":
        return make_test(inst, labels, machine)
    if kind == "branch":
        return make_branch(inst, labels, machine)
    if kind == "goto":
        return make_goto(inst, labels, machine)
    if kind == "save":
        return make_save(inst, machine)
    if kind == "restore":
        return make_restore(inst, machine)
    if kind == "perform":
        return make_perform(inst, labels, machine)
    raise ValueError(f"Unknown instruction type -- ASSEMBLE {inst}")


def advance_pc(pc):
    pc.contents += 1


def value_procedure(expressions, labels, machine):
    if is_operation(expressions):
        return make_operation_exp(expressions, labels, machine)
    return make_primitive_exp(expressions[0], labels, machine)


def make_assign(inst, labels, machine):
    target = machine.register(inst[1])
    value_proc = value_procedure(inst[2:], labels, machine)
    pc = machine.pc

    def assign():
        target.contents = value_proc()
        advance_pc(pc)
    return assign


def make_test(inst, labels, machine):
    condition = inst[1:]
    if not is_operation(condition):
        raise ValueError(f"Bad TEST instruction -- ASSEMBLE {inst}")
    condition_proc = make_operation_exp(condition, labels, machine)
    flag, pc = machine.flag, machine.pc

    def test():
        flag.contents = condition_proc()
        advance_pc(pc)
    return test


def make_branch(inst, labels, machine):
    dest = inst[1]
    if dest[0] != "label":
        raise ValueError(f"Bad BRANCH instruction -- ASSEMBLE {inst}")
    target = labels[dest[1]]
    flag, pc = machine.flag, machine.pc

    def branch():
        if flag.contents:
            pc.contents = target
        else:
            advance_pc(pc)
    return branch


def make_goto(inst, labels, machine):
    dest = inst[1]
    pc = machine.pc
    if dest[0] == "label":
        target = labels[dest[1]]

        def goto_label():
            pc.contents = target
        return goto_label
    if dest[0] == "reg":
        reg = machine.register(dest[1])

        def goto_register():
            pc.contents = reg.contents
        return goto_register
    raise ValueError(f"Bad GOTO instruction -- ASSEMBLE {inst}")


def make_save(inst, machine):
    reg, stack, pc = machine.register(inst[1]), machine.stack, machine.pc

    def save():
        stack.push(reg.contents)
        advance_pc(pc)
    return save


def make_restore(inst, machine):
    reg, stack, pc = machine.register(inst[1]), machine.stack, machine.pc

    def restore():
        reg.contents = stack.pop()
        advance_pc(pc)
    return restore


def make_perform(inst, labels, machine):
    action = inst[1:]
    if not is_operation(action):
        raise ValueError(f"Bad PERFORM instruction -- ASSEMBLE {inst}")
    action_proc = make_operation_exp(action, labels, machine)
    pc = machine.pc

    def perform():
        action_proc()
        advance_pc(pc)
    return perform


def make_primitive_exp(exp, labels, machine):
    if exp[0] == "const":
        value = exp[1]
        return lambda: value
    if exp[0] == "label":
        target = labels[exp[1]]
        return lambda: target
    if exp[0] == "reg":
        reg = machine.register(exp[1])
        return lambda: reg.contents
    raise ValueError(f"Unknown expression type -- ASSEMBLE {exp}")


def is_operation(expressions):
    return len(expressions) > 0 and expressions[0][0] == "op"


def make_operation_exp(expressions, labels, machine):
    op = machine.operations[expressions[0][1]]
    aprocs = [make_primitive_exp(e, labels, machine) for e in expressions[1:]]
    return lambda: op(*[p() for p in aprocs])


FIB_CONTROLLER = [
    ("assign", "continue", ("label", "fib-done")),
    "fib-loop",
    ("test", ("op", "<"), ("reg", "n"), ("const", 2)),
    ("branch", ("label", "immediate-answer")),
    ("save", "continue"),
    ("assign", "continue", ("label", "afterfib-n-1")),
    ("save", "n"),
    ("assign", "n", ("op", "-"), ("reg", "n"), ("const", 1)),
    ("goto", ("label", "fib-loop")),
    "afterfib-n-1",
    ("restore", "n"),
    ("restore", "continue"),
    ("assign", "n", ("op", "-"), ("reg", "n"), ("const", 2)),
    ("save", "continue"),
    ("assign", "continue", ("label", "afterfib-n-2")),
    ("save", "val"),
    ("goto", ("label", "fib-loop")),
    "afterfib-n-2",
    ("assign", "n", ("reg", "val")),
    ("restore", "val"),
    ("restore", "continue"),
    ("assign", "val", ("op", "+"), ("reg", "val"), ("reg", "n")),
    ("goto", ("reg", "continue")),
    "immediate-answer",
    ("assign", "val", ("reg", "n")),
    ("goto", ("reg", "continue")),
    "fib-done",
]

FACTORIAL_CONTROLLER = [
    ("perform", ("op", "initialize-stack")),
    ("assign", "continue", ("label", "fact-done")),
    "fact-loop",
    ("test", ("op", "="), ("reg", "n"), ("const", 1)),
    ("branch", ("label", "base-case")),
    ("save", "continue"),
    ("save", "n"),
    ("assign", "n", ("op", "-"), ("reg", "n"), ("const", 1)),
    ("assign", "continue", ("label", "after-fact")),
    ("goto", ("label", "fact-loop")),
    "after-fact",
    ("restore", "n"),
    ("restore", "continue"),
    ("assign", "val", ("op", "*"), ("reg", "n"), ("reg", "val")),
    ("goto", ("reg", "continue")),
    "base-case",
    ("assign", "val", ("const", 1)),
    ("goto", ("reg", "continue")),
    "fact-done",
]

GCD_CONTROLLER = [
    "test-b",
    ("test", ("op", "="), ("reg", "b"), ("const", 0)),
    ("branch", ("label", "gcd-done")),
    ("assign", "t", ("op", "rem"), ("reg", "a"), ("reg", "b")),
    ("assign", "a", ("reg", "b")),
    ("assign", "b", ("reg", "t")),
    ("goto", ("label", "test-b")),
    "gcd-done",
]


def remainder(a, b):
    """Scheme's remainder: the sign of a (the operands here are positive)."""
    r = abs(a) % abs(b)
    return -r if a < 0 else r


def run(n: int = 24) -> list:
    fib_machine = Machine(["n", "val", "continue"],
                          {"<": lambda a, b: a < b, "-": lambda a, b: a - b, "+": lambda a, b: a + b},
                          FIB_CONTROLLER)
    factorial_machine = Machine(["n", "val", "continue"],
                                {"=": lambda a, b: a == b, "-": lambda a, b: a - b, "*": lambda a, b: a * b},
                                FACTORIAL_CONTROLLER)
    gcd_machine = Machine(["a", "b", "t"], {"=": lambda a, b: a == b, "rem": remainder}, GCD_CONTROLLER)
    fib_machine.register("n").contents = n
    fib_machine.start()
    factorial_machine.register("n").contents = n
    factorial_machine.start()
    fib_value = fib_machine.register("val").contents
    fib_steps = fib_machine.take_instruction_count()
    factorial = factorial_machine.register("val").contents
    factorial_steps = factorial_machine.take_instruction_count()
    gcd_sum = 0
    for k in range(1, n + 1):
        gcd_machine.register("a").contents = k * k * k + 1
        gcd_machine.register("b").contents = k * k + 1
        gcd_machine.start()
        gcd_sum += gcd_machine.register("a").contents
    return [fib_value, fib_steps, fib_machine.stack.number_pushes, fib_machine.stack.max_depth,
            factorial, factorial_steps, factorial_machine.stack.number_pushes,
            gcd_sum, gcd_machine.take_instruction_count()]
