"""Winnable deals ("winnable deals only"), in every game of the family: a deal from the
shipped stock of deals already proved winnable, at once; or, once the player has played
every deal of that stock, a search: random deals of the variant are solved in a worker
until one is won, while the browser polls; the deal becomes the player's new game.

The stock (:mod:`spider_solitaire.winnable`, ``data/winnable.csv``) holds deals the solver
won when it was made, for each variant of the registry. A player is given one of the
level's deals (variant, suits and rule) they have never started a game of, picked at
random among those (a decision of ours: players do not
all get the same first deal). What a player has played is read from the database (every
game they started, of any kind), so that every server process agrees. Such an answer is
kept as a search that is ``done`` at once, having tried no deal (``tried`` 0,
``stock`` true in :class:`~..schemas.help.DealSearch`), so that the browser treats it as
any search's end. Two requests of one player at the same moment may be given the same
deal; the second game replaces the first as any new game does.

A search is work a player polls (:mod:`.polled`): kept in the database (``deal_searches``:
its progress and its end), so that every server process reports on it and can stop it, run
on an event loop of its own in the process that started it, with a heartbeat; a search
whose process went away is ended (``search_interrupted``) by the next poll. It is ended
rather than taken over: the deals it tried are random and lost, so only their count would
carry over, the player's confirmation and budget would have to move with it, and the
browser starts a new search in one click.
"""

from __future__ import annotations

import logging
import secrets
from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace
from datetime import datetime
from typing import Any

from ... import winnable
from ...codes import code_forms, level_prefix, normalize_rule
from ...variants import GroupRule, find_rule, find_variant
from ..errors import reason_message
from ..ids import SEARCH
from ..jobs.pool import CPU_MARGIN, SolveFailed
from ..jobs.runner import JobLimits
from ..jobs.tasks import winnable_job
from ..schemas.common import DEFAULT_VARIANT, ConfirmWord, RuleName, SuitCount
from ..schemas.games import NewGameFromCode
from ..schemas.help import DealSearch
from .polled import PolledWork, Status, now, utc
from .texts import searching

log = logging.getLogger(__name__)


@dataclass(frozen=True, slots=True)
class Search:
    """A search for a winnable deal as the database has it (any server process may have
    started it; the one that did runs it and writes its progress and its end).

    Attributes:
        id: the id the player polls.
        player: whose search it is.
        suits, rule: the deals it tries.
        variant: the game of the family it deals (a registry name).
        max_tries: at most this many deals.
        status: ``running``, ``done``, ``failed`` or ``cancelled``.
        tried: deals solved so far.
        reason: why it failed or was cancelled.
        game_id: the won deal's new game, once done.
        started, seen, ended: when it started, when the player last asked about it, when
            it ended (None while running); UTC.
        beat: when the process running it last wrote its heartbeat (UTC).
        confirm: what the player confirmed for the new game (``abandon``); known only to
            the process that runs the search.
        address: the client's address it was asked from (its share of the solvers);
            known only to the process that runs the search.
    """

    id: str
    player: str
    suits: SuitCount
    rule: RuleName
    variant: str
    max_tries: int
    status: Status
    tried: int
    reason: str | None
    game_id: str | None
    started: datetime
    seen: datetime
    ended: datetime | None
    beat: datetime
    confirm: tuple[ConfirmWord, ...] = ()
    address: str | None = None

    @classmethod
    def of(cls, row: dict[str, Any]) -> Search:
        """The search of a row of ``deal_searches`` (its rule read as the registry's
        value).

        Raises:
            InvalidCodeError: a rule the server never wrote.
        """
        return cls(
            row["id"],
            row["player_id"],
            row["suits"],
            find_rule(row["rule"]),
            row["variant"],
            row["max_tries"],
            row["status"],
            row["tried"],
            row["reason"],
            row["game_id"],
            utc(row["started_at"]),
            utc(row["seen_at"]),
            utc(row["ended_at"]) if row["ended_at"] is not None else None,
            utc(row["beat_at"] if row["beat_at"] is not None else row["started_at"]),
        )


