"""mandelbrot: escape times over a grid in floats, two reals per point (benchmarks/scheme/mandelbrot.scm).

The same algorithm as the Scheme: each point's two coordinates computed by
grid_coordinate where the point is visited, z := z^2 + c iterated until
|z|^2 passes 4 or the limit; the middle row drawn into a string of dots
by setting the points that stayed in (a list of characters joined).
"""

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


def draw_row(j, n):
    picture = ["."] * n
    for i in range(n):
        if escape_time(grid_coordinate(-2.0, i, n), grid_coordinate(-1.5, j, n)) == LIMIT:
            picture[i] = "#"
    return "".join(picture)


def run(n: int = 60) -> list:
    inside = 0
    total = 0
    for j in range(n):
        for i in range(n):
            k = escape_time(grid_coordinate(-2.0, i, n), grid_coordinate(-1.5, j, n))
            total += k
            if k == LIMIT:
                inside += 1
    return [inside, total, draw_row(n // 2, n)]
