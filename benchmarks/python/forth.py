"""forth: a small Forth-like stack language read from a string (benchmarks/scheme/forth.scm).

The same algorithm as the Scheme: the text is split at whitespace, each
token made an int or else kept as a word; the tokens are parsed into
nested lists (("if", yes, no) and ("begin", body)); definitions go into a
list of (name, body) pairs searched from the newest; the interpreter keeps
the data stack in a list, dispatches on the primitives and counts every
item it executes.  Flags are -1 true, 0 false.
"""

SOURCE = """: sq dup * ;
   : fib dup 2 < if else dup 1 - fib swap 2 - fib + then ;
   : fact dup 1 > if dup 1 - fact * else drop 1 then ;
   : collatz 0 swap begin dup 1 = if -1 else dup 2 mod 0 = if 2 / else 3 * 1 + then
             swap 1 + swap 0 then until drop ;
   : sumsq 0 swap begin dup sq rot + swap 1 - dup 0 = until drop ;
   : gcd dup 0 = if drop else swap over mod gcd then ;"""


def token_to_item(token):
    if token.lstrip("-").isdigit():
        return int(token)
    return token


def parse(tokens, i, stops):
    """Items from tokens[i] up to one of stops: (items, the stop met or "end", the index after it)."""
    items = []
    while i < len(tokens):
        token = tokens[i]
        if token in stops:
            return items, token, i + 1
        if token == "if":
            yes, stop, i = parse(tokens, i + 1, ("else", "then"))
            no = []
            if stop == "else":
                no, stop, i = parse(tokens, i, ("then",))
            items.append(("if", yes, no))
        elif token == "begin":
            body, stop, i = parse(tokens, i + 1, ("until",))
            items.append(("begin", body))
        else:
            items.append(token)
            i += 1
    return items, "end", i


class Forth:
    def __init__(self):
        self.stack = []
        self.words = []
        self.executed = 0

    def lookup(self, name):
        for i in range(len(self.words) - 1, -1, -1):
            if self.words[i][0] == name:
                return self.words[i][1]
        return None

    def execute_all(self, items):
        for item in items:
            self.execute(item)

    def execute(self, item):
        self.executed += 1
        stack = self.stack
        if type(item) is int:
            stack.append(item)
        elif type(item) is tuple:
            if item[0] == "if":
                if stack.pop() == 0:
                    self.execute_all(item[2])
                else:
                    self.execute_all(item[1])
            else:
                while True:
                    self.execute_all(item[1])
                    if stack.pop() != 0:
                        break
        elif item in ("+", "-", "*", "/", "mod", "<", ">", "="):
            b = stack.pop()
            a = stack.pop()
            if item == "+":
                stack.append(a + b)
            elif item == "-":
                stack.append(a - b)
            elif item == "*":
                stack.append(a * b)
            elif item == "/":
                stack.append(a // b)
            elif item == "mod":
                stack.append(a % b)
            elif item == "<":
                stack.append(-1 if a < b else 0)
            elif item == ">":
                stack.append(-1 if a > b else 0)
            else:
                stack.append(-1 if a == b else 0)
        elif item == "dup":
            stack.append(stack[-1])
        elif item == "drop":
            stack.pop()
        elif item == "swap":
            stack[-1], stack[-2] = stack[-2], stack[-1]
        elif item == "over":
            stack.append(stack[-2])
        elif item == "rot":
            c = stack.pop()
            b = stack.pop()
            a = stack.pop()
            stack.extend((b, c, a))
        else:
            body = self.lookup(item)
            if body is None:
                raise ValueError(f"unknown word {item}")
            self.execute_all(body)

    def interpret(self, tokens):
        i = 0
        while i < len(tokens):
            if tokens[i] == ":":
                name = tokens[i + 1]
                body, stop, i = parse(tokens, i + 2, (";",))
                self.words.append((name, body))
            else:
                items, stop, i = parse(tokens, i, (":",))
                self.execute_all(items)
                if stop == ":":
                    i -= 1


def run(n: int = 25) -> list:
    m = str(n)
    text = (SOURCE + " " + m + " fib " + m + " fact " + m + " collatz " + m + " sumsq "
            + m + " 3 * 2 + " + m + " 2 * gcd")
    forth = Forth()
    forth.interpret([token_to_item(token) for token in text.split()])
    return [forth.stack, len(forth.words), forth.executed]
