"""bits: bit twiddling by arithmetic, and Nim by its winning rule (benchmarks/scheme/bits.scm).

The same algorithm as the Scheme: and, or and xor by recursion on the
lowest bits (% 2) and the rest (// 2), the population count and the Gray
decoder by loops halving the number, bits reversed in a fixed width;
Nim's heaps a list, the mover making the nim-sum zero when it can, else
taking one stone from the first heap that has any.  The heaps come from
the Scheme's x -> (1103515245x + 12345) mod 2^31.
"""

from .lcg import Random


def bit_and(a, b):
    if a == 0 or b == 0:
        return 0
    return 2 * bit_and(a // 2, b // 2) + (1 if a % 2 == 1 and b % 2 == 1 else 0)


def bit_or(a, b):
    if a == 0:
        return b
    if b == 0:
        return a
    return 2 * bit_or(a // 2, b // 2) + (1 if a % 2 == 1 or b % 2 == 1 else 0)


def bit_xor(a, b):
    if a == 0:
        return b
    if b == 0:
        return a
    return 2 * bit_xor(a // 2, b // 2) + (0 if a % 2 == b % 2 else 1)


def popcount(n):
    count = 0
    while n != 0:
        count += n % 2
        n //= 2
    return count


def gray(n):
    return bit_xor(n, n // 2)


def gray_to_binary(g):
    b = 0
    while g != 0:
        b = bit_xor(b, g)
        g //= 2
    return b


def reverse_bits(n, width):
    r = 0
    for _ in range(width):
        r = 2 * r + n % 2
        n //= 2
    return r


def parity(n):
    return popcount(n) % 2


def nim_sum(heaps):
    s = 0
    for h in reversed(heaps):
        s = bit_xor(h, s)
    return s


def winning_move(heaps):
    """(heap index, stones taken), or None when the nim-sum is zero."""
    s = nim_sum(heaps)
    if s == 0:
        return None
    for k, h in enumerate(heaps):
        target = bit_xor(h, s)
        if target < h:
            return k, h - target


def play_nim(heaps):
    """(the winner, 0 for the first player, 1 for the second; the moves made)."""
    player = 0
    moves = 0
    while True:
        move = winning_move(heaps)
        following = list(heaps)
        if move:
            following[move[0]] -= move[1]
        else:
            k = 0
            while following[k] == 0:
                k += 1
            following[k] -= 1
        moves += 1
        if all(h == 0 for h in following):
            return player, moves
        heaps = following
        player = 1 - player


def random_heaps(rng):
    k = rng.next() % 3 + 3
    heaps = [rng.next() % 40 + 1 for _ in range(k)]
    heaps.reverse()
    return heaps


def run(n: int = 20_000) -> list:
    bits = gray_sum = xor_all = and_sum = or_sum = reversed_sum = odd_parity = 0
    gray_ok = True
    for i in range(n):
        bits += popcount(i)
        gray_ok = gray_ok and gray_to_binary(gray(i)) == i and popcount(bit_xor(gray(i), gray(i + 1))) == 1
        gray_sum += gray(i)
        xor_all = bit_xor(xor_all, i)
        and_sum += bit_and(i, 3 * i)
        or_sum += bit_or(i, i // 4)
        reversed_sum += reverse_bits(i, 16)
        odd_parity += parity(i)
    rng = Random(3)
    first_wins = moves = 0
    rule_holds = True
    for _ in range(max(1, n // 50)):
        heaps = random_heaps(rng)
        winner, made = play_nim(heaps)
        first_won = winner == 0
        if first_won:
            first_wins += 1
        rule_holds = rule_holds and first_won == (nim_sum(heaps) != 0)
        moves += made
    return [bits, gray_ok, gray_sum, xor_all, and_sum, or_sum, reversed_sum, odd_parity,
            first_wins, rule_holds, moves]
