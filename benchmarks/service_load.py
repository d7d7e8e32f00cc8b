"""Load on the grading service: many submissions posted at once to a live server.

    python -m benchmarks.service_load [--submissions 100] [--workers 2] [--games 49]

Starts `schemehost serve` on a free loopback port with a fresh database (no
rate limit, so one client may post them all), posts the submissions
concurrently (the three players in scheme_src/pig in turn, each under its
own name), then waits until every one is graded while fetching the front
page every quarter second.  Prints how many were accepted (202), finished
and lost, the checks graded per minute, and the front page's latency while
grading.  Run by hand; the tests never time anything.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import statistics
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


async def _run(url: str, n: int, players: list[tuple[str, str]]) -> dict:
    import httpx

    # Idle connections are dropped before the server's 5 s keep-alive timeout, so a request never
    # races the server closing its connection.
    async with httpx.AsyncClient(base_url=url, timeout=60, limits=httpx.Limits(max_connections=n, keepalive_expiry=2.0)) as client:
        start = time.monotonic()
        posts = await asyncio.gather(*[
            client.post("/api/submissions", json={"name": f"{players[i % len(players)][0]} #{i}",
                                                   "source": players[i % len(players)][1]})
            for i in range(n)
        ])
        posted = time.monotonic() - start
        ids = [r.json()["id"] for r in posts if r.status_code == 202]
        latencies: list[float] = []
        statuses: dict[str, str] = {}
        retried = 0

        async def get(path):
            # A keep-alive connection the server closes as the client reuses it (a race on a loaded
            # machine) fails before any answer: a GET is safe to send again, and it is counted.
            nonlocal retried
            try:
                return await client.get(path)
            except httpx.RemoteProtocolError:
                retried += 1
                return await client.get(path)

        while True:
            t0 = time.monotonic()
            page = await get("/")
            latencies.append(time.monotonic() - t0)
            assert page.status_code == 200
            if len(latencies) % 4 == 0:
                answers = await asyncio.gather(*[get(f"/api/submissions/{i}") for i in ids])
                statuses = {i: a.json()["status"] for i, a in zip(ids, answers)}
                if all(s == "done" for s in statuses.values()):
                    break
            await asyncio.sleep(0.25)
        elapsed = time.monotonic() - start
        results = await asyncio.gather(*[get(f"/api/submissions/{i}") for i in ids])
    done = [r.json() for r in results if r.json()["status"] == "done" and r.json()["result"] is not None]
    return {"posted": n, "accepted": len(ids), "post_seconds": posted, "done": len(done),
            "lost": n - len(done), "elapsed": elapsed, "latencies": latencies, "retried": retried,
            "codes": sorted({r.status_code for r in posts})}


def main(argv=None) -> int:
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--submissions", type=int, default=100)
    p.add_argument("--workers", type=int, default=2)
    p.add_argument("--games", type=int, default=49)
    args = p.parse_args(argv)
    players = [(name, (ROOT / "scheme_src" / "pig" / f"{name}.scm").read_text())
               for name in ("hold-at-20", "keep-pace", "near-optimal")]
    with tempfile.TemporaryDirectory(prefix="service-load-") as tmp:
        import subprocess
        import threading


        env = dict(os.environ, PYTHONPATH=str(ROOT))
        proc = subprocess.Popen(
            [sys.executable, "-m", "schemehost", "serve", "--port", "0", "--db", str(Path(tmp) / "load.sqlite"),
             "--workers", str(args.workers), "--games", str(args.games), "--rate-limit", "0",
             "--queue-cap", str(max(500, 2 * args.submissions))],
            stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True, env=env, cwd=str(ROOT))
        url = proc.stdout.readline().split()[2]
        threading.Thread(target=proc.stdout.read, daemon=True).start()
        try:
            out = asyncio.run(_run(url, args.submissions, players))
        finally:
            proc.terminate()
            proc.wait(10)
    lat = sorted(out["latencies"])
    per_minute = out["done"] / out["elapsed"] * 60
    print(f"machine: {os.cpu_count()} CPUs; server: --workers {args.workers} --games {args.games}")
    print(f"posted {out['posted']} submissions concurrently in {out['post_seconds']:.2f} s: "
          f"{out['accepted']} answered 202 (status codes {out['codes']})")
    print(f"graded {out['done']}, lost {out['lost']}, in {out['elapsed']:.1f} s: "
          f"{per_minute:.1f} submissions per minute")
    print(f"front page while grading ({len(lat)} requests): median {statistics.median(lat) * 1000:.1f} ms, "
          f"95th percentile {lat[int(0.95 * (len(lat) - 1))] * 1000:.1f} ms, max {lat[-1] * 1000:.1f} ms")
    print(f"GETs sent again after the server closed a kept-alive connection: {out['retried']}")
    return 0 if out["lost"] == 0 else 1


if __name__ == "__main__":
    sys.exit(main())
