"""The checks of what a player asks to play that the request models cannot make alone:
a daily deal's date (and that it has begun), the game a new-game request asks for (the
engine's refusals of a code or a position as 400 answers), a start position a game can be
played from, and that a won game is finished (no undo, redo or restart).
"""

from __future__ import annotations

import datetime as dt

from ..cards import HIDDEN
from ..daily import DailyDealMissingError, daily_deals
from ..errors import CodeCheckError, InvalidCodeError, InvalidPositionError
from ..game import Game
from ..messages import text
from ..moves import Control
from ..position import Position
from .errors import ApiError, Localized
from .ids import DATE
from .schemas.games import NewGameDaily, NewGameFromCode, NewGameFromPosition, NewGameRequest

FIRST_ZONE = dt.timedelta(hours=14)
"""How far ahead of UTC the first time zone is (UTC+14, Kiribati's Line Islands): a date
begins there first, so its daily deals open then (:func:`check_begun`)."""

MAX_START_COUNT = 10**9
"""Largest ``score`` or ``moves`` a game's start position may state (a decision of ours:
the engine's notation takes up to 2^31 - 1, :data:`~spider_solitaire.position.MAX_COUNT`;
starting at most here leaves more than a billion actions before a counter the game
reaches could no longer be written and read back, for the solver or a snapshot)."""


def daily_date(text: str) -> dt.date:
    """Return the date ``text`` (YYYY-MM-DD) when it has shipped daily deals.

    Raises:
        ApiError: 400 ``no_daily_deal`` naming the shipped range, for a date without
            deals or one that does not exist (2026-02-30).
    """
    try:
        if not DATE.fullmatch(text):
            raise ValueError(text)
        day = dt.date.fromisoformat(text)
    except ValueError:
        raise ApiError(400, "no_daily_deal", detail=f"{text[:20]!r} is not a date") from None
    try:
        daily_deals(day)
    except DailyDealMissingError as error:  # a ValueError too: caught apart from the above
        raise ApiError(400, "no_daily_deal", detail=str(error)) from None
    return day


def check_begun(day: dt.date, now: dt.datetime) -> None:
    """Refuse a daily deal whose date has not begun anywhere at ``now`` (an aware UTC
    time): ``day`` is later than the date at UTC+14 (:data:`FIRST_ZONE`). A decision of
    ours: the server takes the player's date as the browser sends it (it cannot check a
    clock), but no clock on Earth shows a date later than that one, so a later date is a
    deal played before its day.

    Raises:
        ApiError: 400 ``daily_not_begun`` naming the date and the latest date begun.
    """
    latest = (now.astimezone(dt.UTC) + FIRST_ZONE).date()
    if day > latest:
        detail = f"{day.isoformat()} has not begun anywhere yet (the latest date is {latest})"
        raise ApiError(400, "daily_not_begun", detail=detail)


def may_take_back(game: Game) -> bool:
    """True while ``game``'s actions may be taken back (undo, redo, restart): until it is
    won. The state's ``can_undo``, ``can_redo`` and ``can_restart`` follow it, and
    :func:`check_not_over` refuses the actions.

    A decision of the server's, not a rule of the engine (:meth:`Game.act` still undoes a
    win, with its ``unwon`` event): a finished game is a matter of the player's record,
    whose result is written when the winning action commits, whose clock runs from one
    action to the next and whose replay goes through the whole action log, so no action
    may follow the win (as in Windows 7's and Microsoft Solitaire Collection's Spider).
    The engine keeps undoing a win for the terminal, analysis and the solver, and the
    action logs of earlier releases, which hold undos after wins, still replay exactly
    (:meth:`.games.GameService.rebuild` replays through :meth:`Game.act`). Restart is
    refused too (a decision of ours: a restart would take the table away from the win
    and make the replay end on the deal); the deal is played again as a new game of its
    code, which is practice once won (docs/record.md).
    """
    return not game.is_won


def check_not_over(game: Game, action: Control) -> None:
    """Refuse ``action`` (undo, redo or restart: every
    :class:`~spider_solitaire.moves.Control` takes moves back) on a won ``game`` (see
    :func:`may_take_back`); the engine refuses a move or a deal on a won game itself
    (``game_won``).

    Raises:
        ApiError: 422 ``game_over`` with the action's text.
    """
    if not may_take_back(game):
        raise ApiError(422, "game_over", action=str(action))


