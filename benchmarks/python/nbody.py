"""nbody: a planar n-body simulation in floats, bodies as objects (benchmarks/scheme/nbody.scm)."""

import math

DT = 0.01


class Body:
    __slots__ = ("x", "y", "vx", "vy", "mass")

    def __init__(self, x, y, vx, vy, mass):
        self.x, self.y, self.vx, self.vy, self.mass = x, y, vx, vy, mass


def make_system():
    return [Body(0.0, 0.0, 0.0, 0.0, 50.0),
            Body(3.0, 4.0, -2.4, 1.8, 0.5),
            Body(-6.0, 8.0, -1.8, -1.3, 0.3),
            Body(-9.0, -12.0, 1.4, -1.1, 0.2),
            Body(12.0, -16.0, 1.3, 1.0, 0.1)]


def distance(a, b):
    dx = a.x - b.x
    dy = a.y - b.y
    return math.sqrt(dx * dx + dy * dy)


def energy(bodies):
    e = 0.0
    for i, b in enumerate(bodies):
        e += 0.5 * b.mass * (b.vx * b.vx + b.vy * b.vy)
        potential = 0.0
        for other in bodies[i + 1:]:
            potential += b.mass * other.mass / distance(b, other)
        e -= potential
    return e


def advance(bodies):
    for i, a in enumerate(bodies):
        for b in bodies[i + 1:]:
            dx = a.x - b.x
            dy = a.y - b.y
            d2 = dx * dx + dy * dy
            mag = DT / (d2 * math.sqrt(d2))
            a.vx -= dx * b.mass * mag
            a.vy -= dy * b.mass * mag
            b.vx += dx * a.mass * mag
            b.vy += dy * a.mass * mag
    for b in bodies:
        b.x += DT * b.vx
        b.y += DT * b.vy


def run(n: int = 5_000) -> list:
    bodies = make_system()
    before = energy(bodies)
    for _ in range(n):
        advance(bodies)
    return ([round(before * 1_000_000.0), round(energy(bodies) * 1_000_000.0)]
            + [[round(b.x * 1000.0), round(b.y * 1000.0)] for b in bodies])
