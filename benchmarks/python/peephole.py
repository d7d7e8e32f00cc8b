"""peephole: stack code compiled from arithmetic and a peephole optimizer of rewrite rules (benchmarks/scheme/peephole.scm).

The same algorithm as the Scheme: programs drawn with the shared
generator (from 7) in the same order, expressions as nested tuples,
compiled into lists of instruction tuples; the rules a list of (name,
patterns, builder), patterns tuples whose "?" strings are variables,
matched instruction by instruction against the front of the code into
a dict of bindings; a pass tries the rules in order at each place and
goes on from the replacement, passes repeat until one changes nothing;
each rule's firings and the opcodes left counted in dicts kept in
insertion order; both versions run by a stack machine (an if-chain on
the opcode, a list as the stack, a dict of variables, arithmetic modulo
1000003).
"""

from .lcg import Random

P = 1000003
CONSTANTS = (0, 1, 1, 2, 3, 0, 4, 1)
OPERATORS = ("+", "-", "*")
TARGETS = ("a", "b", "c", "d", "x", "y")
OPCODES = {"+": "add", "-": "sub", "*": "mul"}


def random_expression(rng, depth, variables):
    choice = rng.next() % (2 if depth == 0 else 7)
    if choice == 0:
        return CONSTANTS[rng.next() % 8]
    if choice == 1:
        return variables[rng.next() % len(variables)]
    if choice == 2:
        return ("neg", random_expression(rng, depth - 1, variables))
    operator = OPERATORS[rng.next() % 3]
    left = random_expression(rng, depth - 1, variables)
    right = random_expression(rng, depth - 1, variables)
    return (operator, left, right)


def random_program(rng, statements):
    variables = ["x", "y", "z"]  # new ones put first, as the Scheme's list
    program = []
    for _ in range(statements):
        target = TARGETS[rng.next() % 6]
        e = random_expression(rng, 3, variables)
        if target not in variables:
            variables.insert(0, target)
        program.append((target, e))
    return program


def compile_expression(e):
    if isinstance(e, int):
        return [("push", e)]
    if isinstance(e, str):
        return [("load", e)]
    if e[0] == "neg":
        return compile_expression(e[1]) + [("neg",)]
    return compile_expression(e[1]) + compile_expression(e[2]) + [(OPCODES[e[0]],)]


def compile_program(program):
    code = []
    for target, e in program:
        code += compile_expression(e)
        code.append(("store", target))
    return code


def execute(code):
    stack = []
    env = {"x": 3, "y": -2, "z": 7}
    for instruction in code:
        op = instruction[0]
        if op == "push":
            stack.append(instruction[1])
        elif op == "load":
            stack.append(env[instruction[1]])
        elif op == "store":
            env[instruction[1]] = stack.pop()
        elif op == "add":
            top = stack.pop()
            stack.append((stack.pop() + top) % P)
        elif op == "sub":
            top = stack.pop()
            stack.append((stack.pop() - top) % P)
        elif op == "mul":
            top = stack.pop()
            stack.append((stack.pop() * top) % P)
        elif op == "neg":
            stack.append(-stack.pop() % P)
        elif op == "dup":
            stack.append(stack[-1])
        elif op == "pop":
            stack.pop()
        else:
            raise ValueError(f"unknown instruction {instruction}")
    return [env[name] % P if name in env else 0 for name in ("a", "b", "c", "d", "x", "y", "z")]


def match(pattern, instruction, bindings):
    if len(pattern) != len(instruction):
        return False
    for p, x in zip(pattern, instruction):
        if isinstance(p, str) and p.startswith("?"):
            if p not in bindings:
                bindings[p] = x
            elif bindings[p] != x:
                return False
        elif p != x:
            return False
    return True


RULES = [
    ("fold-add", [("push", "?a"), ("push", "?b"), ("add",)], lambda b: [("push", b["?a"] + b["?b"])]),
    ("fold-sub", [("push", "?a"), ("push", "?b"), ("sub",)], lambda b: [("push", b["?a"] - b["?b"])]),
    ("fold-mul", [("push", "?a"), ("push", "?b"), ("mul",)], lambda b: [("push", b["?a"] * b["?b"])]),
    ("fold-neg", [("push", "?a"), ("neg",)], lambda b: [("push", -b["?a"])]),
    ("add-zero", [("push", 0), ("add",)], lambda b: []),
    ("sub-zero", [("push", 0), ("sub",)], lambda b: []),
    ("mul-one", [("push", 1), ("mul",)], lambda b: []),
    ("mul-zero", [("push", 0), ("mul",)], lambda b: [("pop",), ("push", 0)]),
    ("neg-neg", [("neg",), ("neg",)], lambda b: []),
    ("neg-add", [("neg",), ("add",)], lambda b: [("sub",)]),
    ("neg-sub", [("neg",), ("sub",)], lambda b: [("add",)]),
    ("double", [("dup",), ("add",)], lambda b: [("push", 2), ("mul",)]),
    ("store-load", [("store", "?x"), ("load", "?x")], lambda b: [("dup",), ("store", b["?x"])]),
    ("load-load", [("load", "?x"), ("load", "?x")], lambda b: [("load", b["?x"]), ("dup",)]),
    ("load-pop", [("load", "?x"), ("pop",)], lambda b: []),
    ("push-pop", [("push", "?a"), ("pop",)], lambda b: []),
    ("dup-pop", [("dup",), ("pop",)], lambda b: []),
    ("add-add", [("push", "?a"), ("add",), ("push", "?b"), ("add",)], lambda b: [("push", b["?a"] + b["?b"]), ("add",)]),
    ("mul-mul", [("push", "?a"), ("mul",), ("push", "?b"), ("mul",)], lambda b: [("push", b["?a"] * b["?b"]), ("mul",)]),
]


def try_rules(code, at):
    """(name, replacement, length matched) for the first rule matching code from `at`, or None."""
    for name, patterns, build in RULES:
        if at + len(patterns) > len(code):
            continue
        bindings = {}
        if all(match(p, code[at + i], bindings) for i, p in enumerate(patterns)):
            return name, build(bindings), len(patterns)
    return None


def one_pass(code, counts):
    done = []
    changed = False
    code = list(code)
    at = 0
    while at < len(code):
        hit = try_rules(code, at)
        if hit:
            name, replacement, length = hit
            counts[name] += 1
            code[at:at + length] = replacement
            changed = True
        else:
            done.append(code[at])
            at += 1
    return done, changed


def optimize(code, counts):
    passes = 1
    code, changed = one_pass(code, counts)
    while changed:
        passes += 1
        code, changed = one_pass(code, counts)
    return code, passes


def run(n):
    rng = Random(7)
    counts = {name: 0 for name, _, _ in RULES}
    opcodes = {}
    before = after = passes = 0
    same = True
    last_values = None
    for _ in range(n):
        code = compile_program(random_program(rng, 12))
        expected = execute(code)
        better, taken = optimize(code, counts)
        got = execute(better)
        before += len(code)
        after += len(better)
        passes += taken
        same = same and got == expected
        for instruction in better:
            opcodes[instruction[0]] = opcodes.get(instruction[0], 0) + 1
        last_values = got
    return [before, after, passes, [[name, count] for name, count in counts.items()], same,
            [[op, count] for op, count in opcodes.items()], last_values]
