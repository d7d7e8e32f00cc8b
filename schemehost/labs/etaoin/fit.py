"""Fit, predict and plot the timings of the etaoin lab.

The lab times `cm` with the tree-recursive and the memoized
`substring-value` on words of growing length n, graphs the times on
regular, semi-log and log-log axes, reads off an exponential t = a*b^n
or a power t = a*n^b, and predicts the longest word each version can
solve in a day.  This module does the numeric side of that:

* `fit_exponential` and `fit_power`: least squares on log t (against n,
  or against log n), giving a, b and R^2 on the log scale;
* `predict_longest_in`: the longest length a fitted model allows within
  a time budget;
* `write_graphs`, `write_csv`, `render_report`, `write_report`: the three
  graphs (PNG and SVG), the table of timings and a Markdown report.

It knows nothing about the interpreter: it takes timing rows
(length, method, seconds), however they were measured.  The fits need only
the standard library; matplotlib is imported when a graph is drawn.
"""

from __future__ import annotations

import csv
import math
import statistics
from dataclasses import dataclass
from pathlib import Path
from typing import Iterable, Literal, NamedTuple, Sequence

__all__ = [
    "DAY_SECONDS",
    "Fit",
    "Model",
    "TimingRow",
    "best_fit",
    "fit_exponential",
    "fit_power",
    "fit_rows",
    "medians",
    "predict_longest_in",
    "read_csv",
    "render_report",
    "write_csv",
    "write_graphs",
    "write_report",
]

DAY_SECONDS = 86_400.0

Model = Literal["exponential", "power"]

GRAPH_KINDS = ("linear", "semilog", "loglog")


class TimingRow(NamedTuple):
    """One measurement: `cm` on a word of `length` letters took `seconds`."""

    length: int
    method: str
    seconds: float


@dataclass(frozen=True)
class Fit:
    """A fitted growth model: t = a*b^n (exponential) or t = a*n^b (power).

    `r_squared` is the coefficient of determination of the straight-line
    fit on the log scale (NaN when every time is the same); `points` is
    how many measurements were fitted.
    """

    model: Model
    a: float
    b: float
    r_squared: float
    points: int

    def predict(self, n: float) -> float:
        """Return the time the model predicts for length `n`."""
        if self.model == "exponential":
            return self.a * self.b ** n
        return self.a * n ** self.b

    def formula(self) -> str:
        """Return the model with its numbers, e.g. ``t = 1.2e-06 * 2.01^n``."""
        if self.model == "exponential":
            return f"t = {self.a:.3g} * {self.b:.4g}^n"
        return f"t = {self.a:.3g} * n^{self.b:.4g}"


def _line_fit(xs: Sequence[float], ys: Sequence[float]) -> tuple[float, float, float]:
    """Return (intercept, slope, r_squared) of the least-squares line y = c + m*x."""
    mean_x = statistics.fmean(xs)
    mean_y = statistics.fmean(ys)
    sxx = sum((x - mean_x) ** 2 for x in xs)
    sxy = sum((x - mean_x) * (y - mean_y) for x, y in zip(xs, ys))
    slope = sxy / sxx
    intercept = mean_y - slope * mean_x
    total = sum((y - mean_y) ** 2 for y in ys)
    residual = sum((y - intercept - slope * x) ** 2 for x, y in zip(xs, ys))
    r_squared = 1.0 - residual / total if total > 0 else math.nan
    return intercept, slope, r_squared


def _check_points(lengths: Sequence[float], seconds: Sequence[float], model: Model) -> None:
    """Reject data that a log-scale fit of `model` cannot use."""
    if len(lengths) != len(seconds):
        raise ValueError(
            f"{len(lengths)} lengths but {len(seconds)} times: they must pair up"
        )
    if any(not (math.isfinite(t) and t > 0) for t in seconds):
        raise ValueError("every time must be a positive number to take its log")
    if model == "power" and any(not (math.isfinite(n) and n > 0) for n in lengths):
        raise ValueError("a power fit needs every length positive, to take its log")
    if len(set(lengths)) < 2:
        raise ValueError("a fit needs at least two different lengths")


def fit_exponential(lengths: Sequence[float], seconds: Sequence[float]) -> Fit:
    """Fit t = a*b^n by linear regression of log t on n."""
    lengths, seconds = list(lengths), list(seconds)
    _check_points(lengths, seconds, "exponential")
    intercept, slope, r_squared = _line_fit(lengths, [math.log(t) for t in seconds])
    return Fit("exponential", math.exp(intercept), math.exp(slope), r_squared, len(lengths))


