"""Stone's original penny matcher, run by our interpreter, against a Python strategy.

The program is ../shared/originals/penny-matcher.scm, unchanged.  Its
standard input and output are connected to a Python strategy playing the
human: each time the program reads, the strategy first observes the round
the program just reported ("You showed heads, I showed tails.") and then
types its next move.  The human wants the faces to differ, so the strategy
plays as a mismatcher.
"""

from __future__ import annotations

import random
import re
from dataclasses import dataclass, field
from pathlib import Path

ROOT = Path(__file__).resolve().parents[3]
DEFAULT_PROGRAM = ROOT.parent / "shared" / "originals" / "penny-matcher.scm"

_ROUND = re.compile(r"You showed (heads|tails), I showed (heads|tails)\.")
_FACE = {"heads": "H", "tails": "T"}


class ProgramMissing(Exception):
    pass


def program_path(path: str | None = None) -> Path:
    p = Path(path) if path else DEFAULT_PROGRAM
    if not p.is_file():
        raise ProgramMissing(f"Stone's penny-matcher.scm was not found at {p}; pass --program PATH")
    return p


@dataclass
class SchemeGame:
    transcript: str
    typed: list = field(default_factory=list)
    machine_wins: int = 0
    human_wins: int = 0


def scheme_match(strategy, seed: int, strategy_seed: int | None = None, program: str | None = None) -> SchemeGame:
    """Run the original program (random seeded with `seed`) against `strategy` as the human.

    `strategy` is a registry name or a mismatcher Strategy; it is reset
    with `strategy_seed` (by default the seed Stone's Python port derives,
    so that `play_stone_against(name, seed)` plays the very same game).
    """
    from strategies.pennies import MISMATCHER, make
    from strategies.pennies.stone_port import derived_seed

    from ...interpreter import Interpreter

    if isinstance(strategy, str):
        strategy = make(strategy, MISMATCHER)
    if strategy.role != MISMATCHER:
        raise ValueError("the human side of Stone's program wants to differ: use a mismatcher")
    strategy.reset(derived_seed(seed, "stone-human") if strategy_seed is None else strategy_seed)
    out: list[str] = []
    pending: list[str] = []
    game = SchemeGame("")

    def sink(text: str) -> None:
        out.append(text)
        pending.append(text)

    def source() -> str:
        text = "".join(pending)
        pending.clear()
        for human, machine in _ROUND.findall(text):
            strategy.observe(_FACE[human], _FACE[machine])
        line = "heads" if strategy.choose() == "H" else "tails"
        game.typed.append(line)
        return line + "\n"

    interp = Interpreter(seed=seed, stdin=source, stdout=sink, allow_files=False)
    interp.run_file(str(program_path(program)))
    game.transcript = "".join(out)
    game.machine_wins = game.transcript.count("They match, so I win this round.")
    game.human_wins = game.transcript.count("They don't match, so you win this round.")
    return game


def scripted_transcript(seed: int, input_text: str, program: str | None = None, eof_limit: int | None = 1000) -> str:
    """Run the original program on scripted input; return everything it printed.

    Running out of input ends the run (the program itself would spin).
    """
    import io

    from ...errors import InputExhausted
    from ...interpreter import Interpreter

    out = io.StringIO()
    interp = Interpreter(seed=seed, stdin=input_text, stdout=out, eof_limit=eof_limit, allow_files=False)
    try:
        interp.run_file(str(program_path(program)))
    except InputExhausted:
        pass
    return out.getvalue()


JUNK = ["maybe", "HEADS", "42", "tails please", "(heads)", "coin", '"heads"', "heads tails", "x", "-1", "1/2"]


def random_input(rng: random.Random, rounds: int = 100) -> str:
    """Return a scripted session: heads/tails lines with junk lines mixed in."""
    lines = []
    for _ in range(rounds):
        while rng.random() < 0.15:
            lines.append(rng.choice(JUNK))
        lines.append(rng.choice(["heads", "tails"]))
    return "\n".join(lines) + "\n"


def compare(cases: int = 20, seed: int = 0, program: str | None = None) -> tuple[int, list[str]]:
    """Check the Python port against the Scheme program; return (checks, disagreements).

    Each case runs (a) a scripted session with junk lines and (b) a game
    against a registry strategy, both ways, and compares the transcripts
    byte for byte.
    """
    from strategies.pennies import REGISTRY
    from strategies.pennies.stone_port import play_stone_against, run_transcript

    rng = random.Random(seed)
    names = [n for n in REGISTRY if n not in ("biased", "cycle")]
    problems: list[str] = []
    checks = 0
    for i in range(cases):
        game_seed = rng.randrange(10**9)
        text = random_input(rng)
        scheme = scripted_transcript(game_seed, text, program)
        port = run_transcript(game_seed, text)
        checks += 1
        if scheme != port:
            problems.append(f"case {i}: scripted input, seed {game_seed}: transcripts differ at byte "
                            f"{_first_difference(scheme, port)}")
        name = names[i % len(names)]
        scheme_game = scheme_match(name, game_seed, program=program)
        port_game = play_stone_against(name, game_seed)
        checks += 1
        if scheme_game.transcript != port_game.transcript:
            problems.append(f"case {i}: strategy {name}, seed {game_seed}: transcripts differ at byte "
                            f"{_first_difference(scheme_game.transcript, port_game.transcript)}")
    return checks, problems


def _first_difference(a: str, b: str) -> int:
    for i, (x, y) in enumerate(zip(a, b)):
        if x != y:
            return i
    return min(len(a), len(b))
