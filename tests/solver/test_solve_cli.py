"""``spider solve``: the command's output, JSON, exit statuses and progress line."""

from __future__ import annotations

import argparse
import io
import json
from pathlib import Path

import pytest

from spider_solitaire import Game
from spider_solitaire.errors import InvalidCodeError
from spider_solitaire.solver import SolveProgress
from spider_solitaire.solver.cli import _Progress, add_solve_command

WINNABLE = """rules: S1C
1: | KS QS JS TS 9S 8S 7S 6S
2: AS | 5S
3: | 4S 3S 2S
4: |
5: |
6: |
7: |
8: |
9: |
10: |
"""

UNWINNABLE = WINNABLE.replace("3: | 4S 3S 2S", "3: | 4S 3S")


def run(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(prog="spider")
    subparsers = parser.add_subparsers(dest="command", required=True)
    add_solve_command(subparsers)
    args = parser.parse_args(["solve", *argv])
    status: int = args.handler(args)
    return status


def test_solves_a_position_file(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "puzzle.txt"
    path.write_text(WINNABLE, encoding="utf-8")
    assert run([str(path)]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[0] == "# status: won"
    assert lines[1] == "# length: 3 actions"
    assert lines[2].startswith("# time: ")
    assert lines[3] == f"# solution from the position in {path}"
    assert lines[4] == "# start position:"  # then the position as comments
    start = Game.from_position(WINNABLE, strict=False).position_text().splitlines()
    assert lines[5:-1] == [f"# {line}" for line in start]
    assert lines[-1] == "2:1>1 2:1>3 3:4>1"
    replay = Game.from_position(WINNABLE, strict=False)
    for action in lines[-1].split():
        replay.play(action)
    assert replay.is_won


def test_json_output(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "puzzle.txt"
    path.write_text(WINNABLE, encoding="utf-8")
    assert run([str(path), "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["status"] == "won"
    assert data["length"] == 3
    assert data["solution"] == ["2:1>1", "2:1>3", "3:4>1"]
    assert data["code"] is None
    assert data["position_file"] == str(path)
    assert data["record"].endswith("2:1>1 2:1>3 3:4>1\n")


def test_lost_position(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "lost.txt"
    path.write_text(UNWINNABLE, encoding="utf-8")
    assert run([str(path)]) == 1
    out = capsys.readouterr().out
    assert out.startswith("# status: lost (proved: no sequence of actions wins")
    assert "# length: 0 actions" in out


def test_a_code_with_no_time_is_unknown(capsys: pytest.CaptureFixture[str]) -> None:
    assert run(["SP1-S4C-AAAAAAD", "--time-limit", "0"]) == 3
    out = capsys.readouterr().out
    assert out.startswith("# status: unknown (no answer within the 0 s limit)")


def test_a_code_record_starts_with_the_code(capsys: pytest.CaptureFixture[str]) -> None:
    assert run(["sp1-s1c-aaaaaad", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["code"] == "SP1-S1C-AAAAAAD"
    record = data["record"].splitlines()
    assert record[0] == "SP1-S1C-AAAAAAD"
    game = Game.from_code(record[0])
    for action in " ".join(record[1:]).split():
        game.play(action)
    assert game.is_won


def test_bad_input() -> None:
    with pytest.raises(InvalidCodeError):
        run(["SP1-S3C-AAAAAAD"])
    with pytest.raises(SystemExit):
        run(["SP1-S1C-AAAAAAD", "--time-limit", "-1"])


def test_progress_line() -> None:
    stream = io.StringIO()
    progress = _Progress(stream)
    progress(SolveProgress(1.0, 10, "beam", 60, 5))
    assert stream.getvalue() == ""  # nothing in the first seconds
    progress(SolveProgress(6.0, 123_456, "beam", 180, 42))
    assert stream.getvalue() == ("solving: 6.0 s, 123,456 positions, beam width 180, depth 42\n")
    progress(SolveProgress(7.0, 200_000, "beam", 180, 50))
    assert stream.getvalue().count("\n") == 1  # at most one line every 5 s
    progress.close()
