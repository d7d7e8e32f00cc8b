"""hash-table: a hash table with string keys, written by hand (benchmarks/scheme/hash-table.scm).

The same algorithm as the Scheme: a table is a list [count, buckets], the
buckets a list of lists of [key, value] entries; a key's bucket is its hash
(h -> 31h + ord(c) mod the number of buckets, over the key's characters);
a bucket is searched in order comparing keys with ==, a new entry put at
its front, and the table grows to 2 size + 1 buckets, every entry rehashed,
before the entries would outnumber the buckets twice over; deleting builds
the key's bucket again without it.
"""


def hash_string(s, size):
    h = 0
    for c in s:
        h = (h * 31 + ord(c)) % size
    return h


def make_table(size):
    return [0, [[] for _ in range(size)]]


def bucket_entry(bucket, key):
    for entry in bucket:
        if entry[0] == key:
            return entry
    return None


def table_entry(table, key):
    buckets = table[1]
    return bucket_entry(buckets[hash_string(key, len(buckets))], key)


def table_ref(table, key, default):
    entry = table_entry(table, key)
    if entry is not None:
        return entry[1]
    return default


def grow(table):
    old = table[1]
    size = 2 * len(old) + 1
    new = [[] for _ in range(size)]
    for bucket in old:
        for entry in bucket:
            h = hash_string(entry[0], size)
            new[h].insert(0, entry)
    table[1] = new


def table_set(table, key, value):
    entry = table_entry(table, key)
    if entry is not None:
        entry[1] = value
    else:
        if table[0] + 1 > 2 * len(table[1]):
            grow(table)
        buckets = table[1]
        h = hash_string(key, len(buckets))
        buckets[h].insert(0, [key, value])
        table[0] += 1


def table_update(table, key, proc, default):
    table_set(table, key, proc(table_ref(table, key, default)))


def remove_key(bucket, key):
    kept = []
    for i, entry in enumerate(bucket):
        if entry[0] == key:
            return kept + bucket[i + 1:]
        kept.append(entry)
    return kept


def table_delete(table, key):
    buckets = table[1]
    h = hash_string(key, len(buckets))
    if bucket_entry(buckets[h], key) is not None:
        buckets[h] = remove_key(buckets[h], key)
        table[0] -= 1


def table_walk(table, proc):
    for bucket in table[1]:
        for entry in bucket:
            proc(entry[0], entry[1])


def longest_bucket(table):
    longest = 0
    for bucket in table[1]:
        longest = max(longest, len(bucket))
    return longest


def word_of(j):
    chars = []
    while True:
        chars.append(chr(ord("a") + j % 26))
        if j < 26:
            return "".join(chars)
        j //= 26


def run(n: int = 80000) -> list:
    table = make_table(4)
    m = n // 2 + 1
    x = 1
    for _ in range(n):
        table_update(table, word_of(x % m), lambda count: count + 1, 0)
        x = (25173 * x + 13849) % 65536
    distinct = table[0]
    size = len(table[1])
    longest = longest_bucket(table)
    total = 0
    repeated = 0
    once = []

    def tally(key, count):
        nonlocal total, repeated
        total += count
        if count >= 2:
            repeated += 1
        else:
            once.insert(0, key)

    table_walk(table, tally)
    for key in once:
        table_delete(table, key)
    return [distinct, size, longest, total, repeated, table[0], table_ref(table, "a", 0), table_ref(table, "zzz", False)]
