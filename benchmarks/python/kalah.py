"""kalah: Kalah played by minimax against chance (benchmarks/scheme/kalah.scm).

The same game and search as the Scheme, in Python's own way: the board a
list of 14 copied by slicing, moves by range, the search a recursive
function over max() and min() of a list, the positions counted in a
global; the shared generator (from 113) drawn in the same order.
"""

from .lcg import Random

positions = 0


def store_of(player):
    return 6 if player == 0 else 13


def pits_of(player):
    return range(0, 6) if player == 0 else range(7, 13)


def side_seeds(board, player):
    return sum(board[i] for i in pits_of(player))


def game_over(board):
    return side_seeds(board, 0) == 0 or side_seeds(board, 1) == 0


def legal_moves(board, player):
    return [i for i in pits_of(player) if board[i] > 0]


def sow(board, player, pit):
    skip = store_of(1 - player)
    seeds = board[pit]
    board[pit] = 0
    i = pit
    while seeds > 0:
        i = (i + 1) % 14
        if i == skip:
            continue
        board[i] += 1
        seeds -= 1
    if i == store_of(player):
        return player
    if i in pits_of(player) and board[i] == 1 and board[12 - i] > 0:
        board[store_of(player)] += 1 + board[12 - i]
        board[i] = 0
        board[12 - i] = 0
    return 1 - player


def final_score(board, player):
    return board[store_of(player)] + side_seeds(board, player)


def worth(board, me, depth, to_move):
    global positions
    positions += 1
    if game_over(board):
        return final_score(board, me) - final_score(board, 1 - me)
    if depth == 0:
        return board[store_of(me)] - board[store_of(1 - me)]
    results = []
    for pit in legal_moves(board, to_move):
        child = board[:]
        nxt = sow(child, to_move, pit)
        results.append(worth(child, me, depth - 1, nxt))
    return max(results) if to_move == me else min(results)


def best_move(board, me):
    best = best_worth = None
    for pit in legal_moves(board, me):
        child = board[:]
        nxt = sow(child, me, pit)
        w = worth(child, me, 2, nxt)
        if best_worth is None or w > best_worth:
            best, best_worth = pit, w
    return best


def play_game(rng, thinker):
    board = [4] * 6 + [0] + [4] * 6 + [0]
    to_move = 0
    moves = 0
    while not game_over(board):
        if to_move == thinker:
            pit = best_move(board, thinker)
        else:
            choices = legal_moves(board, to_move)
            pit = choices[rng.next() % len(choices)]
        to_move = sow(board, to_move, pit)
        moves += 1
    return final_score(board, thinker), final_score(board, 1 - thinker), moves, board


def run(n):
    global positions
    positions = 0
    rng = Random(113)
    won = lost = drawn = mine = theirs = moves = 0
    first = None
    for g in range(n):
        a, b, m, board = play_game(rng, g % 2)
        won += a > b
        lost += a < b
        drawn += a == b
        mine += a
        theirs += b
        moves += m
        if first is None:
            first = board
    return [n, won, lost, drawn, mine, theirs, moves, positions, first]