def check_playable(start: Position) -> None:
    """Refuse a start position a game cannot be played from (a decision of ours: the
    engine's ``strict=False`` allows puzzles, but the server keeps only games a player and
    the solver can play; :func:`requested_game` reads the position strictly unless the
    setting ``puzzle_positions`` allows part of the deck).

    Raises:
        ApiError: 400 ``bad_position`` when ``start`` has a hidden (``??``) card, whose
            identity the server would need to play it, or has no card on the tableau or in
            the stock (it would count as won before any move), or a ``score`` or
            ``moves`` over :data:`MAX_START_COUNT`.
    """
    for key, value in (("score", start.score), ("moves", start.move_count)):
        if value > MAX_START_COUNT:
            detail = (
                f"{key}: {value} is more than the {MAX_START_COUNT} a game may start from "
                "(it must stay writable while the game goes on)"
            )
            raise ApiError(400, "bad_position", detail=detail)
    cards = [card for column in start.columns for card in column] + list(start.stock)
    if HIDDEN in cards:
        detail = "a position to play from gives every card; ?? (a hidden card) is not allowed"
        raise ApiError(400, "bad_position", detail=detail)
    if not cards:
        detail = "there is no card on the tableau or in the stock: nothing to play"
        raise ApiError(400, "bad_position", detail=detail)


def check_card_set(text: str) -> None:
    """Refuse a start position (``text``, already read without ``strict``) whose cards,
    with 13 per removed run, are not the variant's whole deck(s): every card exactly as
    many times as they hold it, a face-down ``??`` counting as any card (the engine's
    ``strict=True``: :meth:`Position.from_text`).

    Raises:
        ApiError: 400 ``bad_cards``; ``detail`` (the engine's words) names the cards there
            too many times and how many are missing.
    """
    try:
        Position.from_text(text, strict=True)
    except InvalidPositionError as error:
        raise ApiError(400, "bad_cards", detail=str(error)) from None


def requested_game(
    request: NewGameRequest, day: dt.date | None, undo_limit: int, *, partial: bool = False
) -> Game:
    """Return the game ``request`` asks for, at its start, with the Game option
    ``undo_limit``: the deal of a code, of ``day``'s daily deal (``day``: the request's
    date, as :func:`daily_date` read it), of a position, or a random deal of variant,
    suits and rule.

    A position is read strictly (:meth:`Position.from_text` with ``strict=True``): its
    cards, with 13 per removed run, must be the variant's whole deck(s), every card exactly
    as many times as they hold it (a decision of ours: with any other card set the game
    might never end). ``partial`` (the setting ``puzzle_positions``) allows part of the
    deck(s): small boards for puzzles and the tests.

    Raises:
        ApiError: 400 ``bad_code`` or ``bad_position`` with the engine's reason; 400
            ``code_typo`` for a code whose check character does not match (its
            ``nearest`` readings: :func:`~spider_solitaire.codes.nearest_readings`);
            ``bad_cards`` for a position in the notation whose card set is not the deck's
            (:func:`check_card_set`); 400 ``bad_position`` for a position a game cannot be
            played from (:func:`check_playable`). Every variant of the registry is
            offered: a code or a position names its own, a random deal the request's
            ``variant``.
    """
    try:
        if isinstance(request, NewGameDaily):
            assert day is not None
            code = daily_deals(day).codes[request.suits]
            game = Game.from_code(code, undo_limit=undo_limit)
        elif isinstance(request, NewGameFromCode):
            game = Game.from_code(request.code, undo_limit=undo_limit)
        elif isinstance(request, NewGameFromPosition):
            game = Game.from_position(request.position, strict=False, undo_limit=undo_limit)
            if not partial:
                check_card_set(request.position)
        else:
            game = Game.new(
                request.suits, request.rule, variant=request.variant, undo_limit=undo_limit
            )
    except CodeCheckError as error:  # a typo: refused, never another deal (issue 31)
        raise ApiError(
            400,
            "code_typo",
            detail=str(error),
            nearest=list(error.nearest),
            message=Localized(typo_text, error.nearest),
        ) from None
    except InvalidCodeError as error:
        raise ApiError(400, "bad_code", detail=str(error)) from None
    except InvalidPositionError as error:
        raise ApiError(400, "bad_position", detail=str(error)) from None
    if isinstance(request, NewGameFromPosition):
        check_playable(game.start)
    return game


def typo_text(nearest: tuple[str, ...], language: str) -> str:
    """Return the sentence of a refused code in ``language``: that it has a typo, and the
    ``nearest`` readings when there are some ("Did you mean SP2-S2C-NWKOFD2N?")."""
    if not nearest:
        return text("errors", "code_typo", language)
    joined = text("errors", "code_typo_or", language).join(nearest)
    return text("errors", "code_typo_near", language, codes=joined)
