"""The matching-pennies lab: head-to-head matches, tournaments, the paper's tables.

Breazu, Volovici, Morariu and Crețulescu (2020) pit Hagelbarger's SEER,
Shannon's MRM and their own SCP against each other in 10 games each, and
read every game after 50, 100 and 200 plays (Tables 1-3).  This module
replays those matches over thousands of games with confidence intervals,
and any other pairing of the strategies in `strategies.pennies`.

Conventions:

* In ``match(a, b)`` side *a* is the matcher (wins a play when the faces
  match) and side *b* the mismatcher.  The paper makes both machines
  matchers and has "the embedding environment ... present to one of the
  machines the opposite selection of the other"; the machine shown the
  flipped moves is our mismatcher (see `strategies.pennies.classic`).
  The paper does not say which machine was flipped; for SEER, MRM and SCP
  it does not matter, since they see only win/lose and same/different
  bits.  We make the table's first-named machine the matcher.
* A game's score is the number of plays each side won; after n plays
  they add up to n.  Reading a game at 50, 100 and 200 plays reads the
  same game three times, as the paper did; strategies do not know how
  long a game will last.
* Every game has its own seed, a hash of (match seed, game index), from
  which both strategies are reseeded.  Results therefore do not depend
  on how many worker processes share the games, nor on their order.
* Confidence intervals are 95% intervals of the mean wins per game by the
  normal approximation, mean +- 1.96 s / sqrt(games): fine for the
  hundreds or thousands of games played here, too narrow for a handful.

Entry points (for the command line, among others)::

    match("best", "scp", plays=200, games=1000, seed=0)   -> MatchResult (.to_text(), .at(100))
    tournament(["seer", "mrm", "scp", "best"], (100, 200), games=200)
                                                          -> TournamentResult (.to_markdown(), .standings())
    paper_tables(games=10000, seed=0)                     -> Markdown of Tables 1-3, ours beside the paper's
    context_length_table(games=10, seed=0)                -> Markdown of Table 4, ours beside the paper's
    plot_running_score(result, "out/best-scp")            -> [out/best-scp.png, out/best-scp.svg]
    plot_heatmap(tournament_result, "out/heat")           -> [out/heat.png, out/heat.svg]
    paper_figures("out/figures", games=1000)              -> Figures 2-4, averaged over games
    describe_strategies()                                 -> Markdown list of the strategy names

Imports: `strategies.pennies`, the standard library, numpy, and matplotlib
(only inside the plotting functions, with the Agg canvas).
"""

from __future__ import annotations

import hashlib
import math
import os
import random
from concurrent.futures import ProcessPoolExecutor, as_completed
from dataclasses import dataclass, field
from pathlib import Path
from typing import Callable, Iterable, Protocol, Sequence

import numpy as np

from strategies.pennies import MATCHER, MISMATCHER, REGISTRY, Strategy, make


class ProgressBar(Protocol):
    """What the lab asks of a progress bar (schemehost.labs.progress.Progress is one)."""

    def step(self, count: int = 1) -> None: ...

    def close(self) -> None: ...


# Called with the number of games to play; the command line passes one that
# draws on a terminal, so that the lab itself imports nothing from schemehost.
ProgressFactory = Callable[[int], ProgressBar]

__all__ = [
    "INDEPENDENT_100",
    "PAPER_TABLES",
    "PAPER_TABLE_4",
    "GameRecord",
    "MatchResult",
    "PaperRow",
    "TournamentResult",
    "context_length_table",
    "context_lengths",
    "describe_strategies",
    "game_seed",
    "match",
    "paper_comparison",
    "paper_figures",
    "paper_tables",
    "play_game",
    "plot_heatmap",
    "plot_running_score",
    "tournament",
]

Z95 = 1.959963984540054  # the standard normal's 97.5% quantile

# -- the paper's data ------------------------------------------------------------


def _scores(text: str) -> tuple[tuple[int, int], ...]:
    """Read "26-24 18-32 ..." as ((26, 24), (18, 32), ...)."""
    return tuple((int(x), int(y)) for x, y in (pair.split("-") for pair in text.split()))


