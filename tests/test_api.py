"""The engine's API in python-chess's style: keyword-only boolean options, names that
say what they return (the old names warn), resolved moves that know their card count,
and every error in the SpiderError family."""

from __future__ import annotations

import ast
import importlib
import inspect
from typing import Any

import pytest

from boards import board
from package_modules import all_modules, room_of, source_file
from spider_solitaire import (
    Game,
    IllegalMoveError,
    InvalidMoveError,
    InvalidOptionError,
    Move,
    SpiderError,
)
from spider_solitaire import errors as errors_module
from spider_solitaire.position import Position
from spider_solitaire.rules import resolve_move
from spider_solitaire.terminal import draw_board

CODE = "SP1-S2C-AAAAAAD"


@pytest.mark.parametrize(
    ("call", "name"),
    [
        (lambda: Game.from_code(CODE).position.to_text(True), "to_text"),  # type: ignore[misc]
        (lambda: Game.from_code(CODE).position_text(True), "position_text"),  # type: ignore[misc]
        (lambda: Position.from_text(board({1: "| 5H"}), False), "from_text"),  # type: ignore[misc]
        (lambda: Game.from_position(board({1: "| 5H"}), False), "from_position"),  # type: ignore[misc]
        (lambda: draw_board(Game.from_code(CODE), True), "draw_board"),  # type: ignore[misc]
    ],
)
def test_boolean_options_are_keyword_only(call: Any, name: str) -> None:
    with pytest.raises(TypeError, match="positional argument"):
        call()


def test_position_text_is_the_notation() -> None:
    game = Game.from_code(CODE)
    assert game.position_text() == game.position.to_text()
    assert game.position_text(hidden=True) == game.position.to_text(hidden=True)
    assert "??" in game.position_text(hidden=True) and "??" not in game.position_text()


def test_the_deprecated_aliases_are_gone() -> None:
    # issue 29: Game.to_position, Game.moves, Position.moves and IllegalMoveError.explain
    # were deprecated in 0.1 and are removed (CHANGELOG)
    game = Game.from_code(CODE)
    game.play("6>1")
    game.play("d")
    assert game.move_count == game.position.move_count == 2
    assert not hasattr(game, "to_position") and not hasattr(game, "moves")
    assert not hasattr(game.position, "moves")
    assert not hasattr(IllegalMoveError("on_ace", "3:1>7"), "explain")


def test_a_move_knows_its_count_once_resolved() -> None:
    game = Game.from_code(CODE)
    open_move = Move.parse("6>1")
    assert open_move.count is None and not open_move.is_resolved
    with pytest.raises(InvalidMoveError, match="'6>1': count_open"):
        open_move.resolved_count  # noqa: B018
    resolved = game.resolve(open_move)
    assert resolved == Move(6, 1, 1) and resolved.resolved_count == 1
    assert resolve_move(game.position, open_move).resolved_count == 1
    assert game.resolve("6:1>1") == resolved
    assert Move.deal().resolved_count == 0 and Move.deal().is_resolved
    # Resolving is not playing: nothing changed.
    assert game.move_count == 0
    with pytest.raises(IllegalMoveError) as info:
        game.resolve("1>2")
    assert info.value.reason == "not_one_higher"


def test_resolve_in_a_won_game_says_so() -> None:
    run = "KS QS JS TS 9S 8S 7S 6S 5S 4S 3S 2S"
    game = Game.from_position(board({1: f"| {run}", 2: "| AS"}, rules="S1C"), strict=False)
    game.play("2>1")
    assert game.is_won
    with pytest.raises(IllegalMoveError) as info:
        game.resolve("1>2")
    assert info.value.reason == "game_won"


def test_a_bad_undo_limit_is_an_option_error() -> None:
    with pytest.raises(InvalidOptionError, match="undo_limit -1 must be a whole number"):
        Game.from_code(CODE, undo_limit=-1)
    assert issubclass(InvalidOptionError, SpiderError)


def test_every_error_class_is_a_spider_error() -> None:
    classes = [
        value
        for value in vars(errors_module).values()
        if inspect.isclass(value) and issubclass(value, BaseException)
    ]
    assert len(classes) >= 7
    assert all(issubclass(cls, SpiderError) and issubclass(cls, ValueError) for cls in classes)


def _raised_names(module: str) -> list[tuple[int, str]]:
    tree = ast.parse(source_file(module).read_text(encoding="utf-8"))
    names = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Raise) and node.exc is not None:
            target = node.exc.func if isinstance(node.exc, ast.Call) else node.exc
            if isinstance(target, ast.Name):
                names.append((node.lineno, target.id))
            else:
                names.append((node.lineno, ast.unparse(target)))
    return names


@pytest.mark.parametrize(
    "module", [m for m in all_modules() if room_of(m) == "engine"], ids=lambda m: m
)
def test_the_engine_raises_only_spider_errors(module: str) -> None:
    namespace = vars(importlib.import_module(module))
    wrong = []
    for line, name in _raised_names(module):
        raised = namespace.get(name)
        if not (inspect.isclass(raised) and issubclass(raised, SpiderError)):
            wrong.append(f"line {line}: raise {name}")
    assert wrong == []
