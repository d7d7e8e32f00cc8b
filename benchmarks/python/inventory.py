"""inventory: three warehouses driven by n commands written as text (benchmarks/scheme/inventory.scm).

The same algorithm as the Scheme: commands drawn with the shared
generator (from 97) and written as the same strings, cut into words at
whitespace, digits read by int; the current warehouse an attribute set
for a command and put back in `finally` (parameterize); the stock a
list of [warehouse, items] pairs and each warehouse's items a list of
[item, quantity] pairs, both searched in order and grown at the front;
an order shipped line by line inside try/finally (dynamic-wind), the
lines done put back and the function left on a shortfall; average costs
as Fractions rounded to hundredths (half to even, as Scheme's round);
the ledger's lines folded into the shared checksum.
"""

from fractions import Fraction

from .checksum import of_text
from .lcg import Random

WAREHOUSES = ["north", "south", "east"]
ITEMS = ["bolt", "nut", "gear", "spring", "valve", "hinge", "lever", "washer"]


def random_command(rng):
    def warehouse():
        return WAREHOUSES[rng.next() % 3]

    def item():
        return ITEMS[rng.next() % 8]

    def amount(limit):
        return str(1 + rng.next() % limit)

    kind = rng.next() % 10
    if kind < 4:
        w = warehouse()
        quantity = amount(50)
        i = item()
        price = amount(20)
        return w + ": receive " + quantity + " " + i + " at " + price
    if kind < 7:
        w = warehouse()
        quantity = amount(30)
        i = item()
        return w + ": ship " + quantity + " " + i
    if kind == 7:
        w = warehouse()
        quantity = amount(20)
        i = item()
        destination = warehouse()
        return w + ": move " + quantity + " " + i + " to " + destination
    if kind == 8:
        text = "order"
        for _ in range(2 + rng.next() % 2):
            i = item()
            quantity = amount(10)
            text += " " + i + " " + quantity
        return text
    return "count " + item()


def word_to_token(word):
    return int(word) if word.isdigit() else word


def find(key, pairs):
    for pair in pairs:
        if pair[0] == key:
            return pair
    return None


class Warehouses:
    def __init__(self):
        self.current = "north"
        self.stock = []
        self.costs = []
        self.ledger = []
        self.refused = 0
        self.open_orders = 0
        self.filled = 0
        self.rejected = 0

    def items_of(self, warehouse):
        entry = find(warehouse, self.stock)
        if entry is None:
            entry = [warehouse, []]
            self.stock.insert(0, entry)
        return entry[1]

    def quantity_of(self, item, warehouse):
        entry = find(item, self.items_of(warehouse))
        return entry[1] if entry else 0

    def total_of(self, item):
        return sum(self.quantity_of(item, warehouse) for warehouse, _ in list(self.stock))

    def adjust(self, item, delta, warehouse=None):
        items = self.items_of(self.current if warehouse is None else warehouse)
        entry = find(item, items)
        now = entry[1] if entry else 0
        if now + delta < 0:
            return False
        if entry:
            entry[1] = now + delta
        else:
            items.insert(0, [item, delta])
        return True

    def note(self, *parts):
        self.ledger.append("".join(parts))

    def receive(self, quantity, item, price):
        held = self.total_of(item)
        entry = find(item, self.costs)
        old = entry[1] if entry else 0
        average = Fraction(round(100 * Fraction(old * held + price * quantity, held + quantity)), 100)
        if entry:
            entry[1] = average
        else:
            self.costs.insert(0, [item, average])
        self.adjust(item, quantity)
        self.note(self.current, " received ", str(quantity), " ", item, " at ", str(price))

    def ship(self, quantity, item):
        if self.adjust(item, -quantity):
            self.note(self.current, " shipped ", str(quantity), " ", item)
        else:
            self.refused += 1

    def move(self, quantity, item, destination):
        if self.adjust(item, -quantity):
            self.adjust(item, quantity, destination)
            self.note(self.current, " moved ", str(quantity), " ", item, " to ", destination)
        else:
            self.refused += 1

    def order(self, lines):
        self.open_orders += 1
        try:
            done = []
            for k in range(0, len(lines), 2):
                item, quantity = lines[k], lines[k + 1]
                if not self.adjust(item, -quantity):
                    for line in reversed(done):
                        self.adjust(line[0], line[1])
                    self.rejected += 1
                    return
                done.append((item, quantity))
            self.filled += 1
            self.note("order of ", str(len(done)), " lines from ", self.current)
        finally:
            self.open_orders -= 1

    def count(self, item):
        self.note(item.upper(), ": ", str(self.total_of(item)))

    def execute(self, tokens):
        verb = tokens[0]
        if verb == "receive":
            self.receive(tokens[1], tokens[2], tokens[4])
        elif verb == "ship":
            self.ship(tokens[1], tokens[2])
        elif verb == "move":
            self.move(tokens[1], tokens[2], tokens[4])
        elif verb == "order":
            self.order(tokens[1:])
        else:
            self.count(tokens[1])

    def perform(self, text):
        words = text.split()
        first = words[0]
        if first[-1] == ":":
            saved = self.current
            self.current = first[:-1]
            try:
                self.execute([word_to_token(w) for w in words[1:]])
            finally:
                self.current = saved
        else:
            self.execute([word_to_token(w) for w in words])

    def report(self, warehouse):
        ordered = []
        for item, quantity in self.items_of(warehouse):
            if quantity > 0:
                k = 0
                while k < len(ordered) and not item < ordered[k][0]:
                    k += 1
                ordered.insert(k, [item, quantity])
        return ordered


def run(n):
    rng = Random(97)
    w = Warehouses()
    for _ in range(n):
        w.perform(random_command(rng))
    value = sum((cost * w.total_of(item) for item, cost in w.costs), Fraction(0))
    return [
        len(w.ledger),
        w.refused,
        w.filled,
        w.rejected,
        w.open_orders == 0,
        [w.report(warehouse) for warehouse in WAREHOUSES],
        str(value),
        of_text("".join(w.ledger)),
        w.ledger[-1] if w.ledger else "",
    ]