# Tables 1-3 of the paper: per game, (first machine, second machine) after
# 50, 100 and 200 plays.  Table 2, game 5 at 50 plays reads "27-24" (51
# plays); it is copied as printed, and its averages (27.2 - 22.9) include it.
PAPER_TABLES: dict[tuple[str, str], dict[int, tuple[tuple[int, int], ...]]] = {
    ("seer", "mrm"): {
        50: _scores("26-24 18-32 24-26 23-27 20-30 27-23 20-30 22-28 27-23 24-26"),
        100: _scores("47-53 38-62 38-62 49-51 42-58 48-52 40-60 45-55 49-51 46-54"),
        200: _scores("89-111 77-123 83-117 88-112 87-113 95-105 83-117 88-112 91-109 91-109"),
    },
    ("scp", "seer"): {
        50: _scores("30-20 24-26 25-25 30-20 27-24 25-25 33-17 25-25 24-26 29-21"),
        100: _scores("56-44 53-47 48-52 63-37 50-50 53-47 60-40 55-45 53-47 55-45"),
        200: _scores("116-84 111-89 106-94 124-76 108-92 105-95 119-81 110-90 114-86 113-87"),
    },
    ("scp", "mrm"): {
        50: _scores("33-17 31-19 23-27 33-17 27-23 35-15 30-20 28-22 24-26 22-28"),
        100: _scores("61-39 61-39 53-47 65-35 53-47 61-39 60-40 53-47 53-47 53-47"),
        200: _scores("121-79 115-85 110-90 120-80 102-98 117-83 113-87 112-88 110-90 117-83"),
    },
}
PAPER_TABLE_NUMBER = {("seer", "mrm"): 1, ("scp", "seer"): 2, ("scp", "mrm"): 3}
PAPER_CHECKPOINTS = (50, 100, 200)

# A careful independent reproduction over 10,000 games, 100 plays
# (first machine's mean wins, second's).
INDEPENDENT_100: dict[tuple[str, str], tuple[float, float]] = {
    ("seer", "mrm"): (43.3, 56.7),
    ("scp", "seer"): (56.7, 43.3),
    ("scp", "mrm"): (56.9, 43.1),
}


def describe_strategies() -> str:
    """Return the registry as a Markdown table of names and descriptions."""
    lines = ["| name | description |", "|---|---|"]
    lines += [f"| `{name}` | {description} |" for name, (_, description) in REGISTRY.items()]
    return "\n".join(lines)


# -- one game --------------------------------------------------------------------


@dataclass(frozen=True)
class GameRecord:
    """The moves of one game: side a (matcher) and side b (mismatcher)."""

    a_moves: str
    b_moves: str

    @property
    def plays(self) -> int:
        return len(self.a_moves)

    def outcomes(self) -> list[bool]:
        """Return, per play, whether a (the matcher) won it."""
        return [x == y for x, y in zip(self.a_moves, self.b_moves)]

    def score(self, after: int | None = None) -> tuple[int, int]:
        """Return (a's wins, b's wins) after `after` plays (default: all)."""
        n = self.plays if after is None else after
        a = sum(self.outcomes()[:n])
        return a, n - a


def _as_strategy(strategy: Strategy | str, role: str) -> Strategy:
    if isinstance(strategy, str):
        return make(strategy, role)
    if strategy.role != role:
        raise ValueError(f"{strategy!r} plays as {strategy.role}, this side needs a {role}")
    return strategy


def play_game(a: Strategy | str, b: Strategy | str, plays: int, rng: random.Random) -> GameRecord:
    """Play `plays` plays between matcher `a` and mismatcher `b`.

    Strategies may be given by registry name.  Both are reset with seeds
    drawn from `rng` (a first, then b), so a game is a function of `rng`'s
    state.  Each play both choose, then both observe both moves.
    """
    a = _as_strategy(a, MATCHER)
    b = _as_strategy(b, MISMATCHER)
    a.reset(rng.getrandbits(64))
    b.reset(rng.getrandbits(64))
    a_moves: list[str] = []
    b_moves: list[str] = []
    for _ in range(plays):
        x = a.choose()
        y = b.choose()
        if x not in ("H", "T") or y not in ("H", "T"):
            raise ValueError(f"a move is 'H' or 'T': {a.name} chose {x!r}, {b.name} chose {y!r}")
        a.observe(x, y)
        b.observe(y, x)
        a_moves.append(x)
        b_moves.append(y)
    return GameRecord("".join(a_moves), "".join(b_moves))


