"""Helpers of the round trips of game texts (``tests/test_game_text.py``,
``tests/server/test_export_read.py``): a code per variant of the registry, and every
consumer (``spider replay``, ``spider terminal``, ``spider solve``) run on one file."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

import spider_solitaire.solver.cli as solver_cli
import spider_solitaire.terminal as terminal
from spider_solitaire import Game
from spider_solitaire.cli import main
from spider_solitaire.variants import Variant

SEED_CODE = "SP1-S1C-AAAAAAD"
"""One suit, Classic: a deal every game of the family solves in a second or two."""


def code_of(variant: Variant) -> str:
    """The registry's ``variant`` dealt from :data:`SEED_CODE`'s seed: its own code."""
    code = Game.from_code(SEED_CODE, variant=variant).code
    assert code is not None
    return code


def read_by_every_consumer(
    path: Path,
    expected: Game,
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Run ``spider replay``, ``spider terminal`` and ``spider solve`` on ``path`` and
    check each took the game ``expected`` (its position, its code) from it."""
    assert main(["replay", str(path)]) == 0, capsys.readouterr().err
    out = capsys.readouterr().out
    won = ", won" if expected.is_won else ""
    assert out == (
        expected.position_text() + f"score {expected.score}, moves {expected.move_count}{won}\n"
    )

    played: list[Game] = []

    def fake_terminal(game: Game, **_: Any) -> int:
        played.append(game)
        return 0

    solved: list[Game] = []
    real_solve: Callable[..., Any] = solver_cli.solve

    def watched_solve(game: Game, **options: Any) -> Any:
        solved.append(game)
        return real_solve(game, **{**options, "time_limit": 0})

    with monkeypatch.context() as patch:
        patch.setattr(terminal, "play_in_terminal", fake_terminal)
        patch.setattr(solver_cli, "solve", watched_solve)
        assert main(["terminal", str(path)]) == 0, capsys.readouterr().err
        status = main(["solve", str(path), "--json"])
    assert [game.position_text() for game in played] == [expected.position_text()]
    assert played[0].code == expected.code
    data = json.loads(capsys.readouterr().out)
    assert status == (0 if expected.is_won else 3)
    assert data["status"] == ("won" if expected.is_won else "unknown")
    assert [game.position_text() for game in solved] == [expected.position_text()]
    assert data["code"] == expected.code
