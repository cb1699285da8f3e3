"""The player's view of a game: an engine position and game -> the :class:`GameState`
JSON view (docs/api.md), with its movable groups and its texts in the player's language.

Only face-up cards are named here: a column shows its face-down cards as a count (and
their ids, which tell nothing), the stock only its rows left. A view is built from what
it is given and asks nobody: whether the game is stuck (a solver's test) is decided by
the caller (:meth:`.games.GameService.view`) and passed in.
"""

from __future__ import annotations

from functools import lru_cache

from .. import rules
from ..cards import CARD_TEXTS, Card
from ..game import Game
from ..levels import level_of
from ..messages import message, suit_name, text
from ..moves import DEAL
from ..position import Position
from .checks import may_take_back
from .db import GameRecord
from .schemas.state import (
    ColumnView,
    GameState,
    GroupView,
    RecordView,
    TableLabels,
    TakeOffView,
)
from .texts import clock_text, daily_label, family_label, stars_label, table_labels, wording

KEPT_VIEWS = 4096
"""How many column views and group views are kept (each): an action changes
two or three columns, so the next state finds most of its parts already made (a decision
of ours, measured with bench/server.py). The views are values, shared between states and
never changed."""


@lru_cache(KEPT_VIEWS)
def column_view(
    language: str,
    number: int,
    face_up: tuple[Card, ...],
    face_down: int,
    ids: tuple[int, ...],
    largest: int,
) -> ColumnView:
    """Return column ``number`` as the player sees it (``face_down`` cards counted, the
    ``face_up`` ones named, every card's id), its texts in ``language`` (see
    :meth:`.texts.Wording.column`)."""
    texts = wording(language).column(number, face_up, face_down, largest)
    return ColumnView(
        face_down=face_down,
        face_up=[CARD_TEXTS[card] for card in face_up],
        ids=list(ids),
        label=texts.label,
        target_label=texts.target_label,
        name=texts.name,
        name_target=texts.name_target,
    )


@lru_cache(KEPT_VIEWS)
def group_view(
    language: str, column: int, group: tuple[Card, ...], targets: tuple[int, ...], auto: int | None
) -> GroupView:
    """Return the movable ``group`` (the last cards of ``column``) with its ``targets``,
    auto-move target and pick-up sentence in ``language``."""
    return GroupView(
        column=column,
        count=len(group),
        targets=list(targets),
        auto=auto,
        pick_up=wording(language).pick_up(column, group, targets),
    )


@lru_cache(KEPT_VIEWS)
def take_off_view(language: str, column: int, last: Card) -> TakeOffView:
    """Return the take-off of the complete run at the end of ``column`` (its last card
    ``last``, an Ace, names its suit) with its button label and its screen-reader
    sentence in ``language`` (the catalog's ``labels.take_off`` and ``take_off_ready``)."""
    suit = suit_name(CARD_TEXTS[last][-1], language)
    return TakeOffView(
        column=column,
        label=text("labels", "take_off", language, suit=suit, column=column),
        ready=text("labels", "take_off_ready", language, suit=suit, column=column),
    )