def game_seed(seed: int, index: int) -> int:
    """Return the seed of game `index` of a match seeded with `seed`."""
    digest = hashlib.blake2b(f"pennies/{seed}/{index}".encode(), digest_size=8).digest()
    return int.from_bytes(digest, "big")


def _play_chunk(a: str, b: str, plays: int, seed: int, start: int, stop: int) -> np.ndarray:
    """Play games start..stop-1; return a (games, plays) array of a's wins (0/1)."""
    matcher = make(a, MATCHER)
    mismatcher = make(b, MISMATCHER)
    out = np.zeros((stop - start, plays), dtype=np.uint8)
    for row, index in enumerate(range(start, stop)):
        record = play_game(matcher, mismatcher, plays, random.Random(game_seed(seed, index)))
        out[row] = record.outcomes()
    return out


def _chunks(games: int, pieces: int) -> list[tuple[int, int]]:
    size = max(1, math.ceil(games / pieces))
    return [(start, min(games, start + size)) for start in range(0, games, size)]


def _run_matches(
    pairs: Sequence[tuple[str, str]], plays: int, games: int, seed: int, workers: int | None,
    progress: ProgressFactory | None = None,
) -> list[np.ndarray]:
    """Play `games` games of every (matcher, mismatcher) pair; return their outcome arrays.

    With several workers, `progress(total)` (if given) makes a bar that is
    stepped by the games each finished chunk played, then closed.
    """
    for a, b in pairs:
        make(a), make(b)  # fail here, with the known names, not in a worker
    if workers is None:
        workers = os.cpu_count() or 1
    if workers <= 1:
        return [_play_chunk(a, b, plays, seed, 0, games) for a, b in pairs]
    # A few chunks per worker keep the processes busy to the end.
    pieces = _chunks(games, 4 * workers)
    bar = progress(len(pairs) * games) if progress is not None else None
    with ProcessPoolExecutor(max_workers=workers) as pool:
        futures = [
            [pool.submit(_play_chunk, a, b, plays, seed, start, stop) for start, stop in pieces]
            for a, b in pairs
        ]
        sizes = {f: stop - start for row in futures for f, (start, stop) in zip(row, pieces)}
        for f in as_completed(sizes):
            if bar is not None:
                bar.step(sizes[f])
        if bar is not None:
            bar.close()
        return [np.concatenate([f.result() for f in row]) for row in futures]


# -- a match ---------------------------------------------------------------------


