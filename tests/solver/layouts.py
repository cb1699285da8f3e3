"""Small random layouts for the solver's tests: cards cut into pieces on the columns."""

from __future__ import annotations

import random

from boards import short_board


def lay_out(
    cards: list[str],
    rng: random.Random,
    columns: list[list[str]],
    face_down: list[int],
    *,
    avoid: int = -1,
    face_down_chance: float = 0.5,
    shuffle_chance: float = 0.0,
) -> None:
    """Cut ``cards`` (card text, in order) into pieces of 1 to 5 cards and put each on a
    random column (0-based, never ``avoid``) of ``columns``, changing it in place; a piece
    of 2 or more cards that starts an empty column has some of its cards face-down (with
    ``face_down_chance``, counted in ``face_down``), and a piece is shuffled with
    ``shuffle_chance``."""
    while cards:
        size = rng.randint(1, 5)
        piece, cards = cards[:size], cards[size:]
        if rng.random() < shuffle_chance:
            rng.shuffle(piece)
        column = rng.choice([number for number in range(len(columns)) if number != avoid])
        if not columns[column] and len(piece) > 1 and rng.random() < face_down_chance:
            face_down[column] = rng.randint(1, len(piece) - 1)
        columns[column].extend(piece)


def position_text(
    rules: str,
    stock: list[str],
    columns: list[list[str]],
    face_down: list[int],
    variant: str | None = None,
) -> str:
    """Position text (``rules`` like ``S2F``) of the ``columns`` of card text (10, or those
    of ``variant``), bottom to top, the first ``face_down[i]`` cards of column ``i``
    face-down."""
    lines = {}
    for number, column in enumerate(columns, 1):
        down = face_down[number - 1]
        lines[number] = f"{' '.join(column[:down])} | {' '.join(column[down:])}"
    return short_board(lines, rules=rules, stock=" ".join(stock), variant=variant)
