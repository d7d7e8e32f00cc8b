"""matching: workers matched to jobs by Kuhn's algorithm, checked by Konig's theorem (benchmarks/scheme/matching.scm).

The same matching as the Scheme, in Python's own way: workers and jobs
named by strings, the graph a list of (worker, jobs) tuples and the
matching a list of [job, worker] pairs, both searched by for loops (as
the Scheme's assq), the visited jobs and the reached vertices lists
tested by `in` (as memq), the breadth-first search a list walked by an
index, the pairs put in order by an insertion sort of its own; the
shared generator (from 347) drawn in the same order.
"""

from .lcg import Random


def make_graph(rng):
    workers = 20 + rng.next() % 20
    jobs = workers - 5 + rng.next() % 10
    graph = []
    for w in range(workers):
        count = min(1 + rng.next() % 4, jobs)
        taken = []
        while len(taken) < count:
            job = "j" + str(rng.next() % jobs)
            if job not in taken:
                taken.append(job)
        graph.append(("w" + str(w), taken))
    return workers, jobs, graph


def jobs_of(graph, worker):
    for w, jobs in graph:
        if w == worker:
            return jobs
    raise KeyError(worker)


class Kuhn:
    def __init__(self):
        self.searches = 0
        self.visits = 0

    def owner(self, job):
        for pair in self.match:
            if pair[0] == job:
                return pair[1]
        return None

    def assign(self, job, worker):
        for pair in self.match:
            if pair[0] == job:
                pair[1] = worker
                return
        self.match.insert(0, [job, worker])

    def augment(self, worker):
        for job in jobs_of(self.graph, worker):
            if job in self.visited:
                continue
            self.visited.append(job)
            self.visits += 1
            owner = self.owner(job)
            if owner is None or self.augment(owner):
                self.assign(job, worker)
                return True
        return False

    def solve(self, graph):
        self.graph = graph
        self.match = []
        for worker, _ in graph:
            self.visited = []
            self.searches += 1
            self.augment(worker)
        return len(self.match)


def greedy(graph):
    taken = []
    for _, jobs in graph:
        for job in jobs:
            if job not in taken:
                taken.append(job)
                break
    return len(taken)


def konig_cover(kuhn, graph, jobs):
    matched_workers = [worker for _, worker in kuhn.match]
    queue = [w for w, _ in graph if w not in matched_workers]
    reached = []
    k = 0
    while k < len(queue):
        worker = queue[k]
        k += 1
        if worker in reached:
            continue
        reached.append(worker)
        new_jobs = [j for j in jobs_of(graph, worker) if j not in reached and kuhn.owner(j) != worker]
        reached += new_jobs
        for j in new_jobs:
            owner = kuhn.owner(j)
            if owner is not None:
                queue.append(owner)
    covers = True
    size = 0
    for worker, can_do in graph:
        if worker not in reached:
            size += 1
        elif any(j not in reached for j in can_do):
            covers = False
    size += sum(1 for j in range(jobs) if "j" + str(j) in reached)
    return covers, size


def insertion_sort(pairs):
    ordered = []
    for pair in pairs:
        i = 0
        while i < len(ordered) and int(ordered[i][1][1:]) <= int(pair[1][1:]):
            i += 1
        ordered.insert(i, pair)
    return ordered


def run(n):
    rng = Random(347)
    kuhn = Kuhn()
    matched = greedily = everyone = covering = konig = check = 0
    first = None
    for _ in range(n):
        workers, jobs, graph = make_graph(rng)
        greedy_size = greedy(graph)
        size = kuhn.solve(graph)
        covers, cover_size = konig_cover(kuhn, graph, jobs)
        ordered = insertion_sort(kuhn.match)
        matched += size
        greedily += greedy_size
        if size == workers:
            everyone += 1
        if covers:
            covering += 1
        if cover_size == size:
            konig += 1
        for job, worker in ordered:
            check = (check * 41 + 64 * int(worker[1:]) + int(job[1:])) % 1000003
        if first is None:
            first = [worker + "-" + job for job, worker in ordered]
    return [n, matched, greedily, everyone, covering, konig, kuhn.searches, kuhn.visits, check, first]
