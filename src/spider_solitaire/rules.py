"""The rules of Spider: legality with reason codes, and applying an action to a
:class:`~spider_solitaire.position.Position` (the list of every legal action is
:mod:`spider_solitaire.legal`'s).

Everything here is a pure function of a position; :class:`~spider_solitaire.game.Game`
adds history. The rules of the game, as this module applies them:

* a card goes onto a card exactly one rank higher, of any suit, or into an empty
  column; nothing goes onto an Ace;
* a group (the last cards of a column) moves together when its ranks descend by one,
  and, under the Classic rule, when it is one suit too; only face-up cards move;
* a face-down card left at the end of a column turns face-up;
* a deal puts one stock card face-up onto each column, 1 to 10, and needs every column
  filled, unless fewer than 10 cards are on the table;
* a complete King-to-Ace run of one suit at the end of a column is removed (after a
  deal, column by column) and scores 100; every action costs 1 point (never below 0);
* the game is won when no card is left on the tableau or in the stock.

The variants of the family (:mod:`spider_solitaire.variants`) change what their entry
says: the number of columns, the short last row of the stock (it goes onto the first
columns), the dealing rule (:meth:`~spider_solitaire.variants.Variant.may_deal`), and in
``spider-1949`` complete runs stay until the player takes one off (``t3``: an action of
its own that scores 100 and costs nothing, not even a move).

Cards are ints ``suit * 16 + rank`` (see :mod:`spider_solitaire.cards`), so "same suit
and one rank lower" is simply ``lower == upper - 1``. Card ids travel with their cards
(:attr:`~spider_solitaire.position.Position.ids`) and the events name them.

>>> from spider_solitaire import Game
>>> position = Game.from_code("SP1-S2C-AAAAAAD").position
>>> after, events = apply_move(position, Move.parse("6>1"))
>>> [event.to_dict() for event in events]  # doctest: +NORMALIZE_WHITESPACE
[{'kind': 'move', 'source': 6, 'target': 1, 'cards': ['AS'], 'ids': [45]},
 {'kind': 'turn_up', 'column': 6, 'card': '5H', 'id': 35}]
"""

from __future__ import annotations

from itertools import pairwise

from .cards import CARD_TEXTS, HIDDEN, SUITS, Card
from .errors import IllegalMoveError, InvalidMoveError
from .events import CardsMoved, CardTurnedUp, Event, GameWon, RowDealt, RunRemoved
from .moves import Move
from .position import Position
from .variants import MAX_COLUMNS, RUN_LENGTH

RUN_BONUS = 100
"""Points for each removed run (a rule of the game)."""

GROUP_REASONS: tuple[str, ...] = (
    "game_won",
    "empty_source",
    "face_down",
    "not_descending",
    "mixed_suits",
)
"""The reasons :func:`group_refusal` gives, in the order it checks them."""


def movable_length(position: Position, column: int) -> int:
    r"""Return the size of the largest group that can leave ``column`` (1-10), 0 if empty.

    A group moves when its ranks descend by exactly one; under the Classic rule it must
    also be one suit (the group rule of the game). Only face-up cards count.

    >>> from spider_solitaire import Game
    >>> position = Game.from_position("rules: S2C\n1: | 9H 8S 7S\n" + "".join(
    ...     f"{n}: |\n" for n in range(2, 11)), strict=False).position
    >>> movable_length(position, 1), movable_length(position, 2)
    (2, 0)
    """
    cards = position.columns[column - 1]
    size = len(cards)
    if not size:
        return 0
    face_up = size - position.face_down[column - 1]
    classic = not position.rule.mixes_suits
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


def check_column(column: int, columns: int = MAX_COLUMNS) -> None:
    """Refuse a column number outside 1 to ``columns`` (the game's columns: 10, or 7) as
    bad syntax, like the move notation does.

    Raises:
        InvalidMoveError: ``column_range``: ``column`` is outside 1 to ``columns``.
    """
    if not 1 <= column <= columns:
        raise InvalidMoveError("column_range", str(column), column=column, columns=columns)


