"""The hint: one suggested action from what the player sees, with its reasons (the
server's side of the help; the look-ahead itself is the solver's
:func:`spider_solitaire.solver.hints.hint`, run where the other solver work runs: the
embedded pool's worker processes or ``spider worker``, :func:`..jobs.tasks.hint_job`)."""

from __future__ import annotations

import logging
from collections.abc import Sequence
from typing import Any

from ...cards import CARD_TEXTS
from ...game import Game
from ...messages import chance_text, message, text
from ...moves import Move
from ...solver import HINT_BUDGET, THINK_LONGER, Hint
from ..errors import ApiError
from ..jobs.pool import SolveFailed
from ..jobs.runner import RETRY_BUSY, JobLimits
from ..jobs.tasks import HintOutcome, hint_job
from ..schemas.help import HintAnswer, HintView
from .base import Asker, SolverHelp
from .texts import hint_ranked, hint_short, hint_text

log = logging.getLogger(__name__)

HINT_CPU_SECONDS = 5.0
"""A hint job's CPU budget at :data:`~spider_solitaire.solver.HINT_BUDGET` (measured: 0.1 s
on the pure build for a hint thought afresh, most hints follow a plan and cost almost
nothing; the rest is the worker's start)."""

THINK_LONGER_CPU_SECONDS = HINT_CPU_SECONDS * THINK_LONGER
"""A "Think longer" hint job's CPU budget: ten times the nodes, ten times the seconds
(measured: 1.3-1.4 s on the pure build, ``HINT_BUDGET * THINK_LONGER`` nodes on the first
positions of SP1-S4C-AAAAAAD and SP1-S2C-AAAAAAD; about 0.6 s on the compiled build)."""

HINT_LANE = "hint"
"""The runner's lane of hints (:class:`~..jobs.runner.JobLimits`): a player's new hint
supersedes their older one, never their "Can I still win?"."""

LINE_REASONS = frozenset(
    {"turns_up_card", "empties_column", "builds_in_suit", "completes_run", "joins_runs"}
)
"""The reason codes that may come from the line a move starts rather than the move alone
(:mod:`spider_solitaire.solver.reasons`): the "Why?" text says "now or in the next few
moves" once before their sentences (issue 31: it said it in each)."""


def _hint(move: str | None, reasons: tuple[str, ...], line: tuple[str, ...], *rest: Any) -> Hint:
    """The :class:`~spider_solitaire.solver.Hint` of one ranked hint in notation
    (:data:`~..jobs.tasks.RankedHint`: ``rest`` is its chance and nodes)."""
    chance, nodes = rest
    found = Move.parse(move) if move is not None else None
    return Hint(found, reasons, tuple(Move.parse(step) for step in line), chance, nodes)


def found_hint(outcome: HintOutcome) -> Hint:
    """Return the solver's :class:`~spider_solitaire.solver.Hint` that ``outcome`` (a hint
    job's answer, in notation) describes (its best), with its chance and nodes."""
    return _hint(outcome.move, outcome.reasons, outcome.line, outcome.chance, outcome.nodes)


def ranked_hints(outcome: HintOutcome) -> list[Hint]:
    """Return every hint ``outcome`` ranks, best first (:func:`found_hint`, then the next
    good moves), in the solver's order (by estimated chance): none is added or merged
    here (the solver already counts two moves of the same cards onto equal cards as one)."""
    return [found_hint(outcome), *(_hint(*ranked) for ranked in outcome.more)]


def why_text(language: str, head: str, reasons: Sequence[str], messages: Sequence[str]) -> str:
    """Return the hint's whole explanation, the "Why?" text: ``head`` (:func:`hint_text`),
    then, when a reason may come from the line the move starts (:data:`LINE_REASONS`),
    once "Here is what it does, now or in the next few moves.", then the reasons'
    ``messages``."""
    soon = [message("help", "hint_soon", language)] if LINE_REASONS & set(reasons) else []
    return " ".join([head, *soon, *messages])


def _kind_texts(game: Game, result: Hint, language: str) -> dict[str, Any]:
    """What a hint is and its two sentences: ``kind``, ``action``, ``column``, ``count``,
    ``target``, ``text`` (head) and ``short`` (see :func:`hint_view`)."""
    move = result.move
    main = result.reasons[0] if result.reasons else None
    if move is not None and move.is_deal:
        kind = "deal"
        return {
            "kind": kind,
            "action": "d",
            "text": hint_text(language, kind),
            "short": hint_short(language, kind),
        }
    if move is not None and move.is_take_off:
        kind, column = "take_off", move.source
        return {
            "kind": kind,
            "action": str(move),
            "column": column,
            "text": hint_text(language, kind, source=column),
            "short": hint_short(language, kind, source=column, reason=main),
        }
    if move is not None:
        column, count, target = move.source, move.resolved_count, move.target
        group = [CARD_TEXTS[card] for card in game.position.columns[column - 1][-count:]]
        return {
            "kind": "move",
            "action": str(move),
            "column": column,
            "count": count,
            "target": target,
            "text": hint_text(language, "move", group=group, source=column, target=target),
            "short": hint_short(
                language, "move", group=group, source=column, target=target, reason=main
            ),
        }
    return {
        "kind": "stuck",
        "text": hint_text(language, "stuck", can_undo=game.can_undo),
        "short": hint_short(language, "stuck", can_undo=game.can_undo),
    }


