"""The ``spider`` command line: deal, replay and the terminal game."""

from __future__ import annotations

import io
from pathlib import Path

import pytest

from spider_solitaire import Game
from spider_solitaire.cli import main
from spider_solitaire.terminal import draw_board, play_in_terminal


def test_deal_prints_the_position_of_the_code(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["deal", "sp1-s2c-aaaaaad"]) == 0
    out = capsys.readouterr().out
    assert out == Game.from_code("SP1-S2C-AAAAAAD").to_position()
    assert out.splitlines()[0] == "rules: S2C"


def test_deal_without_code_prints_a_code_that_reproduces_it(
    capsys: pytest.CaptureFixture[str],
) -> None:
    assert main(["deal", "--suits", "1"]) == 0
    code, _, position = capsys.readouterr().out.partition("\n")
    assert code.startswith("SP1-S1C-")
    assert position == Game.from_code(code).to_position()


def test_deal_with_a_bad_code_names_the_part(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["deal", "SP1-S3C-AAAAAAA"]) == 2
    assert "number of suits must be 1, 2 or 4" in capsys.readouterr().err


def test_replay_prints_final_position_score_and_moves(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    record = tmp_path / "game.txt"
    record.write_text("SP1-S2C-AAAAAAD\n6>1 d\n")
    assert main(["replay", str(record)]) == 0
    out = capsys.readouterr().out
    game = Game.from_code("SP1-S2C-AAAAAAD")
    game.play("6:1>1")
    game.deal()
    assert out.startswith(game.to_position())
    assert out.splitlines()[-1] == "score 498, moves 2"


def test_replay_stops_at_an_illegal_action_with_its_number(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    record = tmp_path / "game.txt"
    record.write_text("SP1-S2C-AAAAAAD\n6>1\n1>2\n")
    assert main(["replay", str(record)]) == 1
    captured = capsys.readouterr()
    assert captured.err.startswith("action 2 (1>2) refused: not_one_higher:")
    assert "moves: 1\n" in captured.out


def test_replay_of_a_missing_file_is_status_2(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["replay", "/nonexistent/record.txt"]) == 2
    err = capsys.readouterr().err
    assert err == "spider replay: '/nonexistent/record.txt': no such file or directory\n"


def test_terminal_game_plays_refuses_undoes_and_quits() -> None:
    game = Game.from_code("SP1-S2C-AAAAAAD")
    commands = iter(["1>2", "6>1", "u", "r", "bogus", "q"])
    out = io.StringIO()
    assert play_in_terminal(game, read=lambda _prompt: next(commands), out=out) == 0
    text = out.getvalue()
    assert "refused: A card goes only onto a card exactly one rank higher" in text
    assert "undid 6:1>1" in text
    assert "'bogus' is not an action" in text
    assert game.moves == 1 and game.score == 499


def test_board_hides_face_down_cards() -> None:
    game = Game.from_code("SP1-S2C-AAAAAAD")
    board = draw_board(game)
    lines = board.splitlines()
    assert lines[0] == "SP1-S2C-AAAAAAD  score 500  moves 0  stock 5 rows  removed none"
    assert lines[2] == " ##  ##  ##  ##  ##  ##  ##  ##  ##  ##"
    assert lines[7] == " 2H  6S  QS  9S"
    assert board.count("##") == 44


SMALL_WIN = (
    "rules: S1C\nremoved: S S S S S S S\n"
    "1: | KS QS JS TS 9S 8S 7S\n2: | 6S 5S 4S\n3: | 3S 2S\n4: | AS\n"
    + "".join(f"{n}: |\n" for n in range(5, 11))
)
"""Seven runs removed, the last one three moves from done."""


def test_solve_prints_a_record_that_replays_to_a_win(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    position = tmp_path / "small.txt"
    position.write_text(SMALL_WIN)
    assert main(["solve", str(position), "--time-limit", "10"]) == 0
    out = capsys.readouterr().out
    assert out.startswith("# status: won\n")
    game = Game.from_position(SMALL_WIN)
    lines = out.splitlines()
    assert lines[1] == "# length: 3 actions"
    assert lines[3] == f"# solution from the position in {position}"
    moves = lines[4].split()
    assert moves == ["2:3>1", "3:2>1", "4:1>1"]
    for move in moves:
        game.play(move)
    assert game.is_won
    assert game.score == 500 - len(moves) + 100


def test_the_output_of_solve_is_a_record_that_replay_accepts(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    # A deal: the summary lines are comments, then the code and the actions.
    assert main(["solve", "SP1-S1C-AAAAAAD"]) == 0
    record = tmp_path / "solution.txt"
    record.write_text(capsys.readouterr().out)
    assert main(["replay", str(record)]) == 0
    assert capsys.readouterr().out.splitlines()[-1].endswith(", won")
    # A position file: replayed from the position with --position.
    position = tmp_path / "small.txt"
    position.write_text(SMALL_WIN)
    assert main(["solve", str(position)]) == 0
    record.write_text(capsys.readouterr().out)
    assert main(["replay", "--position", str(position), str(record)]) == 0
    assert capsys.readouterr().out.splitlines()[-1] == "score 597, moves 3, won"


def test_solve_a_bad_code_is_status_2(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["solve", "SP1-S2C-AAAAAA!"]) == 2
    assert "seed may use only A-Z and 2-7" in capsys.readouterr().err


def test_replay_from_a_position_file(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    position = tmp_path / "start.txt"
    position.write_text(Game.from_code("SP1-S2C-AAAAAAD").to_position())
    actions = tmp_path / "actions.txt"
    actions.write_text("# solution from the position in start.txt\n6>1 d\n")
    assert main(["replay", "--position", str(position), str(actions)]) == 0
    assert capsys.readouterr().out.splitlines()[-1] == "score 498, moves 2"


def test_solve_a_missing_file_says_so(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["solve", "/nonexistent/start.txt"]) == 2
    assert "'/nonexistent/start.txt': no such file (and not a game code)" in (
        capsys.readouterr().err
    )


def test_solve_a_directory_says_so(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["solve", str(tmp_path)]) == 2
    assert f"{str(tmp_path)!r} is a directory, not a position file or a game code" in (
        capsys.readouterr().err
    )