def fit_power(lengths: Sequence[float], seconds: Sequence[float]) -> Fit:
    """Fit t = a*n^b by linear regression of log t on log n."""
    lengths, seconds = list(lengths), list(seconds)
    _check_points(lengths, seconds, "power")
    intercept, slope, r_squared = _line_fit(
        [math.log(n) for n in lengths], [math.log(t) for t in seconds]
    )
    return Fit("power", math.exp(intercept), slope, r_squared, len(lengths))


# Beyond this the answer is not a word length anyone will time.
_LONGEST_WORTH_COUNTING = 1e15


def predict_longest_in(seconds: float, fit: Fit) -> int | None:
    """Return the longest length n whose predicted time fits in `seconds`.

    The answer is the largest whole n >= 0 with fit.predict(n) <= seconds,
    and 0 when even the shortest word is predicted to take too long.
    Return None when the model does not grow with n (b <= 1 for an
    exponential, b <= 0 for a power) or allows more than 1e15 letters:
    then there is no useful limit.
    """
    if not (math.isfinite(seconds) and seconds > 0):
        raise ValueError(f"the time budget must be a positive number, got {seconds!r}")
    if fit.model == "exponential":
        if fit.b <= 1:
            return None
        estimate = math.log(seconds / fit.a) / math.log(fit.b)
    else:
        if fit.b <= 0:
            return None
        log_estimate = math.log(seconds / fit.a) / fit.b
        if log_estimate > math.log(_LONGEST_WORTH_COUNTING):
            return None
        estimate = math.exp(log_estimate)
    if estimate > _LONGEST_WORTH_COUNTING:
        return None
    n = max(0, math.floor(estimate))
    # The logs may round the estimate across a whole number: step to the edge.
    while fit.predict(n + 1) <= seconds:
        n += 1
    while n > 0 and fit.predict(n) > seconds:
        n -= 1
    return n


def _as_rows(rows: Iterable[TimingRow | Sequence]) -> list[TimingRow]:
    """Turn (length, method, seconds) triples into checked TimingRows."""
    checked = []
    for row in rows:
        length, method, seconds = row
        row = TimingRow(int(length), str(method), float(seconds))
        if row.length < 0:
            raise ValueError(f"a word length cannot be negative: {row}")
        if not (math.isfinite(row.seconds) and row.seconds >= 0):
            raise ValueError(f"a time must be a number of seconds >= 0: {row}")
        checked.append(row)
    return checked


def medians(rows: Iterable[TimingRow | Sequence]) -> dict[str, list[tuple[int, float, int]]]:
    """Group rows by method, in order of first appearance.

    Each method maps to (length, median seconds, number of runs), by length.
    """
    runs: dict[str, dict[int, list[float]]] = {}
    for row in _as_rows(rows):
        runs.setdefault(row.method, {}).setdefault(row.length, []).append(row.seconds)
    return {
        method: [(n, statistics.median(times), len(times)) for n, times in sorted(by_length.items())]
        for method, by_length in runs.items()
    }


def fit_rows(rows: Iterable[TimingRow | Sequence]) -> dict[str, dict[Model, Fit]]:
    """Fit both models to each method's median times.

    Points a log scale cannot show are left out (times of 0, and length 0
    for the power model); a model with fewer than two lengths left is
    missing from that method's dict.
    """
    fits: dict[str, dict[Model, Fit]] = {}
    for method, points in medians(rows).items():
        fits[method] = {}
        timed = [(n, t) for n, t, _ in points if t > 0]
        for model, fitter, usable in (
            ("exponential", fit_exponential, timed),
            ("power", fit_power, [(n, t) for n, t in timed if n > 0]),
        ):
            if len({n for n, _ in usable}) >= 2:
                fits[method][model] = fitter([n for n, _ in usable], [t for _, t in usable])
    return fits


def best_fit(fits: dict[Model, Fit]) -> Fit | None:
    """Return the model with the higher R^2 (the straighter graph), if any."""
    ranked = [fit for fit in fits.values() if not math.isnan(fit.r_squared)]
    return max(ranked, key=lambda fit: fit.r_squared) if ranked else None