@dataclass(frozen=True)
class MatchResult:
    """Games between matcher `a` and mismatcher `b`, read after `plays` plays.

    `mean_a`, `mean_b`: mean wins per game; `ci95_a`, `ci95_b`: their 95%
    intervals (normal approximation); `led_a`, `led_b`, `tied`: shares of
    games each side led at the end, and drawn.  `outcomes` holds, per game
    and play, 1 where a won: ``at(n)`` reads the same games after n plays.
    """

    a: str
    b: str
    plays: int
    games: int
    seed: int
    mean_a: float
    mean_b: float
    ci95_a: tuple[float, float]
    ci95_b: tuple[float, float]
    led_a: float
    led_b: float
    tied: float
    outcomes: np.ndarray = field(repr=False, compare=False)

    @classmethod
    def from_outcomes(cls, a: str, b: str, seed: int, outcomes: np.ndarray) -> "MatchResult":
        games, plays = outcomes.shape
        wins_a = outcomes.sum(axis=1, dtype=np.int64)
        mean_a = float(wins_a.mean())
        half = Z95 * float(wins_a.std(ddof=1)) / math.sqrt(games) if games > 1 else math.inf
        wins_b = plays - wins_a
        return cls(
            a=a,
            b=b,
            plays=plays,
            games=games,
            seed=seed,
            mean_a=mean_a,
            mean_b=plays - mean_a,
            ci95_a=(mean_a - half, mean_a + half),
            ci95_b=(plays - mean_a - half, plays - mean_a + half),
            led_a=float(np.mean(wins_a > wins_b)),
            led_b=float(np.mean(wins_b > wins_a)),
            tied=float(np.mean(wins_a == wins_b)),
            outcomes=outcomes,
        )

    @property
    def half_width(self) -> float:
        """Half the width of the 95% intervals (the same for both sides)."""
        return (self.ci95_a[1] - self.ci95_a[0]) / 2

    @property
    def wins_a(self) -> np.ndarray:
        """Each game's wins for side a."""
        return self.outcomes.sum(axis=1, dtype=np.int64)

    def at(self, plays: int) -> "MatchResult":
        """Return the same games read after their first `plays` plays."""
        if not 1 <= plays <= self.plays:
            raise ValueError(f"plays must be in 1..{self.plays}, got {plays}")
        return MatchResult.from_outcomes(self.a, self.b, self.seed, self.outcomes[:, :plays])

    def running_lead(self) -> np.ndarray:
        """Return a (games, plays) array: a's wins minus b's wins after each play."""
        steps = self.outcomes.astype(np.int64) * 2 - 1
        return np.cumsum(steps, axis=1)

    def to_text(self) -> str:
        """Return a short human-readable summary."""
        return (
            f"{self.a} (matcher) vs {self.b} (mismatcher), {self.games} games of {self.plays} plays, "
            f"seed {self.seed}\n"
            f"  mean wins  {self.a}: {self.mean_a:.2f}  [{self.ci95_a[0]:.2f}, {self.ci95_a[1]:.2f}]"
            f"   {self.b}: {self.mean_b:.2f}  [{self.ci95_b[0]:.2f}, {self.ci95_b[1]:.2f}]\n"
            f"  led at the end  {self.a}: {self.led_a:.1%}   {self.b}: {self.led_b:.1%}"
            f"   tied: {self.tied:.1%}"
        )


def match(
    a_name: str,
    b_name: str,
    plays: int = 100,
    games: int = 1000,
    seed: int = 0,
    workers: int | None = None,
    progress: ProgressFactory | None = None,
) -> MatchResult:
    """Play `games` games of `plays` plays, `a_name` matching and `b_name` mismatching.

    Games run in `workers` processes (default: one per CPU; 1 plays in this
    process).  The result does not depend on `workers`.
    """
    if plays < 1 or games < 1:
        raise ValueError("a match needs at least one game of at least one play")
    (outcomes,) = _run_matches([(a_name, b_name)], plays, games, seed, workers, progress)
    return MatchResult.from_outcomes(a_name, b_name, seed, outcomes)


# -- a tournament ----------------------------------------------------------------


@dataclass(frozen=True)
class TournamentResult:
    """A round robin: every ordered pair played `games` games, each side in each role.

    ``share[n][i, j]`` is strategy i's mean share of the plays against
    strategy j after n plays, averaged over i as matcher and i as
    mismatcher (the diagonal is NaN: nobody plays himself).
    """

    names: tuple[str, ...]
    plays_list: tuple[int, ...]
    games: int
    seed: int
    share: dict[int, np.ndarray]

    def standings(self, plays: int | None = None) -> list[tuple[str, float]]:
        """Return (name, mean share against all others) from best to worst."""
        grid = self.share[plays or max(self.plays_list)]
        means = np.nanmean(grid, axis=1)
        order = sorted(range(len(self.names)), key=lambda i: -means[i])
        return [(self.names[i], float(means[i])) for i in order]

    def to_markdown(self, plays: int | None = None) -> str:
        """Return the share table (row's share against column, in %) with a mean column."""
        plays = plays or max(self.plays_list)
        grid = self.share[plays]
        head = "| vs | " + " | ".join(self.names) + " | mean |"
        lines = [f"Share of plays won, row against column, {plays} plays, {self.games} games per role", "", head]
        lines.append("|---" * (len(self.names) + 2) + "|")
        for i, name in enumerate(self.names):
            cells = ["" if i == j else f"{100 * grid[i, j]:.1f}" for j in range(len(self.names))]
            lines.append(f"| **{name}** | " + " | ".join(cells) + f" | {100 * np.nanmean(grid[i]):.1f} |")
        return "\n".join(lines)


