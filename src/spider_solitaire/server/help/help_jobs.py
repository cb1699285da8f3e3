"""Help jobs: "Can I still win?" and the solve behind "Show solution", which can take
longer than a reverse proxy waits (10 s of solving and 20 s through the history for
can-win, 60 s with "Keep thinking"), run as work the player polls (:mod:`.polled`): the
request answers 202 with the job at once, and ``GET /api/help-jobs/{id}`` from any server
process says how it goes (positions solved so far) and, once done, the answer.

What is asked is checked at once (404, 409 ``stale_version``, 422 ``game_won``); the
solving, marking the game assisted and keeping a solution happen in the job. The answer's
sentences are made when it is read, in the reader's language, with the game's state as it
is then.
"""

from __future__ import annotations

from typing import Any, Literal

from ..errors import reason_message
from ..game_cache import LoadedGame
from ..ids import HELP_JOB
from ..jobs.runner import JobLimits
from ..schemas.help import HelpJob
from .base import Asker, HelpContext
from .can_win import CanWin, CanWinResult
from .notice import NOTICE_LANE, Notices
from .polled import PolledWork, now, utc
from .solution import Solutions
from .texts import thinking

Kind = Literal["can_win", "solution", "notice"]
"""What a help job answers."""


class HelpJobs(PolledWork):
    """The help jobs, for the routes (work a player polls, :class:`.PolledWork`; the
    ``help_job`` rows, :class:`~..schemas.help.HelpJob`, ``/api/help-jobs``), made by
    :class:`.CanWin` and :class:`.Solutions`.

    Args:
        context: what the help jobs share (:class:`.HelpContext`).
        can_win: solves for "Can I still win?".
        solutions: solves for "Show solution" (and keeps the solution it plays).
        notices: the checks of "Tell me when a move loses the deal" (:mod:`.notice`).
    """

    ROWS = "help_job"

    def __init__(
        self, context: HelpContext, can_win: CanWin, solutions: Solutions, notices: Notices
    ) -> None:
        super().__init__(context)
        self.can_win = can_win
        self.solutions = solutions
        self.notices = notices

    async def start_can_win(
        self, asker: Asker, game_id: str, version: int, *, long: bool = False
    ) -> dict[str, Any]:
        """Start "Can I still win?" about ``asker``'s game at ``version`` (with the long
        limits when ``long``); the player's earlier solver work is cancelled. Return the
        job's row. A position whose solution is kept is answered ``yes`` at once (the job
        is done when returned).

        Raises:
            ApiError: 404, 409 ``stale_version`` or ``not_current`` (a game the player
                left: :meth:`.GameService.to_ask`), 422 ``game_won`` (nothing to check, and
                the game is not marked assisted); 503 ``help_unavailable`` or
                ``solver_busy``.
        """
        loaded, row = await self._new_row(asker, game_id, version, "can_win", long)
        known = self.can_win.known(loaded)
        if known is not None:
            await self.blocking(self.games.mark_assisted, loaded)
            row.update(status="done", result=known.model_dump_json(), ended_at=row["started_at"])
            self.store.jobs.add_search(row, of=self.ROWS)
            return row
        self.store.jobs.add_search(row, of=self.ROWS)
        self._launch(row["id"], self._guarded(row["id"], self._can_win(row, loaded, asker, long)))
        return row

    async def start_solution(self, asker: Asker, game_id: str, version: int) -> dict[str, Any]:
        """Start solving ``asker``'s game at ``version`` for "Show solution" (no solution of
        its position is kept); the player's earlier solver work is cancelled. Return the
        job's row; once it is done, :meth:`.Solutions.next_step` plays the kept solution.

        Raises:
            ApiError: as :meth:`start_can_win`.
        """
        loaded, row = await self._new_row(asker, game_id, version, "solution", False)
        self.store.jobs.add_search(row, of=self.ROWS)
        self._launch(row["id"], self._guarded(row["id"], self._solution(row, loaded, asker)))
        return row

    async def start_notice(self, asker: Asker, game_id: str, version: int) -> dict[str, Any]:
        """Start checking whether the last action of ``asker``'s game at ``version`` lost a
        deal that could still be won (:mod:`.notice`); the player's older checks still
        running are cancelled (``solve_cancelled``; in every process: their own watch reads it),
        not their other solver work. Return the job's row; a check whose answer is known
        without the solver is done when returned. The game is not marked here (see
        :meth:`.Notices.view`).

        Raises:
            ApiError: 404, 409 ``stale_version`` or ``not_current``, 422 ``game_won``,
                422 ``nothing_to_undo`` (no action to check); 503 ``help_unavailable`` or
                ``solver_busy``.
        """
        loaded, row = await self._new_row(asker, game_id, version, "notice", False)
        known = self.notices.known(loaded)
        self.store.jobs.end_player_help_jobs(
            row["player_id"], "notice", status="cancelled", reason="solve_cancelled", ended_at=now()
        )
        if known is not None:
            row.update(status="done", result=known.model_dump_json(), ended_at=row["started_at"])
            self.store.jobs.add_search(row, of=self.ROWS)
            return row
        self.store.jobs.add_search(row, of=self.ROWS)
        self._launch(row["id"], self._guarded(row["id"], self._notice(row, loaded, asker)))
        return row

    async def _new_row(
        self, asker: Asker, game_id: str, version: int, kind: Kind, long: bool
    ) -> tuple[LoadedGame, dict[str, Any]]:
        """Check what is asked and return the game with the new job's row (not saved)."""
        loaded = await self._unwon(asker.player, game_id, version)
        assert asker.player is not None  # the player's game was found
        await self._check_open()
        moment = now()
        return loaded, {
            "id": HELP_JOB.make(),
            "player_id": asker.player,
            "game_id": game_id,
            "version": version,
            "kind": kind,
            "solve_limit": "long" if long else "normal",
            "status": "running",
            "probes": 0,
            "reason": None,
            "result": None,
            "started_at": moment,
            "seen_at": moment,
            "ended_at": None,
            "beat_at": moment,
        }

    def _limits(self, row: dict[str, Any], asker: Asker) -> JobLimits:
        """The solver job's limits for the help job ``row`` (its CPU budget is set by
        the solving module): stopped with the row, progress written to it."""
        job_id, store, rows = row["id"], self.store, self.ROWS

        def progress(value: Any) -> None:
            probes = value.get("probes") if isinstance(value, dict) else None
            if isinstance(probes, int):
                store.jobs.update_search(job_id, running_only=True, of=rows, probes=probes)

        return JobLimits(0.0, self._watch(job_id), progress, address=asker.address)

    async def _can_win(
        self, row: dict[str, Any], loaded: LoadedGame, asker: Asker, long: bool
    ) -> None:
        limits = self._limits(row, asker)
        result = await self.can_win.solve(row["player_id"], loaded, limits, long=long)
        self._end(row["id"], "done", None, result=result.model_dump_json())

    async def _notice(self, row: dict[str, Any], loaded: LoadedGame, asker: Asker) -> None:
        # no progress is written: a count of positions solved would say whether the
        # position after the action is lost before (or beyond) the answer
        limits = JobLimits(0.0, self._watch(row["id"]), lane=NOTICE_LANE, address=asker.address)
        result = await self.notices.check(row["player_id"], loaded, limits)
        self._end(row["id"], "done", None, result=result.model_dump_json())

    async def _solution(self, row: dict[str, Any], loaded: LoadedGame, asker: Asker) -> None:
        moves = await self.solutions.solve(row["player_id"], loaded, self._limits(row, asker))
        self._end(row["id"], "done", None, result=str(moves))

    def find(self, player: str | None, job_id: str) -> dict[str, Any]:
        """Return the player's help job ``job_id`` (a running one is kept alive, or
        ended ``search_interrupted`` when its process stopped beating).

        Raises:
            ApiError: 404 ``not_found`` for an unknown id or another player's job.
        """
        return self._find(player, job_id)

    def stop(self, player: str | None, job_id: str) -> dict[str, Any]:
        """Cancel the player's help job ``job_id`` (``cancelled`` with ``stopped``;
        nothing happens once it has ended); return it.

        Raises:
            ApiError: 404 ``not_found``.
        """
        return self._stop(player, job_id)

    def limit_seconds(self, kind: Kind, solve_limit: str) -> float:
        """The most a long answer of ``kind`` takes, in seconds, by the settings: the
        solve's time limit (``solve_limit`` ``"long"``: the long one), and for
        ``can_win`` the history search's budget after it."""
        settings = self.settings
        long = solve_limit == "long"
        if kind == "notice":  # two positions at most, each at the history's probe limit
            return 2 * settings.history_probe_limit
        solve = settings.solve_time_limit_long if long else settings.solve_time_limit
        return solve + (settings.history_budget if kind == "can_win" else 0.0)

    def view(self, row: dict[str, Any], language: str) -> HelpJob:
        """Return what the player sees of the help job ``row``, its sentence and (a
        can-win answer once done) the answer with the game's current state, in
        ``language``."""
        started = utc(row["started_at"])
        end = utc(row["ended_at"]) if row["ended_at"] is not None else now()
        status, reason, probes = row["status"], row["reason"], row["probes"]
        seconds = round(max(0.0, (end - started).total_seconds()), 2)
        limit = self.limit_seconds(row["kind"], row["solve_limit"])
        message = None
        if reason:
            message = reason_message(reason, language)
        elif status == "running":
            message = thinking(row["kind"], probes, limit - seconds, language)
        answer = notice = None
        if status == "done" and row["kind"] == "can_win" and row["result"]:
            result = CanWinResult.model_validate_json(row["result"])
            loaded = self.games.get(row["player_id"], row["game_id"])
            answer = self.can_win.view(loaded, result, language)
        if status == "done" and row["kind"] == "notice" and row["result"]:
            notice = self.notices.view(row, language)
        return HelpJob(
            id=row["id"],
            kind=row["kind"],
            game_id=row["game_id"],
            version=row["version"],
            status=status,
            probes=probes,
            seconds=seconds,
            limit_seconds=limit,
            can_win=answer,
            notice=notice,
            reason=reason,
            message=message,
        )