def _check_move_columns(position: Position, move: Move) -> None:
    """Refuse a move or take-off naming a column the game does not have (8-10 in a
    seven-column game) as ``column_range``, like the notation refuses 11."""
    columns = position.variant.columns
    if move.source > columns or move.target > columns:
        column = move.source if move.source > columns else move.target
        raise InvalidMoveError("column_range", str(move), column=column, columns=columns)


def _group_fault(position: Position, index: int, count: int) -> str | None:
    """Why the last ``count`` cards of the non-empty column ``index`` (0-based) cannot
    move together: ``face_down``, ``not_descending`` or ``mixed_suits`` (in that order),
    or ``None``. The one statement of the group rule for a given group."""
    cards = position.columns[index]
    if count > len(cards) - position.face_down[index]:
        return "face_down"
    if count == 1:
        return None
    group = cards[-count:]
    same_suit_run = True
    for upper, lower in pairwise(group):
        if upper != lower + 1:
            if upper & 15 != (lower & 15) + 1:
                return "not_descending"
            same_suit_run = False
    if not same_suit_run and not position.rule.mixes_suits:
        return "mixed_suits"
    return None


def group_refusal(position: Position, column: int, count: int) -> str | None:
    r"""Return why the last ``count`` cards of ``column`` (1-10) cannot be picked up and
    moved together, wherever they go, or ``None`` when they can.

    The reasons, checked in this order (:data:`GROUP_REASONS`): ``game_won``,
    ``empty_source``, ``face_down`` (the group reaches a face-down card),
    ``not_descending`` (ranks do not descend by one), ``mixed_suits`` (more than one
    suit under the Classic rule). The rules behind them are those of a group of the game.
    Where the group may go is not looked at (``on_ace``, ``not_one_higher``: see
    :func:`~spider_solitaire.legal.legal_moves`).

    >>> from spider_solitaire import Game
    >>> position = Game.from_position("rules: S2C\n1: KS | 9H 8S 7S\n" + "".join(
    ...     f"{n}: |\n" for n in range(2, 11)), strict=False).position
    >>> [group_refusal(position, 1, count) for count in (1, 2, 3, 4)]
    [None, None, 'mixed_suits', 'face_down']
    >>> group_refusal(position, 2, 1)
    'empty_source'

    Raises:
        InvalidMoveError: ``column_range`` (``column`` is outside 1-10) or
            ``count_range`` (``count`` is below 1).
    """
    check_column(column, position.variant.columns)
    if type(count) is not int or count < 1:
        raise InvalidMoveError("count_range", f"{column}:{count!r}", count=count)
    if position.is_won:
        return "game_won"
    if not position.columns[column - 1]:
        return "empty_source"
    return _group_fault(position, column - 1, count)


def _move_reason(position: Position, source: int, target: int, count: int) -> str | None:
    """Return why the move of ``count`` cards from column ``source`` to ``target`` (1-10)
    is refused, ignoring ``game_won`` and ``hidden``, or ``None`` when legal. The order
    (a decision recorded with :data:`~spider_solitaire.errors.REASONS`): the source,
    the column, the group, then the target."""
    if not position.columns[source - 1]:
        return "empty_source"
    if source == target:
        return "same_column"
    reason = _group_fault(position, source - 1, count)
    if reason is not None:
        return reason
    target_cards = position.columns[target - 1]
    if target_cards:
        last = target_cards[-1] & 15
        if last == 1:
            return "on_ace"
        if last != (position.columns[source - 1][-count] & 15) + 1:
            return "not_one_higher"
    return None


