"""Fuzzing: any program ends in a value or a schemehost error, never a Python one.

(a) Programs from a grammar of forms: literals, a few variables, `if`,
`let`, `lambda`, `define`, `set!`, `begin`, `cond`, `quote`, and calls to
real procedures with random numbers of arguments.  (b) Programs made of
random tokens, and (c) arbitrary text.  Each runs in a fresh interpreter
with a step budget (every procedure call counts), an allocation cap and no
file access, so no program can run for long, take the host's memory, or
touch the disk.  The value a program returns must also print.

A Python exception other than SchemehostError escaping `eval_string` (or the
printer) is a bug: the house rule is that a user never sees a traceback.
"""

from __future__ import annotations

import io

from hypothesis import example, given, settings
from hypothesis import strategies as st

from schemehost import Interpreter, SchemehostError
from schemehost.printer import write_string


def run(program: str) -> None:
    """Evaluate `program`; pass on a value or a schemehost error, fail on anything else."""
    interp = Interpreter(
        stdin="1 (2 3) \"four\"\nfive\n",
        stdout=io.StringIO(),
        stderr=io.StringIO(),
        step_limit=10_000,
        max_alloc=10_000,
        allow_files=False,
    )
    try:
        value = interp.eval_string(program)
    except SchemehostError:
        return
    write_string(value)


# -- (a) programs from a grammar of forms -----------------------------------------------

VARIABLES = ["x", "y", "f", "lst", "n"]

# Not expt or square: a chain of them, such as (square (square ... 20)), builds
# an exact integer of millions of digits, which takes seconds to compute or
# print without counting as procedure calls.  The conformance tests cover them.
PROCEDURES = [
    # numbers
    "+", "-", "*", "/", "=", "<", ">", "<=", ">=", "abs", "quotient", "remainder", "modulo",
    "floor/", "truncate/", "gcd", "lcm", "min", "max", "exp", "log", "sqrt", "sin", "atan",
    "exact", "inexact", "floor", "round", "truncate", "numerator", "denominator", "rationalize",
    "exact-integer-sqrt", "number->string", "string->number", "zero?", "odd?", "nan?",
    "make-rectangular", "make-polar", "angle", "magnitude",
    # booleans, equivalence, symbols
    "not", "eq?", "eqv?", "equal?", "boolean=?", "symbol->string", "string->symbol", "symbol=?",
    # pairs and lists
    "cons", "car", "cdr", "cadr", "set-car!", "set-cdr!", "list", "length", "append", "reverse",
    "list-tail", "list-ref", "list-set!", "list-copy", "memq", "memv", "member", "assq", "assv", "assoc",
    "make-list", "iota", "filter", "fold", "reduce", "sort", "last-pair", "list?", "null?", "pair?",
    # characters and strings
    "char->integer", "integer->char", "char-upcase", "char-foldcase", "digit-value", "char<?",
    "string", "make-string", "string-length", "string-ref", "string-set!", "substring", "string-append",
    "string-copy", "string-copy!", "string-fill!", "string->list", "list->string", "string-upcase",
    "string-foldcase", "string=?", "string<?", "string-ci=?", "string-map", "string-for-each",
    "string->vector", "string->utf8",
    # vectors and bytevectors
    "vector", "make-vector", "vector-ref", "vector-set!", "vector-length", "vector->list",
    "list->vector", "vector-fill!", "vector-copy", "vector-copy!", "vector-append", "vector-map",
    "vector-for-each", "vector->string", "bytevector", "make-bytevector", "bytevector-u8-ref",
    "bytevector-u8-set!", "bytevector-copy", "bytevector-append", "utf8->string",
    # control and exceptions
    "apply", "map", "for-each", "values", "call-with-values", "call/cc", "dynamic-wind", "force",
    "make-promise", "make-parameter", "procedure?", "error", "raise", "raise-continuable",
    "with-exception-handler", "error-object?", "error-object-message", "error-object-irritants",
    # ports and the rest
    "display", "write", "write-shared", "write-simple", "newline", "write-char", "write-string",
    "read", "read-char", "peek-char", "read-line", "read-string", "char-ready?",
    "open-input-string", "open-output-string", "get-output-string", "eof-object",
    "open-input-bytevector", "read-u8", "eval", "interaction-environment", "exit",
]

numbers = st.one_of(
    st.integers(-5, 100).map(str),
    st.sampled_from(["0.5", "-2.25", "1e3", "+inf.0", "+nan.0", "1/3", "-7/2", "#e1.5", "#x1F"]),
)
strings = st.sampled_from(['""', '"a"', '"hello"', '"a b"', '"\\n"', '"λ"'])
others = st.sampled_from(["#t", "#f", "#\\a", "#\\space", "'()", "'sym", "'(1 2 3)", "'#(1 2)", "#u8(1 2)"])
variables = st.sampled_from(VARIABLES)
atoms = st.one_of(numbers, strings, others, variables)


