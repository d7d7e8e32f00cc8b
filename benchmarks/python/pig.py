"""pig: one checker-style match of a hold-at-20 player against the dummy.

The Scheme side is the pig grader playing scheme_src/pig/hold-at-20.scm; the
Python side is the same match on the pig engine with the Python twin,
`strategies.pig.hold_at(20)`.  The result is the number of wins and, for
every game, whether the player won and the final scores by seat.
"""

from schemehost.labs.pig.engine import play_match, same_every_game
from strategies.pig import hold_at, parse_opponent

SEED = 2024
GAMES = 49


def run(games: int = GAMES, seed: int = SEED) -> list:
    result = play_match(same_every_game(hold_at(20)), parse_opponent("dummy"), games, seed)
    return [result.wins, [[game.won, list(game.result.scores)] for game in result.results]]
