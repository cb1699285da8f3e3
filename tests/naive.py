"""An independent, deliberately plain reading of the rules, for cross-checks.

It works on the position *text* (the notation is the contract) and knows nothing of
the engine's card ints or move generator, so the property and perft tests can compare
the engine's ``legal_moves()`` with a second implementation written from the issue.
"""

from __future__ import annotations

from collections import Counter
from itertools import pairwise

RANKS = "A23456789TJQK"

GAMES: dict[str, tuple[int, str, bool, int]] = {
    "spider": (10, "strict", True, 2),
    "spider-1949": (10, "always full", False, 2),
    "bicycle": (10, "strict", True, 2),
    "relaxed": (10, "any", True, 2),
    "spiderette": (7, "strict", True, 1),
    "will-o-the-wisp": (7, "strict", True, 1),
}
"""Each game of the family as issue 20 states it, written out again here: (columns,
when a row may be dealt, whether complete runs leave by themselves, packs). "strict":
every column filled unless fewer cards are on the table than there are columns; "any":
whatever columns are empty; "always full": every column filled, no exception."""


def game_of(text: str) -> str:
    """The name of the game a position text is of (no ``variant:`` line: ``spider``)."""
    for line in text.splitlines():
        key, _, value = line.partition(":")
        if key == "variant":
            return value.strip()
    return "spider"


def rank(card: str) -> int:
    """Rank 1 (Ace) to 13 (King) of card text like ``"TS"``."""
    return RANKS.index(card[0]) + 1


def parse(text: str) -> tuple[str, list[tuple[list[str], list[str]]], list[str], list[str]]:
    """Split position text into (rules, columns as (face-down, face-up), stock, removed)."""
    fields: dict[str, str] = {}
    for line in text.splitlines():
        key, _, value = line.partition(":")
        fields[key] = value.strip()
    columns = []
    for number in range(1, GAMES[game_of(text)][0] + 1):
        down, _, up = fields[str(number)].partition("|")
        columns.append((down.split(), up.split()))
    return fields["rules"], columns, fields["stock"].split(), fields["removed"].split()


def legal_actions(text: str) -> list[str]:
    """Every legal action in the engine's documented order: by source column, then count
    from 1 up, then target column; then the take-offs (``t3``) by column where the player
    takes runs off; the deal last. Written from the rules of moving a card or a group,
    empty columns and deals; pointless moves count."""
    rules, columns, stock, _ = parse(text)
    width, dealing, runs_leave, _ = GAMES[game_of(text)]
    if not stock and not any(down or up for down, up in columns):
        return []  # won
    classic = rules[2] == "C"
    actions = []
    for source in range(1, width + 1):
        face_up = columns[source - 1][1]
        for count in range(1, len(face_up) + 1):
            group = face_up[-count:]
            if any(rank(a) != rank(b) + 1 for a, b in pairwise(group)):
                break
            if classic and len({card[1] for card in group}) > 1:
                break
            for target in range(1, width + 1):
                if target == source:
                    continue
                target_up = columns[target - 1][1]
                if not target_up or rank(target_up[-1]) == rank(group[0]) + 1:
                    actions.append(f"{source}:{count}>{target}")
    if not runs_leave:
        for number, (_, up) in enumerate(columns, 1):
            tail = up[-13:]
            ranks = [card[0] for card in tail]
            if ranks == list(reversed(RANKS)) and len({card[1] for card in tail}) == 1:
                actions.append(f"t{number}")
    cards_on_tableau = sum(len(down) + len(up) for down, up in columns)
    full = all(up for _, up in columns)
    if stock and (full or dealing == "any" or (dealing == "strict" and cards_on_tableau < width)):
        actions.append("d")
    return actions


def card_census(text: str) -> Counter[str]:
    """Every card of the position (tableau and stock) plus 13 per removed run."""
    _, columns, stock, removed = parse(text)
    cards = Counter(stock)
    for down, up in columns:
        cards.update(down)
        cards.update(up)
    for suit in removed:
        cards.update(r + suit for r in RANKS)
    return cards


def full_deck(suits: int, packs: int = 2) -> Counter[str]:
    """The cards of a game of ``suits`` suits: 104 with two packs, 52 with one."""
    return Counter({r + s: 4 * packs // suits for s in "SHDC"[:suits] for r in RANKS})


def auto_target(text: str, source: int, count: int) -> int | None:
    """The column a double-click sends the last ``count`` cards of ``source`` to, read from
    the legal actions: a column ending in the next card of the group's suit, else any
    column ending one rank higher, else an empty column unless the group is the whole
    column; the lowest column number first in each. None when there is no such column."""
    _, columns, _, _ = parse(text)
    listed = [
        int(action.split(">")[1])
        for action in legal_actions(text)
        if action.startswith(f"{source}:{count}>")
    ]
    first = columns[source - 1][1][-count]
    same_suit = [t for t in listed if columns[t - 1][1] and columns[t - 1][1][-1][1] == first[1]]
    other = [t for t in listed if columns[t - 1][1]]
    down, up = columns[source - 1]
    empty = [t for t in listed if not columns[t - 1][1] and count < len(down) + len(up)]
    for choice in (same_suit, other, empty):
        if choice:
            return choice[0]
    return None