def tournament(
    names: Sequence[str],
    plays_list: Iterable[int] = (100,),
    games: int = 200,
    seed: int = 0,
    workers: int | None = None,
    progress: ProgressFactory | None = None,
) -> TournamentResult:
    """Play a round robin among `names`; read every game at each of `plays_list`.

    Every ordered pair (i, j), i != j, plays `games` games with i as the
    matcher, so each pair meets in both roles.
    """
    names = tuple(names)
    plays_list = tuple(sorted(set(plays_list)))
    if len(names) < 2 or not plays_list or plays_list[0] < 1:
        raise ValueError("a tournament needs two names and positive play counts")
    pairs = [(a, b) for a in names for b in names if a != b]
    results = _run_matches(pairs, plays_list[-1], games, seed, workers, progress)
    share: dict[int, np.ndarray] = {}
    for plays in plays_list:
        # won[i, j]: mean share of the plays won by i as matcher against j
        won = np.full((len(names), len(names)), np.nan)
        for (a, b), outcomes in zip(pairs, results):
            won[names.index(a), names.index(b)] = outcomes[:, :plays].mean()
        share[plays] = (won + (1.0 - won.T)) / 2.0
    return TournamentResult(names, plays_list, games, seed, share)


# -- the paper's tables ------------------------------------------------------------


@dataclass(frozen=True)
class PaperRow:
    """One cell of Tables 1-3: our mean over many games beside the paper's 10."""

    table: int
    a: str
    b: str
    plays: int
    ours: MatchResult
    paper_a: float
    paper_b: float

    @property
    def paper_z(self) -> float:
        """How many standard errors of a 10-game average the paper's a-average lies from ours."""
        sd = float(self.ours.wins_a.std(ddof=1))
        return (self.paper_a - self.ours.mean_a) / (sd / math.sqrt(10))


def paper_comparison(
    games: int = 1000,
    seed: int = 0,
    workers: int | None = None,
    readings: dict[str, str] | None = None,
    progress: ProgressFactory | None = None,
) -> list[PaperRow]:
    """Replay Tables 1-3 over `games` games of 200 plays, read at 50, 100 and 200.

    `readings` plays a machine by another registry name, to see what a
    different reading of the paper changes: ``{"mrm": "mrm-v2"}``.
    """
    readings = dict(readings or {})
    unknown = set(readings) - {"seer", "mrm", "scp"}
    if unknown:
        raise ValueError(f"readings replace seer, mrm or scp, not {sorted(unknown)}")
    pairs = list(PAPER_TABLES)
    played = [(readings.get(a, a), readings.get(b, b)) for a, b in pairs]
    results = _run_matches(played, max(PAPER_CHECKPOINTS), games, seed, workers, progress)
    rows = []
    for (a, b), (a_played, b_played), outcomes in zip(pairs, played, results):
        full = MatchResult.from_outcomes(a_played, b_played, seed, outcomes)
        for plays in PAPER_CHECKPOINTS:
            scores = PAPER_TABLES[(a, b)][plays]
            rows.append(
                PaperRow(
                    table=PAPER_TABLE_NUMBER[(a, b)],
                    a=a,
                    b=b,
                    plays=plays,
                    ours=full.at(plays),
                    paper_a=sum(x for x, _ in scores) / len(scores),
                    paper_b=sum(y for _, y in scores) / len(scores),
                )
            )
    return rows


