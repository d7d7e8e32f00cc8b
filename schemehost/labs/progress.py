"""Reporting long runs: a one-line progress bar (drawn only on a terminal), and a
cross-check's verdict."""

from __future__ import annotations

import sys
import time


class Progress:
    """A one-line progress bar on a terminal (silent elsewhere)."""

    def __init__(self, total: int, stream=sys.stderr, unit: str = "matches"):
        self.total = total
        self.unit = unit
        self.done = 0
        self.stream = stream
        self.active = total > 0 and hasattr(stream, "isatty") and stream.isatty()
        self.start = time.monotonic()
        self.draw()

    def step(self, count: int = 1) -> None:
        self.done += count
        self.draw()

    def draw(self) -> None:
        if not self.active:
            return
        width = 30
        filled = int(width * self.done / self.total)
        elapsed = time.monotonic() - self.start
        self.stream.write(f"\r[{'#' * filled}{'.' * (width - filled)}] {self.done}/{self.total} {self.unit}, {elapsed:.0f} s")
        self.stream.flush()

    def close(self) -> None:
        if self.active:
            self.stream.write("\n")
            self.stream.flush()


def report_agreement(problems: list, disagree: str, agree: str, most: int | None = None) -> int:
    """Print a cross-check's problems (the first `most`) and its verdict; return the exit status.

    `disagree` ends "DISAGREE on ..." when there are problems; `agree` is
    printed when there are none.
    """
    for p in problems[:most]:
        print(p)
    if problems:
        print(f"DISAGREE on {disagree}")
        return 1
    print(agree)
    return 0
