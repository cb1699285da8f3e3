"""The rules of Spider: legality with reason codes, legal move generation, and applying
an action to a :class:`~spider_solitaire.position.Position`.

Everything here is a pure function of a position; :class:`~spider_solitaire.game.Game`
adds history. The numbered rules cited below are those of the rules-engine issue.

Cards are ints ``suit * 16 + rank`` (see :mod:`spider_solitaire.cards`), so "same suit
and one rank lower" is simply ``lower == upper - 1``.
"""

from __future__ import annotations

import itertools

from .cards import HIDDEN, SUITS, Card, card_text
from .errors import IllegalMoveError, InvalidMoveError
from .events import CardsMoved, CardTurnedUp, Event, GameWon, RowDealt, RunRemoved
from .moves import COLUMNS, DEAL, Move
from .position import ROW, Position

RUN_LENGTH = 13
"""Cards in a complete run, King down to Ace (rule 8)."""

RUN_BONUS = 100
"""Points for each removed run (rule 10)."""


def movable_length(position: Position, column: int) -> int:
    """Return the size of the largest group that can leave ``column`` (1-10), 0 if empty.

    A group moves when its ranks descend by exactly one; under the Classic rule it must
    also be one suit (rule 4). Only face-up cards count.
    """
    cards = position.columns[column - 1]
    size = len(cards)
    if not size:
        return 0
    face_up = size - position.face_down[column - 1]
    classic = position.rule == "classic"
    length = 1
    while length < face_up:
        upper, lower = cards[size - length - 1], cards[size - length]
        if classic:
            if upper != lower + 1:
                break
        elif upper & 15 != (lower & 15) + 1:
            break
        length += 1
    return length


def check_column(column: int) -> None:
    """Refuse a column number outside 1-10 as bad syntax, like the move notation does.

    Raises:
        InvalidMoveError: ``column`` is outside 1-10.
    """
    if not 1 <= column <= COLUMNS:
        raise InvalidMoveError(f"column {column} is not 1-10")


def _group_reason(position: Position, move: Move) -> str | None:
    """Return why ``move`` (count resolved) is refused, ignoring ``game_won`` and
    ``hidden``, or ``None`` when legal. The order is that of rule 12."""
    assert move.count is not None
    source_cards = position.columns[move.source - 1]
    if not source_cards:
        return "empty_source"
    if move.source == move.target:
        return "same_column"
    count = move.count
    if count > len(source_cards) - position.face_down[move.source - 1]:
        return "face_down"
    group = source_cards[-count:]
    for upper, lower in itertools.pairwise(group):
        if upper & 15 != (lower & 15) + 1:
            return "not_descending"
    if position.rule == "classic":
        for upper, lower in itertools.pairwise(group):
            if upper != lower + 1:
                return "mixed_suits"
    target_cards = position.columns[move.target - 1]
    if target_cards:
        last = target_cards[-1]
        if last & 15 == 1:
            return "on_ace"
        if last & 15 != (group[0] & 15) + 1:
            return "not_one_higher"
    return None


def resolve_move(position: Position, move: Move) -> Move:
    """Return ``move`` with its count filled in (``3>7`` -> ``3:4>7``), legal or not.

    Onto a non-empty column the count is that of the group whose first card is one rank
    lower than the target's last card (the face-up card of that rank nearest the end of
    the source column); into an empty column it is the largest movable group. A move
    with a count, or the deal, is returned unchanged.

    Raises:
        IllegalMoveError: ``empty_source``, ``same_column``, ``on_ace`` (the target ends
            in an Ace) or ``not_one_higher`` (no face-up card of the needed rank), when
            the count cannot be found.
    """
    if move.count is not None:
        return move
    source_cards = position.columns[move.source - 1]
    if not source_cards:
        raise IllegalMoveError("empty_source", str(move))
    if move.source == move.target:
        raise IllegalMoveError("same_column", str(move))
    target_cards = position.columns[move.target - 1]
    if not target_cards:
        return Move(move.source, move.target, movable_length(position, move.source))
    wanted = (target_cards[-1] & 15) - 1
    if wanted == 0:
        raise IllegalMoveError("on_ace", str(move))
    down = position.face_down[move.source - 1]
    for count in range(1, len(source_cards) - down + 1):
        if source_cards[-count] & 15 == wanted:
            return Move(move.source, move.target, count)
    raise IllegalMoveError("not_one_higher", str(move))