def write_graphs(
    rows: Iterable[TimingRow | Sequence],
    out_dir: str | Path,
    stem: str = "etaoin",
    formats: Sequence[str] = ("png", "svg"),
) -> list[Path]:
    """Draw the lab's three graphs of time against length, as PNG and SVG.

    Every graph shows every method's median times.  The semi-log graph adds
    each method's exponential fit (straight there), the log-log graph its
    power fit (straight there) and the linear graph its better fit.  Write
    ``<stem>-linear``, ``<stem>-semilog`` and ``<stem>-loglog`` with both
    suffixes (or those in `formats`) into `out_dir` and return the paths written.
    """
    from matplotlib.backends.backend_agg import FigureCanvasAgg
    from matplotlib.figure import Figure
    from matplotlib.ticker import FuncFormatter, LogLocator, NullFormatter

    rows = _as_rows(rows)
    points = medians(rows)
    fits = fit_rows(rows)
    out_dir = Path(out_dir)
    out_dir.mkdir(parents=True, exist_ok=True)
    written = []
    for kind in GRAPH_KINDS:
        figure = Figure(figsize=(7, 5))
        FigureCanvasAgg(figure)
        # Fixed margins: a layout engine would double the drawing time.
        figure.subplots_adjust(left=0.12, right=0.97, bottom=0.1, top=0.93)
        axes = figure.add_subplot()
        for index, (method, data) in enumerate(points.items()):
            colour = f"C{index}"
            shown = [(n, t) for n, t, _ in data if _drawable(kind, n, t)]
            if not shown:
                continue
            axes.plot(
                [n for n, _ in shown], [t for _, t in shown], "o",
                color=colour, label=f"{method} (measured)",
            )
            fit = _fit_for_graph(kind, fits.get(method, {}))
            if fit is not None:
                low = min(n for n, _ in shown)
                if fit.model == "power":
                    low = max(low, min(n for n, _ in shown if n > 0))
                high = max(n for n, _ in shown)
                steps = 200
                ns = [low + (high - low) * i / steps for i in range(steps + 1)]
                axes.plot(
                    ns, [fit.predict(n) for n in ns], "-", color=colour,
                    label=f"{method}: {fit.formula()} (R² {fit.r_squared:.3f})",
                )
        if kind in ("semilog", "loglog"):
            axes.set_yscale("log")
        if kind == "loglog":
            axes.set_xscale("log")
            # Word lengths read better as 2, 5, 10 than as powers of ten.
            axes.xaxis.set_major_locator(LogLocator(subs=(1.0, 2.0, 5.0)))
            axes.xaxis.set_major_formatter(FuncFormatter(lambda x, _: f"{x:g}"))
            axes.xaxis.set_minor_formatter(NullFormatter())
        axes.set_xlabel("word length n (letters)")
        axes.set_ylabel("time of cm (seconds)")
        axes.set_title({
            "linear": "Etaoin: time against length (linear axes)",
            "semilog": "Etaoin: semi-log axes (exponentials look straight)",
            "loglog": "Etaoin: log-log axes (powers look straight)",
        }[kind])
        axes.grid(True, which="both", alpha=0.3)
        axes.legend(fontsize="small")
        for suffix in formats:
            path = out_dir / f"{stem}-{kind}.{suffix}"
            figure.savefig(path, format=suffix)
            written.append(path)
    return written


def _drawable(kind: str, n: int, t: float) -> bool:
    """Tell whether the point (n, t) has a place on this kind of graph."""
    if kind == "linear":
        return True
    if kind == "semilog":
        return t > 0
    return t > 0 and n > 0


def _fit_for_graph(kind: str, fits: dict[Model, Fit]) -> Fit | None:
    """Choose the fitted curve to draw on one kind of graph."""
    if kind == "semilog":
        return fits.get("exponential")
    if kind == "loglog":
        return fits.get("power")
    return best_fit(fits)


def write_csv(rows: Iterable[TimingRow | Sequence], path: str | Path) -> Path:
    """Write the rows as CSV with the header length,method,seconds."""
    path = Path(path)
    with path.open("w", newline="", encoding="utf-8") as handle:
        writer = csv.writer(handle)
        writer.writerow(TimingRow._fields)
        for row in _as_rows(rows):
            writer.writerow([row.length, row.method, repr(row.seconds)])
    return path


