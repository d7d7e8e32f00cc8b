"""mandelbrot: escape times over a grid in floats, two reals per point (benchmarks/scheme/mandelbrot.scm)."""

LIMIT = 50


def escape_time(cr, ci):
    zr = zi = 0.0
    for k in range(LIMIT):
        if zr * zr + zi * zi > 4.0:
            return k
        zr, zi = zr * zr - zi * zi + cr, 2.0 * zr * zi + ci
    return LIMIT


def grid_coordinate(lo, i, n):
    return lo + 3.0 * (i / n)


def run(n: int = 60) -> list:
    inside = 0
    total = 0
    for j in range(n):
        ci = grid_coordinate(-1.5, j, n)
        for i in range(n):
            k = escape_time(grid_coordinate(-2.0, i, n), ci)
            total += k
            if k == LIMIT:
                inside += 1
    ci = grid_coordinate(-1.5, n // 2, n)
    row = "".join("#" if escape_time(grid_coordinate(-2.0, i, n), ci) == LIMIT else "." for i in range(n))
    return [inside, total, row]
