"""A finished game's review (issue 30), as a help job (:mod:`.help_jobs`): made once per
game by the solver in a worker (:func:`..jobs.tasks.review_job`, which runs the solver
room's :func:`~spider_solitaire.solver.review.review_game`) and kept with the game in the
database (``reviews``), so that asking again, from any process, answers at once.

Only a game that has ended is reviewed: won, decided lost (abandoned), or left for
another game (a practice game is never decided); a game in play is refused (422
``review_in_play``): the review knows every face-down card and the move that lost. A
review gives no face-down card: positions by their index on the line, actions by their
notation.
"""

from __future__ import annotations

from dataclasses import replace

from ...messages import message, text
from ...solver.review import verdict
from ..errors import ApiError
from ..game_cache import LoadedGame
from ..jobs.pool import CPU_MARGIN
from ..jobs.runner import JobLimits
from ..jobs.tasks import review_job
from ..schemas.review import (
    MoveThatLost,
    ReviewAnswer,
    ReviewHint,
    ReviewMoment,
    ReviewResult,
    ReviewSpan,
    Status,
)
from .base import SolverHelp

HINT_SECONDS = 2.0
"""CPU seconds allowed for the hint at the move that lost, on top of the solves."""


REVIEW_LANE = "review"
"""The runner's lane of reviews (:class:`~..jobs.runner.JobLimits`): a player's newer
review supersedes their older one in this process, never their "Can I still win?", their
solution's solve or their hint."""


def is_finished(loaded: LoadedGame, current: str | None) -> bool:
    """True when ``loaded`` has ended: won, its result decided (lost: abandoned), or left
    for another game after an action (``current``: the id of the player's current game; a
    practice game is never decided, it ends when left). A game left before any action has
    no story, and its deal is still to be played: not ended (a review would say whether
    the deal can be won before it is played)."""
    record = loaded.record
    left = record.id != current and record.version > 0
    return loaded.game.is_won or record.outcome is not None or left


class Reviews(SolverHelp):
    """Reviews of finished games for the help jobs (made as :class:`.SolverHelp`)."""

    def check_finished(self, loaded: LoadedGame) -> None:
        """Refuse a game still in play (:func:`is_finished`).

        Raises:
            ApiError: 422 ``review_in_play``.
        """
        current = self.store.games.current(loaded.record.player_id)
        if not is_finished(loaded, current.id if current is not None else None):
            raise ApiError(422, "review_in_play")

    def kept_review(self, game_id: str, version: int) -> ReviewResult | None:
        """The review kept for game ``game_id`` at ``version`` (made by any process), or
        None."""
        found = self.store.reviews.get(game_id)
        if found is None or found[0] != version:
            return None
        return ReviewResult.model_validate_json(found[1])

    def limit_seconds(self) -> float:
        """The most a review takes by the settings, in seconds: the last position's solve
        (``history_probe_limit``) and the bisection's budget (``history_budget``)."""
        return self.settings.history_probe_limit + self.settings.history_budget

    async def review(self, player: str, loaded: LoadedGame, limits: JobLimits) -> ReviewResult:
        """Review ``player``'s finished game ``loaded`` within ``limits`` (its CPU seconds
        are set here) and keep the review with the game (the first kept stays when two
        processes made one).

        Raises:
            ApiError: as :meth:`.Runner.run` (409 ``solve_cancelled``, 429, 503).
        """
        record, settings = loaded.record, self.settings
        start = self.games.start(record)
        actions = await self.blocking(self.store.games.actions, record.id, 0, record.version)
        shown = await self.blocking(self.store.reviews.hints, record.id)
        cpu = self.limit_seconds() + HINT_SECONDS + CPU_MARGIN
        outcome = await self.runner.run(
            player,
            replace(limits, cpu_seconds=cpu),
            review_job,
            start.position.to_text(),
            [str(action) for action in actions],
            settings.history_probe_limit,
            settings.solve_node_limit,
            settings.history_budget,
            start.undo_limit,
            [[version, move] for version, move in shown],
        )
        await self.blocking(self.store.reviews.keep, record.id, record.version, outcome.result)
        kept = self.kept_review(record.id, record.version)
        return kept or ReviewResult.model_validate_json(outcome.result)

    def view(self, game_id: str, version: int, result: ReviewResult, language: str) -> ReviewAnswer:
        """Return ``result`` (the review of game ``game_id`` at ``version``) with its words
        in ``language``."""
        data = result.model_dump()
        steps = result.steps or list(range(len(result.statuses)))
        return ReviewAnswer(
            game_id=game_id,
            version=version,
            actions=result.actions,
            statuses=result.statuses,
            steps=steps,
            spans=spans(result.statuses, steps, language),
            move_that_lost=_move_that_lost(result.move_that_lost, steps, language),
            moments=[_moment(moment, steps, language) for moment in result.moments],
            undone=result.undone,
            message=verdict(data, language),
            probes=result.probes,
            seconds=result.seconds,
        )


def spans(statuses: list[Status], steps: list[int], language: str) -> list[ReviewSpan]:
    """The runs of one status along the line (``statuses``, one per position; ``steps``:
    each position's replay step), each with its sentence in ``language``."""
    found: list[ReviewSpan] = []
    for index, status in enumerate(statuses):
        if found and found[-1].status == status:
            found[-1].last, found[-1].last_step = index, steps[index]
            continue
        found.append(
            ReviewSpan(
                status=status, first=index, last=index, first_step=steps[index],
                last_step=steps[index], label="",
            )
        )  # fmt: skip
    for span in found:
        span.label = span_label(span.status, span.first, span.last, language)
    return found


def span_label(status: str, first: int, last: int, language: str) -> str:
    """The sentence of a span of one ``status`` (``winnable``, ``lost``, ``unknown``) from
    the position after ``first`` actions to the one after ``last`` (``first <= last``), in
    ``language``: "At the start: …", "After action 4: …", "After 0 to 3 actions: …"."""
    if first == last == 0:
        when = text("help", "review_when_start", language)
    elif first == last:
        when = text("help", "review_when_action", language, first=first)
    else:
        when = text("help", "review_when_range", language, first=first, last=last)
    status_text = text("help", f"review_status_{status}", language)
    return text("help", "review_span", language, when=when, status=status_text)


def _move_that_lost(
    data: dict[str, object] | None, steps: list[int], language: str
) -> MoveThatLost | None:
    """The move that lost of a kept review, with the hint's sentences in ``language``."""
    if data is None:
        return None
    number = data["number"]
    assert isinstance(number, int)
    found = data.get("hint")
    hint = None
    if isinstance(found, dict):
        messages = [message("hints", str(reason), language) for reason in found["reasons"]]
        hint = ReviewHint.model_validate({**found, "messages": messages})
    return MoveThatLost.model_validate({**data, "hint": hint, "step": steps[number - 1]})


def _moment(data: dict[str, object], steps: list[int], language: str) -> ReviewMoment:
    """One kept moment with its kinds in words in ``language``."""
    kinds, number, action = data["kinds"], data["number"], data["action"]
    assert isinstance(kinds, list) and isinstance(number, int)
    words = ", ".join(message("help", f"review_kind_{kind}", language) for kind in kinds)
    label = text("help", "review_moment", language, number=number, action=action, kinds=words)
    return ReviewMoment.model_validate(
        {**data, "words": words, "label": label, "step": steps[number]}
    )
