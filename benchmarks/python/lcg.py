"""The draws of many benchmarks: x -> (1103515245x + 12345) mod 2^31, each draw x div 65536.

The Scheme programs each write this generator over a top-level seed; the
twins of the cupboard set's bits, little-schemer and stats, of the
attic set's ordered-sets, bowling, markov and checksums, of the shelf
set's boggle, simplify, ring-buffer and combinators, of the drawer
set's percolation, bf, grundy, contfrac, line-diff, infer and
pairing-heap, of the chest set's knapsack, lz77, arith-coding,
word-ladder, mastermind, stable-marriage and tarjan-scc, of the trunk
set's avl-tree, bwt, room-booking, inventory and gap-buffer, of the
crate set's catalogue, ledger, sturm, scheduler, peephole, utf8 and
spell-check, of all eight of the locker set, of the satchel set's
rope, bloom-filter, matrix-chain, secd, minesweeper, cache-sim and
egyptian, of all eight of the pouch set and of the tote set's
roman-calc, word-wrap, bitset-sieve, json-emit, bank-queue, sparse-poly
and dfa-min, and of all eight of the hamper, basket, coffer and hutch
sets share this class.
"""


class Random:
    def __init__(self, seed):
        self.seed = seed

    def next(self):
        self.seed = (self.seed * 1103515245 + 12345) % 2147483648
        return self.seed // 65536

    def below(self, k):
        return self.next() % k
