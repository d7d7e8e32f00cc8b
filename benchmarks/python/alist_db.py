"""alist-db: a small database of records (benchmarks/scheme/alist-db.scm).

The same algorithms as the Scheme, records being dicts where the Scheme has
association lists read with assq: a raise makes a new record (put copies
it); the index is a list of (name, record) pairs searched in order, as
assoc does; the insertion sort inserts each record, from the last to the
first, into the sorted list of those after it; the names are grouped by
department in a list of [dept, name, ...] lists searched in order, the
group found copied with the new name on its end, as append copies it;
count_where takes its test as a lambda; the last sum is reduced modulo
1000003 at every step.
"""

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


def put(record, field, value):
    """A new record with field set to value; the old one is left alone."""
    new = dict(record)
    new[field] = value
    return new


def make_db(n):
    return [make_record(i) for i in range(n)]


def give_raise(db, dept, amount):
    return [put(r, "salary", r["salary"] + amount) if r["dept"] == dept else r for r in db]


def insert_by_name(r, ordered):
    for i, s in enumerate(ordered):
        if r["name"] < s["name"]:
            return ordered[:i] + [r] + ordered[i:]
    return ordered + [r]


def sort_by_name(db):
    # (insert-by-name (car db) (sort-by-name (cdr db))): the last record goes in first.
    ordered = []
    for r in reversed(db):
        ordered = insert_by_name(r, ordered)
    return ordered


def add_to_group(groups, key, item):
    """Add item to the list under key, a new key going on the end."""
    for i, group in enumerate(groups):
        if group[0] == key:
            return groups[:i] + [group + [item]] + groups[i + 1:]
    return groups + [[key, item]]


def group_by_dept(db):
    groups = []
    for r in db:
        groups = add_to_group(groups, r["dept"], r["name"])
    return groups


def count_where(keep, lst):
    count = 0
    for x in lst:
        if keep(x):
            count += 1
    return count


def sum_field(db, field):
    total = 0
    for r in db:
        total += r[field]
    return total


def lookup(index, name):
    for key, record in index:
        if key == name:
            return record
    return None


def run(n: int = 600) -> list:
    db = give_raise(make_db(n), "tech", 100)
    index = [(r["name"], r) for r in db]
    ordered = sort_by_name(db)
    groups = group_by_dept(db)
    every_third = 0
    for i in range(0, n, 3):
        every_third += lookup(index, make_record(i)["name"])["age"]
    checksum = 0
    k = 1
    for r in ordered:
        checksum = (checksum + k * r["age"]) % 1000003
        k += 1
    return [
        len(db),
        count_where(lambda r: r["dept"] == "tech", db),
        sum_field(db, "salary"),
        ordered[0]["name"],
        ordered[-1]["name"],
        [[group[0], len(group) - 1] for group in groups],
        count_where(lambda r: r["age"] > 40, db),
        every_third,
        checksum,
    ]
