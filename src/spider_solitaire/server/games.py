"""The game service: the engine, the store and a cache of rebuilt games, behind the routes.

:class:`GameService` is the only code that writes games: new games, actions, undoing
several steps at once and the ``assisted`` flag all go through it (the help modules and
the routes ask it; none of them writes a game or touches the cache).

A request names a game by id; the service checks that the player owns it, rebuilds the
:class:`~spider_solitaire.game.Game` (from the cache when it holds that game at the
stored version, else by replaying the saved actions), plays the action on a copy,
commits it with the version check, and only then answers. What the player gets is
built by :mod:`.views` from the engine's view (face-down cards as a count, the stock as
rows left), with whether it is stuck (the service asks the solver), kept per version and
language. What a new game's request must satisfy beyond the engine's is in :mod:`.checks`.
"""

from __future__ import annotations

import datetime as dt
import json
from collections.abc import Sequence
from dataclasses import replace

from .. import rules
from ..codes import code_forms
from ..errors import IllegalMoveError, InvalidMoveError
from ..events import Event
from ..game import Game
from ..moves import Action, Auto, Control, Move, for_columns
from ..solver import no_useful_move
from ..variants import rule_for
from .checks import check_begun, check_not_over, daily_date, requested_game
from .db import Decided, GameRecord, StaleVersionError, Store
from .errors import ApiError, Localized, bad_action
from .finish import finish_line
from .game_cache import GameCache, LoadedGame
from .ids import SHARE
from .leaving import Leaver, Leaving
from .levels import level_deal
from .players import ensure_player
from .record.standing import standing_view
from .schemas.actions import ActionRequest
from .schemas.games import NewGameDaily, NewGameFromCode, NewGameFromSuits, NewGameRequest
from .schemas.state import GameState, RecordView
from .views import build_state

SNAPSHOT_EVERY = 50
"""A game's snapshot is kept each time its version passes a multiple of this (a decision
of ours: a process that has not cached the game replays at most this many actions, about
0.2 ms; measured with bench/alternate.py)."""


def replay(game: Game, action: Action) -> None:
    """Play one stored action on ``game`` (read from the log as a value: a move, the
    deal, undo, redo or restart) through the engine's one dispatch of an action
    (:meth:`Game.act`).

    Raises:
        InvalidMoveError, IllegalMoveError: as the engine does.
    """
    game.act(action)


