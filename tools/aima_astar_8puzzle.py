#!/usr/bin/python3
"""Make testdata/aima-astar-8puzzle.csv: aima-python's A* on 1,200 random 8-puzzles.

Usage (aima-python is NOT part of this repository; export it first):

    git --git-dir=<aima-python .git> archive f104e03fdc1582f014b3a4c93f1a9b7d2da70114 aima \
        | tar -x -C /tmp/aima-python
    /usr/bin/python3 tools/aima_astar_8puzzle.py --aima /tmp/aima-python > testdata/aima-astar-8puzzle.csv
    /usr/bin/python3 tools/aima_astar_8puzzle.py --aima /tmp/aima-python --check 1200 --check-max 3000   # see below

It needs Python 3 with numpy (aima/utils.py imports it): Debian's /usr/bin/python3 with python3-numpy.

What it does. With random.Random(SEED) it draws uniformly random permutations of 0..8 and keeps the
solvable ones (aima-python's EightPuzzle.check_solvability, an even number of inversions, which is
solvability for its goal 1 2 3 4 5 6 7 8 0) until it has COUNT distinct starts; the starts are written
into the file, so a reader needs no agreement on the random generator. For each start it runs
aima-python's own astar_search(InstrumentedProblem(EightPuzzle(start)), h) twice:

  h=aima       EightPuzzle.h, aima-python's default: sum(s != g for s, g in zip(state, goal)). It
               counts the BLANK too when the blank is off its goal cell, so it is not the textbook h1
               (and not admissible: a board one move from the goal has h = 2).
  h=misplaced  the textbook h1, misplaced tiles with the blank not counted (stepviz's h=misplaced),
               passed to astar_search as its h argument.

and records what InstrumentedProblem counts: succs (calls of actions(): one per expanded node),
goal_tests (calls of goal_test(): one per node popped from the frontier, the goal included) and states
(calls of result(): children generated, duplicates included), with the solution's length, path cost
and action sequence (U D L R: the direction the BLANK moves, aima-python's 'UP' 'DOWN' 'LEFT' 'RIGHT').

The one substitution. aima-python's utils.PriorityQueue scans its whole heap list for `in`, `[]` and
`del` (O(frontier) each), which makes a hard 8-puzzle take many minutes; the hardest of these starts
would take hours. The script replaces it, for best_first_graph_search only, by IndexedPriorityQueue
below, which has the same observable behaviour: entries are keyed (f, counter, item) exactly as
aima-python's are (counter a monotonic insertion number, so ties go to the entry added first and a
replaced entry, deleted and appended again, counts as newly added); the key is a total order, so the
pop order does not depend on the heap's layout; `in`, `[]` and `del` find the one entry whose item ==
key (best_first_graph_search never holds two entries with the same state: append raises if it would).
--check N runs the first N starts with aima-python's own PriorityQueue as well (those of at most
--check-max expansions, since it is slow) and fails unless every count and solution is identical.
"""

import argparse
import heapq
import os
import random
import sys
import time

SEED = 20261123
COUNT = 1200
AIMA_COMMIT = "f104e03fdc1582f014b3a4c93f1a9b7d2da70114"
GOAL = (1, 2, 3, 4, 5, 6, 7, 8, 0)
LETTER = {"UP": "U", "DOWN": "D", "LEFT": "L", "RIGHT": "R"}


class IndexedPriorityQueue:
    """aima-python's PriorityQueue('min', f) with O(log n) operations (see the module doc)."""

    def __init__(self, order="min", f=lambda x: x):
        if order != "min":
            raise ValueError("only order='min' is used by best_first_graph_search")
        self.f = f
        self.heap = []  # [f, counter, item, live]
        self.live = {}  # item -> its live entry
        self.counter = 0

    def append(self, item):
        if item in self.live:
            raise AssertionError("two frontier entries for one state: the equivalence argument fails")
        entry = [self.f(item), self.counter, item, True]
        self.counter += 1
        self.live[item] = entry
        heapq.heappush(self.heap, entry)

    def pop(self):
        while self.heap:
            f, counter, item, live = heapq.heappop(self.heap)
            if live:
                del self.live[item]
                return item
        raise Exception("Trying to pop from empty PriorityQueue.")

    def __len__(self):
        return len(self.live)

    def __contains__(self, key):
        return key in self.live

    def __getitem__(self, key):
        return self.live[key][0]

    def __delitem__(self, key):
        entry = self.live.pop(key)
        entry[3] = False


