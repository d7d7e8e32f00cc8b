"""secd: Landin's SECD machine and a compiler to its code (benchmarks/scheme/secd.scm).

The same algorithm as the Scheme, in Python's own way: the programs are
text read once into nested lists (symbols as str) by a small reader, the
drawn numbers put in by a walk that replaces placeholders; the compiler
appends instructions (tuples) to a list, a SEL's branches and a LDF's body
compiled into lists of their own; the machine keeps a code list and an
index, the stack a list, environments linked (frame, parent) tuples whose
frames are lists (a DUM's filled in by RAP), data pairs (car, cdr) tuples
with None for the empty list, closures a class, a car of a non-pair an
exception; the shared generator (from 73) drawn in the same order.
"""

import operator

from .lcg import Random


class Closure:
    __slots__ = ("code", "env")

    def __init__(self, code, env):
        self.code = code
        self.env = env


class MachineError(Exception):
    pass


def car(p):
    if type(p) is not tuple:
        raise MachineError("car")
    return p[0]


def cdr(p):
    if type(p) is not tuple:
        raise MachineError("cdr")
    return p[1]


PRIMITIVES = {
    "+": operator.add, "-": operator.sub, "*": operator.mul, "<": operator.lt, "=": operator.eq,
    "quotient": operator.floordiv, "remainder": operator.mod,  # only ever given positive numbers
    "cons": lambda a, b: (a, b), "car": car, "cdr": cdr,
    "null?": lambda p: p is None, "pair?": lambda p: type(p) is tuple,
}


# -- the programs, read once ----------------------------------------------------

def read(text):
    tokens = text.replace("(", " ( ").replace(")", " ) ").replace("'", " ' ").split()
    position = 0

    def datum():
        nonlocal position
        token = tokens[position]
        position += 1
        if token == "(":
            items = []
            while tokens[position] != ")":
                items.append(datum())
            position += 1
            return items
        if token == "'":
            return ["quote", datum()]
        try:
            return int(token)
        except ValueError:
            return token

    return datum()


PROGRAMS = [read(text) for text in [
    "(letrec ((fact (lambda (n) (if (= n 0) 1 (* n (fact (- n 1))))))) (fact $1))",
    "(letrec ((fib (lambda (n) (if (< n 2) n (+ (fib (- n 1)) (fib (- n 2))))))) (fib $1))",
    """(letrec ((range (lambda (a b) (if (= a b) '() (cons a (range (+ a 1) b)))))
               (map (lambda (f l) (if (null? l) '() (cons (f (car l)) (map f (cdr l))))))
               (sum (lambda (l) (if (null? l) 0 (+ (car l) (sum (cdr l)))))))
         (let ((k $1)) (sum (map (lambda (x) (* x k)) (range 0 $2)))))""",
    "(letrec ((nth (lambda (l i) (if (= i 0) (car l) (nth (cdr l) (- i 1)))))) (nth '(10 20 30 40 50) $1))",
    "(letrec ((gcd (lambda (a b) (if (= b 0) a (gcd b (remainder a b)))))) (gcd $1 $2))",
    """(let ((compose (lambda (f g) (lambda (x) (f (g x))))) (add (lambda (x) (+ x 3))))
         (letrec ((repeat (lambda (f k) (if (= k 0) (lambda (x) x) (compose f (repeat f (- k 1)))))))
           ((repeat add $1) 0)))""",
    """(letrec ((ack (lambda (m n) (if (= m 0) (+ n 1) (if (= n 0) (ack (- m 1) 1) (ack (- m 1) (ack m (- n 1))))))))
         (ack 2 $1))""",
    """(letrec ((insert (lambda (x l) (if (null? l) (cons x '()) (if (< x (car l)) (cons x l) (cons (car l) (insert x (cdr l)))))))
               (sort (lambda (l) (if (null? l) '() (insert (car l) (sort (cdr l)))))))
         (sort '$1))""",
]]


def fill(template, values):
    if isinstance(template, list):
        return [fill(part, values) for part in template]
    if isinstance(template, str) and template.startswith("$"):
        return values[int(template[1:]) - 1]
    return template


def program(rng, i):
    which = i % 8
    if which == 0:
        values = [10 + rng.below(20)]
    elif which == 1:
        values = [6 + rng.below(7)]
    elif which == 2:
        k = 1 + rng.below(9)
        values = [k, 10 + rng.below(40)]
    elif which == 3:
        values = [rng.below(7)]
    elif which == 4:
        a = 1 + rng.below(5000)
        values = [a, 1 + rng.below(5000)]
    elif which == 5:
        values = [5 + rng.below(30)]
    elif which == 6:
        values = [rng.below(6)]
    else:
        count = 5 + rng.below(20)
        items = [rng.below(100) for _ in range(count)]
        values = [items[::-1]]
    return fill(PROGRAMS[which], values)


# -- the compiler ----------------------------------------------------------------

