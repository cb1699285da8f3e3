"""Benchmark: what offering "Finish" costs a state (issue 31, item 11).

``server/finish.py`` asks the full-information solver for a winning line once every card
is face up and the stock is empty, within ``FINISH_NODES`` positions. This prints the time
of that question on an easy endgame (the last moves of solver-won deals, once nothing is
hidden) and on the worst position we know: a whole four-suit deck face up, the stock dealt
onto the columns, for which no win is found (the whole node limit is spent). A benchmark:
it asserts nothing.

    .venv/bin/python bench/finish.py
"""

from __future__ import annotations

import statistics
import time

from spider_solitaire import Game
from spider_solitaire.server.finish import FINISH_NODES, finish_line, nothing_hidden
from spider_solitaire.solver import solve

DEALS = ("SP1-S1C-2ULKBVO", "SP1-S2C-AAAAAAD", "SP1-S4C-AAAAAAB")


def _timed(game: Game, repeat: int = 5) -> tuple[float, list[str] | None]:
    """The median milliseconds of ``finish_line(game)`` over ``repeat`` runs, and its line."""
    times = []
    line = None
    for _ in range(repeat):
        start = time.perf_counter()
        line = finish_line(game)
        times.append((time.perf_counter() - start) * 1000)
    return statistics.median(times), line


def _first_open_position(code: str) -> Game | None:
    """The deal ``code`` along the solver's line to its first position with nothing hidden."""
    game = Game.from_code(code)
    result = solve(game, time_limit=30)
    for move in result.solution:
        game.act(move)
        if nothing_hidden(game) and not game.is_won:
            return game
    return None


def _whole_deck_face_up(code: str) -> Game:
    """The deal ``code`` with its stock dealt onto the columns and every card face up."""
    lines = Game.from_code(code).position_text().splitlines()
    stock = next(line for line in lines if line.startswith("stock:")).split()[1:]
    columns = [
        line.partition(": ")[2].replace("| ", "").split() for line in lines if line[:1].isdigit()
    ]
    for index, card in enumerate(stock):
        columns[index % len(columns)].append(card)
    head = [line for line in lines if not line[:1].isdigit() and not line.startswith("stock:")]
    body = [f"{n}: | {' '.join(cards)}" for n, cards in enumerate(columns, 1)]
    return Game.from_position("\n".join([*head, "stock:", *body]) + "\n")


def main() -> None:
    """Print the figures."""
    print(f"FINISH_NODES = {FINISH_NODES}")
    for code in DEALS:
        game = _first_open_position(code)
        if game is None:
            continue
        ms, line = _timed(game)
        print(f"{code}: first position with nothing hidden, line of {len(line or [])}: {ms:.1f} ms")
    ms, line = _timed(_whole_deck_face_up("SP1-S4C-AAAAAAB"), repeat=3)
    print(f"whole 4-suit deck face up: {'no line' if line is None else len(line)}: {ms:.1f} ms")


if __name__ == "__main__":
    main()
