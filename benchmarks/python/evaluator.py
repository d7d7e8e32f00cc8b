"""evaluator: a small arithmetic interpreter (benchmarks/scheme/evaluator.scm).

The program is nested tuples, the environment a dict copied for each let.
"""

PROGRAM = ("let", ("a", ("*", "n", 2)),
           ("let", ("b", ("+", "a", 3)),
            ("let", ("c", ("-", "b", "n")),
             ("if0", ("-", "c", 3),
              ("*", "b", 10),
              ("+", ("*", "a", "b"), ("-", "c", ("*", "n", "n")))))))


def evaluate(e, env):
    if type(e) is int:
        return e
    if type(e) is str:
        return env[e]
    op = e[0]
    if op == "+":
        return evaluate(e[1], env) + evaluate(e[2], env)
    if op == "-":
        return evaluate(e[1], env) - evaluate(e[2], env)
    if op == "*":
        return evaluate(e[1], env) * evaluate(e[2], env)
    if op == "let":
        name, value = e[1]
        return evaluate(e[2], {**env, name: evaluate(value, env)})
    if op == "if0":
        return evaluate(e[2], env) if evaluate(e[1], env) == 0 else evaluate(e[3], env)
    raise ValueError(f"unknown form {e!r}")


def run(n: int = 10_000) -> int:
    return sum(evaluate(PROGRAM, {"n": i}) for i in range(n))