def deal_reason(position: Position) -> str | None:
    """Return why a deal is refused (``stock_empty``, ``deal_needs_full_columns``), ignoring
    ``game_won`` and ``hidden``, or ``None`` when it is allowed (rule 7)."""
    if not position.stock:
        return "stock_empty"
    if not all(position.columns) and position.tableau_cards >= ROW:
        return "deal_needs_full_columns"
    return None


def legal_moves(position: Position) -> list[Move]:
    """Return every legal action, pointless ones included (rule 13).

    Order (documented and stable): moves by source column 1-10, then by count from 1 up,
    then by target column 1-10; the deal last. A won position has none. On a player's
    view, moves that would turn up a hidden card and a deal of hidden cards are listed
    (they are legal; only the view cannot show their outcome) and refused with
    ``hidden`` when played.
    """
    if position.is_won:
        return []
    columns = position.columns
    # targets_by_rank[r]: columns (in order) that take a group whose first card has rank
    # r - 1, empty columns included (they take any group).
    empty = [number for number, cards in enumerate(columns, 1) if not cards]
    targets_by_rank: dict[int, list[int]] = {}
    for number, cards in enumerate(columns, 1):
        if cards:
            targets_by_rank.setdefault(cards[-1] & 15, []).append(number)
    if empty:
        for rank, targets in targets_by_rank.items():
            targets_by_rank[rank] = sorted(targets + empty)
    moves: list[Move] = []
    for source in range(1, COLUMNS + 1):
        cards = columns[source - 1]
        for count in range(1, movable_length(position, source) + 1):
            for target in targets_by_rank.get((cards[-count] & 15) + 1, empty):
                if target != source:
                    move = _MOVES.get((source, count, target))
                    moves.append(move if move is not None else _cached_move(source, count, target))
    if deal_reason(position) is None:
        moves.append(DEAL)
    return moves


_MOVES: dict[tuple[int, int, int], Move] = {}


def _cached_move(source: int, count: int, target: int) -> Move:
    """Make and keep the (immutable, shared) :class:`Move` for these numbers; saves
    rebuilding and re-validating the same small values in every :func:`legal_moves` call."""
    move = _MOVES[(source, count, target)] = Move(source, target, count)
    return move


def _complete_run_at_end(cards: tuple[Card, ...], face_down: int) -> bool:
    if len(cards) - face_down < RUN_LENGTH:
        return False
    ace = cards[-1]
    if ace & 15 != 1:
        return False
    return all(cards[-1 - k] == ace + k for k in range(1, RUN_LENGTH))


def _remove_runs(
    columns: list[tuple[Card, ...]],
    face_down: list[int],
    removed: list[str],
    which: list[int],
    events: list[Event],
    action: Move | str,
) -> int:
    """Remove complete runs at the end of the listed columns (0-based, in order) and turn
    up the card under each; return how many were removed (rule 8)."""
    count = 0
    for index in which:
        cards = columns[index]
        if _complete_run_at_end(cards, face_down[index]):
            suit = SUITS[cards[-1] >> 4]
            cards = cards[:-RUN_LENGTH]
            columns[index] = cards
            removed.append(suit)
            events.append(RunRemoved(index + 1, suit))
            count += 1
            _turn_up(columns, face_down, index, events, action)
    return count


def _turn_up(
    columns: list[tuple[Card, ...]],
    face_down: list[int],
    index: int,
    events: list[Event],
    action: Move | str,
) -> None:
    """Turn up the last card of column ``index`` (0-based) if it is face-down (rule 6)."""
    cards = columns[index]
    if cards and face_down[index] == len(cards):
        if cards[-1] == HIDDEN:
            raise IllegalMoveError("hidden", str(action))
        face_down[index] -= 1
        events.append(CardTurnedUp(index + 1, card_text(cards[-1])))


