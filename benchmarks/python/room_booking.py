"""room-booking: n meetings booked into rooms (benchmarks/scheme/room-booking.scm).

The same algorithm as the Scheme: meetings drawn with the shared
generator (from 71), each a dict of its number, title, "HH:MM" times
and value, the minutes read back digit by digit by ord; sorted by
sorted() on (start, number) or (end, number); the rooms a list of
[name, free-from] pairs searched in order for the first free one, a
new room added at the end; greedy by end; the weighted table filled
from the left with a binary search by hand; the overlapping pairs by a
loop over the rest of the list; the busiest quarter hour in a list of
44; the first room's gaps; the kinds counted in a list of [kind, count]
pairs searched in order, new kinds in front.
"""

from .lcg import Random

KINDS = ["standup", "review", "planning", "interview", "lunch", "retro"]


def two_digits(k):
    return "0" + str(k) if k < 10 else str(k)


def minutes_to_time(minutes):
    return two_digits(minutes // 60) + ":" + two_digits(minutes % 60)


def digit(c):
    return ord(c) - ord("0")


def time_to_minutes(text):
    return 60 * (10 * digit(text[0]) + digit(text[1])) + 10 * digit(text[3]) + digit(text[4])


def random_meeting(rng, id):
    start = 480 + 15 * (rng.next() % 36)
    end = start + 15 * (1 + rng.next() % 8)
    value = 1 + rng.next() % 9
    kind = KINDS[rng.next() % 6]
    meeting = {"id": id, "title": kind + "-" + str(id), "start": minutes_to_time(start),
               "end": minutes_to_time(end), "value": value}
    meeting["from"] = time_to_minutes(meeting["start"])
    meeting["to"] = time_to_minutes(meeting["end"])
    return meeting


def by_start(meetings):
    return sorted(meetings, key=lambda m: (m["from"], m["id"]))


def by_end(meetings):
    return sorted(meetings, key=lambda m: (m["to"], m["id"]))


def overlaps(a, b):
    return a["from"] < b["to"] and b["from"] < a["to"]


def book(meetings):
    rooms = []
    bookings = []
    for meeting in by_start(meetings):
        for room in rooms:
            if room[1] <= meeting["from"]:
                room[1] = meeting["to"]
                bookings.append((meeting["id"], room[0]))
                break
        else:
            name = "room-" + str(len(rooms) + 1)
            rooms.append([name, meeting["to"]])
            bookings.append((meeting["id"], name))
    return rooms, bookings


def greedy(meetings):
    last_end = count = value = 0
    for meeting in by_end(meetings):
        if meeting["from"] >= last_end:
            last_end = meeting["to"]
            count += 1
            value += meeting["value"]
    return [count, value]


def best_value(meetings):
    ordered = by_end(meetings)
    n = len(ordered)
    table = [0] * (n + 1)
    taken = [0] * (n + 1)

    def ending_by(time, j):
        low, high = 0, j
        while low != high:
            middle = (low + high) // 2
            if ordered[middle]["to"] <= time:
                low = middle + 1
            else:
                high = middle
        return low

    for j, meeting in enumerate(ordered):
        before = ending_by(meeting["from"], j)
        with_it = meeting["value"] + table[before]
        without = table[j]
        if with_it > without:
            table[j + 1] = with_it
            taken[j + 1] = 1 + taken[before]
        else:
            table[j + 1] = without
            taken[j + 1] = taken[j]
    return [table[n], taken[n]]


def overlapping_pairs(meetings):
    pairs = 0
    for i, meeting in enumerate(meetings):
        for other in meetings[i + 1:]:
            if overlaps(meeting, other):
                pairs += 1
    return pairs


def busiest(meetings):
    slots = [0] * 44
    for meeting in meetings:
        for slot in range((meeting["from"] - 480) // 15, (meeting["to"] - 480) // 15):
            slots[slot] += 1
    best = count = 0
    for slot in range(44):
        if slots[slot] > count:
            best, count = slot, slots[slot]
    return [minutes_to_time(480 + 15 * best), count]


def lookup(id, bookings):
    for key, room in bookings:
        if key == id:
            return room
    return None


def gaps(meetings, bookings, room):
    booked = by_start([m for m in meetings if lookup(m["id"], bookings) == room])
    free_from = 480
    found = []
    for meeting in booked:
        if free_from < meeting["from"]:
            found.append((free_from, meeting["from"]))
            free_from = meeting["to"]
        else:
            free_from = max(free_from, meeting["to"])
    if free_from < 1140:
        found.append((free_from, 1140))
    return found


def kind_of(title):
    i = 0
    while title[i] != "-":
        i += 1
    return title[:i]


def count_kinds(meetings):
    table = []
    for meeting in meetings:
        kind = kind_of(meeting["title"])
        for entry in table:
            if entry[0] == kind:
                entry[1] += 1
                break
        else:
            table.insert(0, [kind, 1])
    return table[::-1]


def run(n):
    rng = Random(71)
    meetings = [random_meeting(rng, id) for id in range(n)]
    rooms, bookings = book(meetings)
    loads = [sum(1 for _, name in bookings if name == room[0]) for room in rooms]
    free = gaps(meetings, bookings, "room-1")
    return [
        len(rooms),
        loads,
        greedy(meetings),
        best_value(meetings),
        overlapping_pairs(meetings),
        busiest(meetings),
        len(free),
        sum(to - start for start, to in free),
        [minutes_to_time(start) + "-" + minutes_to_time(to) for start, to in free[:3]],
        count_kinds(meetings),
    ]
