"""``spider hint``: the hint's move, line, reasons, estimated chance and nodes, as text and
JSON, from a code, a position file, a game record and ``spider deal``'s output."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from spider_solitaire import Game
from spider_solitaire.cli import main
from spider_solitaire.messages import message
from spider_solitaire.solver import hints

CODE = "SP1-S2C-AAAAAAD"
"""A two-suit deal whose first hints are judged by the search (5 ranked, chances about
58%)."""

RUN_BOARD = """rules: S1C
1: | KS QS JS TS 9S 8S 7S 6S 5S 4S 3S 2S
2: 2S | AS
3: | KS QS JS TS 9S 8S 7S 6S 5S 4S 3S
""" + "".join(f"{column}: |\n" for column in range(4, 11))
"""Moving the Ace of spades onto column 1 completes a run (two lines, none judged)."""


def json_of(capsys: pytest.CaptureFixture[str], *argv: str) -> Any:
    assert main(["hint", *argv, "--json"]) == 0
    return json.loads(capsys.readouterr().out)


def test_a_code_prints_the_move_line_reasons_chance_and_nodes(
    capsys: pytest.CaptureFixture[str],
) -> None:
    assert main(["hint", CODE]) == 0
    out = capsys.readouterr().out.splitlines()
    assert out[:7] == [
        "hint 1 of 5: 7:1>10",
        "line: 7:1>10",
        "reasons: turns_up_card, builds_in_suit",
        "  " + message("hints", "turns_up_card", "en"),
        "  " + message("hints", "builds_in_suit", "en"),
        "chance: About 58% from here; the other lines 58% or less. (0.5796)",
        "nodes: 5116",
    ]
    assert out[7].startswith("# budget: 5000 nodes; ")
    assert len(out) == 8  # the best alone without --all


def test_all_prints_every_ranked_hint_as_the_solver_ranks_them(
    capsys: pytest.CaptureFixture[str],
) -> None:
    data = json_of(capsys, CODE, "--all")
    ranked = hints(Game.from_code(CODE))
    shown = data["hints"]
    assert [item["move"] for item in shown] == ["7:1>10", "9:1>4", "10:1>2", "8:1>7", "6:1>1"]
    assert [item["move"] for item in shown] == [str(hint.move) for hint in ranked]
    assert [item["chance"] for item in shown] == [0.5796, 0.5811, 0.5805, 0.5783, 0.5734]
    assert [item["number"] for item in shown] == [1, 2, 3, 4, 5]
    assert shown[4]["chance_text"] == "About 57% from here; the other lines 58% or less."
    assert (data["choices"], data["code"], data["budget"], data["think_longer"]) == (
        5,
        CODE,
        5000,
        False,
    )


def test_think_longer_spends_ten_times_the_budget_in_spanish(
    capsys: pytest.CaptureFixture[str],
) -> None:
    data = json_of(capsys, CODE, "--think-longer", "--language", "es")
    (best,) = data["hints"]
    assert (data["budget"], data["think_longer"]) == (50_000, True)
    assert (best["move"], best["nodes"], best["chance"]) == ("7:1>10", 50227, 0.5805)
    assert best["messages"][0] == message("hints", "turns_up_card", "es")
    assert best["chance_text"] == (
        "Alrededor del 58 % desde aquí; las demás jugadas, un 58 % o menos."
    )
    assert main(["hint", CODE, "--think-longer"]) == 0
    assert (
        capsys.readouterr()
        .out.splitlines()[-1]
        .startswith("# budget: 50000 nodes, thought longer; ")
    )


def test_a_position_file_a_record_and_spider_deals_output(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    position = tmp_path / "run.txt"
    position.write_text(RUN_BOARD)
    data = json_of(capsys, str(position))
    (best,) = data["hints"]
    assert (best["move"], best["reasons"][0], best["chance"], best["chance_text"]) == (
        "2:1>1",
        "completes_run",
        None,
        None,
    )
    assert (data["code"], data["position_file"]) == (None, str(position))
    assert main(["hint", str(position)]) == 0
    assert "chance: none (not judged)" in capsys.readouterr().out

    # a game record (as spider solve prints and the table exports): replayed, so the
    # hint is the one for the position it reaches, with its history
    record = tmp_path / "game.txt"
    record.write_text(f"# exported\n{CODE}\n9:1>4\n")
    played = Game.from_code(CODE)
    played.act("9:1>4")
    expected = hints(played)[0]
    data = json_of(capsys, str(record))
    assert data["hints"][0]["move"] == str(expected.move)
    assert data["hints"][0]["chance"] == expected.chance
    assert data["code"] == CODE

    # spider deal's output: its code line, then the position
    assert main(["deal", "--suits", "1"]) == 0
    dealt_text = capsys.readouterr().out
    dealt = tmp_path / "deal.txt"
    dealt.write_text(dealt_text)
    expected = hints(Game.from_code(dealt_text.splitlines()[0]))[0]
    data = json_of(capsys, str(dealt))
    assert data["hints"][0]["move"] == str(expected.move)
    assert data["hints"][0]["nodes"] == expected.nodes


def test_bad_input_is_status_2(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    assert main(["hint", "SP1-S2C-AAAAAA!"]) == 2
    assert "spider hint:" in capsys.readouterr().err
    record = tmp_path / "bad.txt"
    record.write_text(f"{CODE}\n1>1\n")  # a move the game refuses
    assert main(["hint", str(record)]) == 2
    assert capsys.readouterr().err.startswith("spider hint: ")
    assert main(["hint", "/nonexistent/game.txt"]) == 2
