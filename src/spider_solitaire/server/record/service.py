"""The record service: the player's record as the routes show it: statistics, resets of the
figures, the history, replays of the whole action log, shared replays, exported game records
and transfer codes (docs/record.md, docs/api.md).

:class:`RecordBook` reads games through the
:class:`~spider_solitaire.server.games.GameService` and the rest from
the store; the only writes here are the player's own rows besides the games (a reset of
the figures, a transfer code); games are written by the service alone (opening one, a
share link).
"""

from __future__ import annotations

import math
import re
import secrets
from dataclasses import replace
from datetime import timedelta
from typing import cast

from ...cards import SUIT_COUNTS
from ...events import Event
from ...game import Game
from ...levels import level_of
from ...messages import message
from ...moves import format_game_record, parse_action
from ...variants import CLASSIC, GROUP_RULES, VARIANT_NAMES, GroupRule
from ..db import GameRecord, ResultRow, Store
from ..db.tables import DEFAULT_VARIANT
from ..errors import ApiError
from ..games import GameService
from ..ids import SHARE
from ..schemas.common import decided
from ..schemas.record import (
    DailyStats,
    HistoryGame,
    HistoryPage,
    HistoryStatus,
    InProgress,
    LastResult,
    ReplayAbout,
    ReplayAction,
    ReplayLog,
    ReplayOutcome,
    ReplayStep,
    ScorePoint,
    StarsWins,
    Stats,
    TransferCode,
    VariantStats,
)
from ..schemas.review import ReviewResult
from ..schemas.state import GameState
from ..texts import (
    announcement,
    daily_label,
    family_label,
    rules_help,
    stars_label,
    stars_wins_text,
    status_label,
)
from .figures import after_resets, daily_class, figures, iso, same_class, wins_by_stars

HISTORY_PAGE = 20
"""Games on a page of the history."""

LAST_RESULTS = 50
"""Results in the strip of the last games."""

SCORES_KEPT = 200
"""Scores in the score-over-time picture (the latest ones)."""

ALWAYS_SHOWN: tuple[tuple[int, GroupRule], ...] = tuple((suits, CLASSIC) for suits in SUIT_COUNTS)
"""Variants the statistics always list (others once they have a result)."""

TRANSFER_LIFETIME = timedelta(minutes=10)
"""How long a transfer code can be claimed (a decision of ours)."""

TRANSFER_ALPHABET = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789"
"""Letters of a transfer code: no 0/O or 1/I, which are read one for the other."""


def game_label(record: GameRecord | ResultRow, language: str) -> str:
    """Return how the statistics and the history name a game (from its row or its result
    row): "Daily · 2 Dec" for a daily game, else its variant ("2 suits · Classic")."""
    if record.daily_date is not None:
        return daily_label(record.daily_date, language)
    return family_label(record.variant, record.suits, record.rule, language)


def history_status(record: GameRecord, won_now: bool) -> HistoryStatus:
    """Return a game's status in the history: ``practice`` or ``practice_won``; ``won``;
    ``lost`` or ``lost_then_won``; ``playing`` (undecided)."""
    finished_won = record.finished_won_at is not None or won_now
    if record.practice:
        return "practice_won" if finished_won else "practice"
    if record.outcome == "won":
        return "won"
    if record.outcome == "lost":
        return "lost_then_won" if finished_won else "lost"
    return "won" if won_now else "playing"


def as_shared(record: GameRecord) -> GameRecord:
    """Return ``record`` as it was when its link was made (issue 31, item 6): at its
    ``share_version`` (its version then), and not won when it was played on after (a won
    game takes no action, so a game played on after sharing was not won then: a lost game
    reopened and won later still shows lost). A row shared before the version was kept
    has none: it shows as it is."""
    shown = record.share_version
    if shown is None or shown >= record.version:
        return record
    return replace(record, version=shown, finished_won_at=None)


