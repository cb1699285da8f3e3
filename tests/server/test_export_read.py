"""What the table's export prints (``GET /api/games/{id}/export``), ``spider replay``,
``spider terminal`` and ``spider solve`` read as it is, for every variant of the registry:
a game from a code and a game from a position (``tests/test_game_text.py`` has the other
producers)."""

from __future__ import annotations

from pathlib import Path

import pytest
from fastapi.testclient import TestClient

from game_texts import code_of, read_by_every_consumer
from spider_solitaire import Game
from spider_solitaire.variants import VARIANTS, Variant

from .conftest import Clock, new_game
from .test_record import play

ACTIONS = ["d", "undo", "redo"]
"""A deal, undone and done again: every export holds the control words too."""


@pytest.mark.parametrize("variant", VARIANTS, ids=lambda variant: variant.name)
def test_every_command_reads_the_export(
    variant: Variant,
    client: TestClient,
    clock: Clock,
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    code = code_of(variant)
    from_code = play(client, new_game(client, code=code), ACTIONS, clock)
    path = tmp_path / "export.txt"
    path.write_text(client.get(f"/api/games/{from_code['id']}/export").text)
    expected = Game.from_code(code)
    for action in ACTIONS:
        expected.act(action)
    read_by_every_consumer(path, expected, capsys, monkeypatch)

    start = Game.from_code(code).position_text()
    created = new_game(client, position=start, confirm=["abandon"])
    from_position = play(client, created, ACTIONS, clock)
    text = client.get(f"/api/games/{from_position['id']}/export").text
    assert "# start position:\n" in text
    path.write_text(text)
    expected = Game.from_position(start)
    for action in ACTIONS:
        expected.act(action)
    read_by_every_consumer(path, expected, capsys, monkeypatch)
