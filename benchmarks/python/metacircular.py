"""metacircular: SICP 4.1's metacircular evaluator (benchmarks/scheme/metacircular.scm).

The same algorithm as the Scheme: expressions are nested Python lists of
strings and ints, told apart by tagged-list tests; cond and let are
rewritten into if and a lambda application on every evaluation; an
environment is a chain of (frame, enclosing) pairs, each frame a list of
a variable list and a value list searched by a loop; compound procedures
are tuples of their parameters, body and environment; the primitives are
Python functions.  The data the interpreted program builds are pairs
(tuples) ending in None, its '().
"""

import sys

EMPTY_ENVIRONMENT = None


# eval and apply

def mc_eval(exp, env):
    if is_self_evaluating(exp):
        return exp
    if is_variable(exp):
        return lookup_variable_value(exp, env)
    if tagged_list(exp, "quote"):
        return exp[1]
    if tagged_list(exp, "set!"):
        return eval_assignment(exp, env)
    if tagged_list(exp, "define"):
        return eval_definition(exp, env)
    if tagged_list(exp, "if"):
        return eval_if(exp, env)
    if tagged_list(exp, "lambda"):
        return make_procedure(exp[1], exp[2:], env)
    if tagged_list(exp, "begin"):
        return eval_sequence(exp[1:], env)
    if tagged_list(exp, "cond"):
        return mc_eval(cond_to_if(exp), env)
    if tagged_list(exp, "let"):
        return mc_eval(let_to_combination(exp), env)
    if isinstance(exp, list):
        return mc_apply(mc_eval(exp[0], env), list_of_values(exp[1:], env))
    raise ValueError(f"Unknown expression type -- EVAL {exp!r}")


def mc_apply(procedure, arguments):
    if procedure[0] == "primitive":
        return procedure[1](*arguments)
    if procedure[0] == "procedure":
        return eval_sequence(procedure[2], extend_environment(procedure[1], arguments, procedure[3]))
    raise ValueError(f"Unknown procedure type -- APPLY {procedure!r}")


def list_of_values(exps, env):
    return [mc_eval(e, env) for e in exps]


def eval_if(exp, env):
    if mc_eval(exp[1], env) is not False:
        return mc_eval(exp[2], env)
    return mc_eval(exp[3] if len(exp) > 3 else "false", env)


def eval_sequence(exps, env):
    for e in exps[:-1]:
        mc_eval(e, env)
    return mc_eval(exps[-1], env)


def eval_assignment(exp, env):
    set_variable_value(exp[1], mc_eval(exp[2], env), env)
    return "ok"


def eval_definition(exp, env):
    if isinstance(exp[1], str):
        name, value = exp[1], exp[2]
    else:
        name, value = exp[1][0], make_lambda(exp[1][1:], exp[2:])
    define_variable(name, mc_eval(value, env), env)
    return "ok"


# representing expressions

def is_self_evaluating(exp):
    return type(exp) is int


def is_variable(exp):
    return type(exp) is str


def tagged_list(exp, tag):
    return isinstance(exp, list) and len(exp) > 0 and exp[0] == tag


def make_lambda(parameters, body):
    return ["lambda", parameters] + body


def sequence_to_exp(seq):
    if not seq:
        return seq
    if len(seq) == 1:
        return seq[0]
    return ["begin"] + seq


def cond_to_if(exp):
    return expand_clauses(exp[1:])


def expand_clauses(clauses):
    if not clauses:
        return "false"
    first, rest = clauses[0], clauses[1:]
    if first[0] == "else":
        if rest:
            raise ValueError("ELSE clause isn't last -- COND->IF")
        return sequence_to_exp(first[1:])
    return ["if", first[0], sequence_to_exp(first[1:]), expand_clauses(rest)]


def let_to_combination(exp):
    bindings = exp[1]
    return [make_lambda([b[0] for b in bindings], exp[2:])] + [b[1] for b in bindings]


# evaluator data structures

def make_procedure(parameters, body, env):
    return ("procedure", parameters, body, env)


def extend_environment(variables, values, base_env):
    if len(variables) != len(values):
        raise ValueError("Too many arguments supplied" if len(variables) < len(values)
                         else "Too few arguments supplied")
    return ([list(variables), list(values)], base_env)


def lookup_variable_value(var, env):
    while env is not EMPTY_ENVIRONMENT:
        variables, values = env[0]
        for i in range(len(variables)):
            if variables[i] == var:
                return values[i]
        env = env[1]
    raise NameError(f"Unbound variable {var}")


