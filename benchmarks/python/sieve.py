"""sieve: Eratosthenes on a list of booleans, then twin primes (benchmarks/scheme/sieve.scm)."""


def sieve(n: int) -> list[bool]:
    prime = [True] * n
    prime[0] = prime[1] = False
    i = 2
    while i * i <= n:
        if prime[i]:
            for j in range(i * i, n, i):
                prime[j] = False
        i += 1
    return prime


def run(n: int = 200_000) -> list[int]:
    prime = sieve(n)
    count = twins = 0
    for i in range(2, n):
        if prime[i]:
            count += 1
            if i + 2 < n and prime[i + 2]:
                twins += 1
    return [count, twins]
