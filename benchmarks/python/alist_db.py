"""alist-db: records as dicts, found by name through a list of (name, record) pairs searched
in order, updated by copying, insertion-sorted by name and grouped by department
(benchmarks/scheme/alist-db.scm)."""

FIRST_PARTS = ("ka", "lo", "mi", "ru", "te", "zo", "be")
SECOND_PARTS = ("n", "ra", "do", "s", "li")
DEPARTMENTS = ("sales", "tech", "admin", "ops")


def make_record(i):
    return {
        "name": FIRST_PARTS[i * 3 % 7] + SECOND_PARTS[i * 2 % 5] + str(i),
        "dept": DEPARTMENTS[i * 5 // 3 % 4],
        "age": 20 + i * 7 % 40,
        "salary": 1000 + i * 37 % 500,
    }


def give_raise(db, dept, amount):
    return [dict(r, salary=r["salary"] + amount) if r["dept"] == dept else r for r in db]


def insertion_sort_by_name(db):
    result = []
    for r in db:
        i = 0
        while i < len(result) and result[i]["name"] <= r["name"]:
            i += 1
        result.insert(i, r)
    return result


def group_by_dept(db):
    groups = {}
    for r in db:
        groups.setdefault(r["dept"], []).append(r["name"])
    return groups


def lookup(index, name):
    for key, record in index:
        if key == name:
            return record
    return None


def run(n: int = 600) -> list:
    db = give_raise([make_record(i) for i in range(n)], "tech", 100)
    index = [(r["name"], r) for r in db]
    ordered = insertion_sort_by_name(db)
    groups = group_by_dept(db)
    return [
        len(db),
        sum(1 for r in db if r["dept"] == "tech"),
        sum(r["salary"] for r in db),
        ordered[0]["name"],
        ordered[-1]["name"],
        [[dept, len(names)] for dept, names in groups.items()],
        sum(1 for r in db if r["age"] > 40),
        sum(lookup(index, make_record(i)["name"])["age"] for i in range(0, n, 3)),
        sum(k * r["age"] for k, r in enumerate(ordered, start=1)) % 1000003,
    ]
