"""pennies: John Stone's penny matcher, 100 rounds against a scripted player.

The Scheme side is the original program, ../shared/originals/penny-matcher.scm,
run unchanged; the Python side is the project's transcript-for-transcript
port, strategies/pennies/stone_port.py.  The result is the whole transcript
the program prints.
"""

from strategies.pennies.stone_port import run_transcript

SEED = 1996
ROUNDS = 100
JUNK_ROUND = 50  # this round's move is preceded by a line the program rejects


def script(rounds: int = ROUNDS) -> str:
    """Return the scripted player's standard input: one move a line, one junk line."""
    lines = []
    for i in range(1, rounds + 1):
        if i == JUNK_ROUND:
            lines.append("sideways")
        lines.append("heads" if (i * 7 + i // 5) % 3 else "tails")
    return "\n".join(lines) + "\n"


def run(seed: int = SEED) -> str:
    return run_transcript(seed, script())