class DealSearches(PolledWork):
    """The deal searches, for the routes (work a player polls, :class:`.PolledWork`)."""

    ROWS = "search"

    stock: Callable[[int, GroupRule, str], Sequence[str]] = staticmethod(winnable.stock)
    """The level's stock of proved deals, by suits, rule and variant name (tests put a
    small one on the instance)."""

    async def start(
        self,
        player: str,
        suits: SuitCount,
        rule: RuleName,
        confirm: Sequence[ConfirmWord] = (),
        address: str | None = None,
        variant: str = DEFAULT_VARIANT,
    ) -> Search:
        """Give the player a winnable deal of ``variant`` (a registry name, checked by the
        request model) at ``suits`` and ``rule`` (1 suit: always Classic): one of the
        stock they have not played, as a search already ``done`` (its new game is the
        player's current one); or, when they have played every deal of the stock (or
        ``winnable_stock`` is off), start searching for a deal of the variant the solver
        wins, the player's earlier search or solve cancelled. Return the search.
        ``confirm``: what the player confirmed for the new game (see
        :meth:`.GameService.create`); ``address``: the client's (its share of the
        solvers).

        Raises:
            ApiError: 409 ``confirm_needed`` from :meth:`.GameService.create` (the
                game in progress would be left); 503 ``help_unavailable`` (no solver
                worker runs now, in the job-queue layout) or ``solver_busy`` (this
                process is shutting down), with ``Retry-After`` (a search).
        """
        if self.settings.winnable_stock:
            level = normalize_rule(rule, suits)
            given = await self.blocking(self.from_stock, player, suits, level, confirm, variant)
            if given is not None:
                return given
        await self._check_open()
        moment = now()
        row = {
            "id": SEARCH.make(),
            "player_id": player,
            "suits": suits,
            "rule": normalize_rule(rule, suits).name,
            "variant": variant,
            "max_tries": self.settings.winnable_max_tries,
            "status": "running",
            "tried": 0,
            "reason": None,
            "game_id": None,
            "started_at": moment,
            "seen_at": moment,
            "ended_at": None,
            "beat_at": moment,
        }
        self.store.jobs.add_search(row)
        search = replace(Search.of(row), confirm=tuple(confirm), address=address)
        self._launch(search.id, self._guarded(search.id, self._run(search)))
        return search

    def unplayed(
        self, player: str, suits: int, rule: GroupRule, variant: str = DEFAULT_VARIANT
    ) -> list[str]:
        """Return the deals of the stock of ``variant``, ``suits`` and ``rule`` that
        ``player`` has never started a game of, in the stock's order (the games read are
        those whose code starts as the level's, in either version:
        :func:`~spider_solitaire.codes.level_prefix`).

        Raises:
            UnknownVariantError: ``variant`` is not a name of the registry.
        """
        deals = self.stock(suits, rule, variant)
        if not deals:
            return []
        found = find_variant(variant)
        played = set()
        for version in (1, 2):  # a deal played under its SP2 form is played too
            prefix = level_prefix(suits, rule, found, version)
            codes = self.store.games.played_codes(player, prefix)
            played |= {code_forms(code)[0] for code in codes}
        return [code for code in deals if code_forms(code)[0] not in played]

    def from_stock(
        self,
        player: str,
        suits: SuitCount,
        rule: GroupRule,
        confirm: Sequence[ConfirmWord] = (),
        variant: str = DEFAULT_VARIANT,
    ) -> Search | None:
        """Start the player's new game on a deal of the stock they have not played (picked at
        random among them) and return it as a search already ``done``; None when they have
        played them all. A search of the player still running (another level's) is
        cancelled, as a new search cancels it, so that its deal does not replace this one.

        Raises:
            ApiError: as :meth:`.GameService.create` (409 ``confirm_needed``...).
        """
        fresh = self.unplayed(player, suits, rule, variant)
        if not fresh:
            return None
        code = secrets.choice(fresh)
        loaded = self.games.create(player, NewGameFromCode(code=code, confirm=list(confirm)))
        moment = now()
        self.store.jobs.end_player_searches(
            player, status="cancelled", reason="solve_cancelled", ended_at=moment
        )
        row = {
            "id": SEARCH.make(),
            "player_id": player,
            "suits": suits,
            "rule": rule.name,
            "variant": variant,
            "max_tries": self.settings.winnable_max_tries,
            "status": "done",
            "tried": 0,
            "reason": None,
            "game_id": loaded.record.id,
            "started_at": moment,
            "seen_at": moment,
            "ended_at": moment,
            "beat_at": moment,
        }
        self.store.jobs.add_search(row)
        return Search.of(row)

    def find(self, player: str | None, search_id: str) -> Search:
        """Return the player's search ``search_id`` (a running one is kept alive, or ended
        ``search_interrupted`` when its process stopped beating: :meth:`.PolledWork._find`).

        Raises:
            ApiError: 404 ``not_found`` for an unknown id or another player's search.
        """
        return Search.of(self._find(player, search_id))

    def stop(self, player: str | None, search_id: str) -> Search:
        """Cancel the player's search ``search_id`` (``cancelled`` with ``stopped``;
        nothing happens once it has ended); return it.

        Raises:
            ApiError: 404 ``not_found``.
        """
        return Search.of(self._stop(player, search_id))

    def view(self, search: Search, language: str) -> DealSearch:
        """Return what the player sees of ``search``, its sentence and the new game's
        state in ``language``."""
        end = search.ended if search.ended is not None else now()
        message = None
        if search.reason:
            message = reason_message(search.reason, language)
        elif search.status == "running":
            message = searching(search.tried, search.max_tries, language)
        state = None
        if search.game_id is not None:
            state = self.games.state(self.games.get(search.player, search.game_id), language)
        return DealSearch(
            id=search.id,
            status=search.status,
            suits=search.suits,
            rule=search.rule,
            variant=search.variant,
            tried=search.tried,
            max_tries=search.max_tries,
            stock=search.status == "done" and search.tried == 0,
            seconds=round(max(0.0, (end - search.started).total_seconds()), 2),
            state=state,
            reason=search.reason,
            message=message,
        )

    async def _run(self, search: Search) -> None:
        settings, store = self.settings, self.store
        tried = 0

        def progress(value: Any) -> None:
            nonlocal tried
            tried = int(value.get("tried", tried))
            store.jobs.update_search(search.id, running_only=True, tried=tried)

        limits = JobLimits(
            settings.winnable_budget + CPU_MARGIN,
            self._watch(search.id),
            progress,
            address=search.address,
        )
        try:
            outcome = await self.runner.run(
                search.player,
                limits,
                winnable_job,
                search.suits,
                search.rule.name,  # the job's arguments are plain data
                search.max_tries,
                settings.winnable_time_limit,
                settings.solve_node_limit,
                settings.winnable_budget,
                search.variant,
            )
        except SolveFailed:
            self._end(search.id, "failed", "no_winnable_deal")
            return
        if outcome.code is None:
            self._end(search.id, "failed", "no_winnable_deal", tried=outcome.tried)
            return
        games = self.games
        request = NewGameFromCode(code=outcome.code, confirm=list(search.confirm))
        loaded = await self.blocking(games.create, search.player, request)
        self.kept.put(loaded.record.id, loaded.game.position, outcome.solution)
        self._end(search.id, "done", None, tried=outcome.tried, game_id=loaded.record.id)
