"""markdown: a small Markdown-to-HTML converter (benchmarks/scheme/markdown.scm).

The same converter as the Scheme, in Python's own way: the output a list
of strings joined at the end, the lines by str.split, the markers found
by str.find, a span's tags written by a context manager (its closing tag
in a finally), the references and the counts lists of pairs searched by
for loops (as the Scheme's assoc), the tag stack a list; the shared
generator (from 331) drawn in the same order.
"""

from contextlib import contextmanager

from .lcg import Random

VOCABULARY = ("scheme", "lambda", "list", "car", "cdr", "tail", "call", "a<b", "x&y", "port",
              "string", "vector", "closure", "macro", "b>a", "loop", "frame", "stack")
REFERENCE_NAMES = ("r7rs", "sicp", "htdp", "tspl", "guile", "wiki")
ESCAPES = {"<": "&lt;", ">": "&gt;", "&": "&amp;"}
COUNTED = ("h", "p", "li", "ul", "em", "strong", "code", "link", "missing")


def random_word(rng, out):
    form = rng.next() % 12
    word = VOCABULARY[rng.next() % len(VOCABULARY)]
    if form == 0:
        out.append("*" + word + "*")
    elif form == 1:
        out.append("**" + word + "**")
    elif form == 2:
        out.append("`" + word + "`")
    elif form == 3:
        out.append("[" + word + "][" + REFERENCE_NAMES[rng.next() % 6] + "]")
    else:
        out.append(word)


def random_words(rng, count, out):
    for k in range(count):
        if k:
            out.append(" ")
        random_word(rng, out)


def make_document(rng):
    out = []
    for _ in range(5 + rng.next() % 10):
        kind = rng.next() % 6
        if kind == 0:
            level = 1 + rng.next() % 3
            words = 2 + rng.next() % 4
            out.append("#" * level + " ")
            random_words(rng, words, out)
            out.append("\n")
        elif kind <= 3:
            for _ in range(1 + rng.next() % 3):
                random_words(rng, 3 + rng.next() % 8, out)
                out.append("\n")
        elif kind == 4:
            for _ in range(2 + rng.next() % 4):
                out.append("- ")
                random_words(rng, 2 + rng.next() % 5, out)
                out.append("\n")
        else:
            name = REFERENCE_NAMES[rng.next() % 6]
            out.append("[" + name + "]: http://example.org/" + name + "\n")
        out.append("\n")
    return "".join(out)


def lookup(pairs, key):
    for pair in pairs:
        if pair[0] == key:
            return pair
    return None


def reference_definition(line):
    if not line.startswith("["):
        return None
    close = line.find("]", 1)
    if close < 0 or close + 2 >= len(line) or line[close + 1:close + 3] != ": ":
        return None
    return line[1:close], line[close + 3:]


def heading_level(line):
    i = 0
    while i < len(line) and line[i] == "#":
        i += 1
    return i if 0 < i < len(line) and line[i] == " " else 0


class Converter:
    def __init__(self):
        self.counts = []

    def bump(self, what):
        pair = lookup(self.counts, what)
        if pair:
            pair[1] += 1
        else:
            self.counts.insert(0, [what, 1])

    @contextmanager
    def tag(self, name, href=None):
        self.out.append("<" + name + ("" if href is None else ' href="' + href + '"') + ">")
        try:
            yield
        finally:
            self.out.append("</" + name + ">")

    def escaped(self, text):
        self.out.append("".join(ESCAPES.get(ch, ch) for ch in text))

    def span(self, name, text, start, end):
        self.bump(name)
        with self.tag(name):
            self.inline(text, start, end)

    def inline(self, text, start, end):
        out = self.out
        i = start
        while i < end:
            ch = text[i]
            if ch == "*" and text.startswith("**", i) and i + 1 < end:
                close = text.find("**", i + 2, end)
                if close >= 0:
                    self.span("strong", text, i + 2, close)
                    i = close + 2
                else:
                    out.append("**")
                    i += 2
            elif ch == "*" or ch == "`":
                close = text.find(ch, i + 1, end)
                if close < 0:
                    out.append(ch)
                    i += 1
                elif ch == "*":
                    self.span("em", text, i + 1, close)
                    i = close + 1
                else:
                    self.bump("code")
                    with self.tag("code"):
                        self.escaped(text[i + 1:close])
                    i = close + 1
            elif ch == "[":
                close = text.find("]", i + 1, end)
                name_end = -1
                if close >= 0 and close + 1 < end and text[close + 1] == "[":
                    name_end = text.find("]", close + 2, end)
                ref = lookup(self.refs, text[close + 2:name_end]) if name_end >= 0 else None
                if ref:
                    self.bump("link")
                    with self.tag("a", ref[1]):
                        self.inline(text, i + 1, close)
                    i = name_end + 1
                else:
                    if name_end >= 0:
                        self.bump("missing")
                    out.append("[")
                    i += 1
            else:
                out.append(ESCAPES.get(ch, ch))
                i += 1

    def flush_paragraph(self, para):
        if para:
            text = " ".join(para)
            self.bump("p")
            with self.tag("p"):
                self.inline(text, 0, len(text))
            self.out.append("\n")

    def flush_list(self, items):
        if items:
            self.bump("ul")
            with self.tag("ul"):
                self.out.append("\n")
                for item in items:
                    self.bump("li")
                    with self.tag("li"):
                        self.inline(item, 2, len(item))
                    self.out.append("\n")
            self.out.append("\n")

    def convert(self, text):
        lines = text.split("\n")
        if lines and lines[-1] == "":
            lines.pop()
        self.refs = []
        for line in lines:
            definition = reference_definition(line)
            if definition and not lookup(self.refs, definition[0]):
                self.refs.insert(0, definition)
        self.out = []
        para, items = [], []
        for line in lines:
            level = heading_level(line)
            if line.strip(" ") == "" or reference_definition(line):
                self.flush_paragraph(para)
                self.flush_list(items)
                para, items = [], []
            elif level:
                self.flush_paragraph(para)
                self.flush_list(items)
                para, items = [], []
                self.bump("h")
                with self.tag("h" + str(level)):
                    self.inline(line, level + 1, len(line))
                self.out.append("\n")
            elif line.startswith("- "):
                self.flush_paragraph(para)
                para = []
                items.append(line)
            else:
                self.flush_list(items)
                items = []
                para.append(line)
        self.flush_paragraph(para)
        self.flush_list(items)
        return "".join(self.out)


def tags_nest(html):
    stack = []
    i = html.find("<")
    while i >= 0:
        close = html.find(">", i)
        space = html.find(" ", i, close)
        closing = html[i + 1] == "/"
        name = html[i + 2 if closing else i + 1:space if space >= 0 else close]
        if not closing:
            stack.append(name)
        elif stack and stack[-1] == name:
            stack.pop()
        else:
            return False
        i = html.find("<", close + 1)
    return not stack


def run(n):
    rng = Random(331)
    converter = Converter()
    md_chars = html_chars = nested = check = 0
    shown = None
    for _ in range(n):
        text = make_document(rng)
        html = converter.convert(text)
        md_chars += len(text)
        html_chars += len(html)
        if tags_nest(html):
            nested += 1
        for ch in html:
            check = (check * 31 + ord(ch)) % 1000003
        if shown is None:
            shown = html.split("\n")[:4]
    counts = [lookup(converter.counts, what) for what in COUNTED]
    return [n, md_chars, html_chars, [pair[1] if pair else 0 for pair in counts], nested, check, shown]
