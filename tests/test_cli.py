"""The ``spider`` command line: deal, replay and the terminal game."""

from __future__ import annotations

import io
from pathlib import Path

import pytest

from boards import RUN_S, board
from spider_solitaire import Game
from spider_solitaire.cli import main
from spider_solitaire.codes import GameCode
from spider_solitaire.messages import reason_text
from spider_solitaire.moves import format_game_record
from spider_solitaire.terminal import draw_board, play_in_terminal, terminal_language
from spider_solitaire.variants import VARIANT_NAMES


def test_deal_prints_the_position_of_the_code(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["deal", "sp1-s2c-aaaaaad"]) == 0
    out = capsys.readouterr().out
    assert out == "SP1-S2C-AAAAAAD\n" + Game.from_code("SP1-S2C-AAAAAAD").position_text()
    assert out.splitlines()[1] == "rules: S2C"


def test_deal_without_code_prints_a_code_that_reproduces_it(
    capsys: pytest.CaptureFixture[str],
) -> None:
    assert main(["deal", "--suits", "1"]) == 0
    code, _, position = capsys.readouterr().out.partition("\n")
    assert code.startswith("SP2-S1C-")
    assert position == Game.from_code(code).position_text()


def test_deal_and_the_table_start_with_the_same_suits_as_help_says(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """Issue 31, item 16: one default, 1 suit as the table's first game, stated in --help."""
    assert main(["deal"]) == 0
    code = capsys.readouterr().out.splitlines()[0]
    assert GameCode.parse(code).suits == 1
    table_settings = Path(__file__).parents[1] / "src/spider_solitaire/web/js/settings.js"
    assert "  suits: 1," in table_settings.read_text(encoding="utf-8")
    with pytest.raises(SystemExit):
        main(["deal", "--help"])
    assert "(default 1, as the browser table's first game)" in " ".join(
        capsys.readouterr().out.split()
    )


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
    assert out.startswith(game.position_text())
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


def test_replay_reads_undo_redo_and_restart(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    record = tmp_path / "game.txt"
    record.write_text("# a full game record\nSP1-S2C-AAAAAAD\n6>1 d u U r restart 8>7\nundo redo\n")
    assert main(["replay", str(record)]) == 0
    game = Game.from_code("SP1-S2C-AAAAAAD")
    for action in ("6:1>1", "d", "undo", "undo", "redo", "restart", "8:1>7", "undo", "redo"):
        game.act(action)
    out = capsys.readouterr().out
    assert out == game.position_text() + "score 499, moves 1\n"
    record.write_text("SP1-S2C-AAAAAAD\nu\n")
    assert main(["replay", str(record)]) == 1
    assert capsys.readouterr().err.startswith("action 1 (undo) refused: nothing_to_undo:")
    record.write_text("SP1-S2C-AAAAAAD\n6>1 undone\n")
    assert main(["replay", str(record)]) == 2
    assert "action 2: 'undone' is not an action" in capsys.readouterr().err


def test_replay_of_a_missing_file_is_status_2(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["replay", "/nonexistent/record.txt"]) == 2
    err = capsys.readouterr().err
    assert err == "spider replay: '/nonexistent/record.txt': no such file (and not a game code)\n"


def _export(code: str, variant: str, actions: list[str], start: str | None = None) -> str:
    """A record as the table's export writes it: its comments, the variant's among them."""
    comments = ["started: 2026-12-01T10:00:00Z", f"variant: {variant}", "rules: S1C"]
    return format_game_record(code, actions, comments, start=start)


def test_replay_of_an_export_whose_variant_comment_matches_its_code(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    record = tmp_path / "game.txt"
    record.write_text(_export("SP1-1949-S1C-AAAAAAD", "spider-1949", ["d"]))
    assert main(["replay", str(record)]) == 0
    out = capsys.readouterr().out
    assert out.splitlines()[0] == "variant: spider-1949"
    assert out.splitlines()[-1] == "score 499, moves 1"


def test_replay_refuses_an_export_whose_variant_comment_disagrees_with_its_code(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    record = tmp_path / "game.txt"
    record.write_text(_export("SP1-S1C-AAAAAAD", "spider-1949", ["d"]))
    assert main(["replay", str(record)]) == 2
    captured = capsys.readouterr()
    assert captured.out == ""
    assert captured.err == (
        f"spider replay: {record}: the record's comment '# variant: spider-1949' disagrees "
        "with its code SP1-S1C-AAAAAAD, a game of spider; correct the one that is wrong\n"
    )
    # --variant does not settle it: the record still says two things
    assert main(["replay", str(record), "--variant", "spider-1949"]) == 2
    assert "a game of spider;" in capsys.readouterr().err
    # while a record that agrees with itself may be dealt as another game on purpose
    record.write_text(_export("SP1-S1C-AAAAAAD", "spider", ["d"]))
    assert main(["replay", str(record), "--variant", "relaxed"]) == 0
    assert capsys.readouterr().out.splitlines()[0] == "variant: relaxed"


def test_replay_refuses_a_variant_comment_that_names_no_game_or_another_start(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    record = tmp_path / "game.txt"
    record.write_text(_export("SP1-ETTE-S1C-AAAAAAD", "spyderette", ["d"]))
    assert main(["replay", str(record)]) == 2
    err = capsys.readouterr().err
    assert err.startswith(
        f"spider replay: {record}: the record's comment '# variant: spyderette' names no "
        f"game of the family ({', '.join(VARIANT_NAMES)}); its code SP1-ETTE-S1C-AAAAAAD "
        "is a game of spiderette"
    )
    # a game from a position: its start position (in the comments) names the variant
    start = Game.from_code("SP1-1949-S1C-AAAAAAD").position_text()
    record.write_text(_export("", "relaxed", ["d"], start=start))
    assert main(["replay", str(record)]) == 2
    assert capsys.readouterr().err == (
        f"spider replay: {record}: the record's comment '# variant: relaxed' disagrees "
        "with its start position, a game of spider-1949; correct the one that is wrong\n"
    )
    record.write_text(_export("", "spider-1949", ["d"], start=start))
    assert main(["replay", str(record)]) == 0
    assert capsys.readouterr().out.splitlines()[-1] == "score 499, moves 1"


def test_terminal_game_plays_refuses_undoes_and_quits() -> None:
    game = Game.from_code("SP1-S2C-AAAAAAD")
    commands = iter(["1>2", "6>1", "u", "r", "bogus", "3 > 7", "q"])
    out = io.StringIO()
    assert play_in_terminal(game, read=lambda _prompt: next(commands), out=out, language="en") == 0
    text = out.getvalue()
    assert "Refused: A card goes only onto a card exactly one rank higher" in text
    assert "Undid 6:1>1." in text
    assert "Redid 6:1>1." in text
    assert "Try again: 'bogus' is not an action: write 3:4>7 (four cards" in text
    assert "restart. Type a move like 3>7" in text
    assert "'3 > 7' has white space inside: write an action without spaces" in text
    assert game.move_count == 1 and game.score == 499


def test_terminal_game_in_spanish() -> None:
    game = Game.from_code("SP1-S2C-AAAAAAD")
    commands = iter(["1>2", "6>1", "u", "r", "r", "?", "q"])
    out = io.StringIO()
    play_in_terminal(game, read=lambda _prompt: next(commands), out=out, language="es")
    lines = out.getvalue().splitlines()
    assert lines[0].startswith("Escribe un movimiento como 3>7")
    assert lines[1] == "SP1-S2C-AAAAAAD  puntos 500  movimientos 0  mazo 5 filas  retiradas ninguna"
    assert "No se puede: " + reason_text("not_one_higher", "es") in lines
    assert "Deshecho: 6:1>1." in lines and "Rehecho: 6:1>1." in lines
    assert "No se puede: No hay ninguna acción deshecha que rehacer." in lines
    assert reason_text("nothing_to_redo", "es") == "No hay ninguna acción deshecha que rehacer."
    assert lines.count(lines[0]) == 2  # the help, again for "?"


KEPT_RUN = board(
    {1: "| 9S", 2: "| 8S", 3: f"| {RUN_S} AS"} | {n: "| KS" for n in range(4, 11)},
    rules="S1C",
    variant="spider-1949",
)
"""A spider-1949 table whose column 3 ends in a complete run, kept until taken off."""


@pytest.mark.parametrize(
    ("language", "take_off"),
    [
        ("en", "t3 to take off the complete run at the end of column 3 (in spider-1949)"),
        ("es", "t3 para retirar la escalera completa del final de la columna 3 (en spider-1949)"),
    ],
)
def test_terminal_help_names_the_1949_take_off_and_t3_takes_the_run_off(
    language: str, take_off: str
) -> None:
    game = Game.from_position(KEPT_RUN, strict=False)
    commands = iter(["?", "t3", "q"])
    out = io.StringIO()
    play_in_terminal(game, read=lambda _prompt: next(commands), out=out, language=language)
    lines = out.getvalue().splitlines()
    assert take_off in lines[0]
    assert lines.count(lines[0]) == 2  # at the start and for "?"
    assert "1 to 10" not in lines[0] and "del 1 al 10" not in lines[0]  # seven columns too
    assert (game.score, game.move_count, game.position.removed) == (600, 0, ("S",))
    assert game.position.columns[2] == ()


@pytest.mark.parametrize(
    ("environ", "language"),
    [
        ({"LANG": "es_ES.UTF-8"}, "es"),
        ({"LANG": "es"}, "es"),
        ({"LANG": "es_ES@euro"}, "es"),
        ({"LC_MESSAGES": "es_AR.UTF-8", "LANG": "en_US.UTF-8"}, "es"),
        ({"LC_ALL": "C.UTF-8", "LC_MESSAGES": "es_AR.UTF-8"}, "en"),
        ({"LC_ALL": "", "LANG": "es_CL"}, "es"),
        ({"LANG": "fr_FR.UTF-8"}, "en"),
        ({}, "en"),
    ],
)
def test_terminal_language_comes_from_the_locale(environ: dict[str, str], language: str) -> None:
    assert terminal_language(environ) == language


def test_terminal_command_takes_a_language(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("LANG", "en_US.UTF-8")
    monkeypatch.delenv("LC_ALL", raising=False)
    monkeypatch.delenv("LC_MESSAGES", raising=False)
    monkeypatch.setattr("sys.stdin", io.StringIO("q\nq\n"))
    out = io.StringIO()
    monkeypatch.setattr("sys.stdout", out)
    assert main(["terminal", "SP1-S1C-AAAAAAD", "--language", "es"]) == 0
    assert out.getvalue().splitlines()[1].startswith("SP1-S1C-AAAAAAD  puntos 500")
    out.truncate(0)
    out.seek(0)
    assert main(["terminal", "SP1-S1C-AAAAAAD"]) == 0
    assert out.getvalue().splitlines()[1].startswith("SP1-S1C-AAAAAAD  score 500")


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


def test_board_of_a_won_game_says_so_with_the_plural_form() -> None:
    game = Game.from_position(SMALL_WIN)
    for move in ("2:3>1", "3:2>1", "4:1>1"):
        game.play(move)
    lines = draw_board(game, language="en").splitlines()
    assert lines[0] == "position  score 597  moves 3  stock 0 rows  removed S S S S S S S S"
    assert lines[-1] == "You won with 597 points in 3 moves."
    one_move = Game.from_position(
        "rules: S1C\nremoved: S S S S S S S\n1: | KS QS JS TS 9S 8S 7S 6S 5S 4S 3S 2S\n"
        "2: | AS\n" + "".join(f"{n}: |\n" for n in range(3, 11))
    )
    one_move.play("2>1")
    assert draw_board(one_move, language="en").splitlines()[-1] == (
        "You won with 599 points in 1 move."
    )
    assert draw_board(one_move, language="es").splitlines()[-1] == (
        "Has ganado con 599 puntos en 1 movimiento."
    )


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
    assert lines[4] == "# start position:"  # then the position as comments
    assert lines[5:-1] == [
        f"# {line}" for line in Game.from_position(SMALL_WIN).position_text().splitlines()
    ]
    moves = lines[-1].split()
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
    position.write_text(Game.from_code("SP1-S2C-AAAAAAD").position_text())
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


def test_solve_a_device_says_it_is_not_a_file(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["solve", "/dev/null"]) == 2
    err = capsys.readouterr().err
    assert err == "spider solve: '/dev/null' is not a regular file, nor a game code\n"


# --- the Spider family (issue 20) --------------------------------------------------


def test_variants_lists_the_registry_one_game_a_line(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["variants"]) == 0
    lines = capsys.readouterr().out.splitlines()
    games = [line.split()[0] for line in lines if not line.startswith(" ")]
    assert games == list(VARIANT_NAMES)  # the registry's order
    spiderette = next(line for line in lines if line.startswith("spiderette"))
    assert "7 columns (1 2 3 4 5 6 7" in spiderette and "then 3 onto columns 1-3" in spiderette
    assert main(["variants", "--language", "es"]) == 0
    assert "Spider, reglas de 1949" in capsys.readouterr().out


def test_deal_a_random_game_of_a_variant(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["deal", "--variant", "spiderette", "--suits", "2", "--rule", "flexible"]) == 0
    code, _, position = capsys.readouterr().out.partition("\n")
    assert code.startswith("SP2-ETTE-S2F-")
    assert position.splitlines()[0] == "variant: spiderette"
    assert position == Game.from_code(code).position_text()


def test_deal_a_codes_seed_as_another_variant(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["deal", "SP1-S2C-AAAAAAD", "--variant", "bicycle"]) == 0
    out = capsys.readouterr().out
    # the game dealt is named first: it is not the code given
    assert out == "SP1-BIKE-S2C-AAAAAAD\n" + Game.from_code("SP1-BIKE-S2C-AAAAAAD").position_text()
    assert main(["deal", "SP1-BIKE-S2C-AAAAAAD"]) == 0
    assert capsys.readouterr().out == out  # its code line too, as every deal prints
    assert main(["deal", "SP1-BIKE-S2C-AAAAAAD", "--variant", "bicycle"]) == 0
    assert capsys.readouterr().out == out


def test_replay_a_1949_record_with_a_take_off(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    from spider_solitaire.solver import solve

    game = Game.from_code("SP1-1949-S1C-AAAAAAB")
    solution = solve(game, time_limit=60).solution
    assert any(move.is_take_off for move in solution)
    record = tmp_path / "game.txt"
    record.write_text("SP1-1949-S1C-AAAAAAB\n" + " ".join(map(str, solution)) + "\n")
    assert main(["replay", str(record)]) == 0
    last = capsys.readouterr().out.splitlines()[-1]
    assert last.endswith(", won") and last.startswith("score ")
    # the same record as spider: a take-off is refused there
    assert main(["replay", str(record), "--variant", "spider"]) == 1
    first = next(n for n, move in enumerate(solution, 1) if move.is_take_off)
    err = capsys.readouterr().err
    assert err.startswith(
        f"action {first} ({solution[first - 1]}) refused: runs_leave_by_themselves"
    )