def paper_tables(
    games: int = 1000,
    seed: int = 0,
    workers: int | None = None,
    readings: dict[str, str] | None = None,
    progress: ProgressFactory | None = None,
) -> str:
    """Return Tables 1-3 of the paper beside our replay, as Markdown.

    `readings` is passed to `paper_comparison`; the machines actually
    played are named in the match column when they differ.
    """
    rows = paper_comparison(games, seed, workers, readings, progress)
    out = [
        f"Tables 1-3 of Breazu et al. (2020) replayed: {games} games of 200 plays (seed {seed}), "
        "each read after 50, 100 and 200 plays; first machine = matcher.",
        "",
        "| table | match | plays | ours: first | ours: second | first led | paper (10 games) "
        "| paper's z | independent (10,000 games) |",
        "|---|---|---|---|---|---|---|---|---|",
    ]
    for row in rows:
        r = row.ours
        title = f"{row.a.upper()} vs {row.b.upper()}"
        same_machines = (r.a, r.b) == (row.a, row.b)
        if not same_machines:
            title += f" ({r.a} vs {r.b})"
        independent = INDEPENDENT_100.get((row.a, row.b)) if row.plays == 100 and same_machines else None
        out.append(
            f"| {row.table} | {title} | {row.plays} "
            f"| {r.mean_a:.2f} ± {r.half_width:.2f} | {r.mean_b:.2f} ± {r.half_width:.2f} "
            f"| {r.led_a:.0%} | {row.paper_a:.1f} - {row.paper_b:.1f} | {row.paper_z:+.1f} "
            f"| {'' if independent is None else f'{independent[0]} - {independent[1]}'} |"
        )
    out += [
        "",
        "± is the half-width of the 95% interval of our mean.  'paper's z' is the paper's "
        "10-game average of the first machine minus our mean, in standard errors of a "
        "10-game average: |z| < 2 means the paper's games look like ours.",
    ]
    return "\n".join(out)


# Table 4 of the paper: over its 10 SCP vs MRM games of 200 plays, the
# number of predictions by (length of the longest context found, length of
# the context used for prediction); row = found, column = used, 0 = none.
PAPER_TABLE_4 = (
    (60, 0, 0, 0, 0, 0),
    (48, 86, 0, 0, 0, 0),
    (50, 140, 296, 0, 0, 0),
    (32, 82, 183, 638, 0, 0),
    (1, 4, 8, 33, 327, 0),
    (0, 0, 0, 0, 0, 12),
)


def context_length_table(games: int = 10, seed: int = 0) -> str:
    """Return our SCP-vs-MRM context lengths beside the paper's Table 4, as Markdown."""
    ours = context_lengths("mrm", 200, games, seed)
    size = max(ours.shape[0], len(PAPER_TABLE_4))
    lines = [
        f"SCP vs MRM, {games} games of 200 plays (seed {seed}): predictions by longest context "
        "found (row) and context used (column), ours / paper's (10 games).",
        "",
        "| found \\ used | " + " | ".join(str(j) for j in range(size)) + " |",
        "|---" * (size + 1) + "|",
    ]
    for i in range(size):
        cells = []
        for j in range(i + 1):
            mine = int(ours[i, j]) if i < ours.shape[0] else 0
            paper = PAPER_TABLE_4[i][j] if i < len(PAPER_TABLE_4) else 0
            cells.append(f"{mine} / {paper}")
        lines.append(f"| {i} | " + " | ".join(cells + [""] * (size - i - 1)) + " |")
    return "\n".join(lines)


def context_lengths(opponent: str = "mrm", plays: int = 200, games: int = 10, seed: int = 0) -> np.ndarray:
    """Count SCP's (longest context found, context used) pairs, as in the paper's Table 4.

    SCP plays matcher against `opponent`; the result's [found, used] entry
    counts the predictions made with those lengths (0: none), over all
    `games` games.
    """
    counts = np.zeros((1, 1), dtype=np.int64)
    for index in range(games):
        scp = make("scp", MATCHER)
        play_game(scp, opponent, plays, random.Random(game_seed(seed, index)))
        for found, used in scp.trace:
            if found >= counts.shape[0]:
                grown = np.zeros((found + 1, found + 1), dtype=np.int64)
                grown[: counts.shape[0], : counts.shape[1]] = counts
                counts = grown
            counts[found, used] += 1
    return counts


# -- plots --------------------------------------------------------------------------


def _save(figure, path: str | Path) -> list[Path]:
    """Write `figure` as PNG and SVG beside `path` (its suffix is replaced)."""
    stem = Path(path)
    stem.parent.mkdir(parents=True, exist_ok=True)
    written = []
    for suffix in (".png", ".svg"):
        target = stem.with_suffix(suffix)
        figure.savefig(target, dpi=150 if suffix == ".png" else None)
        written.append(target)
    return written


def _figure(width: float, height: float):
    # A bare Figure on the Agg canvas: no pyplot, no global figure state.
    from matplotlib.backends.backend_agg import FigureCanvasAgg
    from matplotlib.figure import Figure

    figure = Figure(figsize=(width, height), layout="constrained")
    FigureCanvasAgg(figure)
    return figure


