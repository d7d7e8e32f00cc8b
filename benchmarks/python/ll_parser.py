"""ll-parser: an LL(1) parser from a grammar given as data (benchmarks/scheme/ll-parser.scm).

The same algorithm as the Scheme, in Python's own containers: the
grammar a dict from nonterminal to alternatives (tuples), nullable a
set, FIRST and FOLLOW dicts of sets grown to a fixed point, the table
a dict of dicts (a second alternative for a place is a conflict), the
shortest derivations by another fixed point; sentences derived with the
shared generator (from 47) in the same order, tokens (kind, text);
the parser's stack a list of nodes [symbol, contents] filled in as they
are expanded; each sentence spoiled twice and parsed again.
"""

from .lcg import Random

GRAMMAR = {
    "program": [("statement", "program"), ()],
    "statement": [("id", "=", "expr", "semi"), ("print", "expr", "semi"),
                  ("if", "expr", "then", "block", "else", "block", "end"), ("while", "expr", "do", "block", "end")],
    "block": [("statement", "block"), ()],
    "expr": [("term", "expr-rest")],
    "expr-rest": [("+", "term", "expr-rest"), ("-", "term", "expr-rest"), ()],
    "term": [("factor", "term-rest")],
    "term-rest": [("*", "factor", "term-rest"), ("/", "factor", "term-rest"), ("%", "factor", "term-rest"), ()],
    "factor": [("lparen", "expr", "rparen"), ("id",), ("num",), ("-", "factor")],
}

NAMES = ["x", "y", "total", "count", "i", "limit"]


def find_nullable():
    nullable = set()
    changed = True
    while changed:
        changed = False
        for symbol, alternatives in GRAMMAR.items():
            if symbol not in nullable and any(all(s in nullable for s in alt) for alt in alternatives):
                nullable.add(symbol)
                changed = True
    return nullable


def first_of_sequence(symbols, first, nullable):
    result = set()
    for s in symbols:
        if s not in GRAMMAR:
            result.add(s)
            return result
        result |= first[s]
        if s not in nullable:
            return result
    return result


def find_first(nullable):
    first = {symbol: set() for symbol in GRAMMAR}
    changed = True
    while changed:
        changed = False
        for symbol, alternatives in GRAMMAR.items():
            for alt in alternatives:
                new = first_of_sequence(alt, first, nullable) - first[symbol]
                if new:
                    first[symbol] |= new
                    changed = True
    return first


def find_follow(first, nullable):
    follow = {symbol: set() for symbol in GRAMMAR}
    follow["program"].add("eof")
    changed = True
    while changed:
        changed = False
        for symbol, alternatives in GRAMMAR.items():
            for alt in alternatives:
                for i, s in enumerate(alt):
                    if s not in GRAMMAR:
                        continue
                    rest = alt[i + 1:]
                    new = first_of_sequence(rest, first, nullable)
                    if all(r in nullable for r in rest):
                        new = new | follow[symbol]
                    new -= follow[s]
                    if new:
                        follow[s] |= new
                        changed = True
    return follow


def make_table(first, follow, nullable):
    table = {symbol: {} for symbol in GRAMMAR}
    conflicts = 0
    for symbol, alternatives in GRAMMAR.items():
        for alt in alternatives:
            terminals = list(first_of_sequence(alt, first, nullable))
            if all(s in nullable for s in alt):
                terminals += list(follow[symbol])
            for t in terminals:
                old = table[symbol].get(t)
                if old is None:
                    table[symbol][t] = alt
                elif old is not alt:
                    conflicts += 1
    return table, conflicts


def find_shortest():
    lengths = {symbol: None for symbol in GRAMMAR}

    def length_of(symbols):
        total = 0
        for s in symbols:
            if s not in GRAMMAR:
                total += 1
            elif lengths[s] is None:
                return None
            else:
                total += lengths[s]
        return total

    changed = True
    while changed:
        changed = False
        for symbol, alternatives in GRAMMAR.items():
            for alt in alternatives:
                k = length_of(alt)
                if k is not None and (lengths[symbol] is None or k < lengths[symbol]):
                    lengths[symbol] = k
                    changed = True
    return {symbol: next(alt for alt in alternatives if length_of(alt) == lengths[symbol])
            for symbol, alternatives in GRAMMAR.items()}


def derive(rng, symbol, depth, shortest, tokens):
    if symbol == "id":
        tokens.append(("id", NAMES[rng.below(6)]))
    elif symbol == "num":
        tokens.append(("num", str(rng.below(100))))
    elif symbol not in GRAMMAR:
        tokens.append((symbol, symbol))
    else:
        alternatives = GRAMMAR[symbol]
        chosen = alternatives[rng.below(len(alternatives))] if depth < 8 else shortest[symbol]
        for child in chosen:
            derive(rng, child, depth + 1, shortest, tokens)


class Parser:
    def __init__(self, table):
        self.table = table
        self.deepest = 0

    def parse(self, tokens):
        root = ["program", None]
        stack = [root]
        tokens = tokens + [("eof", "")]
        i = 0
        while stack:
            self.deepest = max(self.deepest, len(stack))
            node = stack.pop()
            symbol = node[0]
            lookahead = tokens[i][0]
            if symbol in GRAMMAR:
                alt = self.table[symbol].get(lookahead)
                if alt is None:
                    return None
                children = [[child, None] for child in alt]
                node[1] = children
                stack.extend(reversed(children))
            elif symbol == lookahead:
                node[1] = tokens[i]
                i += 1
            else:
                return None
        self.deepest = max(self.deepest, len(stack))
        return root if tokens[i][0] == "eof" else None


def leaves(tree, out):
    if tree[0] in GRAMMAR:
        for child in tree[1]:
            leaves(child, out)
    else:
        out.append(tree[1])
    return out


def count_nodes(tree):
    if tree[0] not in GRAMMAR:
        return 1, 0
    nodes, empty = 1, (1 if not tree[1] else 0)
    for child in tree[1]:
        n, e = count_nodes(child)
        nodes += n
        empty += e
    return nodes, empty


def run(n):
    rng = Random(47)
    nullable = find_nullable()
    first = find_first(nullable)
    follow = find_follow(first, nullable)
    table, conflicts = make_table(first, follow, nullable)
    shortest = find_shortest()
    parser = Parser(table)
    tokens_seen = nodes = empty = refused = checksum = 0
    fringe_ok = True
    for _ in range(n):
        tokens = []
        derive(rng, "program", 0, shortest, tokens)
        tree = parser.parse(tokens)
        count = len(tokens)
        if count >= 2:
            k = rng.below(count)
            gone = tokens[:k] + tokens[k + 1:]
            k = rng.below(count - 1)
            turned = tokens[:k] + [tokens[k + 1], tokens[k]] + tokens[k + 2:]
            refused += (parser.parse(gone) is None) + (parser.parse(turned) is None)
        tree_nodes, tree_empty = count_nodes(tree)
        tokens_seen += count
        nodes += tree_nodes
        empty += tree_empty
        fringe_ok = fringe_ok and leaves(tree, []) == tokens
        for kind, text in tokens:
            for c in text:
                checksum = (checksum * 31 + ord(c)) % 1000003
            checksum = (checksum * 31 + 32) % 1000003
    return [len(nullable), sum(map(len, first.values())), sum(map(len, follow.values())),
            sum(map(len, table.values())), conflicts, sorted(follow["factor"]),
            n, tokens_seen, nodes, empty, parser.deepest, fringe_ok, refused, checksum]
