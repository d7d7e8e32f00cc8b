"""ring-buffer: a double-ended queue in a list used as a ring (benchmarks/scheme/ring-buffer.scm).

The same algorithm as the Scheme: a Deque class over a list, the index
of the front and a count, indices wrapped by %, a full ring copied front
first into a list twice as long; the largest of each window of 10 by
the same drops at the back and the front, the round-robin scheduler with
its jobs as [number, work] lists (a job left with less than 4 units put
back at the front), palindromes by taking letters off both ends.  The
draws come from the Scheme's x -> (1103515245x + 12345) mod 2^31.
"""

from .lcg import Random


class Deque:
    def __init__(self, room=4):
        self.items = [None] * room
        self.front = 0
        self.count = 0

    def index(self, k):
        return (self.front + k) % len(self.items)

    def grow(self):
        bigger = [None] * (2 * len(self.items))
        for k in range(self.count):
            bigger[k] = self.items[self.index(k)]
        self.items = bigger
        self.front = 0

    def push_back(self, x):
        if self.count == len(self.items):
            self.grow()
        self.items[self.index(self.count)] = x
        self.count += 1

    def push_front(self, x):
        if self.count == len(self.items):
            self.grow()
        self.front = self.index(len(self.items) - 1)
        self.items[self.front] = x
        self.count += 1

    def pop_front(self):
        if self.count == 0:
            raise IndexError("pop_front: empty deque")
        x = self.items[self.front]
        self.items[self.front] = None
        self.front = self.index(1)
        self.count -= 1
        return x

    def pop_back(self):
        if self.count == 0:
            raise IndexError("pop_back: empty deque")
        k = self.index(self.count - 1)
        x = self.items[k]
        self.items[k] = None
        self.count -= 1
        return x

    def first(self):
        return self.items[self.front]

    def last(self):
        return self.items[self.index(self.count - 1)]

    def ends(self):
        return self.items[self.front], self.items[self.index(self.count - 1)]

    def size(self):
        return self.count

    def empty(self):
        return self.count == 0

    def room(self):
        return len(self.items)


def window_maxima(numbers, width):
    d = Deque()
    total = 0
    for i, x in enumerate(numbers):
        while not d.empty() and numbers[d.last()] <= x:
            d.pop_back()
        d.push_back(i)
        if d.first() <= i - width:
            d.pop_front()
        if i >= width - 1:
            total += numbers[d.first()]
    return total, d.room()


def round_robin(jobs, quantum):
    d = Deque()
    for number, work in jobs:
        d.push_back([number, work])
    clock = turns = finished = 0
    order = []
    while not d.empty():
        job = d.pop_front()
        slice_ = min(quantum, job[1])
        clock += slice_
        job[1] -= slice_
        turns += 1
        if job[1] == 0:
            finished += clock
            order.append(job[0])
        elif job[1] < 4:
            d.push_front(job)
        else:
            d.push_back(job)
    return turns, finished, order, d.room()


PHRASES = [
    "A man, a plan, a canal: Panama", "Never odd or even", "Was it a car or a cat I saw?",
    "Step on no pets", "Able was I ere I saw Elba", "Madam, in Eden, I'm Adam",
    "No lemon, no melon", "This is not one", "Dammit, I'm mad!", "Eva, can I see bees in a cave?",
    "A Santa at NASA", "Palindromes are rare", "Red rum, sir, is murder", "Yo, banana boy!",
    "Some men interpret nine memos", "Top spot", "Never a foot too far, even",
    "Mr. Owl ate my metal worm", "Go hang a salami, I'm a lasagna hog", "Not quite a palindrome",
]


def palindrome(phrase):
    d = Deque(8)
    for c in phrase:
        if c.isalpha():
            d.push_back(c.lower())
    while d.size() >= 2:
        first, last = d.ends()
        if first != last:
            return False
        d.pop_front()
        d.pop_back()
    return True


def run(n: int = 100_000) -> list:
    rng = Random(43)
    numbers = [rng.below(1000) for _ in range(n)]
    total, room = window_maxima(numbers, 10)
    jobs = [(j, rng.below(50) + 1) for j in range(n // 10)]
    turns, finished, order, job_room = round_robin(jobs, 7)
    palindromes = sum(1 for i in range(n // 20) if palindrome(PHRASES[i % len(PHRASES)]))
    return [total, room, turns, finished, order[:5], job_room, palindromes]