def hint_view(
    game: Game,
    ranked: Sequence[Hint],
    language: str,
    number: int = 1,
    *,
    budget: int = HINT_BUDGET,
    longer: bool = False,
) -> HintView:
    """Return hint ``number`` (from 1) of the solver's ``ranked`` hints for ``game`` as the
    player sees it, its sentences in ``language`` (the solver's hint looks only at the
    player's view of the game). With several hints ranked, ``short`` is led by its place,
    "Hint 1 of 5: ...", the first too (issue 31); ``chance_text`` says its estimated chance
    against the others'. ``budget`` is the node budget the search was given and ``longer``
    whether it was "Think longer"'s.

    When the hint is ``stuck`` and nothing can be undone, the solver's reason (undo is
    the way out) does not apply: the hint has no reasons, and its text says the way out
    (restart or a new game), a decision of the server, which knows the undo history.
    """
    result = ranked[number - 1]
    choices = len(ranked)
    parts: dict[str, Any] = {"action": None, "column": None, "count": None, "target": None}
    parts.update(_kind_texts(game, result, language))
    reasons, messages = list(result.reasons), result.explain(language)
    if parts["kind"] == "stuck" and not game.can_undo:
        reasons, messages = [], []
    if choices > 1:
        parts["short"] = hint_ranked(language, number, choices, parts["short"])
    others = [hint.chance for index, hint in enumerate(ranked, 1) if index != number]
    return HintView(
        **parts,
        number=number,
        choices=choices,
        rank=hint_ranked(language, number, choices),
        reasons=reasons,
        messages=messages,
        why=why_text(language, parts["text"], reasons, messages),
        chance=result.chance,
        chance_text=chance_text(result.chance, others, language, chosen=number == 1),
        nodes=result.nodes,
        budget=budget,
        thought_longer=longer,
        longer_text=text("help", "hint_longer", language, nodes=result.nodes) if longer else None,
    )


class Hints(SolverHelp):
    """Hints for the routes (made as :class:`.SolverHelp`: reads the game and marks it
    assisted through ``games``, runs the search with ``runner``)."""

    async def hint(
        self, asker: Asker, game_id: str, version: int, index: int = 0, *, longer: bool = False
    ) -> HintAnswer:
        """Return the hint for ``asker``'s game at ``version`` with its sentences in their
        language, and the game's state, now marked assisted (once: asking again, for the
        same hint or the next, changes nothing more).

        ``index`` chooses among the ranked hints (:func:`~spider_solitaire.solver.hints`):
        0 the best, 1 the next good move..., round again past the last (modulo their
        number): what repeated presses of H ask for. ``longer`` ("Think longer", Shift+H)
        gives the search :data:`~spider_solitaire.solver.THINK_LONGER` times
        :data:`~spider_solitaire.solver.HINT_BUDGET` nodes, and the job as many times
        :data:`HINT_CPU_SECONDS`.

        The hint is a search within a node budget (measured: 0.1 s of CPU on the pure
        build when thought afresh, 1.4 s thinking longer) run by the runner like every
        solver job (in the pool's worker processes or by ``spider worker``), within the
        player's and the address's shares of the solvers, in a lane of its own
        (:data:`HINT_LANE`): it does not stop the player's other solver job.

        Raises:
            ApiError: 404, 409 ``stale_version``, ``not_current`` (a game the player left
                for another: :meth:`.GameService.to_ask`) or ``solve_cancelled`` (the player
                asked for another hint, or left), 422 ``game_won`` (the game is then not marked
                assisted), 429 over a share, 503 ``solver_busy`` or ``solver_failed``, or
                ``help_unavailable`` (the job-queue layout with no worker).
        """
        games, blocking, language = self.games, self.blocking, asker.language
        loaded = await self._unwon(asker.player, game_id, version)
        game = loaded.game
        assert asker.player is not None  # the player's game was found
        seconds = THINK_LONGER_CPU_SECONDS if longer else HINT_CPU_SECONDS
        limits = JobLimits(seconds, asker.disconnected, lane=HINT_LANE, address=asker.address)
        budget = HINT_BUDGET * THINK_LONGER if longer else HINT_BUDGET
        try:
            outcome = await self.runner.run(
                asker.player,
                limits,
                hint_job,
                game.start.to_text(),
                game.snapshot(),
                game.undo_limit,
                budget,
            )
        except SolveFailed as failed:
            log.error("a hint's look-ahead failed: %s", failed)
            raise ApiError(503, "solver_failed", headers=RETRY_BUSY) from None
        ranked = ranked_hints(outcome)
        number = index % len(ranked) + 1
        view = hint_view(game, ranked, language, number, budget=outcome.budget, longer=longer)
        marked = await blocking(games.mark_assisted, loaded)
        shown = ranked[number - 1].move
        if shown is not None:
            await blocking(games.note_hint, loaded, str(shown))
        return HintAnswer(state=games.state(marked, language), hint=view)