def set_variable_value(var, val, env):
    while env is not EMPTY_ENVIRONMENT:
        variables, values = env[0]
        for i in range(len(variables)):
            if variables[i] == var:
                values[i] = val
                return
        env = env[1]
    raise NameError(f"Unbound variable -- SET! {var}")


def define_variable(var, val, env):
    frame = env[0]
    variables, values = frame
    for i in range(len(variables)):
        if variables[i] == var:
            values[i] = val
            return
    variables.insert(0, var)
    values.insert(0, val)


# the primitives

PRIMITIVE_PROCEDURES = [
    ("car", lambda p: p[0]),
    ("cdr", lambda p: p[1]),
    ("cons", lambda a, d: (a, d)),
    ("null?", lambda x: x is None),
    ("+", lambda a, b: a + b),
    ("-", lambda a, b: a - b),
    ("*", lambda a, b: a * b),
    ("=", lambda a, b: a == b),
    ("<", lambda a, b: a < b),
    (">", lambda a, b: a > b),
    ("remainder", lambda a, b: a % b),
]


def setup_environment():
    env = extend_environment([name for name, _ in PRIMITIVE_PROCEDURES],
                             [("primitive", fn) for _, fn in PRIMITIVE_PROCEDURES],
                             EMPTY_ENVIRONMENT)
    define_variable("true", True, env)
    define_variable("false", False, env)
    return env


# the program it runs ('() is None)

NIL = ["quote", None]

PROGRAM = [
    ["define", ["fib", "n"],
     ["if", ["<", "n", 2],
      "n",
      ["+", ["fib", ["-", "n", 1]], ["fib", ["-", "n", 2]]]]],
    ["define", ["map", "f", "items"],
     ["if", ["null?", "items"],
      NIL,
      ["cons", ["f", ["car", "items"]], ["map", "f", ["cdr", "items"]]]]],
    ["define", ["filter", "keep?", "items"],
     ["cond", [["null?", "items"], NIL],
      [["keep?", ["car", "items"]], ["cons", ["car", "items"], ["filter", "keep?", ["cdr", "items"]]]],
      ["else", ["filter", "keep?", ["cdr", "items"]]]]],
    ["define", ["fold-left", "f", "acc", "items"],
     ["if", ["null?", "items"],
      "acc",
      ["fold-left", "f", ["f", "acc", ["car", "items"]], ["cdr", "items"]]]],
    ["define", ["interval", "a", "b"],
     ["if", [">", "a", "b"],
      NIL,
      ["cons", "a", ["interval", ["+", "a", 1], "b"]]]],
    ["define", ["square", "x"], ["*", "x", "x"]],
    ["define", ["even?", "n"],
     ["cond", [["=", "n", 0], "true"],
      [["=", ["remainder", "n", 2], 0], "true"],
      ["else", "false"]]],
    ["define", ["count-change", "amount"],
     ["cc", "amount", 5]],
    ["define", ["cc", "amount", "kinds-of-coins"],
     ["cond", [["=", "amount", 0], 1],
      [["or-else", ["<", "amount", 0], ["=", "kinds-of-coins", 0]], 0],
      ["else", ["+", ["cc", "amount", ["-", "kinds-of-coins", 1]],
                ["cc", ["-", "amount", ["first-denomination", "kinds-of-coins"]],
                 "kinds-of-coins"]]]]],
    ["define", ["or-else", "a", "b"],
     ["if", "a", "true", "b"]],
    ["define", ["first-denomination", "kinds-of-coins"],
     ["cond", [["=", "kinds-of-coins", 1], 1],
      [["=", "kinds-of-coins", 2], 5],
      [["=", "kinds-of-coins", 3], 10],
      [["=", "kinds-of-coins", 4], 25],
      [["=", "kinds-of-coins", 5], 50]]],
    ["define", ["make-counter"],
     ["let", [["count", 0]],
      ["lambda", [],
       ["set!", "count", ["+", "count", 1]],
       "count"]]],
    ["define", ["call-times", "f", "k", "last"],
     ["if", ["=", "k", 0],
      "last",
      ["call-times", "f", ["-", "k", 1], ["f"]]]],
]


def run(n: int = 16) -> list:
    sys.setrecursionlimit(max(sys.getrecursionlimit(), 10_000))
    env = setup_environment()
    for exp in PROGRAM:
        mc_eval(exp, env)
    return [mc_eval(["fib", n], env),
            mc_eval(["fold-left", "+", 0, ["map", "square", ["filter", "even?", ["interval", 1, 4 * n]]]], env),
            mc_eval(["count-change", 2 * n + 10], env),
            mc_eval(["call-times", ["make-counter"], 3 * n, 0], env)]
