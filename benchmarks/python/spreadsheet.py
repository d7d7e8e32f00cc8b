"""spreadsheet: a sheet of cells whose formulas are evaluated on demand (benchmarks/scheme/spreadsheet.scm).

The same algorithm as the Scheme: the sheet is an object over a list of
[name, formula, promise] entries searched from the newest by a loop; a
promise evaluates its formula once and keeps the value.  A formula is an
int, a cell's name or (op, a, b), its value taken mod 10007; the cells
and the questions are the Scheme's.
"""

import sys


class Promise:
    __slots__ = ("thunk", "done", "value")

    def __init__(self, thunk):
        self.thunk = thunk
        self.done = False
        self.value = None

    def force(self):
        if not self.done:
            value = self.thunk()
            if not self.done:
                self.value = value
                self.done = True
        return self.value


class Sheet:
    def __init__(self):
        self.cells = []
        self.evaluations = 0

    def entry_of(self, name):
        cells = self.cells
        for i in range(len(cells) - 1, -1, -1):
            if cells[i][0] == name:
                return cells[i]
        return None

    def evaluate(self, formula):
        if type(formula) is int:
            return formula
        if type(formula) is str:
            return self.value(formula)
        a = self.evaluate(formula[1])
        b = self.evaluate(formula[2])
        op = formula[0]
        if op == "+":
            result = a + b
        elif op == "-":
            result = a - b
        elif op == "*":
            result = a * b
        elif op == "max":
            result = max(a, b)
        else:
            result = min(a, b)
        return result % 10007

    def promise_for(self, formula):
        def thunk():
            self.evaluations += 1
            return self.evaluate(formula)
        return Promise(thunk)

    def value(self, name):
        entry = self.entry_of(name)
        if entry is None:
            raise KeyError(name)
        return entry[2].force()

    def define(self, name, formula):
        entry = self.entry_of(name)
        if entry is not None:
            entry[1] = formula
            entry[2] = self.promise_for(formula)
        else:
            self.cells.append([name, formula, self.promise_for(formula)])

    def reset(self):
        for entry in self.cells:
            entry[2] = self.promise_for(entry[1])


def cell_name(k):
    return "c" + str(k)


OPERATORS = ["+", "-", "*", "max", "min"]


def next_random(x):
    return (75 * x + 74) % 65537


def fill_sheet(sheet, n):
    x = 1
    for k in range(n):
        if k < 5:
            sheet.define(cell_name(k), k + 1)
        else:
            x1 = next_random(x)
            x2 = next_random(x1)
            x3 = next_random(x2)
            reach = min(k, 40)
            a = k - 1 - x2 % reach
            b = k - 1 - x3 % reach
            sheet.define(cell_name(k), (OPERATORS[x1 % 5], cell_name(a), cell_name(b)))
            x = x3


def sum_values(sheet, start, step, n):
    total = 0
    for k in range(start, n, step):
        total = (total + sheet.value(cell_name(k))) % 10007
    return total


def run(n: int = 2_000) -> list:
    sys.setrecursionlimit(max(sys.getrecursionlimit(), 10_000))
    sheet = Sheet()
    fill_sheet(sheet, n)
    total = sum_values(sheet, 0, 1, n)
    evaluations = sheet.evaluations
    last = sheet.value(cell_name(n - 1))
    again = sheet.evaluations
    sheet.define(cell_name(2), 1000)
    sheet.reset()
    sevenths = sum_values(sheet, 0, 7, n)
    more = sheet.evaluations - again
    last_asked = sheet.value(cell_name(7 * ((n - 1) // 7)))
    return [total, evaluations, last, again, sevenths, more, last_asked]
