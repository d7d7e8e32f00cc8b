"""assembler: a two-pass assembler, its machine and a disassembler (benchmarks/scheme/assembler.scm).

The same algorithm as the Scheme: the source cut at each newline, a
line scanned by index (numbers added up digit by digit, words up to a
space, comma or `;'), the labels a list of (name, address) pairs
searched in order, the mnemonics looked up in the same table of operand
kinds (pairs searched in order), instructions tuples of four; mistakes raised as an exception
carrying (kind, text, line).  The machine a loop over the program
counter with an if-chain on the mnemonic, a list as the stack; the
disassembler labels the jump targets found in a list.  The same four
programs, written out the same way, and the same five bad ones.
"""

from .alist import assoc

KINDS = [
    ("set", ("reg", "imm")), ("mov", ("reg", "reg")), ("add", ("reg", "reg")), ("sub", ("reg", "reg")),
    ("mul", ("reg", "reg")), ("div", ("reg", "reg")), ("mod", ("reg", "reg")), ("addi", ("reg", "imm")),
    ("jmp", ("label",)), ("jz", ("reg", "label")), ("jnz", ("reg", "label")), ("jlt", ("reg", "reg", "label")),
    ("call", ("label",)), ("ret", ()), ("push", ("reg",)), ("pop", ("reg",)), ("out", ("reg",)), ("halt", ()),
]


class AssemblyError(Exception):
    def __init__(self, kind, text, line):
        super().__init__(kind)
        self.kind, self.text, self.line = kind, text, line


def split_lines(text):
    lines = []
    start = 0
    for i, c in enumerate(text):
        if c == "\n":
            lines.append(text[start:i])
            start = i + 1
    lines.append(text[start:])
    return lines


def is_separator(c):
    return c.isspace() or c == "," or c == ";"


def tokenize(line):
    n = len(line)
    tokens = []
    i = 0
    while i < n:
        c = line[i]
        if c == ";":
            break
        if is_separator(c):
            i += 1
        elif c.isdigit() or (c == "-" and i + 1 < n and line[i + 1].isdigit()):
            j = i + 1 if c == "-" else i
            value = 0
            while j < n and line[j].isdigit():
                value = value * 10 + ord(line[j]) - ord("0")
                j += 1
            tokens.append(-value if c == "-" else value)
            i = j
        else:
            j = i
            while j < n and not is_separator(line[j]):
                j += 1
            tokens.append(line[i:j])
            i = j
    return tokens


def is_label_definition(token):
    return isinstance(token, str) and len(token) > 1 and token[-1] == ":"


def register_number(token, line):
    if isinstance(token, str) and len(token) == 2 and token[0] == "r" and "0" <= token[1] <= "7":
        return ord(token[1]) - ord("0")
    raise AssemblyError("bad-register", token, line)


def first_pass(lines):
    labels = []
    instructions = []
    address = 0
    for line, text in enumerate(lines, 1):
        tokens = tokenize(text)
        label = tokens[0][:-1] if tokens and is_label_definition(tokens[0]) else None
        rest = tokens[1:] if label is not None else tokens
        if label is not None and assoc(label, labels) is not None:
            raise AssemblyError("duplicate-label", label, line)
        if label is not None:
            labels.append((label, address))
        if rest:
            instructions.append((line, rest))
            address += 1
    return labels, instructions


def encode(line, tokens, labels):
    name, operands = tokens[0], tokens[1:]
    entry = assoc(name, KINDS) if isinstance(name, str) else None
    if entry is None:
        raise AssemblyError("unknown-instruction", name, line)
    kinds = entry[1]
    if len(operands) != len(kinds):
        raise AssemblyError("wrong-operands", name, line)
    encoded = []
    for kind, operand in zip(kinds, operands):
        if kind == "reg":
            encoded.append(register_number(operand, line))
        elif kind == "imm":
            if not isinstance(operand, int):
                raise AssemblyError("wrong-operands", name, line)
            encoded.append(operand)
        else:
            entry = assoc(operand, labels) if isinstance(operand, str) else None
            if entry is None:
                raise AssemblyError("undefined-label", operand, line)
            encoded.append(entry[1])
    return tuple([name] + encoded + [None] * (3 - len(encoded)))


def assemble(text):
    labels, instructions = first_pass(split_lines(text))
    return [encode(line, tokens, labels) for line, tokens in instructions], len(labels)


def execute(program):
    registers = [0] * 8
    pc = 0
    stack = []
    steps = 0
    output = []
    while True:
        op, a, b, c = program[pc]
        steps += 1
        if op == "set":
            registers[a] = b
            pc += 1
        elif op == "mov":
            registers[a] = registers[b]
            pc += 1
        elif op == "add":
            registers[a] += registers[b]
            pc += 1
        elif op == "sub":
            registers[a] -= registers[b]
            pc += 1
        elif op == "mul":
            registers[a] *= registers[b]
            pc += 1
        elif op == "div":
            x, y = registers[a], registers[b]
            registers[a] = abs(x) // abs(y) * (1 if (x < 0) == (y < 0) else -1)
            pc += 1
        elif op == "mod":
            registers[a] %= registers[b]
            pc += 1
        elif op == "addi":
            registers[a] += b
            pc += 1
        elif op == "jmp":
            pc = a
        elif op == "jz":
            pc = b if registers[a] == 0 else pc + 1
        elif op == "jnz":
            pc = pc + 1 if registers[a] == 0 else b
        elif op == "jlt":
            pc = c if registers[a] < registers[b] else pc + 1
        elif op == "call":
            stack.append(pc + 1)
            pc = a
        elif op == "ret":
            pc = stack.pop()
        elif op == "push":
            stack.append(registers[a])
            pc += 1
        elif op == "pop":
            registers[a] = stack.pop()
            pc += 1
        elif op == "out":
            output.append(registers[a])
            pc += 1
        else:
            return output, steps


