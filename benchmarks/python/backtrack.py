"""backtrack: chronological backtracking (benchmarks/scheme/backtrack.scm).

The same search as the Scheme's success and failure continuations, in
the order it makes its choices: each choice point a generator over its
choices, a failed test a step on to the next choice, a solution a
`yield`; failures are counted where the Scheme gives up (a test not
met, a solution recorded, a list of choices used up).  The same
puzzles: the n queens, the multiple dwelling and the liars with every
requirement after every choice, Pythagorean triples with sides up to 3n,
and the states of Australia coloured with three colours.
"""

from .alist import assoc


class Amb:
    def __init__(self):
        self.fails = 0

    def choose(self, choices):
        for choice in choices:
            yield choice
        self.fails += 1

    def require(self, test):
        if not test:
            self.fails += 1
        return test

    def all_solutions(self, search):
        found = []
        for value in search:
            found.append(value)
            self.fails += 1
        return found


def distinct(items):
    for i, item in enumerate(items):
        if item in items[i + 1:]:
            return False
    return True


def safe(col, placed):
    distance = 1
    for other in placed:
        if other == col or abs(other - col) == distance:
            return False
        distance += 1
    return True


def queens(amb, n):
    columns = list(range(1, n + 1))

    def place(row, placed):
        if row == n:
            yield placed[::-1]
            return
        for col in amb.choose(columns):
            if amb.require(safe(col, placed)):
                yield from place(row + 1, [col] + placed)

    return place(0, [])


FLOORS = [1, 2, 3, 4, 5]


def five_places(amb, test):
    for a in amb.choose(FLOORS):
        for b in amb.choose(FLOORS):
            for c in amb.choose(FLOORS):
                for d in amb.choose(FLOORS):
                    for e in amb.choose(FLOORS):
                        if amb.require(test(a, b, c, d, e)):
                            yield [a, b, c, d, e]


def dwelling_test(baker, cooper, fletcher, miller, smith):
    return (distinct([baker, cooper, fletcher, miller, smith])
            and baker != 5
            and cooper != 1
            and fletcher != 5
            and fletcher != 1
            and miller > cooper
            and abs(smith - fletcher) != 1
            and abs(fletcher - cooper) != 1)


def liars_test(betty, ethel, joan, kitty, mary):
    return (distinct([betty, ethel, joan, kitty, mary])
            and (kitty == 2) != (betty == 3)
            and (ethel == 1) != (joan == 2)
            and (joan == 3) != (ethel == 5)
            and (kitty == 2) != (mary == 4)
            and (mary == 4) != (betty == 1))


def triples(amb, m):
    for a in amb.choose(list(range(1, m + 1))):
        for b in amb.choose(list(range(a, m + 1))):
            for c in amb.choose(list(range(b, m + 1))):
                if amb.require(a * a + b * b == c * c):
                    yield [a, b, c]


AUSTRALIA = [("wa", ["nt", "sa"]), ("nt", ["wa", "sa", "q"]), ("sa", ["wa", "nt", "q", "nsw", "v"]),
             ("q", ["nt", "sa", "nsw"]), ("nsw", ["q", "sa", "v"]), ("v", ["sa", "nsw"]), ("t", [])]


def colour_map(amb, regions):
    def colour(i, coloured):
        if i == len(regions):
            yield coloured[::-1]
            return
        region, neighbours = regions[i]
        for choice in amb.choose(["red", "green", "blue"]):
            ok = True
            for neighbour in neighbours:
                entry = assoc(neighbour, coloured)
                if not amb.require(not (entry and entry[1] == choice)):
                    ok = False
                    break
            if ok:
                yield from colour(i + 1, [(region, choice)] + coloured)

    return colour(0, [])


def run(n: int = 10) -> list:
    amb = Amb()
    boards = amb.all_solutions(queens(amb, n))
    dwelling = amb.all_solutions(five_places(amb, dwelling_test))
    girls = amb.all_solutions(five_places(amb, liars_test))
    found = amb.all_solutions(triples(amb, 3 * n))
    colourings = amb.all_solutions(colour_map(amb, AUSTRALIA))
    return [len(boards), boards[0], dwelling[0], girls[0], len(found), found[-1], len(colourings),
            [colour for _, colour in colourings[0]], amb.fails]