def build_state(
    record: GameRecord,
    game: Game,
    language: str = "en",
    standing: RecordView | None = None,
    *,
    stuck: bool = False,
    finish: list[str] | None = None,
) -> GameState:
    """Return the player's view of ``game`` (stored as ``record``) with its movable groups
    and its texts in ``language``; ``standing``: the game in the player's record (None in
    a replay: no record, no time in the labels); ``stuck``: no useful move is left (the
    caller asks the solver: :meth:`.games.GameService.view`), which the state says in
    ``stuck`` and in a label; ``finish``: the winning line offered when nothing is hidden
    (the caller asks :func:`.finish.finish_line`), null otherwise.

    Only face-up cards are named; ``groups`` comes from the engine's legal moves and
    ``auto_move``, which depend on face-up cards alone; the ids are the cards' places in
    the deal, which tell nothing about a face-down card. ``can_undo``, ``can_redo`` and
    ``can_restart`` are false once the game is won (:func:`.checks.may_take_back`).
    """
    position = game.position
    targets, can_deal, take_offs = _legal_actions(game, language)
    columns, groups = _columns_and_groups(position, targets, language)
    deal_reason = None
    if not can_deal:
        deal_reason = "game_won" if game.is_won else rules.deal_reason(position)
    labels = _labels(record, game, language, standing, stuck=stuck)
    return GameState(
        id=record.id,
        version=record.version,
        code=game.code,
        variant=position.variant.name,
        variant_title=message("variants", position.variant.title_key, language),
        column_count=position.variant.columns,
        runs=position.variant.runs,
        suits=position.suits,
        rule=position.rule,
        score=position.score,
        moves=position.move_count,
        removed=list(position.removed),
        stock_rows_left=position.stock_rows_left,
        is_won=game.is_won,
        can_undo=game.can_undo and may_take_back(game),
        can_redo=game.can_redo and may_take_back(game),
        can_restart=may_take_back(game),
        assisted=record.assisted,
        columns=columns,
        groups=groups,
        take_offs=take_offs,
        can_deal=can_deal,
        deal_reason=deal_reason,
        stuck=stuck,
        finish=finish,
        stars=level_of(game.code) if game.code is not None else None,
        labels=labels,
        record=standing,
    )


Targets = dict[tuple[int, int], tuple[int, ...]]
"""The legal targets of each movable group, by (column, count)."""


def _legal_actions(game: Game, language: str) -> tuple[Targets, bool, list[TakeOffView]]:
    """Return ``game``'s legal moves sorted by job: the targets of each group, whether a
    row may be dealt, and the take-offs (their texts in ``language``)."""
    position = game.position
    targets: Targets = {}
    can_deal = False
    take_offs = []
    for move in game.legal_moves():
        if move == DEAL:
            can_deal = True
        elif move.is_take_off:
            last = position.columns[move.source - 1][-1]
            take_offs.append(take_off_view(language, move.source, last))
        else:
            key = (move.source, move.resolved_count)
            targets[key] = (*targets.get(key, ()), move.target)
    return targets, can_deal, take_offs


def _columns_and_groups(
    position: Position, targets: Targets, language: str
) -> tuple[list[ColumnView], list[GroupView]]:
    """Return the views of ``position``'s columns and of their movable groups (each with
    its legal ``targets`` and its auto target), texts in ``language``."""
    columns = []
    groups = []
    for column, (cards, down, ids) in enumerate(
        zip(position.columns, position.face_down, position.ids, strict=True), start=1
    ):
        largest = rules.movable_length(position, column)
        columns.append(column_view(language, column, cards[down:], down, ids, largest))
        for count, auto in enumerate(rules.auto_targets(position, column), start=1):
            listed = targets.get((column, count), ())
            groups.append(group_view(language, column, cards[-count:], listed, auto))
    return columns, groups


def _labels(
    record: GameRecord,
    game: Game,
    language: str,
    standing: RecordView | None,
    *,
    stuck: bool,
) -> TableLabels:
    """Return the table's labels of ``game`` in ``language`` (see :func:`build_state`
    for ``standing`` and ``stuck``)."""
    position = game.position
    labels = table_labels(
        language,
        position.stock_rows_left,
        position.removed,
        position.suits,
        position.rule,
        game.code,
        position.score if game.is_won else None,
        record.assisted,
        position.variant.runs,
    )
    update: dict[str, str] = {}
    if not position.variant.is_default:  # the header names the game of the family
        update["variant"] = family_label(
            position.variant.name, position.suits, position.rule, language
        )
    if standing is not None:
        update["time"] = clock_text(standing.playing_ms)
    if stuck:
        update["stuck"] = message("labels", "stuck" if game.can_undo else "stuck_no_undo", language)
    if record.daily_date is not None:
        update["daily"] = daily_label(record.daily_date, language)
    stars = level_of(game.code) if game.code is not None else None
    if stars is not None:
        update["stars"] = stars_label(stars, language)
    return labels.model_copy(update=update) if update else labels
