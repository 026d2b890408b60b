#!/usr/bin/python3
"""Make testdata/aima-ids.csv: aima-python's iterative deepening on Romania and on 8-puzzles.

Usage (aima-python is NOT part of this repository; export it first):

    git --git-dir=<aima-python .git> archive f104e03fdc1582f014b3a4c93f1a9b7d2da70114 aima \
        | tar -x -C /tmp/aima-python
    /usr/bin/python3 tools/aima_ids.py --aima /tmp/aima-python > testdata/aima-ids.csv

It needs Python 3 with numpy (aima/utils.py imports it): Debian's /usr/bin/python3 with python3-numpy.

What it does. It runs aima-python's own iterative_deepening_search (aima/search.py: depth_limited_search
with limits 0, 1, 2, ..., each a recursive DLS that tests no cycle, Figures 3.17 and 3.18 of the 3rd
edition) under InstrumentedProblem, unchanged, on

  romania  GraphProblem(a, b, romania_map) for every ordered pair of the 20 cities (380 runs);
  puzzle   EightPuzzle(start) (goal 1 2 3 4 5 6 7 8 0) for COUNT starts, each a random walk of 2 to 10
           moves of the blank from the goal drawn with random.Random(SEED) (written into the file, so a
           reader needs no agreement on the random generator).

and records what InstrumentedProblem counts: succs (calls of actions(): expansions), goal_tests (calls of
goal_test(): nodes tested, one per node visited) and states (calls of result(): children generated),
with the solution: the cities after the start, or the moves of the blank (U D L R).
"""

import argparse
import os
import random
import sys

SEED = 20261127
COUNT = 60
AIMA_COMMIT = "f104e03fdc1582f014b3a4c93f1a9b7d2da70114"
GOAL = (1, 2, 3, 4, 5, 6, 7, 8, 0)
LETTER = {"UP": "U", "DOWN": "D", "LEFT": "L", "RIGHT": "R"}


def walks(count, seed):
    rng = random.Random(seed)
    seen, out = {GOAL}, []
    while len(out) < count:
        s = list(GOAL)
        for _ in range(rng.randint(2, 10)):
            b = s.index(0)
            x, y = b % 3, b // 3
            nxt = [ny * 3 + nx for nx, ny in ((x, y - 1), (x, y + 1), (x - 1, y), (x + 1, y)) if 0 <= nx < 3 and 0 <= ny < 3]
            j = rng.choice(nxt)
            s[b], s[j] = s[j], s[b]
        t = tuple(s)
        if t not in seen:
            seen.add(t)
            out.append(t)
    return out


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--aima", required=True, help="directory holding aima-python's aima/ package")
    args = ap.parse_args()
    sys.path.insert(0, os.path.abspath(args.aima))
    from aima.search import EightPuzzle, GraphProblem, InstrumentedProblem, iterative_deepening_search, romania_map

    out = sys.stdout
    out.write("# aima-python's iterative_deepening_search (aima/search.py: recursive depth_limited_search, limits 0, 1, 2, ..., no cycle test).\n")
    out.write("# Source: aima-python (https://github.com/aimacode/aima-python) @ %s, aima/search.py; MIT licence.\n" % AIMA_COMMIT)
    out.write("# Made by tools/aima_ids.py (its doc says how). romania: GraphProblem(start, goal, romania_map), every ordered pair;\n")
    out.write("# puzzle: EightPuzzle(start), goal 123456780, starts random walks of the blank (random.Random(%d)).\n" % SEED)
    out.write("# succs, goal_tests, states: InstrumentedProblem's counters; solution: the cities after the start, or the blank's moves U D L R.\n")
    out.write("problem,start,goal,succs,goal_tests,states,solution\n")
    cities = list(romania_map.locations.keys())
    for a in cities:
        for b in cities:
            if a == b:
                continue
            p = InstrumentedProblem(GraphProblem(a, b, romania_map))
            g = iterative_deepening_search(p)
            out.write("romania,%s,%s,%d,%d,%d,%s\n" % (a, b, p.succs, p.goal_tests, p.states, " ".join(g.solution())))
    for s in walks(COUNT, SEED):
        p = InstrumentedProblem(EightPuzzle(s))
        g = iterative_deepening_search(p)
        sol = "".join(LETTER[m] for m in g.solution())
        out.write("puzzle,%s,%s,%d,%d,%d,%s\n" % ("".join(map(str, s)), "".join(map(str, GOAL)), p.succs, p.goal_tests, p.states, sol))


if __name__ == "__main__":
    main()
