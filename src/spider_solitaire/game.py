"""The :class:`Game`: a position plus its undo and redo history; what callers use.

>>> game = Game.from_code("SP1-S2C-AAAAAAD")
>>> [event.kind for event in game.act("6>1")]
['move', 'turn_up']
>>> [event.kind for event in game.act("undo")]
['turn_down', 'move']
>>> game.move_count, [event.kind for event in game.act("redo")]
(0, ['move', 'turn_up'])
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from . import legal, rules
from .codes import GameCode, normalize_rule
from .errors import IllegalMoveError, InvalidCodeError, InvalidOptionError
from .events import Event, Restarted, inverse
from .moves import Action, Control, Move, parse_action
from .position import Position
from .variants import CLASSIC, SPIDER, GroupRule, Variant, find_rule, find_variant

DEFAULT_UNDO_LIMIT = 100
"""How many actions can be undone by default (a rule of the game as specified: 100)."""


@dataclass(frozen=True, slots=True)
class _Step:
    """One played action: the position before it and the action (count resolved)."""

    before: Position
    move: Move


class Game:
    """A game of Spider: the current position, its undo/redo history and options.

    Make one with :meth:`from_code`, :meth:`new` or :meth:`from_position`; the plain
    constructor takes a :class:`Position`.

    Args:
        position: the starting position.
        code: the game code it was dealt from, or ``None``.
        undo_limit: how many of the last actions can be undone (0 or more; default 100).

    Raises:
        InvalidOptionError: ``undo_limit`` is not a whole number 0 or more.

    >>> game = Game.from_code("SP1-S1C-AAAAAAD")
    >>> game.score, game.move_count, game.stock_rows_left
    (500, 0, 5)
    """

    def __init__(
        self, position: Position, *, code: str | None = None, undo_limit: int = DEFAULT_UNDO_LIMIT
    ) -> None:
        if type(undo_limit) is not int or undo_limit < 0:
            raise InvalidOptionError(f"undo_limit {undo_limit!r} must be a whole number 0 or more")
        self.position = position
        self.start = position
        self.code = code
        self.undo_limit = undo_limit
        self._undo: list[_Step] = []
        self._redo: list[Move] = []

    # --- constructors -------------------------------------------------------------

    @classmethod
    def from_code(
        cls,
        code: str,
        *,
        undo_limit: int = DEFAULT_UNDO_LIMIT,
        variant: Variant | str | None = None,
    ) -> Game:
        """Deal the game of ``code`` (for example ``"SP1-S2C-AAAAAAD"``, or
        ``"SP1-BIKE-S2C-AAAAAAD"`` for a variant; any case). With ``variant`` (a
        :class:`~spider_solitaire.variants.Variant` or its name), the code's suits, rule
        and seed are dealt as that game of the family instead (the CLI's ``--variant``).

        >>> Game.from_code("SP1-S2C-AAAAAAD", variant="bicycle").code
        'SP1-BIKE-S2C-AAAAAAD'

        Raises:
            InvalidCodeError: the code is malformed; the message names the part; an
                unknown variant (:class:`~spider_solitaire.variants.UnknownVariantError`).
        """
        parsed = GameCode.parse(code)
        if variant is not None:
            chosen = variant if isinstance(variant, Variant) else find_variant(variant)
            parsed = GameCode(parsed.suits, parsed.rule, parsed.seed, chosen)
        position = Position.from_deck(parsed.deck(), parsed.suits, parsed.rule, parsed.variant)
        return cls(position, code=str(parsed), undo_limit=undo_limit)

    @classmethod
    def new(
        cls,
        suits: int = 4,
        rule: GroupRule | str = CLASSIC,
        *,
        variant: Variant | str = SPIDER,
        undo_limit: int = DEFAULT_UNDO_LIMIT,
    ) -> Game:
        """Deal a new game with a seed from the OS's entropy; ``game.code`` reproduces it.

        Args:
            suits: 1, 2 or 4.
            rule: the group rule, or its name (``"classic"``, ``"flexible"``, any case)
                at this public edge.
            variant: the game of the family, or its name (``spider`` by default).

        Raises:
            InvalidCodeError: bad ``suits`` or ``rule``; an unknown variant
                (:class:`~spider_solitaire.variants.UnknownVariantError`).
        """
        if type(suits) is not int or suits not in (1, 2, 4):
            raise InvalidCodeError(f"suits {suits!r} is not 1, 2 or 4")
        if not isinstance(variant, Variant):
            variant = find_variant(variant)
        return cls.from_code(
            str(GameCode.random(suits, normalize_rule(rule, suits), variant)),
            undo_limit=undo_limit,
        )

    @classmethod
    def from_position(
        cls, text: str, *, strict: bool = True, undo_limit: int = DEFAULT_UNDO_LIMIT
    ) -> Game:
        """Start a game from position notation; ``game.code`` is ``None``. The cards'
        ids are in text order (see :meth:`Position.from_text`); ``strict=False`` accepts
        a position that does not hold the whole deck.

        Raises:
            InvalidPositionError: see :meth:`Position.from_text`.
        """
        return cls(Position.from_text(text, strict=strict), undo_limit=undo_limit)

    # --- what the game shows ------------------------------------------------------

    def position_text(self, *, hidden: bool = False) -> str:
        """Return the position notation of the current position; ``hidden=True`` gives
        the player's view (face-down and stock cards written ``??``).

        >>> Game.from_code("SP1-S1C-AAAAAAD").position_text(hidden=True).splitlines()[5]
        '1: ?? ?? ?? ?? ?? | 2S'
        """
        return self.position.to_text(hidden=hidden)

    @property
    def suits(self) -> int:
        """Number of suits: 1, 2 or 4."""
        return self.position.suits

    @property
    def rule(self) -> GroupRule:
        """The group rule (:data:`~spider_solitaire.variants.CLASSIC` or
        :data:`~spider_solitaire.variants.FLEXIBLE`)."""
        return self.position.rule

    @property
    def variant(self) -> Variant:
        """The game of the family (:mod:`spider_solitaire.variants`)."""
        return self.position.variant

    @property
    def score(self) -> int:
        """The score: 500 at the start, -1 per action (clamped at 0), +100 per run."""
        return self.position.score

    @property
    def move_count(self) -> int:
        """The move counter: moves and deals made (undo takes them back)."""
        return self.position.move_count

    @property
    def removed(self) -> tuple[str, ...]:
        """Suit letters of the removed runs, in the order removed."""
        return self.position.removed

    @property
    def is_won(self) -> bool:
        """True when no card is left on the tableau or in the stock."""
        return self.position.is_won

    @property
    def stock_rows_left(self) -> int:
        """Rows of 10 cards left in the stock (0-5)."""
        return self.position.stock_rows_left

    @property
    def can_undo(self) -> bool:
        """True when :meth:`undo` would succeed."""
        return bool(self._undo)

    @property
    def can_redo(self) -> bool:
        """True when :meth:`redo` would succeed."""
        return bool(self._redo)

    @property
    def history(self) -> list[Move]:
        """The actions that :meth:`undo` can take back, oldest first (counts resolved)."""
        return [step.move for step in self._undo]

    @property
    def redo_moves(self) -> list[Move]:
        """The actions that :meth:`redo` would replay, next first."""
        return list(reversed(self._redo))

    def legal_moves(self) -> list[Move]:
        """Every legal action (see :func:`spider_solitaire.legal.legal_moves` for the order)."""
        return legal.legal_moves(self.position)

    def auto_move(self, column: int, count: int) -> Move | None:
        """The move a double-click on the last ``count`` cards of ``column`` makes, or None
        (see :func:`spider_solitaire.rules.auto_move`)."""
        return rules.auto_move(self.position, column, count)

    def movable_length(self, column: int) -> int:
        """Size of the largest group that can leave ``column`` (1 to the game's columns),
        0 when empty.

        Raises:
            InvalidMoveError: ``column`` is outside the game's columns.
        """
        rules.check_column(column, self.position.variant.columns)
        return rules.movable_length(self.position, column)

    def resolve(self, move: Move | str) -> Move:
        """Return ``move`` (a :class:`Move` or notation) with its count filled in from the
        current position, legal or not (see :func:`spider_solitaire.rules.resolve_move`);
        its :attr:`~Move.resolved_count` is an ``int``.

        >>> str(Game.from_code("SP1-S2C-AAAAAAD").resolve("6>1"))
        '6:1>1'

        Raises:
            InvalidMoveError: bad notation.
            IllegalMoveError: the count cannot be found (``empty_source``,
                ``same_column``, ``on_ace``, ``not_one_higher``) or the game is won.
        """
        if not isinstance(move, Move):
            move = Move.parse(move, self.position.variant.columns)
        if move.count is None and self.position.is_won:
            raise IllegalMoveError("game_won", str(move))
        return rules.resolve_move(self.position, move)

    # --- actions ------------------------------------------------------------------

    def act(self, action: Action | str) -> list[Event]:
        """Take one action and return what it did. The one verb for every action a player
        can take, and the one place where undo, redo and restart are told from moves.

        ``action`` is a value (:data:`~spider_solitaire.moves.Action`: a :class:`Move`
        or a :class:`~spider_solitaire.moves.Control`), as every reader of text makes it
        where the text comes in. This public edge of the engine also takes an action's
        text (``"3:4>7"``, ``"3>7"``, ``"d"``, ``"undo"``, ``"u"``, ``"redo"``,
        ``"restart"``), read once here by :func:`~spider_solitaire.moves.parse_action`
        with the game's columns (white space around ignored, words in any case).

        Returns:
            The events, in order (see :mod:`spider_solitaire.events`): a move, deal or
            redo gives those of playing the action; an undo gives the inverse of the
            undone action's events in reverse order (``restore_run``, ``turn_down``, the
            move back, ``undeal``, ``unwon``); a restart gives ``[Restarted()]``.

        Raises:
            InvalidMoveError: the text is not an action, or a move names a column the
                game does not have (``.reason`` says what is wrong; ``.action`` quotes
                the action, ``t8`` as ``'t8'``).
            IllegalMoveError: the rules refuse it (``.reason`` says why, including
                ``nothing_to_undo`` and ``nothing_to_redo``); nothing changes.
        """
        if isinstance(action, str):
            action = parse_action(action, self.position.variant.columns)
        if action is Control.UNDO:
            if not self._undo:
                raise IllegalMoveError("nothing_to_undo", str(action))
            step = self._undo[-1]
            _, events = rules.apply_move(step.before, step.move)
            self.undo()
            return inverse(events)
        if action is Control.REDO:
            return self.redo()
        if action is Control.RESTART:
            self.restart()
            return [Restarted()]
        assert isinstance(action, Move)
        return self.play(action)

    def play(self, move: Move | str) -> list[Event]:
        """Play a move or the deal, given as a :class:`Move` or notation (``3:4>7``,
        ``3>7``, ``d``).

        Returns:
            The events of the action, in order.

        Raises:
            InvalidMoveError: bad notation.
            IllegalMoveError: the rules refuse it (``.reason`` says why); nothing changes.
        """
        if not isinstance(move, Move):
            move = Move.parse(move, self.position.variant.columns)
        if move.count is None and not self.position.is_won:
            move = rules.resolve_move(self.position, move)
        after, events = rules.apply_move(self.position, move)
        self._push(move, after)
        self._redo.clear()
        return events

    def deal(self) -> list[Event]:
        """Deal a row from the stock.

        Raises:
            IllegalMoveError: ``game_won``, ``stock_empty``, ``deal_needs_full_columns`` or
                ``hidden``.
        """
        return self.play(Move.deal())

    def _push(self, move: Move, after: Position) -> None:
        if self.undo_limit:
            self._undo.append(_Step(self.position, move))
            if len(self._undo) > self.undo_limit:
                del self._undo[0]
        self.position = after

    def undo(self) -> Move:
        """Take back the last action exactly (cards and their ids, face-down state,
        stock, removed runs, score, move counter). Costs nothing and is not counted.
        ``act("undo")`` does the same and returns the events.

        Returns:
            The action undone.

        Raises:
            IllegalMoveError: ``nothing_to_undo``.
        """
        if not self._undo:
            raise IllegalMoveError("nothing_to_undo", "undo")
        step = self._undo.pop()
        self.position = step.before
        self._redo.append(step.move)
        return step.move

    def redo(self) -> list[Event]:
        """Replay the last undone action; redo is possible until a new action is made.

        Returns:
            The events of the replayed action.

        Raises:
            IllegalMoveError: ``nothing_to_redo``.
        """
        if not self._redo:
            raise IllegalMoveError("nothing_to_redo", "redo")
        move = self._redo[-1]
        after, events = rules.apply_move(self.position, move)
        self._redo.pop()
        self._push(move, after)
        return events

    def restart(self) -> None:
        """Go back to the starting position, ids included, and forget the history (a
        decision of ours: a restart cannot be undone)."""
        self.position = self.start
        self._undo.clear()
        self._redo.clear()

    def copy(self) -> Game:
        """Return an independent copy with the same position, history and options."""
        other = Game(self.start, code=self.code, undo_limit=self.undo_limit)
        other.position = self.position
        other._undo = list(self._undo)
        other._redo = list(self._redo)
        return other

    def snapshot(self) -> dict[str, Any]:
        """Return the game's current state as plain JSON-ready values: the oldest position
        of the undo history (every card with its id), the actions played from it (the undo
        history, oldest first) and the redo stack (next to redo last). The start position
        and the options are not included: :meth:`from_snapshot` takes them.

        >>> game = Game.from_code("SP1-S2C-AAAAAAD")
        >>> _ = game.act("6>1"); _ = game.act("d"); _ = game.act("undo")
        >>> data = game.snapshot()
        >>> data["moves"], data["redo"]
        (['6:1>1'], ['d'])
        >>> again = Game.from_snapshot(data, Game.from_code("SP1-S2C-AAAAAAD"))
        >>> again.position == game.position and again.history == game.history
        True
        """
        base = self._undo[0].before if self._undo else self.position
        return {
            "base": _position_data(base),
            "moves": [str(step.move) for step in self._undo],
            "redo": [str(move) for move in self._redo],
        }

    @classmethod
    def from_snapshot(cls, data: dict[str, Any], start: Game) -> Game:
        """Return the game that :meth:`snapshot` described, with the start position, code
        and options of ``start`` (a new game of the same deal): the undo history is
        replayed from its oldest position, so the positions and card ids come back
        exactly.

        Raises:
            KeyError, TypeError, ValueError: ``data`` is not a snapshot.
            IllegalMoveError: an action of the snapshot is not legal (it is not this game's).
        """
        game = start.copy()
        game.restart()
        position = _position_of(data["base"])
        for text in data["moves"]:
            move = Move.parse(text)
            after, _events = rules.apply_move(position, move)
            if game.undo_limit:
                game._undo.append(_Step(position, move))
                if len(game._undo) > game.undo_limit:
                    del game._undo[0]
            position = after
        game.position = position
        game._redo = [Move.parse(text) for text in data["redo"]]
        return game

    def __repr__(self) -> str:
        return (
            f"Game(code={self.code!r}, rules={self.position.rules_text}, "
            f"score={self.score}, move_count={self.move_count})"
        )


def _position_data(position: Position) -> dict[str, Any]:
    """A position as JSON-ready values, ids included (see :meth:`Game.snapshot`); the
    variant only when it is not ``spider`` (so a ``spider`` snapshot reads as before)."""
    data: dict[str, Any] = {
        "suits": position.suits,
        "rule": position.rule.name,
        "columns": [list(column) for column in position.columns],
        "face_down": list(position.face_down),
        "stock": list(position.stock),
        "removed": list(position.removed),
        "score": position.score,
        "move_count": position.move_count,
        "ids": [list(column) for column in position.ids],
        "stock_ids": list(position.stock_ids),
    }
    if not position.variant.is_default:
        data["variant"] = position.variant.name
    return data


def _position_of(data: dict[str, Any]) -> Position:
    """The position :func:`_position_data` described."""
    return Position(
        int(data["suits"]),
        find_rule(str(data["rule"])),
        tuple(tuple(int(card) for card in column) for column in data["columns"]),
        tuple(int(count) for count in data["face_down"]),
        tuple(int(card) for card in data["stock"]),
        tuple(str(suit) for suit in data["removed"]),
        int(data["score"]),
        int(data["move_count"]),
        tuple(tuple(int(i) for i in column) for column in data["ids"]),
        tuple(int(i) for i in data["stock_ids"]),
        find_variant(str(data["variant"])) if "variant" in data else SPIDER,
    )