def starts(count, seed):
    from aima.search import EightPuzzle
    rng = random.Random(seed)
    seen, out = set(), []
    while len(out) < count:
        s = list(range(9))
        rng.shuffle(s)
        s = tuple(s)
        if s in seen or not EightPuzzle(s).check_solvability(s):
            continue
        seen.add(s)
        out.append(s)
    return out


def misplaced(node):
    return sum(s != g and s != 0 for s, g in zip(node.state, GOAL))


def run(start, hname):
    from aima.search import EightPuzzle, InstrumentedProblem, astar_search
    p = InstrumentedProblem(EightPuzzle(start))
    goal = astar_search(p, misplaced if hname == "misplaced" else None)
    if goal is None:
        raise AssertionError("no solution for %s" % (start,))
    sol = "".join(LETTER[a] for a in goal.solution())
    return (len(goal.solution()), goal.path_cost, p.succs, p.goal_tests, p.states, sol)


def write_rows(out, i, s):
    for hname in ("aima", "misplaced"):
        n, cost, succs, tests, states, sol = run(s, hname)
        out.write("%d,%s,%s,%d,%s,%d,%d,%d,%s\n" % (i, "".join(map(str, s)), hname, n, cost, succs, tests, states, sol))


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--aima", required=True, help="directory holding aima-python's aima/ package")
    ap.add_argument("--count", type=int, default=COUNT)
    ap.add_argument("--part", default="", metavar="A:B",
                    help="write only the rows of starts A..B-1 (the header too if A is 0), to run parts in parallel and concatenate them")
    ap.add_argument("--check", type=int, default=0, metavar="N",
                    help="compare the first N starts against aima-python's own PriorityQueue, write nothing")
    ap.add_argument("--check-max", type=int, default=3000, metavar="E",
                    help="with --check, compare only the runs of at most E expansions (the original queue is slow)")
    args = ap.parse_args()
    sys.path.insert(0, os.path.abspath(args.aima))
    import aima.search
    import aima.utils
    original = aima.utils.PriorityQueue
    if aima.search.PriorityQueue is not original:
        raise SystemExit("aima.search.PriorityQueue is not aima.utils.PriorityQueue: the aima-python layout changed")

    ss = starts(args.count, SEED)
    if args.check:
        compared = 0
        for i, s in enumerate(ss[:args.check]):
            for hname in ("aima", "misplaced"):
                aima.search.PriorityQueue = IndexedPriorityQueue
                got = run(s, hname)
                if got[2] > args.check_max:
                    continue
                aima.search.PriorityQueue = original
                want = run(s, hname)
                if got != want:
                    raise SystemExit("start %d %s h=%s: IndexedPriorityQueue %s, aima-python's %s" % (i, s, hname, got, want))
                compared += 1
        print("%d runs (of the first %d starts, both h, those with at most %d expansions): identical counts and solutions with both queues"
              % (compared, args.check, args.check_max), file=sys.stderr)
        return

    aima.search.PriorityQueue = IndexedPriorityQueue
    first, last = 0, len(ss)
    if args.part:
        a, b = args.part.split(":")
        first, last = int(a), min(int(b), len(ss))
    out = sys.stdout
    if first > 0:
        for i in range(first, last):
            write_rows(out, i, ss[i])
        return
    out.write("# aima-python's A* (search.astar_search = best_first_graph_search with f = g + h) on %d random solvable 8-puzzles.\n" % len(ss))
    out.write("# Source: aima-python (https://github.com/aimacode/aima-python) @ %s, aima/search.py and aima/utils.py; MIT licence.\n" % AIMA_COMMIT)
    out.write("# Made by tools/aima_astar_8puzzle.py (its doc says how, and the one substitution: an indexed PriorityQueue with the same order).\n")
    out.write("# Starts: random.Random(%d) shuffles of 0..8 kept if solvable (even inversions) and new; goal 1 2 3 4 5 6 7 8 0 (0 = blank).\n" % SEED)
    out.write("# h: aima = EightPuzzle.h, aima-python's default (misplaced cells, the BLANK COUNTED); misplaced = tiles only, blank not counted.\n")
    out.write("# succs, goal_tests, states: InstrumentedProblem's counters (actions() calls = expansions; goal_test() calls = nodes popped;\n")
    out.write("#   result() calls = children generated). solution: the moves of the blank, U D L R (aima-python's UP DOWN LEFT RIGHT).\n")
    out.write("id,start,h,length,cost,succs,goal_tests,states,solution\n")
    t0 = time.time()
    for i in range(first, last):
        write_rows(out, i, ss[i])
        if i % 100 == 99:
            print("%d starts, %.0f s" % (i + 1, time.time() - t0), file=sys.stderr, flush=True)


if __name__ == "__main__":
    main()
