"""queue-sim: SICP 3.3.2's queue serving a one-teller bank line (benchmarks/scheme/queue-sim.scm).

The same algorithm as the Scheme: the queue is a [front, rear] pair of
pointers into a chain of mutable [item, next] pairs (the Scheme's conses,
changed by set-car! and set-cdr!), with SICP's empty_queue, front_queue,
insert_queue and delete_queue; a hand-written linear congruential
generator in a module-level seed; the line's length counted in `waiting`.
"""

seed = 1


def next_random():
    global seed
    seed = (seed * 75 + 74) % 65537
    return seed


def make_queue():
    return [None, None]  # front pointer, rear pointer


def empty_queue(queue):
    return queue[0] is None


def front_queue(queue):
    if empty_queue(queue):
        raise ValueError("FRONT called with an empty queue")
    return queue[0][0]


def insert_queue(queue, item):
    new_pair = [item, None]
    if empty_queue(queue):
        queue[0] = new_pair
        queue[1] = new_pair
    else:
        queue[1][1] = new_pair
        queue[1] = new_pair
    return queue


def delete_queue(queue):
    if empty_queue(queue):
        raise ValueError("DELETE! called with an empty queue")
    queue[0] = queue[0][1]
    return queue


def run(n: int = 50_000) -> list[int]:
    global seed
    seed = 1
    line = make_queue()
    waiting = longest = served = total_wait = busy = 0
    for t in range(n):
        if next_random() % 10 < 4:
            insert_queue(line, t)
            waiting += 1
            if waiting > longest:
                longest = waiting
        if busy > 0:
            busy -= 1
        if busy == 0 and not empty_queue(line):
            arrived = front_queue(line)
            delete_queue(line)
            waiting -= 1
            served += 1
            total_wait += t - arrived
            busy = 1 + next_random() % 3
    return [served, total_wait, longest, waiting]
