"""catalogue: a small library's catalogue of n books (benchmarks/scheme/catalogue.scm).

The same algorithm as the Scheme: books drawn with the shared generator
(from 31) in the same order, each a small class with slots; the three
orders by a merge sort by hand (intervals' twin's merge) whose less-than
compare_by makes from (key, descending) pairs, comparing lower-cased
strings where the Scheme's keys are case-insensitive; editions, authors
and initials found by walking neighbours on the shelf, the initials
counted in a dict; each patron's loans a list in a dict, each book's
queue a list; titles searched by a loop comparing lower-cased
characters; the citations built by split and join.
"""

from .checksum import of_numbers
from .intervals import merge_lists
from .lcg import Random

ARTICLES = ["The ", "the ", "A ", "An ", "", "", ""]
ADJECTIVES = ["silent", "Crimson", "lost", "Golden", "hidden", "last",
              "Broken", "winter", "Iron", "distant", "secret", "Pale"]
NOUNS = ["River", "garden", "Empire", "tower", "Letters", "sea",
         "Orchard", "kingdom", "Mirror", "harbour", "night", "Machine"]
SURNAMES = ["Okafor", "Lindqvist", "o'Brien", "Nakamura", "Dubois", "McAllister",
            "van Dijk", "Rossi", "Ahmed", "Kowalski", "de la Cruz", "Smith"]
GIVEN_NAMES = ["Ada", "Bela", "Chen", "Dara", "Emil", "Farah", "Goran", "Hana"]
GENRES = ["fiction", "history", "science", "poetry", "travel", "cookery"]
SMALL_WORDS = {"of", "the", "a", "an"}


class Book:
    __slots__ = ("id", "title", "author", "year", "genre", "copies", "on_loan", "lent")

    def __init__(self, id, title, author, year, genre, copies):
        self.id = id
        self.title = title
        self.author = author
        self.year = year
        self.genre = genre
        self.copies = copies
        self.on_loan = 0
        self.lent = 0


def make_book(rng, id, shelf):
    def pick(options):
        return options[rng.next() % len(options)]

    again = id > 0 and rng.next() % 10 == 0
    if again:
        old = shelf[rng.next() % id]
        title = old.title.upper() if rng.next() % 2 == 0 else old.title
        author = old.author
    else:
        article = pick(ARTICLES)
        adjective = pick(ADJECTIVES)
        noun = pick(NOUNS)
        if rng.next() % 3 == 0:
            title = article + adjective + " " + noun + " of the " + pick(NOUNS)
        else:
            title = article + adjective + " " + noun
        surname = pick(SURNAMES)
        given = pick(GIVEN_NAMES)
        author = surname + ", " + given
    year = 1850 + rng.next() % 175
    genre = pick(GENRES)
    copies = 1 + rng.next() % 3
    return Book(id, title, author, year, genre, copies)


def filing_title(book):
    title = book.title
    lowered = title.lower()
    for article in ("the ", "an ", "a "):
        if lowered.startswith(article):
            return title[len(article):]
    return title


def merge_sort(items, less):
    if len(items) < 2:
        return items
    half = len(items) // 2
    return merge_lists(merge_sort(items[:half], less), merge_sort(items[half:], less), less)


def compare_by(*keys):
    """A less-than from (key, descending) pairs, taken in turn until two books differ."""
    def less(a, b):
        for key, descending in keys:
            x, y = key(a), key(b)
            if x != y:
                return x > y if descending else x < y
        return False
    return less


def contains(text, word):
    """Whether word (lower case) is in text, whatever the case of text's letters."""
    n, m = len(text), len(word)
    for i in range(n - m + 1):
        for j in range(m):
            if text[i + j].lower() != word[j]:
                break
        else:
            return True
    return False


SHELF_ORDER = compare_by((lambda b: b.author.lower(), False), (lambda b: filing_title(b).lower(), False),
                         (lambda b: b.year, False))