class GameService:
    """Create, load and play games for players (see the module docstring).

    Args:
        store: the database.
        undo_limit: the Game option for every game.
        cache_games: size of the in-memory cache of rebuilt games.
        puzzle_positions: a new game from a position may hold part of the deck(s) (the
            setting of that name); else its cards must be the whole deck(s). A game
            already saved is read back as it was started, whatever this says.

    Its methods block (database and engine work): async callers run them through the
    app's :class:`~.threads.Blocking` (``await blocking(service.act, ...)``).
    """

    def __init__(
        self, store: Store, *, undo_limit: int, cache_games: int, puzzle_positions: bool = False
    ) -> None:
        self.store = store
        self.undo_limit = undo_limit
        self.puzzle_positions = puzzle_positions
        self.cache = GameCache(cache_games)
        self.leaver = Leaver(store, self.cache, self._load)

    # --- loading ------------------------------------------------------------------

    def start(self, record: GameRecord) -> Game:
        """Return ``record``'s game at its start (before any action)."""
        if record.code is not None:
            return Game.from_code(record.code, undo_limit=self.undo_limit)
        assert record.start_position is not None
        return Game.from_position(record.start_position, strict=False, undo_limit=self.undo_limit)

    def rebuild(self, record: GameRecord) -> Game:
        """Return ``record``'s game at its version: from its newest snapshot when there is
        one since the last restart, else from its start, replaying the saved actions after
        it (undo and redo included, so the stacks come back exactly)."""
        game = self.start(record)
        after = record.restart_at
        kept = self.store.games.snapshot(record.id)
        if kept is not None and record.restart_at <= kept[0] <= record.version:
            game = Game.from_snapshot(json.loads(kept[1]), game)
            after = kept[0]
        for action in self.store.games.actions(record.id, after=after, upto=record.version):
            replay(game, action)
        return game

    def _load(self, record: GameRecord) -> LoadedGame:
        entry = self.cache.get(record.id, record.version)
        if entry is None:
            entry = LoadedGame(record, self.rebuild(record))
            self.cache.put(entry)
        elif entry.record != record:  # same version, but a flag (assisted) changed
            entry = LoadedGame(record, entry.game)
            self.cache.put(entry)
        return entry

    def state(self, loaded: LoadedGame, language: str) -> GameState:
        """Return the player's view of ``loaded`` with its texts in ``language``, its
        place in the player's record and the finishing line when one is certain
        (:func:`.finish.finish_line`; built once per cached version and language)."""
        state = loaded.states.get(language)
        if state is None:
            standing = standing_view(self.store, loaded.record, loaded.game, language)
            finish = finish_line(loaded.game)
            state = self.view(loaded.record, loaded.game, language, standing, finish=finish)
            loaded.states[language] = state
        return state

    @staticmethod
    def view(
        record: GameRecord,
        game: Game,
        language: str,
        standing: RecordView | None = None,
        *,
        finish: list[str] | None = None,
    ) -> GameState:
        """Return the player's view of ``game`` (stored as ``record``; ``standing``: its
        place in the player's record, None in a replay) as :func:`.views.build_state`
        builds it, with whether the game is stuck: the solver's
        :func:`~spider_solitaire.solver.no_useful_move` (the hints' own test), and
        ``finish``, the finishing line offered (None in a replay)."""
        stuck = no_useful_move(game)
        return build_state(record, game, language, standing, stuck=stuck, finish=finish)

    def get(self, player_id: str | None, game_id: str) -> LoadedGame:
        """Return the game ``game_id`` of ``player_id``, as stored now.

        Raises:
            ApiError: 404 ``not_found`` for an unknown id or another player's game.
        """
        record = self.store.games.get(game_id) if player_id is not None else None
        if record is None or record.player_id != player_id:
            raise ApiError(404, "not_found")
        return self._load(record)

    def at_version(self, player_id: str | None, game_id: str, version: int) -> LoadedGame:
        """Return the game ``game_id`` of ``player_id``, checking that it is at ``version``
        (read from the database: the answer holds whatever another process did).

        Raises:
            ApiError: 404 ``not_found``; 409 ``stale_version`` with the current state.
        """
        loaded = self.get(player_id, game_id)
        if loaded.record.version != version:
            raise ApiError(409, "stale_version", state=Localized(self.state, loaded))
        return loaded

    def current(self, player_id: str | None) -> LoadedGame:
        """Return the game ``player_id`` created or played last.

        Raises:
            ApiError: 404 ``no_game`` when the player has none.
        """
        record = self.store.games.current(player_id) if player_id is not None else None
        if record is None:
            raise ApiError(404, "no_game")
        return self._load(record)

    def player(self, cookie: str | None) -> tuple[str, bool]:
        """Return ``(player_id, is_new)``: the cookie's player when known, else a new one
        (see :func:`.players.ensure_player`)."""
        return ensure_player(self.store, cookie)

    # --- changing -----------------------------------------------------------------

    def create(self, player_id: str, request: NewGameRequest) -> LoadedGame:
        """Deal a new game for ``player_id`` as ``request`` asks and save it at version 0;
        it becomes the current game (docs/record.md: the counting rules).

        A game from a position, or of a code the player has won before, is practice. The
        current game, when it has actions and is undecided (and not practice), is left
        unfinished: its loss is written in the transaction that saves the new game.

        A daily deal (:class:`NewGameDaily`) is the game of that date's code, remembering
        its date; when the player already has an undecided game of that daily deal, it is
        opened instead of dealing it again (as :meth:`open`: a decision of ours, so that
        "Play" on a daily in progress goes back to it).

        Raises:
            ApiError: 400 ``bad_code``, ``bad_position``, ``no_daily_deal`` or
                ``daily_not_begun`` (a date not begun anywhere: :func:`.checks.check_begun`); 409
                ``confirm_needed`` with the words to confirm (``abandon``, ``practice``)
                when ``request.confirm`` lacks one of them. Nothing is saved then.
        """
        day = None
        if isinstance(request, NewGameDaily):
            day = daily_date(request.daily)
            check_begun(day, self.store.clock())
            ongoing = self._daily_in_progress(player_id, day, request.suits)
            if ongoing is not None:
                return self.open(player_id, ongoing.id, request.confirm)
        if isinstance(request, NewGameFromSuits) and request.stars is not None:
            request = self._level_request(player_id, request)
        game = requested_game(request, day, self.undo_limit, partial=self.puzzle_positions)
        won_before = game.code is not None and self.store.games.has_won_code(
            player_id, code_forms(game.code)
        )
        practice = game.code is None or won_before

        def write(leaving: Leaving | None) -> GameRecord:
            return self.store.games.create(
                player_id,
                code=game.code,
                start_position=None if game.code is not None else game.start.to_text(),
                suits=game.suits,
                rule=game.rule,
                practice=practice,
                abandon=leaving,
                daily_date=day,
                variant=game.variant.name,
            )

        also = ["practice"] if won_before else []
        record = self.leaver.leave_for(player_id, request.confirm, write, also=also)
        loaded = LoadedGame(record, game)
        self.cache.put(loaded)
        return loaded

    def _level_request(self, player_id: str, request: NewGameFromSuits) -> NewGameFromCode:
        """The request for a deal of the level ``request`` asks for (its ``stars``), as a
        code (:func:`.levels.level_deal`; 400 ``level_no_deal`` when the level has none)."""
        assert request.stars is not None
        rule = rule_for(request.rule, request.suits)
        code = level_deal(
            self.store, player_id, request.variant, request.suits, rule, request.stars
        )
        return NewGameFromCode(code=code, confirm=request.confirm)

    def _daily_in_progress(self, player_id: str, day: dt.date, suits: int) -> GameRecord | None:
        """Return the player's latest undecided, unwon game of ``day``'s daily deal at
        ``suits`` suits, or None."""
        found = [
            record
            for record in self.store.games.daily(player_id, day, day)
            if record.suits == suits and not record.decided and record.finished_won_at is None
        ]
        return found[-1] if found else None

    def open(self, player_id: str | None, game_id: str, confirm: Sequence[str]) -> LoadedGame:
        """Make the player's game ``game_id`` the current one (to play on, or to look at a
        finished one); the current game, when it has actions and is undecided, is left
        unfinished and counts as lost (in the same transaction).

        Raises:
            ApiError: 404 ``not_found``; 409 ``confirm_needed`` (``abandon``) when
                ``confirm`` lacks it.
        """
        loaded = self.get(player_id, game_id)
        assert player_id is not None

        def write(leaving: Leaving | None) -> GameRecord:
            return self.store.games.open(loaded.record, leaving)

        return self._load(self.leaver.leave_for(player_id, confirm, write, keep=game_id))

    def check_leaving(self, player_id: str | None, confirm: Sequence[str]) -> None:
        """Check that the player may leave the current game for another (a winnable deal
        being searched for): 409 ``confirm_needed`` when it would count as a loss and
        ``confirm`` lacks ``abandon``. Nothing is written."""
        if player_id is not None:
            self.leaver.check(player_id, confirm)

    def share(self, player_id: str | None, game_id: str, share: bool) -> str | None:
        """Make (``share``) or remove the public replay link of the player's finished
        game ``game_id``; return its share id (the existing one when already shared;
        None when removed). The id is 22 random URL-safe characters (unguessable). The
        link shows the game as it is now, at its version now, even when the player
        reopens it and plays on (issue 31, item 6).

        Raises:
            ApiError: 404 ``not_found``; 409 ``not_finished`` (sharing a game that is
                neither decided nor won).
        """
        loaded = self.get(player_id, game_id)
        record = loaded.record
        if not share:
            if record.share_id is not None:
                self.store.games.set_share(record.id, None)
                self.cache.drop(record.id)
            return None
        if record.share_id is not None:
            return record.share_id
        if not (record.decided or record.finished_won_at is not None or loaded.game.is_won):
            raise ApiError(409, "not_finished")
        share_id = SHARE.make()
        self.store.games.set_share(record.id, share_id, record.version)
        self.cache.drop(record.id)
        return share_id

    def act(
        self,
        player_id: str | None,
        game_id: str,
        request: ActionRequest,
        *,
        assisted: bool = False,
        solved: bool = False,
    ) -> tuple[LoadedGame, list[Event]]:
        """Play ``request`` on the game and commit it; return the game and the events
        (the engine's, for every action: see :meth:`Game.act`).

        Args:
            player_id: the player asking (None: nobody, so 404).
            game_id: the game.
            request: the action and the version it is for.
            assisted: also mark the game assisted, in the same transaction.
            solved: the solver played this move ("Show solution"): also mark the game
                assisted and solved, in the same transaction (docs/record.md: a game the
                solver played is no daily win for the streak and sets no personal best).

        Raises:
            ApiError: 404 ``not_found``; 409 ``stale_version`` (with the current state)
                when ``request.version`` is not the game's version or another action got
                in first; 400 ``bad_action`` when the engine's grammar refuses the text
                (its sentence as the message, its code as ``problem``); 422 with the engine's
                reason (or ``no_target``) when the rules refuse it; 422 ``game_over`` for
                undo, redo or restart on a won game (a decision of the server's:
                :func:`.checks.may_take_back`). Nothing is saved then.
        """
        loaded = self._to_change(player_id, game_id, request.version)
        work = loaded.game.copy()
        action, events = self._play(work, request)
        won = None
        if work.is_won and not loaded.game.is_won:
            won = Decided("won", work.position.score, work.position.move_count)
        committed = self._commit(loaded, work, [action], assisted=assisted, solved=solved, won=won)
        return committed, events

    def rewind(
        self, player_id: str | None, game_id: str, version: int, steps: int
    ) -> tuple[LoadedGame, list[Event]]:
        """Undo ``steps`` actions of the game at ``version`` at once (each recorded as an
        ``undo``, in one transaction); return the game at its new version and the events
        of the undos, in order.

        Raises:
            ApiError: 404, 409 ``stale_version``, 422 ``game_over`` on a won game
                (:func:`.checks.may_take_back`), 422 ``rewind_too_far`` with ``undoable``
                (how many actions can be undone) when fewer than ``steps`` can; nothing
                changes.
        """
        loaded = self._to_change(player_id, game_id, version)
        check_not_over(loaded.game, Control.UNDO)
        if steps > len(loaded.game.history):
            raise ApiError(422, "rewind_too_far", undoable=len(loaded.game.history))
        work = loaded.game.copy()
        events = [event for _ in range(steps) for event in work.act(Control.UNDO)]
        return self._commit(loaded, work, [Control.UNDO] * steps), events

    def note_hint(self, loaded: LoadedGame, move: str) -> None:
        """Note that ``loaded``'s player was shown the hint ``move`` (move notation) at the
        game's version, for its review (issue 30); the game itself does not change."""
        self.store.reviews.note_hint(loaded.record.id, loaded.record.version, move)

    def mark_assisted(self, loaded: LoadedGame) -> LoadedGame:
        """Mark ``loaded``'s game as assisted (saved, with its ``revision`` bumped so that
        every process's cached copy is out of date); return it so. The version does not
        change."""
        if loaded.record.assisted:
            return loaded
        stored = self.store.games.mark_assisted(loaded.record.id)
        record = replace(loaded.record, assisted=True)
        if stored is not None and stored.version == record.version:
            record = stored
        marked = LoadedGame(record, loaded.game)
        self.cache.put(marked)
        latest = self.cache.peek(loaded.record.id)  # a newer version played meanwhile
        if latest is not None and not latest.record.assisted:
            self.cache.put(LoadedGame(replace(latest.record, assisted=True), latest.game))
        return marked

    def _to_change(self, player_id: str | None, game_id: str, version: int) -> LoadedGame:
        """Return the game to change, at ``version``: the cached one when the cache holds
        it for this player at that version (the row is not read: the version check of
        the ``UPDATE`` that records the change still refuses it if another process got
        in first), else as :meth:`at_version` reads it.

        A game the player left for another one cannot change (a decision of ours, so that
        no game escapes its result): not while the other is unfinished with an action,
        and not at all once the game left has its result (a stale tab acting on a lost
        game must not make it current again, even before the new game's first action).
        Going back to a game is done by opening it (:meth:`open`), which asks before the
        other counts as lost.

        Raises:
            ApiError: 404 ``not_found``; 409 ``stale_version``; 409 ``not_current`` with
                the state of the game the player is playing now.
        """
        loaded = self.cache.peek(game_id)
        if (
            loaded is None
            or player_id is None
            or loaded.record.player_id != player_id
            or loaded.record.version != version
        ):
            loaded = self._current_at_version(player_id, game_id, version)
        self._check_current(player_id, loaded)
        return loaded

    def _current_at_version(self, player_id: str | None, game_id: str, version: int) -> LoadedGame:
        """:meth:`at_version`, but a game the player has left answers ``not_current``
        before ``stale_version``: a stale tab behind by a few actions of a game left is
        told it was left, not that it changed in another window.

        Raises:
            ApiError: 404 ``not_found``; 409 ``not_current`` (the state of the game the
                player is playing now); 409 ``stale_version`` with the current state.
        """
        try:
            return self.at_version(player_id, game_id, version)
        except ApiError as error:
            if error.reason == "stale_version":
                self._check_current(player_id, self.get(player_id, game_id))
            raise

    def to_ask(self, player_id: str | None, game_id: str, version: int) -> LoadedGame:
        """Return the game ``game_id`` of ``player_id`` at ``version`` (read as
        :meth:`at_version` reads it) for the help to answer about (a hint, "Can I still
        win?", the solution): only the game the player is playing, like an action (see
        :meth:`_to_change`; a decision of ours: no help, and no assisted mark, for a game
        the player left, which a stale tab still shows).

        Raises:
            ApiError: 404 ``not_found``; 409 ``stale_version``; 409 ``not_current`` with
                the state of the game the player is playing now.
        """
        loaded = self._current_at_version(player_id, game_id, version)
        self._check_current(player_id, loaded)
        return loaded

    def _check_current(self, player_id: str | None, loaded: LoadedGame) -> None:
        """Refuse ``loaded``, a game of ``player_id``, when the player has left it for
        another (see :meth:`_to_change`).

        Raises:
            ApiError: 409 ``not_current`` with the state of the game the player is
                playing now.
        """
        if player_id is None:
            return
        game_id = loaded.record.id
        leaving = self.leaver.leaving(player_id, keep=game_id)
        playing = None if leaving is None else leaving[0]
        if playing is None and loaded.record.decided:
            playing = self.store.games.current(player_id)
        if playing is not None and playing.id != game_id:
            current = self._load(playing)
            raise ApiError(409, "not_current", state=Localized(self.state, current))

    def _commit(
        self,
        loaded: LoadedGame,
        work: Game,
        played: Sequence[Action],
        *,
        assisted: bool = False,
        solved: bool = False,
        won: Decided | None = None,
    ) -> LoadedGame:
        """Record ``played`` (which took ``loaded``'s game to ``work``; ``won``: and won
        it, so its result is written in the same transaction) and cache ``work`` at the
        new version; return it.

        Raises:
            ApiError: 409 ``stale_version`` (with the current state) when another action
                was recorded first; nothing is saved then.
        """
        before = loaded.record.version
        snapshot = None
        if (before + len(played)) // SNAPSHOT_EVERY != before // SNAPSHOT_EVERY:
            snapshot = json.dumps(work.snapshot(), separators=(",", ":"))
        try:
            record = self.store.games.record_actions(
                loaded.record,
                played,
                assisted=assisted,
                solved=solved,
                won=won,
                snapshot=snapshot,
            )
        except StaleVersionError:
            current = self.get(loaded.record.player_id, loaded.record.id)
            raise ApiError(409, "stale_version", state=Localized(self.state, current)) from None
        saved = LoadedGame(record, work)
        self.cache.put(saved)
        return saved

    def _play(self, game: Game, request: ActionRequest) -> tuple[Action, list[Event]]:
        """Play ``request``'s action (its ``value``, read where the request came in) on
        ``game``; return the action as played, for the log (a move with its count
        resolved, the move a double-click made, or the control), and the events.

        Raises:
            ApiError: 400 ``bad_action`` (text the grammar refused, or a column the game
                does not have), 422 with the engine's reason, ``no_target`` or
                ``game_over``.
        """
        try:
            action = request.value
            if isinstance(action, Auto):
                action = _auto_move(game, action)
            elif isinstance(action, Control):  # undo, redo, restart: not after the win
                check_not_over(game, action)
            elif not action.is_resolved:
                action = game.resolve(action)  # the log keeps the count
            events = game.act(action)
        except InvalidMoveError as error:
            raise bad_action(for_columns(error, game.position.variant.columns)) from None
        except IllegalMoveError as error:
            raise ApiError(422, error.reason, action=error.action) from None
        return action, events


def _auto_move(game: Game, auto: Auto) -> Move:
    """Return the move a double-click on ``auto``'s group makes in ``game``.

    Raises:
        ApiError: 422 with the engine's reason the group cannot move, or ``no_target``
            when it can but has nowhere to go.
        InvalidMoveError: ``column_range`` (a column the game does not have) or
            ``count_range``, quoting the action whole (``'auto 9:1'``, as the 422 answers
            do, not the column alone).
    """
    try:
        move = game.auto_move(auto.column, auto.count)
    except InvalidMoveError as error:
        params = {key: value for key, value in error.params.items() if key != "action"}
        raise InvalidMoveError(error.reason, str(auto), **params) from None
    if move is None:  # why: the engine's reason, or movable but nowhere to go
        reason = rules.group_refusal(game.position, auto.column, auto.count) or "no_target"
        raise ApiError(422, reason, action=str(auto))
    return move