def to_pairs(datum):
    if isinstance(datum, list):
        result = None
        for item in reversed(datum):
            result = (to_pairs(item), result)
        return result
    return datum


def locate(name, frames):
    for i, frame in enumerate(frames):
        if name in frame:
            return (i, frame.index(name))
    raise NameError(name)


def compile_expr(x, frames, out):
    if isinstance(x, (int, bool)):
        out.append(("LDC", x))
    elif isinstance(x, str):
        out.append(("LD", locate(x, frames)))
    elif x[0] == "quote":
        out.append(("LDC", to_pairs(x[1])))
    elif x[0] == "if":
        compile_expr(x[1], frames, out)
        out.append(("SEL", compile_block(x[2], frames, "JOIN"), compile_block(x[3], frames, "JOIN")))
    elif x[0] == "lambda":
        out.append(("LDF", compile_block(x[2], [x[1]] + frames, "RTN")))
    elif x[0] == "let":
        compile_expr([["lambda", [b[0] for b in x[1]], x[2]]] + [b[1] for b in x[1]], frames, out)
    elif x[0] == "letrec":
        names = [b[0] for b in x[1]]
        inner = [names] + frames
        out.append(("DUM",))
        for b in x[1]:
            compile_expr(b[1], inner, out)
        out.append(("LDF", compile_block(x[2], inner, "RTN")))
        out.append(("RAP", len(names)))
    else:
        for arg in x[1:]:
            compile_expr(arg, frames, out)
        if isinstance(x[0], str) and x[0] in PRIMITIVES:
            out.append(("PRIM", x[0], len(x) - 1))
        else:
            compile_expr(x[0], frames, out)
            out.append(("AP", len(x) - 1))


def compile_block(x, frames, last):
    out = []
    compile_expr(x, frames, out)
    out.append((last,))
    return out


def code_size(code):
    size = 0
    for ins in code:
        size += 1
        if ins[0] == "SEL":
            size += code_size(ins[1]) + code_size(ins[2])
        elif ins[0] == "LDF":
            size += code_size(ins[1])
    return size


# -- the machine -----------------------------------------------------------------

def pop_args(stack, k):
    """The top k values of the stack, the deepest first, taken off it."""
    args = stack[len(stack) - k:]
    del stack[len(stack) - k:]
    return args


def execute(code):
    stack = []
    env = None
    pc = 0
    dump = []
    steps = 0
    try:
        while True:
            steps += 1
            if pc == len(code):
                return stack[-1], steps
            ins = code[pc]
            op = ins[0]
            if op == "LDC":
                stack.append(ins[1])
                pc += 1
            elif op == "LD":
                i, j = ins[1]
                e = env
                for _ in range(i):
                    e = e[1]
                stack.append(e[0][j])
                pc += 1
            elif op == "LDF":
                stack.append(Closure(ins[1], env))
                pc += 1
            elif op == "AP":
                f = stack.pop()
                args = pop_args(stack, ins[1])
                dump.append((stack, env, code, pc + 1))
                stack, env, code, pc = [], (args, f.env), f.code, 0
            elif op == "RTN":
                value = stack[-1]
                stack, env, code, pc = dump.pop()
                stack.append(value)
            elif op == "SEL":
                test = stack.pop()
                dump.append((None, None, code, pc + 1))
                code, pc = (ins[1] if test is not False else ins[2]), 0
            elif op == "JOIN":
                _, _, code, pc = dump.pop()
            elif op == "DUM":
                env = ([], env)
                pc += 1
            elif op == "RAP":
                f = stack.pop()
                f.env[0].extend(pop_args(stack, ins[1]))
                dump.append((stack, env[1], code, pc + 1))
                stack, env, code, pc = [], f.env, f.code, 0
            elif op == "PRIM":
                args = pop_args(stack, ins[2])
                stack.append(PRIMITIVES[ins[1]](*args))
                pc += 1
            else:
                raise ValueError(f"unknown instruction {ins}")
    except MachineError:
        return "error", steps


def fold_answer(total, answer):
    if type(answer) is int:
        return (total * 31 + answer) % 1000003
    if type(answer) is tuple:
        return fold_answer(fold_answer(total, answer[0]), answer[1])
    if answer is None:
        return (total * 31 + 7) % 1000003
    if type(answer) is str:
        return (total * 31 + 13) % 1000003
    return total


def to_list(answer):
    if type(answer) is tuple or answer is None:
        items = []
        while answer is not None:
            items.append(to_list(answer[0]))
            answer = answer[1]
        return items
    return answer


def run(n):
    rng = Random(73)
    steps = size = errors = checksum = 0
    first = []
    for i in range(n):
        code = []
        compile_expr(program(rng, i), [], code)
        answer, taken = execute(code)
        steps += taken
        size += code_size(code)
        if answer == "error":
            errors += 1
        checksum = fold_answer(checksum, answer)
        if i < 8:
            first.append(to_list(answer))
    return [n, steps, size, errors, checksum, first]
