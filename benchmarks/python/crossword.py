"""crossword: small crossword grids filled by backtracking (benchmarks/scheme/crossword.scm).

The same search as the Scheme, in Python's own way: the grid a list of
lists of characters, the slots objects of a small class, the candidates
a list comprehension over the words of the slot's length (the words used
a list, tested by `in`), the fewest taken by a loop (the first on a
tie), try/finally wiping a word's letters, the first fill and the count
of five ended by exceptions of their own; the shared generator (from
263) drawn in the same order.
"""

from .lcg import Random

TEMPLATES = [
    ["...#...",
     ".#...#.",
     "...#..."],
    ["....#",
     ".#..#",
     "....#"],
    ["#....",
     ".#..#",
     ".....",
     "#..#.",
     "....#"],
    ["....",
     ".##.",
     ".##.",
     "...."],
]

WORDS = """
    ace add ago aim ale and ape are art ask awe bad bat bee bid bit boy bus can car cow cub cut
    day dew dig dog dry ear egg elk end eve fan fat few fin fly fox fur gas gum hat hid hit hop
    hub hug hut ink ion jam jaw jog keg kid kit lad law leg lie log low man mat mob mud nap nod
    oak oat oil one ore pad pan pea pen pie pin pod pun rag rat ray rim row rug sap sea sky sod
    sow spy tab tan tar ten tin toe top tub urn vat vow wax wig yak zoo
    able aged army aunt baby bake band barn bath beam bear bell bird body bone boot cake came
    cane card cart cave coal code cold cook cord corn crew cure dare date deal deck deer dial
    dine dock door dove dune earl edge even exam fact fame fate film fire five flat foam font
    fork fort fuel gate gift glow goat golf hail hall hate heat hero hill home hook horn idea
    isle kite lace lamb land last lawn leaf line list loaf loft lore mane mask meal mile mill
    mine mist moon moss nail neat nest oven page pain pale park pine plan poem pond pool port
    ramp rate rice ring robe role room rose rule sale sand seat silk song tale tank team tile
    tone tune veil vote wine wire wood yarn
    about adore agent album alien alone angel apple arena aside baker baton berry blade board
    brain brick cabin camel candy cargo cedar chair chest cigar clerk cloak cloud couch crane
    cream crown cycle decal demon diner dozen dream earth elbow ember entry fable feast fiber
    flame focus frame gavel given glove grain guard habit heron hotel human image irony jewel
    kayak lapel latch lemon liner lotus lyric magic manor medal metal minor modem money motel
    mural navel never north ocean opera organ owner panel pasta pearl petal pilot place plaza
    poker power prism radio ranch rebel relic rifle river rodeo rotor royal saint salon sauce
    sedan shelf sitar snake sonar spine sugar talon tiger title topaz tower trout tutor uncle
    valid value venom vocal water wheat woman yacht
""".split()


class Slot:
    def __init__(self, across, cells):
        self.across = across
        self.cells = cells
        self.number = 0
        self.word = None


class Found(Exception):
    def __init__(self, clues):
        self.clues = clues


class Enough(Exception):
    pass


def open_cell(grid, r, c):
    return 0 <= r < len(grid) and 0 <= c < len(grid[0]) and grid[r][c] != "#"


def run_from(grid, r, c, dr, dc):
    cells = []
    while open_cell(grid, r, c):
        cells.append((r, c))
        r += dr
        c += dc
    return cells


def find_slots(grid):
    slots = []
    for r in range(len(grid)):
        for c in range(len(grid[0])):
            if open_cell(grid, r, c) and not open_cell(grid, r, c - 1):
                cells = run_from(grid, r, c, 0, 1)
                if len(cells) >= 3:
                    slots.append(Slot(True, cells))
            if open_cell(grid, r, c) and not open_cell(grid, r - 1, c):
                cells = run_from(grid, r, c, 1, 0)
                if len(cells) >= 3:
                    slots.append(Slot(False, cells))
    last = None
    number = 0
    for slot in slots:
        if slot.cells[0] != last:
            number += 1
        slot.number = number
        last = slot.cells[0]
    return slots


def fits(grid, cells, word):
    for (r, c), ch in zip(cells, word):
        if grid[r][c] != "." and grid[r][c] != ch:
            return False
    return True


class Search:
    def __init__(self, grid, slots, by_length):
        self.grid = grid
        self.slots = slots
        self.by_length = by_length
        self.nodes = 0

    def candidates(self, slot, used):
        return [w for w in self.by_length[len(slot.cells)] if w not in used and fits(self.grid, slot.cells, w)]

    def fill(self, used, on_fill):
        self.nodes += 1
        best = None
        best_words = []
        for slot in self.slots:
            if slot.word is not None:
                continue
            words = self.candidates(slot, used)
            if not words:
                return
            if best is None or len(words) < len(best_words):
                best, best_words = slot, words
        if best is None:
            on_fill()
            return
        for word in best_words:
            added = [(r, c) for r, c in best.cells if self.grid[r][c] == "."]
            try:
                for (r, c), ch in zip(best.cells, word):
                    self.grid[r][c] = ch
                best.word = word
                self.fill(used + [word], on_fill)
            finally:
                best.word = None
                for r, c in added:
                    self.grid[r][c] = "."


def clues(slots):
    return [f"{s.number}{'A' if s.across else 'D'} {s.word}" for s in slots]


def first_fill(search):
    def found():
        raise Found(clues(search.slots))
    try:
        search.fill([], found)
    except Found as f:
        return f.clues
    return None


def count_fills(search, most):
    count = 0

    def one_more():
        nonlocal count
        count += 1
        if count == most:
            raise Enough
    try:
        search.fill([], one_more)
    except Enough:
        pass
    return count


def shuffle(rng, words):
    for i in range(len(words) - 1, 0, -1):
        j = rng.next() % (i + 1)
        words[i], words[j] = words[j], words[i]


def checksum_clues(entries, total):
    for entry in entries:
        for ch in entry:
            total = (total * 31 + ord(ch)) % 1000003
    return total


def run(n):
    rng = Random(263)
    words = list(WORDS)
    filled = first_nodes = nodes = fills = total = 0
    first = []
    for p in range(n):
        template = TEMPLATES[rng.next() % 4]
        shuffle(rng, words)
        by_length = [[] for _ in range(6)]
        for w in words:
            by_length[len(w)].append(w)
        grid = [list(row) for row in template]
        search = Search(grid, find_slots(grid), by_length)
        entries = first_fill(search)
        first_nodes += search.nodes
        fills += count_fills(search, 5)
        nodes += search.nodes
        if entries is not None:
            filled += 1
            total = checksum_clues(entries, total)
        if p == 0:
            first = entries if entries is not None else False
    return [n, filled, first_nodes, nodes - first_nodes, fills, total, first]