def _finish(
    position: Position,
    columns: list[tuple[Card, ...]],
    face_down: list[int],
    stock: tuple[Card, ...],
    removed: list[str],
    runs: int,
    events: list[Event],
) -> tuple[Position, list[Event]]:
    score = max(position.score - 1, 0) + RUN_BONUS * runs  # rule 10
    after = Position(
        position.suits,
        position.rule,
        tuple(columns),
        tuple(face_down),
        stock,
        tuple(removed),
        score,
        position.moves + 1,
    )
    if after.is_won:
        events.append(GameWon(score))
    return after, events


def apply_move(position: Position, move: Move) -> tuple[Position, list[Event]]:
    """Play one action (a move, with or without its count, or the deal) on ``position``.

    Returns:
        ``(new_position, events)``; the events are in the order they happened.

    Raises:
        IllegalMoveError: the first reason of rule 12 that applies, or ``hidden`` when
            the action would turn up or deal a card that the position hides.
    """
    if move.is_deal:
        return apply_deal(position)
    if position.is_won:
        raise IllegalMoveError("game_won", str(move))
    move = resolve_move(position, move)
    reason = _group_reason(position, move)
    if reason is not None:
        raise IllegalMoveError(reason, str(move))
    assert move.count is not None
    source, target, count = move.source - 1, move.target - 1, move.count
    columns = list(position.columns)
    face_down = list(position.face_down)
    group = columns[source][-count:]
    columns[source] = columns[source][:-count]
    columns[target] = columns[target] + group
    events: list[Event] = [CardsMoved(move.source, move.target, tuple(map(card_text, group)))]
    _turn_up(columns, face_down, source, events, move)
    removed = list(position.removed)
    runs = _remove_runs(columns, face_down, removed, [target], events, move)
    return _finish(position, columns, face_down, position.stock, removed, runs, events)


def apply_deal(position: Position) -> tuple[Position, list[Event]]:
    """Deal one stock row: one face-up card onto each column, 1 to 10 (rule 7), then remove
    the runs it completed in column order (rule 8).

    Raises:
        IllegalMoveError: ``game_won``, ``stock_empty``, ``deal_needs_full_columns``, or
            ``hidden`` when the row is hidden in this view.
    """
    if position.is_won:
        raise IllegalMoveError("game_won", "d")
    reason = deal_reason(position)
    if reason is not None:
        raise IllegalMoveError(reason, "d")
    row = position.stock[:ROW]
    if HIDDEN in row:
        raise IllegalMoveError("hidden", "d")
    columns = [(*column, card) for column, card in zip(position.columns, row, strict=True)]
    face_down = list(position.face_down)
    events: list[Event] = [RowDealt(tuple(map(card_text, row)))]
    removed = list(position.removed)
    runs = _remove_runs(columns, face_down, removed, list(range(COLUMNS)), events, "d")
    return _finish(position, columns, face_down, position.stock[ROW:], removed, runs, events)


def auto_move(position: Position, column: int, count: int) -> Move | None:
    """Return the move a double-click on the last ``count`` cards of ``column`` makes.

    The group must be movable (else ``None``). Preference (a decision recorded in the
    issue): a non-empty column whose last card is one rank higher and of the group's
    suit; then any other non-empty column one rank higher; then an empty column, never
    when the group is the whole column with no face-down card under it. Ties go to the
    lowest column number. ``None`` when there is no target or the game is won.

    Raises:
        InvalidMoveError: ``column`` is outside 1-10.
    """
    check_column(column)
    if position.is_won or not 1 <= count <= movable_length(position, column):
        return None
    cards = position.columns[column - 1]
    first = cards[-count]
    same_suit: int | None = None
    other: int | None = None
    empty: int | None = None
    for target in range(1, COLUMNS + 1):
        if target == column:
            continue
        target_cards = position.columns[target - 1]
        if not target_cards:
            if empty is None:
                empty = target
        elif target_cards[-1] == first + 1:
            if same_suit is None:
                same_suit = target
        elif target_cards[-1] & 15 == (first & 15) + 1 and other is None:
            other = target
    if same_suit is not None:
        return Move(column, same_suit, count)
    if other is not None:
        return Move(column, other, count)
    if empty is not None and count < len(cards):
        return Move(column, empty, count)
    return None
