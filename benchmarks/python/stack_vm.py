"""stack-vm: the same stack machine program, interpreted in Python (benchmarks/scheme/stack-vm.scm)."""

PROGRAM = [
    ("push", 0), ("load", 0), ("jump-if-zero", 11), ("load", 0), ("add",), ("load", 0), ("push", -1),
    ("add",), ("store", 0), ("jump", 1), ("halt",), ("halt",),
]


def execute(code, memory):
    pc = 0
    stack = []
    while True:
        instr = code[pc]
        op = instr[0]
        if op == "push":
            stack.append(instr[1])
            pc += 1
        elif op == "load":
            stack.append(memory[instr[1]])
            pc += 1
        elif op == "store":
            memory[instr[1]] = stack.pop()
            pc += 1
        elif op == "add":
            b = stack.pop()
            a = stack.pop()
            stack.append(a + b)
            pc += 1
        elif op == "jump":
            pc = instr[1]
        elif op == "jump-if-zero":
            pc = instr[1] if stack.pop() == 0 else pc + 1
        elif op == "halt":
            return stack[-1]
        else:
            raise ValueError(f"stack-vm: bad instruction {instr!r}")


def run(n: int = 20_000) -> int:
    return execute(PROGRAM, [n])
