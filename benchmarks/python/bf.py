"""bf: a Brainf*ck interpreter (benchmarks/scheme/bf.scm).

The same algorithm as the Scheme: brackets matched once with a stack
into a list of jumps (an unmatched one raises BracketError with its
position), a bytearray tape of 65536 cells wrapping modulo 256, input
read from a string (0 at its end) and output written to a StringIO,
every instruction counted; the text of n words drawn with the shared
generator (from 17), the program that prints it built the same way.
"""

import io

from .checksum import of_text as checksum
from .lcg import Random

WORDS = ["tape", "cell", "loop", "jump", "byte", "Turing", "wraps", "eight", "bracket",
         "pointer", "output", "input", "zero", "Mueller", "plus", "minus"]


class BracketError(Exception):
    def __init__(self, message, position):
        super().__init__(message)
        self.message = message
        self.position = position


def match_brackets(program):
    jumps = [0] * len(program)
    open_positions = []
    for pc, instruction in enumerate(program):
        if instruction == "[":
            open_positions.append(pc)
        elif instruction == "]":
            if not open_positions:
                raise BracketError("unmatched ]", pc)
            start = open_positions.pop()
            jumps[pc] = start
            jumps[start] = pc
    if open_positions:
        raise BracketError("unmatched [", open_positions[-1])
    return jumps


def execute(program, text):
    """Return what the program printed and the instructions it ran."""
    jumps = match_brackets(program)
    tape = bytearray(65536)
    out = io.StringIO()
    read = 0
    pc = ptr = count = 0
    end = len(program)
    while pc < end:
        count += 1
        instruction = program[pc]
        if instruction == ">":
            ptr += 1
        elif instruction == "<":
            ptr -= 1
        elif instruction == "+":
            tape[ptr] = (tape[ptr] + 1) % 256
        elif instruction == "-":
            tape[ptr] = (tape[ptr] - 1) % 256
        elif instruction == ".":
            out.write(chr(tape[ptr]))
        elif instruction == ",":
            if read < len(text):
                tape[ptr] = ord(text[read])
                read += 1
            else:
                tape[ptr] = 0
        elif instruction == "[":
            if tape[ptr] == 0:
                pc = jumps[pc]
        elif instruction == "]":
            if tape[ptr] != 0:
                pc = jumps[pc]
        pc += 1
    return out.getvalue(), count


def text_to_program(text):
    out = io.StringIO()
    cell = 0
    for ch in text:
        target = ord(ch)
        change = target - cell
        step = "-" if change < 0 else "+"
        eights, rest = divmod(abs(change), 8)
        if eights > 0:
            out.write(">" + "+" * eights + "[<" + step * 8 + ">-]<")
        out.write(step * rest + ".")
        cell = target
    return out.getvalue()



def caught(program):
    try:
        return list(execute(program, ""))
    except BracketError as e:
        return [e.message, e.position]


def run(n: int = 3_000) -> list:
    rng = Random(17)
    text = " ".join(WORDS[rng.below(len(WORDS))] for _ in range(n))
    printer = text_to_program(text)
    printed, printer_count = execute(printer, "")
    backwards, backwards_count = execute(">,[>,]<[.<]", text)
    counted, _ = execute("+++++++[>++++++[>+++[>+<-]<-]<-]>>>[>+>+<<-]>.", "")
    return [len(printer), printer_count, printed == text, backwards_count, backwards == text[::-1],
            checksum(backwards), ord(counted[0]),
            [caught(p) for p in ("+[[-]", "+]", "[]][", "[[]]]")]]