def plot_running_score(result: MatchResult, path: str | Path, title: str | None = None) -> list[Path]:
    """Plot a's lead over b after each play, averaged over the match's games.

    The paper's Figures 2-4 show one game; here the line is the mean lead
    (a's wins minus b's) over all games, the dark band its 95% interval,
    the light band the middle 80% of single games (10th to 90th
    percentile, averaged over two plays).  Writes `path` as .png
    and .svg and returns both paths.
    """
    lead = result.running_lead()
    x = np.arange(1, result.plays + 1)
    mean = lead.mean(axis=0)
    half = Z95 * lead.std(axis=0, ddof=1) / math.sqrt(result.games) if result.games > 1 else 0 * mean
    low, high = np.percentile(lead, [10, 90], axis=0)
    # A lead after n plays has the parity of n, so the percentiles zigzag
    # by one from play to play: average each with its predecessor.
    low[1:] = (low[1:] + low[:-1]) / 2
    high[1:] = (high[1:] + high[:-1]) / 2
    figure = _figure(7, 4)
    ax = figure.add_subplot()
    ax.fill_between(x, low, high, color="tab:blue", alpha=0.15, linewidth=0, label="middle 80% of games")
    ax.fill_between(x, mean - half, mean + half, color="tab:blue", alpha=0.45, linewidth=0, label="95% CI of the mean")
    ax.plot(x, mean, color="tab:blue", label=f"mean lead of {result.a}")
    ax.axhline(0, color="black", linewidth=0.8)
    ax.set_xlabel("play")
    ax.set_ylabel(f"{result.a} wins - {result.b} wins")
    ax.set_xlim(1, result.plays)
    ax.set_title(title or f"{result.a} (matcher) vs {result.b} (mismatcher), {result.games} games")
    ax.legend(loc="upper left", frameon=False)
    return _save(figure, path)


def plot_heatmap(result: TournamentResult, path: str | Path, plays: int | None = None) -> list[Path]:
    """Draw the round robin's share matrix (row's % of plays against column).

    Writes `path` as .png and .svg and returns both paths.
    """
    plays = plays or max(result.plays_list)
    grid = 100 * result.share[plays]
    n = len(result.names)
    figure = _figure(1.2 + 0.6 * n, 0.8 + 0.55 * n)
    ax = figure.add_subplot()
    spread = max(1.0, float(np.nanmax(np.abs(grid - 50))))
    image = ax.imshow(grid, cmap="RdBu", vmin=50 - spread, vmax=50 + spread)
    ax.set_xticks(range(n), result.names, rotation=45, ha="right")
    ax.set_yticks(range(n), result.names)
    for i in range(n):
        for j in range(n):
            if i != j:
                # white on the dark ends of the colour map
                colour = "white" if abs(grid[i, j] - 50) > 0.6 * spread else "black"
                ax.text(j, i, f"{grid[i, j]:.0f}", ha="center", va="center", fontsize=7, color=colour)
    ax.set_title(f"% of plays won, row vs column ({plays} plays, {result.games} games per role)")
    figure.colorbar(image, ax=ax, shrink=0.8)
    return _save(figure, path)


def paper_figures(
    outdir: str | Path, games: int = 1000, seed: int = 0, plays: int = 100, workers: int | None = None,
    progress: ProgressFactory | None = None,
) -> list[Path]:
    """Draw the running score of the paper's three matches (its Figures 2-4), averaged.

    Writes fig2-seer-mrm, fig3-scp-seer and fig4-scp-mrm (.png, .svg)
    under `outdir`; returns the paths.
    """
    pairs = list(PAPER_TABLES)
    results = _run_matches(pairs, plays, games, seed, workers, progress)
    written: list[Path] = []
    for number, ((a, b), outcomes) in enumerate(zip(pairs, results), start=2):
        result = MatchResult.from_outcomes(a, b, seed, outcomes)
        title = f"Figure {number} replayed: {a.upper()} vs {b.upper()}, mean of {games} games"
        written += plot_running_score(result, Path(outdir) / f"fig{number}-{a}-{b}", title)
    return written
