"""mini-sql: SQL-like queries run over tables held as lists of rows (benchmarks/scheme/mini-sql.scm).

The same engine as the Scheme, in Python's own way: a relation a tuple
(columns, rows), the rows lists, a query a list of tuples whose column
references are Col objects, clauses and expressions dispatched by if
chains, joins by nested for loops and list concatenation, the groups a
list of [key, rows] pairs searched by a loop, the order by an insertion
sort that keeps ties in order, None for null, the average a Fraction,
rows written by join; the shared generator (from 281) drawn in the same
order.
"""

import operator
from fractions import Fraction

from .lcg import Random

DEPARTMENT_NAMES = ["sales", "research", "support", "legal", "ops"]
CITIES = ["Oslo", "Lima", "Kyiv", "Pune", "Bern"]
SYLLABLES = ["ka", "lo", "mi", "ra", "so", "te", "vu", "ne"]


class Col:
    def __init__(self, name):
        self.name = name


QUERIES = [
    [("from", "emp"), ("where", (">", Col("salary"), 60000)), ("order-by", "salary", "desc"),
     ("select", "name", "dept", "salary")],
    [("from", "emp"), ("join", "dept", ("=", Col("emp.dept"), Col("dept.name"))),
     ("where", ("=", Col("dept.city"), "Oslo")), ("select", "emp.name", "dept.budget"),
     ("order-by", "emp.name", "asc")],
    [("from", "emp"), ("group-by", Col("dept"), ("count",), ("sum", Col("salary")), ("max", Col("salary")),
                       ("avg", Col("salary"))), ("order-by", "dept", "asc")],
    [("from", "project"), ("join", "emp", ("=", Col("project.lead"), Col("emp.id"))),
     ("group-by", Col("emp.dept"), ("count",), ("sum", Col("hours"))), ("order-by", "sum", "desc"), ("limit", 3)],
    [("from", "emp"), ("where", ("and", ("is-null", Col("manager")), ("<", Col("salary"), 50000))),
     ("select", "id", "name")],
    [("from", "emp"), ("where", ("or", ("=", Col("dept"), "legal"), (">=", ("*", 2, Col("salary")), 150000))),
     ("order-by", "name", "asc"), ("select", "name"), ("limit", 5)],
    [("from", "project"), ("join", "dept", ("=", Col("project.dept"), Col("dept.name"))),
     ("where", (">", ("-", Col("dept.budget"), ("*", 100, Col("hours"))), 0)),
     ("group-by", Col("dept.city"), ("count",), ("min", Col("hours"))), ("order-by", "city", "asc")],
]

OPERATORS = {"+": operator.add, "-": operator.sub, "*": operator.mul}


def random_name(rng):
    count = 2 + rng.next() % 2
    name = ""
    for _ in range(count):
        name += SYLLABLES[rng.next() % 8]
    return name[0].upper() + name[1:]


def make_database(rng):
    depts = []
    for name in DEPARTMENT_NAMES:
        city = CITIES[rng.next() % 5]
        budget = 1000 * (50 + rng.next() % 200)
        depts.append([name, city, budget])
    staff = 30 + rng.next() % 20
    emps = []
    for i in range(staff):
        name = random_name(rng)
        dept = DEPARTMENT_NAMES[rng.next() % 5]
        salary = 30000 + 500 * (rng.next() % 100)
        manager = None
        if i >= 3:
            manager = rng.next() % i
            if rng.next() % 6 == 0:
                manager = None
        emps.append([i, name, dept, salary, manager])
    count = 20 + rng.next() % 20
    projects = []
    for i in range(count):
        dept = DEPARTMENT_NAMES[rng.next() % 5]
        hours = rng.next() % 200
        lead = rng.next() % staff
        projects.append([i, dept, hours, lead])
    return [("dept", ["name", "city", "budget"], depts),
            ("emp", ["id", "name", "dept", "salary", "manager"], emps),
            ("project", ["id", "dept", "hours", "lead"], projects)]


def table_relation(database, name):
    for table_name, columns, rows in database:
        if table_name == name:
            return [f"{name}.{c}" for c in columns], rows
    raise KeyError(f"mini-sql: no such table {name}")


def after_dot(s):
    i = s.find(".")
    return s if i < 0 else s[i + 1:]


def column_index(columns, name):
    for i, column in enumerate(columns):
        if column == name or after_dot(column) == name:
            return i
    raise KeyError(f"mini-sql: no such column {name}")


