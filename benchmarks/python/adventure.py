"""adventure: a small text adventure driven by tables (benchmarks/scheme/adventure.scm).

The same algorithm as the Scheme: the map is a list of (room, exits)
pairs, each exit a (direction, room) pair, searched by a loop as the
Scheme's assq does; the items in each room are [room, items] lists
copied at the start; a dark room is lit by the lamp carried or lying
there, the shed unlocked once by the key; commands are tuples carried out by the verb; every
command answers with a sentence, whose character codes are summed by
ord.  The commands come from the Scheme's
x -> (1103515245x + 12345) mod 2^31.
"""

EXITS = [
    ("hall", [("north", "library"), ("east", "kitchen"), ("south", "garden"), ("west", "study")]),
    ("library", [("south", "hall"), ("up", "attic")]),
    ("kitchen", [("west", "hall"), ("down", "cellar")]),
    ("cellar", [("up", "kitchen")]),
    ("garden", [("north", "hall"), ("east", "shed")]),
    ("shed", [("west", "garden")]),
    ("attic", [("down", "library")]),
    ("study", [("east", "hall")]),
]

DIRECTIONS = ("north", "south", "east", "west", "up", "down")

STARTING_ITEMS = [
    ("hall", []),
    ("library", ["book"]),
    ("kitchen", ["lamp", "bread"]),
    ("cellar", ["ruby"]),
    ("garden", ["key"]),
    ("shed", ["coin"]),
    ("attic", ["crown", "pearl"]),
    ("study", ["map"]),
]

TREASURES = ("ruby", "coin", "crown", "pearl")

DARK_ROOMS = ("cellar", "attic")


def assq(key, pairs):
    for pair in pairs:
        if pair[0] == key:
            return pair
    return None


class Game:
    def __init__(self, seed):
        self.seed = seed
        self.here = "hall"
        self.carried = []
        self.items = [[room, list(things)] for room, things in STARTING_ITEMS]
        self.visits = [[room, 0] for room, _ in EXITS]
        self.score = 0
        self.moves = 0
        self.refused = 0
        self.shed_locked = True
        self.visit("hall")

    def visit(self, room):
        assq(room, self.visits)[1] += 1

    def home_of(self, item):
        for room, things in STARTING_ITEMS:
            if item in things:
                return room

    def go(self, direction):
        exit_ = assq(direction, assq(self.here, EXITS)[1])
        if exit_ is None:
            self.refused += 1
            return f"You cannot go {direction} from the {self.here}."
        if exit_[1] in DARK_ROOMS and not self.lit(exit_[1]):
            self.refused += 1
            return f"It is too dark to go {direction} without the lamp."
        if exit_[1] == "shed" and self.shed_locked:
            if "key" in self.carried:
                self.shed_locked = False
                self.here = "shed"
                self.moves += 1
                self.visit(self.here)
                return "You unlock the shed with the key and go in."
            self.refused += 1
            return "The shed is locked."
        self.here = exit_[1]
        self.moves += 1
        self.visit(self.here)
        return f"You go {direction} to the {self.here}."

    def lit(self, room):
        return "lamp" in self.carried or "lamp" in assq(room, self.items)[1]

    def take(self):
        entry = assq(self.here, self.items)
        if not entry[1]:
            return "There is nothing here to take."
        item = entry[1].pop(0)
        self.carried.insert(0, item)
        return f"Taken: the {item}."

    def drop(self, item):
        self.carried.remove(item)
        if self.here == "hall" and item in TREASURES:
            home = assq(self.home_of(item), self.items)
            self.score += 10
            home[1].insert(0, item)
            return f"The {item} glitters and vanishes. Your score is {self.score}."
        entry = assq(self.here, self.items)
        entry[1].insert(0, item)
        return f"Dropped: the {item}."

    def look(self):
        things = assq(self.here, self.items)[1]
        exits = " ".join(direction for direction, _ in assq(self.here, EXITS)[1])
        seen = " ".join(things) if things else "nothing"
        return f"You are in the {self.here}. Exits: {exits}. You see {seen}."

    def inventory(self):
        if not self.carried:
            return "You carry nothing."
        return f"You carry: {' '.join(self.carried)}."

    def execute(self, command):
        verb = command[0]
        if verb == "go":
            return self.go(command[1])
        if verb == "take":
            return self.take()
        if verb == "drop":
            return self.drop(command[1]) if self.carried else "You carry nothing."
        if verb == "look":
            return self.look()
        if verb == "inventory":
            return self.inventory()
        return f"I do not know how to {verb}."

    def next(self):
        self.seed = (self.seed * 1103515245 + 12345) % 2147483648
        return self.seed // 65536

    def next_command(self):
        r = self.next() % 10
        if r < 4:
            return ("go", DIRECTIONS[self.next() % 6])
        if r < 6:
            return ("take",)
        if r < 8:
            if not self.carried:
                return ("drop",)
            return ("drop", self.carried[self.next() % len(self.carried)])
        if r == 8:
            return ("look",)
        return ("inventory",)


def run(n: int = 50_000) -> list:
    game = Game(17)
    characters = 0
    codes = 0
    for _ in range(n):
        answer = game.execute(game.next_command())
        characters += len(answer)
        for c in answer:
            codes += ord(c)
    return [game.here, game.score, game.moves, game.refused, list(game.carried),
            characters, codes, [count for _, count in game.visits]]
