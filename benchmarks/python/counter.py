"""counter: a message-passing counter closure called n times (benchmarks/scheme/counter.scm)."""


def make_counter():
    count = 0

    def counter(message: str) -> int:
        nonlocal count
        if message == "increment":
            count += 1
            return count
        if message == "value":
            return count
        if message == "reset":
            count = 0
            return count
        raise ValueError(f"counter: unknown message {message!r}")

    return counter


def run(n: int = 1_000_000) -> int:
    counter = make_counter()
    i = 0
    while i < n:
        counter("increment")
        i += 1
    return counter("value")