def resolve_move(position: Position, move: Move) -> Move:
    r"""Return ``move`` with its count filled in (``3>7`` -> ``3:4>7``), legal or not.

    Onto a non-empty column the count is that of the group whose first card is one rank
    lower than the target's last card (the face-up card of that rank nearest the end of
    the source column); into an empty column it is the largest movable group. A move
    with a count, or the deal, is returned unchanged. The answer's
    :attr:`~spider_solitaire.moves.Move.resolved_count` is always an ``int``.

    >>> from spider_solitaire import Game
    >>> position = Game.from_position("rules: S2C\n1: KS | 9H 8S 7S\n2: | 8H\n" + "".join(
    ...     f"{n}: |\n" for n in range(3, 11)), strict=False).position
    >>> [str(resolve_move(position, Move.parse(text))) for text in ("1>2", "1>3")]
    ['1:1>2', '1:2>3']

    Raises:
        IllegalMoveError: ``empty_source``, ``same_column``, ``on_ace`` (the target ends
            in an Ace) or ``not_one_higher`` (no face-up card of the needed rank), when
            the count cannot be found.
        InvalidMoveError: ``column_range``: a column the game does not have.
    """
    if move.count is not None:
        return move
    _check_move_columns(position, move)
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
    ``game_won`` and ``hidden``, or ``None`` when it is allowed: a deal needs cards in
    the stock and every column filled, unless fewer than 10 cards are on the table (a
    rule of the game); the variant's dealing rule says otherwise for ``relaxed`` (any
    columns may be empty) and ``spider-1949`` (no exception)
    (:meth:`~spider_solitaire.variants.Variant.may_deal`)."""
    if not position.stock:
        return "stock_empty"
    columns = position.columns
    if not all(columns) and not position.variant.may_deal(False, position.tableau_cards):
        return "deal_needs_full_columns"
    return None


def take_off_reason(position: Position, column: int) -> str | None:
    """Return why taking the run at the end of ``column`` (1 to the game's columns) off
    is refused, or ``None`` when it is allowed: ``game_won``, ``runs_leave_by_themselves``
    (the variant removes complete runs itself: every variant but ``spider-1949``),
    ``no_complete_run`` (the column does not end in a face-up King-to-Ace run of one
    suit). A rule of the printed rules of 1949: "An assembled suit need not be discarded
    until the player chooses."

    Raises:
        InvalidMoveError: ``column_range``: a column the game does not have.
    """
    check_column(column, position.variant.columns)
    if position.is_won:
        return "game_won"
    if position.variant.auto_remove:
        return "runs_leave_by_themselves"
    if not ends_in_complete_run(position.columns[column - 1], position.face_down[column - 1]):
        return "no_complete_run"
    return None


def ends_in_complete_run(cards: tuple[Card, ...], face_down: int) -> bool:
    """True when a column's ``cards`` (bottom to top, the first ``face_down`` of them
    face-down) end in a face-up King-to-Ace run of one suit: a complete run (a rule of
    the game)."""
    if len(cards) - face_down < RUN_LENGTH:
        return False
    ace = cards[-1]
    if ace & 15 != 1:
        return False
    return all(cards[-1 - k] == ace + k for k in range(1, RUN_LENGTH))


def _remove_runs(
    columns: list[tuple[Card, ...]],
    face_down: list[int],
    ids: list[tuple[int, ...]],
    removed: tuple[str, ...],
    which: range | tuple[int],
    events: list[Event],
    action: Move | str,
) -> tuple[str, ...]:
    """Remove the complete King-to-Ace runs at the end of the listed columns (0-based, in
    order), turning up the card under each (a rule of the game; the caller asks only
    where runs leave by themselves); return ``removed`` with their suits added."""
    for index in which:
        cards = columns[index]
        if ends_in_complete_run(cards, face_down[index]):
            suit = SUITS[cards[-1] >> 4]
            columns[index] = cards[:-RUN_LENGTH]
            column_ids = ids[index]
            ids[index] = column_ids[:-RUN_LENGTH]
            removed = (*removed, suit)
            events.append(RunRemoved(index + 1, suit, column_ids[-RUN_LENGTH:]))
            _turn_up(columns, face_down, ids, index, events, action)
    return removed


def _turn_up(
    columns: list[tuple[Card, ...]],
    face_down: list[int],
    ids: list[tuple[int, ...]],
    index: int,
    events: list[Event],
    action: Move | str,
) -> None:
    """Turn up the last card of column ``index`` (0-based) if it is face-down (a rule of
    the game: a face-down card left at the end of a column turns face-up)."""
    cards = columns[index]
    if cards and face_down[index] == len(cards):
        if cards[-1] == HIDDEN:
            raise IllegalMoveError("hidden", str(action))
        face_down[index] -= 1
        events.append(CardTurnedUp(index + 1, CARD_TEXTS[cards[-1]], ids[index][-1]))


def _finish(
    position: Position,
    columns: list[tuple[Card, ...]],
    face_down: list[int],
    ids: list[tuple[int, ...]],
    stock: tuple[Card, ...],
    stock_ids: tuple[int, ...],
    removed: tuple[str, ...],
    events: list[Event],
    cost: int = 1,
) -> tuple[Position, list[Event]]:
    # Every action costs a point, never going below 0 (a take-off costs nothing, not even
    # a move); each removed run scores 100.
    score = max(position.score - cost, 0)
    if removed is not position.removed:
        score += RUN_BONUS * (len(removed) - len(position.removed))
    after = Position(
        position.suits,
        position.rule,
        tuple(columns),
        tuple(face_down),
        stock,
        removed,
        score,
        position.move_count + cost,
        tuple(ids),
        stock_ids,
        position.variant,
    )
    if not stock and not any(columns):
        events.append(GameWon(score))
    return after, events


def apply_move(position: Position, move: Move) -> tuple[Position, list[Event]]:
    """Play one action (a move, with or without its count, the deal, or a take-off) on
    ``position``.

    Returns:
        ``(new_position, events)``; the events are in the order they happened, and
        name the cards by text and id (see :mod:`spider_solitaire.events`).

    Raises:
        IllegalMoveError: the first reason that applies, in the order of
            :data:`~spider_solitaire.errors.REASONS` for a move (``game_won`` first),
            or ``hidden`` when the action would turn up or deal a card that the
            position hides; for a take-off, those of :func:`take_off_reason`.
        InvalidMoveError: ``column_range``: a column the game does not have.
    """
    if move.source > position.variant.columns or move.target > position.variant.columns:
        _check_move_columns(position, move)  # quoting the action whole: t8, not 8
    if move.source == 0:
        return apply_deal(position)
    if move.source > position.variant.columns or move.target > position.variant.columns:
        _check_move_columns(position, move)  # quoting the action whole: 't8', '3>8'
    if move.target == 0:
        return apply_take_off(position, move.source)
    if position.is_won:
        raise IllegalMoveError("game_won", str(move))
    count = move.count
    if count is None:
        count = resolve_move(position, move).resolved_count
    source, target = move.source - 1, move.target - 1
    reason = _move_reason(position, move.source, move.target, count)
    if reason is not None:
        raise IllegalMoveError(reason, f"{move.source}:{count}>{move.target}")
    columns = list(position.columns)
    face_down = list(position.face_down)
    ids = list(position.ids)
    source_cards = columns[source]
    group = source_cards[-count:]
    columns[source] = source_cards[:-count]
    columns[target] += group
    source_ids = ids[source]
    group_ids = source_ids[-count:]
    ids[source] = source_ids[:-count]
    ids[target] += group_ids
    events: list[Event] = [
        CardsMoved(move.source, move.target, tuple([CARD_TEXTS[c] for c in group]), group_ids)
    ]
    if face_down[source] == len(source_cards) - count and face_down[source]:
        _turn_up(columns, face_down, ids, source, events, move)
    removed = position.removed
    # a run is completed only by a group ending in an Ace
    if group[-1] & 15 == 1 and position.variant.auto_remove:
        removed = _remove_runs(columns, face_down, ids, removed, (target,), events, move)
    return _finish(
        position, columns, face_down, ids, position.stock, position.stock_ids, removed, events
    )


def apply_deal(position: Position) -> tuple[Position, list[Event]]:
    """Deal one stock row: one face-up card onto each column, 1 to 10 (a short last row
    onto the first columns), then remove the runs it completed, column by column, where
    runs leave by themselves (rules of the game).

    Raises:
        IllegalMoveError: ``game_won``, ``stock_empty``, ``deal_needs_full_columns``, or
            ``hidden`` when the row is hidden in this view.
    """
    if position.is_won:
        raise IllegalMoveError("game_won", "d")
    reason = deal_reason(position)
    if reason is not None:
        raise IllegalMoveError(reason, "d")
    size = position.next_row
    row = position.stock[:size]
    if HIDDEN in row:
        raise IllegalMoveError("hidden", "d")
    row_ids = position.stock_ids[:size]
    columns = [(*column, card) for column, card in zip(position.columns, row, strict=False)]
    ids = [(*column, i) for column, i in zip(position.ids, row_ids, strict=False)]
    if size < len(position.columns):  # the short last row: the other columns stay
        columns += position.columns[size:]
        ids += position.ids[size:]
    face_down = list(position.face_down)
    events: list[Event] = [RowDealt(tuple([CARD_TEXTS[c] for c in row]), row_ids)]
    removed = position.removed
    if position.variant.auto_remove:
        removed = _remove_runs(columns, face_down, ids, removed, range(size), events, "d")
    return _finish(
        position,
        columns,
        face_down,
        ids,
        position.stock[size:],
        position.stock_ids[size:],
        removed,
        events,
    )


def apply_take_off(position: Position, column: int) -> tuple[Position, list[Event]]:
    """Take the complete run at the end of ``column`` off the table (``spider-1949``): the
    run leaves (:class:`~spider_solitaire.events.RunRemoved`), the card under it turns up,
    and the score gains 100; it costs no point and no move (a decision of ours: the
    printed rules make discarding a choice, not a move).

    Raises:
        IllegalMoveError: a reason of :func:`take_off_reason` (``game_won``,
            ``runs_leave_by_themselves``, ``no_complete_run``), or ``hidden`` when the
            card under the run is hidden in this view.
        InvalidMoveError: ``column_range``: a column the game does not have.
    """
    action = Move.take_off(column)
    reason = take_off_reason(position, column)
    if reason is not None:
        raise IllegalMoveError(reason, str(action))
    columns = list(position.columns)
    face_down = list(position.face_down)
    ids = list(position.ids)
    events: list[Event] = []
    removed = _remove_runs(columns, face_down, ids, position.removed, (column - 1,), events, action)
    return _finish(
        position,
        columns,
        face_down,
        ids,
        position.stock,
        position.stock_ids,
        removed,
        events,
        cost=0,
    )


def auto_move(position: Position, column: int, count: int) -> Move | None:
    """Return the move a double-click on the last ``count`` cards of ``column`` makes.

    The group must be movable (else ``None``). Preference (a decision of ours): a
    non-empty column whose last card is one rank higher and of the group's suit; then
    any other non-empty column one rank higher; then an empty column, never when the
    group is the whole column with no face-down card under it. Ties go to the lowest
    column number. ``None`` when there is no target or the game is won.

    >>> from spider_solitaire import Game
    >>> str(auto_move(Game.from_code("SP1-S1C-AAAAAAD").position, 7, 1))
    '7:1>10'

    Raises:
        InvalidMoveError: ``column`` is outside the game's columns.
    """
    check_column(column, position.variant.columns)
    if not 1 <= count <= movable_length(position, column):
        return None
    target = auto_targets(position, column)[count - 1]
    return Move(column, target, count) if target is not None else None


def auto_targets(position: Position, column: int) -> list[int | None]:
    """Return the :func:`auto_move` target of every movable group of ``column`` (1-10):
    item ``count - 1`` is the target column for the last ``count`` cards, or ``None``;
    an empty list when nothing can leave the column or the game is won. One scan of the
    other columns serves every group (the server lists them all in each state).

    Raises:
        InvalidMoveError: ``column`` is outside the game's columns.
    """
    check_column(column, position.variant.columns)
    movable = movable_length(position, column)
    if position.is_won or not movable:
        return []
    # the first column, in number order, by the last card it ends with; and the first empty
    first_ending: dict[Card, int] = {}
    first_by_rank: dict[int, int] = {}
    empty: int | None = None
    for target in range(1, len(position.columns) + 1):
        if target == column:
            continue
        target_cards = position.columns[target - 1]
        if not target_cards:
            if empty is None:
                empty = target
            continue
        last = target_cards[-1]
        first_ending.setdefault(last, target)
        first_by_rank.setdefault(last & 15, target)
    cards = position.columns[column - 1]
    found: list[int | None] = []
    for count in range(1, movable + 1):
        first = cards[-count]
        choice = first_ending.get(first + 1)
        if choice is None:
            choice = first_by_rank.get((first & 15) + 1)
        if choice is None and count < len(cards):
            choice = empty
        found.append(choice)
    return found
