"""tak: Takeuchi's function (benchmarks/scheme/tak.scm)."""


def tak(x: int, y: int, z: int) -> int:
    if not y < x:
        return z
    return tak(tak(x - 1, y, z), tak(y - 1, z, x), tak(z - 1, x, y))


def run(x: int = 18, y: int = 12, z: int = 6) -> int:
    return tak(x, y, z)
