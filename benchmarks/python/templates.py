"""templates: a mail merge of letters from templates with {{field}} holes (benchmarks/scheme/templates.scm).

The same algorithm as the Scheme, in Python's own string methods where
the Scheme writes its utilities by hand (str.find, split, strip,
ljust and rjust, a format with thousands separators): customers drawn
with the shared generator (from 37) in the same order, each a dict by
the lower-cased field name; templates cut once into text and holes
(field, default, filters); each letter written into a StringIO, the
letters joined with a blank line between two; the same counts.
"""

from io import StringIO

from .lcg import Random

FIRST_NAMES = ["ada", "alan", "grace", "edsger", "barbara", "donald", "john", "frances", "niklaus", "radia"]
LAST_NAMES = ["byron", "turing", "hopper", "dijkstra", "liskov", "knuth", "backus", "allen", "wirth", "perlman"]
CITIES = ["oslo", "new york", "lima", "cape town", "kyoto", "san jose", "perth", "quito"]
AGENTS = ["mary jackson", "katherine johnson", "dorothy vaughan"]

TEMPLATE_TEXTS = [
    "Dear {{ name | title }},\n"
    "Your account {{Account|upper}} in {{city|title|pad:12}} stands at {{balance | money}}.\n"
    "You ordered {{items|plural:parcel}} since {{SINCE}}; ref {{name|initials}}{{code|reverse}}.\n"
    "Yours, {{agent|default:the manager|title}}\n",
    "TO: {{NAME|upper|trunc:14}} ({{Name|initials|lower}})\n"
    "{{city|upper|lpad:14}} | {{balance|money|lpad:14}} | {{items|lpad:4}}\n"
    "Note: {{note|default:none}}  Rep: {{agent}}\n",
]


def title_case(s):
    out = []
    start_of_word = True
    for c in s:
        out.append(c.upper() if start_of_word else c.lower())
        start_of_word = c == " "
    return "".join(out)


def money(cents):
    return f"${cents // 100:,}.{cents % 100:02d}"


def initials(s):
    return "".join(word[0].upper() + "." for word in s.strip().split(" ") if word)


def truncate(v, arg):
    return v[:int(arg)]


FILTERS = {
    "upper": lambda v, arg: v.upper(),
    "lower": lambda v, arg: v.casefold(),
    "title": lambda v, arg: title_case(v),
    "money": lambda v, arg: money(int(v)),
    "plural": lambda v, arg: v + " " + (arg if v == "1" else arg + "s"),
    "pad": lambda v, arg: v.ljust(int(arg)),
    "lpad": lambda v, arg: v.rjust(int(arg)),
    "trunc": truncate,
    "initials": lambda v, arg: initials(v),
    "reverse": lambda v, arg: v[::-1],
}


def parse_hole(text):
    parts = [part.strip() for part in text.split("|")]
    default = None
    chain = []
    for part in parts[1:]:
        name, _, argument = part.partition(":")
        if name == "default":
            default = argument
        else:
            chain.append((name, argument))
    return (parts[0], default, chain)


def parse_template(text):
    pieces = []
    start = 0
    while True:
        open_at = text.find("{{", start)
        if open_at < 0:
            pieces.append(text[start:])
            return pieces
        close = text.find("}}", open_at)
        pieces.append(text[start:open_at])
        pieces.append(parse_hole(text[open_at + 2:close]))
        start = close + 2


class Merge:
    def __init__(self):
        self.missing = 0

    def fill_hole(self, hole, customer):
        field, default, chain = hole
        value = customer.get(field.lower(), default)
        if value is None:
            self.missing += 1
            return "[" + field + "?]"
        for name, argument in chain:
            value = FILTERS[name](value, argument)
        return value

    def fill(self, template, customer, out):
        for piece in template:
            out.write(piece if type(piece) is str else self.fill_hole(piece, customer))


def random_customer(rng):
    first = FIRST_NAMES[rng.below(10)]
    last = LAST_NAMES[rng.below(10)]
    city = CITIES[rng.below(8)]
    cents = rng.below(100000)
    more = rng.below(3)
    items = rng.below(4)
    since = 1990 + rng.below(35)
    code = str(1000 + rng.below(9000))
    agent = rng.below(4)
    note = rng.below(5)
    customer = {"name": first + " " + last, "city": city,
                "balance": str(cents * (1000 if more == 0 else 1)), "items": str(items),
                "since": str(since), "account": last[:3] + "-" + code, "code": code}
    if agent < 3:
        customer["agent"] = AGENTS[agent]
    if note == 0:
        customer["note"] = "call first"
    return customer


def run(n):
    rng = Random(37)
    merge = Merge()
    templates = [parse_template(text) for text in TEMPLATE_TEXTS]
    letters = []
    for _ in range(n):
        customer = random_customer(rng)
        template = templates[rng.below(2)]
        out = StringIO()
        merge.fill(template, customer, out)
        letters.append(out.getvalue())
    text = "\n".join(letters)
    lines = text.split("\n")
    checksum = 0
    for c in text:
        checksum = (checksum * 31 + ord(c)) % 1000003
    return [n, len(text), len(lines), max(len(line) for line in lines),
            sum(1 for c in text if c.lower() in "aeiou"), sum(1 for c in text if c.isupper()),
            merge.missing, checksum, letters[0]]