def read_csv(path: str | Path) -> list[TimingRow]:
    """Read rows written by `write_csv`."""
    with Path(path).open(newline="", encoding="utf-8") as handle:
        reader = csv.DictReader(handle)
        return _as_rows((r["length"], r["method"], r["seconds"]) for r in reader)


def _describe_budget(seconds: float) -> str:
    """Say a time budget in words: '1 day', '2 hours', '90 s'."""
    for unit, size in (("day", 86_400), ("hour", 3_600), ("minute", 60)):
        if seconds >= size and seconds % size == 0:
            count = int(seconds // size)
            return f"{count} {unit}" + ("" if count == 1 else "s")
    return f"{seconds:g} s"


def render_report(
    rows: Iterable[TimingRow | Sequence],
    budget_seconds: float = DAY_SECONDS,
    graphs: Sequence[str] = (),
) -> str:
    """Return a Markdown report: the timings table, the fits, the predictions.

    `graphs` are image file names to show at the end, relative to where
    the report will be written.
    """
    rows = _as_rows(rows)
    points = medians(rows)
    fits = fit_rows(rows)
    methods = list(points)
    budget = _describe_budget(budget_seconds)
    lines = ["# Etaoin: timing the two versions of substring-value", ""]
    lines += [
        "Time of `cm` on words of length n, in seconds "
        "(median of the runs at each length).",
        "",
        "| n | " + " | ".join(methods) + " |",
        "|---:|" + "---:|" * len(methods),
    ]
    by_method = {m: {n: (t, runs) for n, t, runs in data} for m, data in points.items()}
    for n in sorted({n for data in points.values() for n, _, _ in data}):
        cells = []
        for m in methods:
            entry = by_method[m].get(n)
            cells.append("—" if entry is None else f"{entry[0]:.3g}")
        lines.append(f"| {n} | " + " | ".join(cells) + " |")
    lines += [
        "",
        "## Fitted models",
        "",
        "Least squares on log t; R² is measured on the log scale.",
        "",
        f"| method | model | a | b | R² | longest word in {budget} |",
        "|---|---|---:|---:|---:|---:|",
    ]
    for m in methods:
        for model in ("exponential", "power"):
            fit = fits[m].get(model)
            if fit is None:
                continue
            longest = predict_longest_in(budget_seconds, fit)
            lines.append(
                f"| {m} | {fit.formula()} | {fit.a:.3g} | {fit.b:.4g} | "
                f"{fit.r_squared:.4f} | {'no limit' if longest is None else longest} |"
            )
    lines += ["", "## Conclusions", ""]
    for m in methods:
        fit = best_fit(fits[m])
        if fit is None:
            lines.append(f"- {m}: too few timed lengths to fit a model.")
            continue
        growth = (f"exponentially, each extra letter multiplying the time by {fit.b:.3g}"
                  if fit.model == "exponential"
                  else f"like a power of the length, n^{fit.b:.3g}")
        longest = predict_longest_in(budget_seconds, fit)
        reach = ("no limit within the model" if longest is None
                 else f"about {longest} letters in {budget}")
        lines.append(
            f"- {m}: the {fit.model} fit is the straighter (R² {fit.r_squared:.4f}); "
            f"time grows {growth}; {reach}."
        )
    if graphs:
        lines += ["", "## Graphs", ""]
        lines += [f"![{name}]({name})" for name in graphs]
    return "\n".join(lines) + "\n"


def write_report(
    rows: Iterable[TimingRow | Sequence],
    out_dir: str | Path,
    stem: str = "etaoin",
    budget_seconds: float = DAY_SECONDS,
    graphs: bool = True,
) -> dict[str, Path]:
    """Write ``<stem>-timings.csv``, the graphs (unless `graphs` is False) and ``<stem>-report.md``.

    Return the paths written, by kind: 'csv', 'report' and each graph's
    file name.
    """
    rows = _as_rows(rows)
    out_dir = Path(out_dir)
    out_dir.mkdir(parents=True, exist_ok=True)
    written = {"csv": write_csv(rows, out_dir / f"{stem}-timings.csv")}
    images: list[str] = []
    if graphs:
        for path in write_graphs(rows, out_dir, stem):
            written[path.name] = path
            if path.suffix == ".png":
                images.append(path.name)
    report = out_dir / f"{stem}-report.md"
    report.write_text(render_report(rows, budget_seconds, images), encoding="utf-8")
    written["report"] = report
    return written
