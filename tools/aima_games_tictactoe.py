#!/usr/bin/python3
"""Make testdata/aima-games-tictactoe.csv: aima-python's minimax and alpha-beta on random tic-tac-toe positions.

Usage (aima-python is NOT part of this repository; export it first):

    git --git-dir=<aima-python .git> archive f104e03fdc1582f014b3a4c93f1a9b7d2da70114 aima \
        | tar -x -C /tmp/aima-python
    /usr/bin/python3 tools/aima_games_tictactoe.py --aima /tmp/aima-python > testdata/aima-games-tictactoe.csv

It needs Python 3 with numpy (aima/games.py imports it): Debian's /usr/bin/python3 with python3-numpy.

What it does. With random.Random(SEED) it plays 2 to 7 random moves from the empty board, keeps the
positions where the game is not over, until it has COUNT distinct ones. For each it calls aima-python's own
games.py on its TicTacToe game (3x3, k=3; X moves first; a state is aima's GameState with the board as a
dict of (row, column) -> player and the empty cells in row-major order, as TicTacToe itself builds them):

  minimax    minmax_decision(state, game): the move it returns (the first best move in row-major order)
  alphabeta  alpha_beta_search(state, game): the move it returns
  value      the game's utility for the player to move, when both sides then play minmax_decision's moves
             to the end (optimal play, so this is the minimax value)
  best       every move whose value (the same optimal play-out from the position after it) equals value

Moves are written r<row>c<column>, rows and columns from 1, the board as nine cells row by row.
"""
import argparse
import random
import sys

SEED = 20261127
COUNT = 300


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument('--aima', required=True, help='directory holding aima/games.py')
    ap.add_argument('--count', type=int, default=COUNT)
    args = ap.parse_args()
    sys.path.insert(0, args.aima)
    from aima.games import TicTacToe, GameState, minmax_decision, alpha_beta_search

    game = TicTacToe()

    def name(move):
        return 'r%dc%d' % move

    def board_text(state):
        return ''.join(state.board.get((x, y), '.') for x in range(1, 4) for y in range(1, 4))

    def play_out(state, player):
        while not game.terminal_test(state):
            state = game.result(state, minmax_decision(state, game))
        return game.utility(state, player)

    rng = random.Random(SEED)
    seen = set()
    print('# aima-python games.py (aimacode/aima-python @ f104e03fdc1582f014b3a4c93f1a9b7d2da70114) on random')
    print('# tic-tac-toe positions; made by tools/aima_games_tictactoe.py (see its doc). value: for the player to move.')
    print('board,to_move,value,minimax,alphabeta,best')
    while len(seen) < args.count:
        state = game.initial
        for _ in range(rng.randint(2, 7)):
            if game.terminal_test(state):
                break
            state = game.result(state, rng.choice(game.actions(state)))
        if game.terminal_test(state):
            continue
        key = board_text(state)
        if key in seen:
            continue
        seen.add(key)
        player = game.to_move(state)
        value = play_out(state, player)
        best = [a for a in game.actions(state) if play_out(game.result(state, a), player) == value]
        print('%s,%s,%d,%s,%s,%s' % (key, player, value, name(minmax_decision(state, game)),
                                     name(alpha_beta_search(state, game)), ' '.join(name(a) for a in best)))


if __name__ == '__main__':
    main()
