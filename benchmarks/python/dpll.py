"""dpll: a Davis-Putnam-Logemann-Loveland satisfiability solver (benchmarks/scheme/dpll.scm).

The same algorithm as the Scheme: clauses are lists of nonzero ints;
setting a literal drops the clauses holding it and takes its negation out
of the others (new lists); the solver fails on an empty clause, sets the
first unit clause's literal, else decides the first literal of the first
clause, trying it then its negation; a model is the list of literals set,
newest first, or False; decisions and propagations are counted in globals.
"""

decisions = 0
propagations = 0


def remove_literal(lit, clause):
    return [x for x in clause if x != lit]


def assign(clauses, lit):
    result = []
    for clause in clauses:
        if lit not in clause:
            result.append(remove_literal(-lit, clause))
    return result


def has_empty(clauses):
    for clause in clauses:
        if not clause:
            return True
    return False


def find_unit(clauses):
    for clause in clauses:
        if len(clause) == 1:
            return clause[0]
    return None


def dpll(clauses, model):
    global decisions, propagations
    if not clauses:
        return model
    if has_empty(clauses):
        return False
    unit = find_unit(clauses)
    if unit is not None:
        propagations += 1
        return dpll(assign(clauses, unit), [unit] + model)
    lit = clauses[0][0]
    decisions += 1
    found = dpll(assign(clauses, lit), [lit] + model)
    if found is not False:
        return found
    return dpll(assign(clauses, -lit), [-lit] + model)


def satisfies(model, clauses):
    for clause in clauses:
        if not any(lit in model for lit in clause):
            return False
    return True


def next_random(x):
    return (75 * x + 74) % 65537


def literal(x, v):
    r = x % (2 * v)
    if r % 2 == 1:
        return -(r // 2 + 1)
    return r // 2 + 1


def run(n: int = 3000) -> list:
    global decisions, propagations
    decisions = 0
    propagations = 0
    x = 1
    satisfied = 0
    all_hold = True
    last_model = False
    for i in range(n):
        v = 3 + i % 8
        clauses = []
        for _ in range(4 * v):
            x1 = next_random(x)
            x2 = next_random(x1)
            x3 = next_random(x2)
            clauses.append([literal(x1, v), literal(x2, v), literal(x3, v)])
            x = x3
        model = dpll(clauses, [])
        if model is not False:
            satisfied += 1
        all_hold = all_hold and (model is False or satisfies(model, clauses))
        last_model = model
    return [satisfied, decisions, propagations, all_hold, last_model]
