"""hanoi: the towers of Hanoi with global move counters (benchmarks/scheme/hanoi.scm)."""

moves = 0
onto_c = 0


def move_disk(frm, to):
    global moves, onto_c
    moves += 1
    if to == "c":
        onto_c += 1


def hanoi(n, frm, to, via):
    if n > 0:
        hanoi(n - 1, frm, via, to)
        move_disk(frm, to)
        hanoi(n - 1, via, to, frm)


def run(n: int = 15) -> list[int]:
    global moves, onto_c
    moves = onto_c = 0
    hanoi(n, "a", "c", "b")
    return [moves, onto_c]