def less(a, b):
    return a < b


def compare(op, a, b):
    if a is None or b is None:
        return False
    if op == "=":
        return a == b
    if op == "<":
        return less(a, b)
    if op == ">":
        return less(b, a)
    if op == "<=":
        return not less(b, a)
    return not less(a, b)


def evaluate(e, columns, row):
    if isinstance(e, Col):
        return row[column_index(columns, e.name)]
    if not isinstance(e, tuple):
        return e
    op = e[0]
    if op == "and":
        return all(evaluate(part, columns, row) for part in e[1:])
    if op == "or":
        return any(evaluate(part, columns, row) for part in e[1:])
    if op == "not":
        return not evaluate(e[1], columns, row)
    if op == "is-null":
        return evaluate(e[1], columns, row) is None
    if op in ("=", "<", ">", "<=", ">="):
        a = evaluate(e[1], columns, row)
        b = evaluate(e[2], columns, row)
        return compare(op, a, b)
    args = [evaluate(arg, columns, row) for arg in e[1:]]
    result = args[0]
    for arg in args[1:]:
        result = OPERATORS[op](result, arg)
    return result


def join(left, right, condition):
    columns = left[0] + right[0]
    rows = []
    for l in left[1]:
        for r in right[1]:
            row = l + r
            if evaluate(condition, columns, row):
                rows.append(row)
    return columns, rows


def where(relation, condition):
    columns, rows = relation
    return columns, [row for row in rows if evaluate(condition, columns, row)]


def aggregate(spec, columns, rows):
    kind = spec[0]
    if kind == "count":
        return len(rows)
    values = [evaluate(spec[1], columns, row) for row in rows]
    if kind == "sum":
        return sum(values)
    if kind == "min":
        return min(values)
    if kind == "max":
        return max(values)
    if kind == "avg":
        return Fraction(sum(values), len(rows))
    raise ValueError(f"mini-sql: no such aggregate {kind}")


def group_by(relation, key, specs):
    columns, rows = relation
    groups = []
    for row in rows:
        k = evaluate(key, columns, row)
        for group in groups:
            if group[0] == k:
                group[1].append(row)
                break
        else:
            groups.append([k, [row]])
    out_columns = [key.name] + [spec[0] for spec in specs]
    return out_columns, [[k] + [aggregate(spec, columns, members) for spec in specs] for k, members in groups]


def order_by(relation, column, direction):
    columns, rows = relation
    i = column_index(columns, column)
    if direction == "desc":
        def before(a, b):
            return less(b[i], a[i])
    else:
        def before(a, b):
            return less(a[i], b[i])
    ordered = []
    for row in rows:
        j = 0
        while j < len(ordered) and not before(row, ordered[j]):
            j += 1
        ordered.insert(j, row)
    return columns, ordered


def select(relation, names):
    columns, rows = relation
    indexes = [column_index(columns, name) for name in names]
    return list(names), [[row[i] for i in indexes] for row in rows]


def run_query(query, database):
    relation = None
    for clause in query:
        kind = clause[0]
        if kind == "from":
            relation = table_relation(database, clause[1])
        elif kind == "join":
            relation = join(relation, table_relation(database, clause[1]), clause[2])
        elif kind == "where":
            relation = where(relation, clause[1])
        elif kind == "group-by":
            relation = group_by(relation, clause[1], clause[2:])
        elif kind == "order-by":
            relation = order_by(relation, clause[1], clause[2])
        elif kind == "select":
            relation = select(relation, clause[1:])
        elif kind == "limit":
            relation = relation[0], relation[1][:clause[1]]
        else:
            raise ValueError(f"mini-sql: no such clause {kind}")
    return relation


def cell_to_string(value):
    if value is None:
        return "null"
    return str(value)


def run(n):
    rng = Random(281)
    counts = [0] * len(QUERIES)
    total = 0
    first = []
    for k in range(n):
        database = make_database(rng)
        answers = [run_query(q, database) for q in QUERIES]
        lines = [[" ".join(cell_to_string(v) for v in row) for row in rows] for _, rows in answers]
        for q, (_, rows) in enumerate(answers):
            counts[q] += len(rows)
        for rows in lines:
            for line in rows:
                for ch in line:
                    total = (total * 31 + ord(ch)) % 1000003
        if k == 0:
            first = [answers[2][0]] + lines[2]
    return [n, counts, total, first]