def disassemble(program):
    targets = []
    for instruction in program:
        for k, kind in enumerate(assoc(instruction[0], KINDS)[1], 1):
            if kind == "label" and instruction[k] not in targets:
                targets.append(instruction[k])
    lines = []
    for i, instruction in enumerate(program):
        operands = []
        for k, kind in enumerate(assoc(instruction[0], KINDS)[1], 1):
            x = instruction[k]
            if kind == "reg":
                operands.append("r" + str(x))
            elif kind == "imm":
                operands.append(str(x))
            else:
                operands.append("L" + str(x))
        prefix = "L" + str(i) + ": " if i in targets else "        "
        lines.append(prefix + instruction[0] + "".join(" " + text for text in operands) + "\n")
    return "".join(lines)


def source(*lines):
    return "".join(line + "\n" for line in lines)


def primes_program(limit):
    return source(
        "; the sum and count of the primes below the limit",
        "        set r0 " + str(limit),
        "        set r1 2          ; the candidate",
        "        set r2 0          ; the sum",
        "        set r3 0          ; the count",
        "outer:  jlt r1 r0 body",
        "        jmp finish",
        "body:   set r4 2          ; the divisor",
        "inner:  mov r5 r4",
        "        mul r5 r4",
        "        jlt r1 r5 prime   ; past the square root",
        "        mov r5 r1",
        "        mod r5 r4",
        "        jz r5 composite",
        "        addi r4 1",
        "        jmp inner",
        "prime:  add r2 r1",
        "        addi r3 1",
        "composite: addi r1 1",
        "        jmp outer",
        "finish: out r2",
        "        out r3",
        "        halt",
    )


def gcd_program(m):
    return source(
        "        set r0 " + str(m),
        "        set r3, 1         ; i",
        "        set r4, 0         ; the total",
        "loop:   jlt r0, r3, done",
        "        mov r1, r3",
        "        mov r2, r0",
        "        call gcd",
        "        add r4, r1",
        "        addi r3, 1",
        "        jmp loop",
        "done:   out r4",
        "        halt",
        "; gcd of r1 and r2 into r1, r5 kept",
        "gcd:    push r5",
        "again:  jz r2, back",
        "        mov r5, r1",
        "        mod r5, r2",
        "        mov r1, r2",
        "        mov r2, r5",
        "        jmp again",
        "back:   pop r5",
        "        ret",
    )


def collatz_program(m):
    return source(
        "        set r0 " + str(m),
        "        set r1 1          ; the start",
        "        set r4 0          ; the steps in all",
        "        set r5 0          ; the most",
        "        set r6 2",
        "next:   jlt r0 r1 done",
        "        mov r2 r1",
        "        set r3 0",
        "walk:   mov r7 r2",
        "        addi r7 -1",
        "        jz r7 ended",
        "        mov r7 r2",
        "        mod r7 r6",
        "        jz r7 even",
        "        set r7 3",
        "        mul r2 r7",
        "        addi r2 1",
        "        jmp counted",
        "even:   div r2 r6",
        "counted: addi r3 1",
        "        jmp walk",
        "ended:  add r4 r3",
        "        jlt r3 r5 shorter",
        "        mov r5 r3",
        "shorter: addi r1 1",
        "        jmp next",
        "done:   out r4",
        "        out r5",
        "        halt",
    )


FIBONACCI_PROGRAM = source(
    "        set r1 14",
    "        call fib",
    "        out r2",
    "        halt",
    "; Fibonacci of r1 into r2, r1 kept",
    "fib:    set r2 2",
    "        jlt r1 r2 small",
    "        push r1",
    "        addi r1 -1",
    "        call fib",
    "        push r2",
    "        addi r1 -1",
    "        call fib",
    "        pop r3",
    "        add r2 r3",
    "        pop r1",
    "        ret",
    "small:  mov r2 r1",
    "        ret",
)

BAD_PROGRAMS = [
    source("start: set r1 5", "        jmp nowhere", "        halt"),
    source("        set r1 5", "        jump start"),
    source("        set r9 5", "        halt"),
    source("a:      set r1 1", "b:      set r2 2", "a:      halt"),
    source("        set r1", "        halt"),
]


def run(n):
    texts = [primes_program(4 * n), gcd_program(n), collatz_program(n), FIBONACCI_PROGRAM]
    reports = []
    for text in texts:
        program, labels = assemble(text)
        output, steps = execute(program)
        reports.append([len(program), labels, steps, output])
    round_trips = []
    for text in texts:
        program, _ = assemble(text)
        again, _ = assemble(disassemble(program))
        round_trips.append(program == again)
    mistakes = []
    for text in BAD_PROGRAMS:
        try:
            assemble(text)
            mistakes.append("assembled")
        except AssemblyError as error:
            mistakes.append([error.kind, error.line])
    return [reports, all(round_trips), mistakes]