ARRIVAL_ORDER = compare_by((lambda b: b.year, True), (lambda b: b.title, False))
GENRE_ORDER = compare_by((lambda b: b.genre, False), (lambda b: b.lent, True), (lambda b: b.id, False))


def count_runs(books, same):
    """How many runs of neighbours the same, and how many of them hold more than one."""
    runs = long = 0
    for i, book in enumerate(books):
        if i == 0 or not same(books[i - 1], book):
            runs += 1
            if i + 1 < len(books) and same(book, books[i + 1]):
                long += 1
    return [runs, long]


def same_work(a, b):
    return a.author.lower() == b.author.lower() and filing_title(a).lower() == filing_title(b).lower()


def same_author(a, b):
    return a.author.lower() == b.author.lower()


def initials(shelf):
    table = {}
    for book in shelf:
        letter = book.author[0].upper()
        table[letter] = table.get(letter, 0) + 1
    return [[letter, table[letter]] for letter in merge_sort(list(table), lambda a, b: a < b)]


def circulate(rng, shelf, patrons):
    n = len(shelf)
    queues = [[] for _ in range(n)]
    loans = {}
    lent = waits = returns = served = 0

    def lend(book, patron):
        book.lent += 1
        loans.setdefault(patron, []).append(book.id)

    for _ in range(4 * n):
        if rng.next() % 3 < 2:
            book = shelf[rng.next() % n]
            patron = rng.next() % patrons
            if book.on_loan < book.copies:
                book.on_loan += 1
                lend(book, patron)
                lent += 1
            else:
                queues[book.id].append(patron)
                waits += 1
        else:
            patron = rng.next() % patrons
            if loans.get(patron):
                id = loans[patron].pop(0)
                book = shelf[id]
                returns += 1
                if queues[id]:
                    lend(book, queues[id].pop(0))
                    served += 1
                else:
                    book.on_loan -= 1
    return [lent, waits, returns, served]


def genre_report(books):
    report = []
    for book in books:
        if report and report[-1][0] == book.genre:
            report[-1][1] += 1
            report[-1][2] += book.lent
        else:
            report.append([book.genre, 1, book.lent, book.id])
    return report


def busiest_decade(shelf):
    counts = [0] * 18
    for book in shelf:
        counts[book.year // 10 - 185] += 1
    best = 0
    for d in range(1, 18):
        if counts[d] > counts[best]:
            best = d
    return [10 * (best + 185), counts[best]]


def capitalize(word, first):
    if not first and word.lower() in SMALL_WORDS:
        return word.lower()
    return word[0].upper() + word[1:].lower()


def citation(book):
    surname, given = book.author.split(", ")
    words = book.title.split()
    title = " ".join([capitalize(words[0], True)] + [capitalize(w, False) for w in words[1:]])
    return f"{surname.upper()}, {given[0]}. ({book.year}). {title}."


def run(n):
    rng = Random(31)
    shelf = []
    for id in range(n):
        shelf.append(make_book(rng, id, shelf))
    circulation = circulate(rng, shelf, 5 + n // 20)
    on_shelf = merge_sort(shelf, SHELF_ORDER)
    arrivals = merge_sort(shelf, ARRIVAL_ORDER)
    by_genre = merge_sort(shelf, GENRE_ORDER)
    hits = sum(1 for noun in NOUNS for book in shelf if contains(book.title, noun.lower()))
    return ([count_runs(on_shelf, same_work)[1], count_runs(on_shelf, same_author)[0], initials(on_shelf)]
            + circulation
            + [genre_report(by_genre),
               busiest_decade(shelf),
               of_numbers(b.id for b in on_shelf),
               [b.id for b in arrivals[:5]],
               of_numbers(b.id for b in arrivals),
               hits,
               [citation(on_shelf[0]), citation(on_shelf[1]), citation(on_shelf[-1])]])
