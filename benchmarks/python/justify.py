"""justify: a text filled into lines 36 wide and justified on both sides (benchmarks/scheme/justify.scm).

The same algorithm as the Scheme: words put on a line while they fit;
each line but the last has its spare room shared among its gaps (the
quotient to every gap, one more to the first remainder of them), spaces
made by " " * k and joined by +; a one-word line and the last line padded
on the right; the lines read back a character at a time for the widest
gap, uneven gaps and words beginning with a capital.
"""

WIDTH = 36

VOCABULARY = ("the", "quick", "brown", "fox", "jumps", "over", "a", "lazy", "dog", "while", "scheme",
              "programs", "run", "in", "python", "and", "guile", "compiles", "them", "to", "bytecode",
              "so", "every", "line", "is", "counted")


def next_random(x):
    return (75 * x + 74) % 65537


def capitalized(word):
    copy = list(word)
    copy[0] = copy[0].upper()
    return "".join(copy)


def make_words(n):
    words = []
    x = 1
    capital = True
    for _ in range(n):
        x = next_random(x)
        word = VOCABULARY[x % 26]
        if capital:
            word = capitalized(word)
        stop = (x // 26) % 7 == 0
        words.append(word + "." if stop else word)
        capital = stop
    return words


def fill(words):
    """The words in lines, each line a list of the words that fit on it."""
    lines = []
    line = []
    used = 0
    i = 0
    while i < len(words):
        word = words[i]
        if not line:
            line = [word]
            used = len(word)
            i += 1
        elif used + 1 + len(word) <= WIDTH:
            line.append(word)
            used += 1 + len(word)
            i += 1
        else:
            lines.append(line)
            line = []
            used = 0
    if line:
        lines.append(line)
    return lines


def pad_right(text):
    return text + " " * (WIDTH - len(text))


def justify_line(words):
    letters = sum(len(word) for word in words)
    gaps = len(words) - 1
    if gaps == 0:
        return pad_right(words[0])
    each = (WIDTH - letters) // gaps
    extra = (WIDTH - letters) % gaps
    line = words[0]
    for i, word in enumerate(words[1:]):
        line = line + " " * (each + 1 if i < extra else each) + word
    return line


def last_line(words):
    line = words[0]
    for word in words[1:]:
        line = line + " " + word
    return pad_right(line)


def justify(lines):
    done = []
    for k, line in enumerate(lines):
        if k == len(lines) - 1:
            done.append(last_line(line))
        else:
            done.append(justify_line(line))
    return done


def sentence_end(word):
    return word[-1] == "."


def widest_gap(line):
    """The longest run of spaces in line that a word follows."""
    spaces = 0
    widest = 0
    for c in line:
        if c == " ":
            spaces += 1
        else:
            widest = max(spaces, widest)
            spaces = 0
    return widest


def uneven(line):
    spaces = 0
    seen = 0
    for c in line:
        if c == " ":
            spaces += 1
        elif spaces == 0:
            pass
        elif seen > 0 and spaces != seen:
            return True
        else:
            seen = spaces
            spaces = 0
    return False


def capitals(line):
    count = 0
    for i, c in enumerate(line):
        if c.isupper() and (i == 0 or line[i - 1] == " "):
            count += 1
    return count


def count_if(pred, items):
    count = 0
    for item in items:
        if pred(item):
            count += 1
    return count


def run(n: int = 150000) -> list:
    lines = fill(make_words(n))
    text = justify(lines)
    return [len(text),
            count_if(lambda line: sentence_end(line[-1]), lines),
            count_if(uneven, text),
            max(widest_gap(line) for line in text),
            sum(capitals(line) for line in text),
            count_if(lambda line: len(line) == WIDTH, text) == len(text),
            text[0],
            text[-1]]