class RecordBook:
    """Statistics, history, replays, exports and transfers for the routes.

    Args:
        service: the game service (reads games, builds their views).
        store: the database (results, resets, transfer codes).
    """

    def __init__(self, service: GameService, store: Store) -> None:
        self.service = service
        self.store = store

    # --- statistics ---------------------------------------------------------------

    def stats(self, player_id: str | None, language: str) -> Stats:
        """Return the player's statistics (see :class:`.schemas.record.Stats`); a player with no
        cookie gets empty ones."""
        results = []
        current = None
        if player_id is not None:
            results = after_resets(
                self.store.record.results(player_id), self.store.record.resets(player_id)
            )
            current = self.store.games.current(player_id)
        shown: set[tuple[str, int, GroupRule]] = {
            (DEFAULT_VARIANT, suits, rule) for suits, rule in ALWAYS_SHOWN
        }
        shown |= {(r.variant, r.suits, r.rule) for r in results if r.daily_date is None}
        rows = []
        # the registry's order, then suits and rule (spider first, as the table offers it)
        order = sorted(
            shown, key=lambda v: (VARIANT_NAMES.index(v[0]), v[1], GROUP_RULES.index(v[2]))
        )
        for variant, suits, rule in order:
            rows.append(
                VariantStats(
                    variant=variant,
                    suits=suits,
                    rule=rule,
                    label=family_label(variant, suits, rule, language),
                    unassisted=figures(same_class(results, suits, rule, False, variant)),
                    assisted=figures(same_class(results, suits, rule, True, variant)),
                    by_stars=self._by_stars(results, (variant, suits, rule), language),
                )
            )
        in_progress = None
        if current is not None and current.version > 0 and not current.decided:
            game = self.service.get(player_id, current.id).game
            if not game.is_won:
                in_progress = InProgress(
                    game_id=current.id,
                    label=game_label(current, language),
                    moves=game.position.move_count,
                    playing_ms=current.playing_ms,
                )
        daily = DailyStats(
            label=message("record", "daily_row", language),
            unassisted=figures(daily_class(results, False)),
            assisted=figures(daily_class(results, True)),
        )
        return Stats(
            variants=rows,
            daily=daily,
            in_progress=in_progress,
            last_results=[
                LastResult(
                    game_id=r.game_id,
                    outcome=decided(r.outcome),
                    decided_at=iso(r.decided_at),
                    label=game_label(r, language),
                )
                for r in results[-LAST_RESULTS:]
            ],
            scores=[
                ScorePoint(decided_at=iso(r.decided_at), score=r.score, outcome=decided(r.outcome))
                for r in results[-SCORES_KEPT:]
            ],
            rules_help=rules_help(language),
        )

    @staticmethod
    def _by_stars(
        results: list[ResultRow], level: tuple[str, int, GroupRule], language: str
    ) -> list[StarsWins]:
        """The wins of ``level``'s (variant, suits, rule) counted results (both classes),
        split by deal level (:func:`.figures.wins_by_stars`)."""
        variant, suits, rule = level
        mine = same_class(results, suits, rule, False, variant)
        mine += same_class(results, suits, rule, True, variant)
        return [
            StarsWins(
                stars=stars,
                finished=finished,
                won=won,
                text=stars_wins_text(stars, won, finished, language),
            )
            for stars, finished, won in wins_by_stars(mine)
        ]

    def reset(
        self,
        player_id: str | None,
        suits: int | None,
        rule: GroupRule | None,
        language: str,
        variant: str | None = None,
    ) -> Stats:
        """Reset the player's figures of ``variant`` at ``suits``/``rule`` (None: all of
        them); the history and the results stay. Return the statistics after it."""
        if player_id is not None:
            self.store.record.add_reset(player_id, suits, rule, variant)
        return self.stats(player_id, language)

    # --- history --------------------------------------------------------------------

    def history(self, player_id: str | None, page: int, language: str) -> HistoryPage:
        """Return page ``page`` (from 1) of the player's games, newest first
        (:data:`HISTORY_PAGE` a page): the games with actions, and the current game.

        Raises:
            ApiError: 404 ``bad_page`` for a page after the last (page 1 always exists).
        """
        current = self.store.games.current(player_id) if player_id is not None else None
        records: list[GameRecord] = []
        total = 0
        if player_id is not None:
            offset = (page - 1) * HISTORY_PAGE
            current_id = current.id if current is not None else None
            records, total = self.store.record.history(player_id, current_id, offset, HISTORY_PAGE)
        pages = max(1, math.ceil(total / HISTORY_PAGE))
        if page > pages:
            raise ApiError(404, "bad_page")
        # a decided game shows its counted result (a decision of ours: looking around
        # after the result, or finishing a lost game, does not change the row's figures)
        counted = {
            row.game_id: row
            for row in (self.store.record.results(player_id) if player_id is not None else [])
        }
        games = []
        for record in records:
            game = self.service.get(player_id, record.id).game
            status = history_status(record, game.is_won)
            result = counted.get(record.id)
            score, moves = game.position.score, game.position.move_count
            playing_ms, assisted = record.playing_ms, record.assisted
            stars = level_of(record.code) if record.code is not None else None
            if result is not None:
                score, moves = result.score, result.moves
                playing_ms, assisted = result.playing_ms, result.assisted
            games.append(
                HistoryGame(
                    game_id=record.id,
                    started_at=iso(record.created_at),
                    decided_at=iso(result.decided_at) if result is not None else None,
                    label=game_label(record, language),
                    code=record.code,
                    status=status,
                    status_label=status_label(status, language),
                    score=score,
                    moves=moves,
                    playing_ms=playing_ms,
                    assisted=assisted,
                    current=current is not None and record.id == current.id,
                    stars=stars,
                    stars_label=stars_label(stars, language) if stars is not None else None,
                )
            )
        return HistoryPage(games=games, page=page, pages=pages, total=total)

    # --- replays ----------------------------------------------------------------------

    def _replayed(self, record: GameRecord, language: str) -> tuple[Game, list[ReplayAction], Game]:
        """Replay ``record``'s whole action log; return the game at its start, each
        entry with what it did in ``language``, and the game after the last entry."""
        start = self.service.start(record)
        game = start.copy()
        entries = []
        actions = self.store.games.actions(record.id, upto=record.version)
        for number, action in enumerate(actions, start=1):
            events = game.act(action)
            entries.append(
                ReplayAction(
                    number=number,
                    action=str(action),
                    label=announcement(action, events, language),
                )
            )
        return start, entries, game

    def replay_log(self, record: GameRecord, language: str) -> ReplayLog:
        """Return ``record``'s whole action log for the replay viewer (every action since
        the first, undo, redo and restart included, not only those undo can reach)."""
        _, entries, end = self._replayed(record, language)
        return ReplayLog(
            steps=len(entries), actions=entries, about=self._about(record, end, language)
        )

    def _about(self, record: GameRecord, end: Game, language: str) -> ReplayAbout:
        """What a replay of ``record`` shows (:class:`ReplayAbout`), ``end`` being the game
        after its whole log: won when it is won there or was won at some point (a win
        undone before the log ends is still the game's win: docs/record.md), lost when
        counted lost, else playing."""
        outcome: ReplayOutcome = "playing"
        if end.is_won or record.finished_won_at is not None or record.outcome == "won":
            outcome = "won"
        elif record.outcome == "lost":
            outcome = "lost"
        played = record.last_action_at or record.created_at
        return ReplayAbout(
            variant=family_label(record.variant, record.suits, record.rule, language),
            suits=record.suits,
            rule=record.rule,
            code=record.code,
            daily=daily_label(record.daily_date, language) if record.daily_date else None,
            outcome=outcome,
            outcome_label=status_label(outcome, language),
            moves=end.position.move_count,
            score=end.position.score,
            played_at=iso(played),
        )

    def replay_step(
        self, record: GameRecord, step: int, language: str, *, shown_id: str | None = None
    ) -> ReplayStep:
        """Return the table after ``step`` entries of ``record``'s log, as the player saw
        it then (built like every state: face-down cards only counted), and what that
        step did. ``shown_id``: the id the state shows instead of the game's (a shared
        replay shows its share id, nothing of the owner's).

        Raises:
            ApiError: 404 ``no_replay_step`` when ``step`` is below 0 or after the last.
        """
        if not 0 <= step <= record.version:
            raise ApiError(404, "no_replay_step")
        actions = self.store.games.actions(record.id, upto=step)
        game = self.service.start(record)
        events = []
        for action in actions:
            events = game.act(action)
        label = message("record", "replay_start", language)
        if step:
            label = announcement(actions[-1], events, language)
        seen = replace(record, id=shown_id or record.id, version=step)
        state: GameState = self.service.view(seen, game, language)
        return ReplayStep(step=step, state=state, label=label)

    def review_line_step(self, record: GameRecord, step: int, language: str) -> ReplayStep:
        """Return the table after ``step`` moves of the solver's winning line from the
        position before the move that lost, by ``record``'s kept review (issue 30: "where
        that line leads", played in the replay viewer); built like a replay step (face-down
        cards only counted). ``step`` 0 is the position before the move that lost.

        Raises:
            ApiError: 404 ``no_review_line`` (no review kept, or it names no move that
                lost); 404 ``no_replay_step`` when ``step`` is below 0 or after the line.
        """
        kept = self.store.reviews.get(record.id)
        review = ReviewResult.model_validate_json(kept[1]) if kept is not None else None
        lost = review.move_that_lost if review is not None else None
        if review is None or lost is None:
            raise ApiError(404, "no_review_line")
        line = [parse_action(str(text)) for text in cast(list[str], lost["solver_line"])]
        if not 0 <= step <= len(line):
            raise ApiError(404, "no_replay_step")
        index = int(cast(int, lost["number"])) - 1
        before = review.steps[index] if review.steps else index
        game = self.service.start(record)
        for action in self.store.games.actions(record.id, upto=before):
            game.act(action)
        events: list[Event] = []
        for action in line[:step]:
            events = game.act(action)
        label = message("record", "review_line_start", language)
        if step:
            label = announcement(line[step - 1], events, language)
        state = self.service.view(replace(record, version=before + step), game, language)
        return ReplayStep(step=step, state=state, label=label)

    def owned(self, player_id: str | None, game_id: str) -> GameRecord:
        """Return the player's game ``game_id`` as stored.

        Raises:
            ApiError: 404 ``not_found`` for an unknown id or another player's game.
        """
        return self.service.get(player_id, game_id).record

    def shared(self, share_id: str) -> GameRecord:
        """Return the game shared as ``share_id`` as it was when shared
        (:func:`as_shared`).

        Raises:
            ApiError: 404 ``not_found`` when no game is shared so (or the link was
                removed).
        """
        record = self.store.games.by_share(share_id) if SHARE.matches(share_id) else None
        if record is None:
            raise ApiError(404, "not_found")
        return as_shared(record)

    # --- transfer codes -----------------------------------------------------------------

    def transfer(self, player_id: str | None) -> TransferCode:
        """Make a one-time code (``ABCD-EFGH``, from :data:`TRANSFER_ALPHABET`: 40 random
        bits) that gives the player's record to the browser that claims it within
        :data:`TRANSFER_LIFETIME`.

        Raises:
            ApiError: 404 ``no_game`` when this browser has no record (no player cookie).
        """
        if player_id is None or not self.store.players.exists(player_id):
            raise ApiError(404, "no_game")
        letters = "".join(secrets.choice(TRANSFER_ALPHABET) for _ in range(8))
        code = f"{letters[:4]}-{letters[4:]}"
        expires_at = self.store.record.add_transfer(player_id, code, TRANSFER_LIFETIME)
        return TransferCode(code=code, expires_at=iso(expires_at))

    def claim(self, code: str) -> str:
        """Use the transfer ``code`` (any case; hyphen and spaces optional) and return the
        player whose record it carries (the route sets the cookie to it).

        Raises:
            ApiError: 404 ``transfer_unknown`` (no such code); 410 ``transfer_used`` or
                ``transfer_expired``.
        """
        letters = re.sub(r"[\s-]", "", code).upper()
        if len(letters) != 8 or any(letter not in TRANSFER_ALPHABET for letter in letters):
            raise ApiError(404, "transfer_unknown")
        player_id, problem = self.store.record.claim_transfer(f"{letters[:4]}-{letters[4:]}")
        if problem is not None:
            raise ApiError(404 if problem == "unknown" else 410, f"transfer_{problem}")
        return player_id

    # --- export -------------------------------------------------------------------------

    def export(self, record: GameRecord) -> tuple[str, str]:
        """Return ``record``'s full game record (every action: moves, ``d``, ``u``, ``r``,
        ``restart``; :func:`spider_solitaire.moves.format_game_record`) and a file name
        for it. Its comments name the variant (``# variant: spider-1949``) and the rules;
        the code line names the variant too (``SP1-1949-...``), so ``spider replay FILE``
        replays it as that game. A game from a position has no code line: its start
        position (which names its variant) is given as comment lines after ``# start
        position:``, from which ``spider replay FILE`` starts."""
        game = self.service.get(record.player_id, record.id).game
        comments = [
            f"started: {iso(record.created_at)}",
            f"variant: {game.variant.name}",
            f"rules: {game.position.rules_text}",
            f"actions: {record.version}",
            f"score: {game.position.score}",
            f"moves: {game.position.move_count}",
            f"won: {'yes' if game.is_won else 'no'}",
        ]
        actions = self.store.games.actions(record.id)
        if record.code is not None:
            text = format_game_record(record.code, actions, comments)
            name = record.code
        else:
            start = self.service.start(record).position_text()
            text = format_game_record("", actions, comments, start=start)
            name = "position"
        return text, f"spider-{name}-{record.created_at:%Y%m%d-%H%M}.txt"