def form(*parts: str) -> str:
    return "(" + " ".join(parts) + ")"


def bindings(names, inits) -> str:
    return form(*(form(name, init) for name, init in zip(names, inits)))


def forms(children: st.SearchStrategy) -> st.SearchStrategy:
    """Special forms and calls one level above `children`."""
    bodies = st.lists(children, min_size=1, max_size=3)
    params = st.one_of(
        st.lists(variables, max_size=3, unique=True).map(lambda ps: form(*ps)),
        variables,  # (lambda args body...)
    )
    return st.one_of(
        st.builds(lambda t, a, b: form("if", t, a, b), children, children, children),
        st.builds(lambda t, a: form("if", t, a), children, children),
        st.builds(lambda names, inits, body: form("let", bindings(names, inits), *body),
                  st.permutations(VARIABLES), st.lists(children, max_size=3), bodies),
        st.builds(lambda ps, body: form("lambda", ps, *body), params, bodies),
        st.builds(lambda v, e: form("define", v, e), variables, children),
        st.builds(lambda v, ps, body: form("define", form(v, *ps), *body),
                  variables, st.lists(variables, max_size=2, unique=True), bodies),
        st.builds(lambda v, e: form("set!", v, e), variables, children),
        bodies.map(lambda body: form("begin", *body)),
        st.builds(lambda clauses, last: form("cond", *(form(t, e) for t, e in clauses), form("else", last)),
                  st.lists(st.tuples(children, children), max_size=3), children),
        st.one_of(atoms, children).map(lambda d: form("quote", d)),
        st.builds(lambda p, args: form(p, *args), st.sampled_from(PROCEDURES), st.lists(children, max_size=4)),
        # A call of a computed procedure, e.g. ((lambda (x) x) 1).
        st.builds(lambda f, args: form(f, *args), children, st.lists(children, max_size=3)),
    )


expressions = st.recursive(atoms, forms, max_leaves=25)
programs = st.lists(expressions, min_size=1, max_size=4).map("\n".join)


@settings(max_examples=300, deadline=None)
@given(program=programs)
@example(program="(sin +inf.0)")  # raised Python's ValueError (fixed in numbers.py)
@example(program="(+ (expt 10 400) 1.5)")  # raised OverflowError (fixed in numbers.py)
@example(program="(write (expt 10 5000))")  # str() refused 5001 digits (fixed in printer.py)
@example(program="(lcm 0 'a)")  # returned 0 without checking 'a (fixed in numbers.py)
@example(program="(let ((v (vector 1))) (vector-set! v 0 v) (equal? v (vector v)))")  # looped forever
def test_fuzz_generated_program_yields_value_or_schemehost_error(program):
    run(program)


# -- (b) programs made of random tokens ------------------------------------------------------

TOKENS = [
    "(", "(", "(", ")", ")", ")", "[", "]", "'", "`", ",", ",@", ".", "#(", "#u8(", "#;", "#|", "|#",
    "; comment\n", "\n", "\"", "\"str\"", "\"a\\\"b\"", "|sym bol|", "|", "#t", "#f", "#true", "#\\a",
    "#\\space", "#\\x41", "#\\", "#!fold-case", "#!no-fold-case", "#0=", "#0#", "#e", "#x", "#b101",
    "0", "1", "-1", "42", "1/2", "1/0", "0.5", "-.5e3", "1e400", "+inf.0", "-nan.0", "1+2i", "#e1.5",
    "#i1/3", "+", "-", "...", "x", "y", "lambda", "define", "let", "let*", "letrec", "if", "cond", "case",
    "else", "=>", "and", "or", "when", "unless", "do", "begin", "set!", "quote", "quasiquote", "unquote",
    "delay", "force", "define-syntax", "syntax-rules", "let-syntax", "guard", "parameterize",
    "case-lambda", "define-record-type", "define-values", "let-values", "import", "define-library",
    "cond-expand", "include", "car", "cdr", "cons", "list", "vector", "apply", "map", "call/cc",
    "values", "dynamic-wind", "raise", "error", "string-append", "vector-ref", "display",
]


@settings(max_examples=300, deadline=None)
@given(tokens=st.lists(st.sampled_from(TOKENS), max_size=40))
@example(tokens=["(", "define-syntax", "x", "(", "syntax-rules", "(", ")", ")", ")"])
@example(tokens=["#0=", "(", "a", ".", "#0#", ")"])  # compiling it grew a list until memory ran out
@example(tokens=["(", "lambda", "#0=", "(", "x", ".", "#0#", ")", "1", ")"])  # parameter walk never ended
def test_fuzz_random_tokens_yield_value_or_schemehost_error(tokens):
    run(" ".join(tokens))


# -- (c) arbitrary text ---------------------------------------------------------------------


@settings(max_examples=200, deadline=None)
@given(text=st.text(max_size=60))
def test_fuzz_arbitrary_text_yields_value_or_schemehost_error(text):
    run(text)
