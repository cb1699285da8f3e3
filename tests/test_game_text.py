"""What one command prints, the others read: every producer of a game text (``spider
deal``, ``spider solve``'s output; the table's export: ``tests/server/test_export_read.py``)
read by every consumer (``spider solve``, ``spider replay``, ``spider terminal``), for every
variant of the registry; and the reader's refusals (``game_text.py``)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from game_texts import SEED_CODE, code_of, read_by_every_consumer
from spider_solitaire import Game
from spider_solitaire.cli import main
from spider_solitaire.errors import InvalidCodeError, InvalidMoveError
from spider_solitaire.game_text import GameTextError, read_game_text
from spider_solitaire.moves import Move
from spider_solitaire.variants import VARIANTS, Variant


@pytest.mark.parametrize("variant", VARIANTS, ids=lambda variant: variant.name)
def test_what_spider_deal_prints_every_command_reads(
    variant: Variant,
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # a random deal: the code on the first line, then the position
    assert main(["deal", "--variant", variant.name, "--suits", "1"]) == 0
    printed = capsys.readouterr().out
    code = printed.splitlines()[0]
    assert code.startswith("SP2-") and Game.from_code(code).variant == variant
    path = tmp_path / "deal.txt"
    path.write_text(printed)
    read_by_every_consumer(path, Game.from_code(code), capsys, monkeypatch)
    # a code's deal prints the same, its code line too (so `spider play FILE` takes it)
    assert main(["deal", code]) == 0
    assert capsys.readouterr().out == printed
    # the position alone, which names its variant (a game with no code)
    path.write_text(printed.partition("\n")[2])
    read_by_every_consumer(
        path, Game.from_position(printed.partition("\n")[2]), capsys, monkeypatch
    )


@pytest.mark.parametrize("variant", VARIANTS, ids=lambda variant: variant.name)
def test_what_spider_solve_prints_every_command_reads(
    variant: Variant,
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    code = code_of(variant)
    assert main(["solve", code, "--time-limit", "60"]) == 0
    printed = capsys.readouterr().out
    assert printed.splitlines()[0] == "# status: won"
    solution = read_game_text(printed)
    assert solution.code == code and solution.position is None
    won = Game.from_code(code)
    for action in solution.actions:
        won.act(action)
    assert won.is_won
    path = tmp_path / "solution.txt"
    path.write_text(printed)
    read_by_every_consumer(path, won, capsys, monkeypatch)
    # solving a position prints the start position in comments: read back as that game
    start = tmp_path / "start.txt"
    start.write_text(Game.from_code(code).position_text())
    assert main(["solve", str(start), "--time-limit", "60"]) == 0
    printed = capsys.readouterr().out
    assert "# start position:\n" in printed
    read = read_game_text(printed)
    assert read.code is None and read.position == Game.from_code(code).position_text()
    from_position = Game.from_position(read.position)
    for action in read.actions:
        from_position.act(action)
    assert from_position.is_won
    path.write_text(printed)
    read_by_every_consumer(path, from_position, capsys, monkeypatch)


def test_solve_prints_the_actions_already_played_before_its_own(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "record.txt"
    path.write_text(f"# a game in progress\n{SEED_CODE}\n6>1 d u\n")
    assert main(["solve", str(path), "--time-limit", "60"]) == 0
    record = read_game_text(capsys.readouterr().out)
    assert record.code == SEED_CODE
    assert [str(action) for action in record.actions[:3]] == ["6>1", "d", "undo"]
    game = Game.from_code(SEED_CODE)
    for action in record.actions:
        game.act(action)
    assert game.is_won


def test_solve_refuses_a_file_of_another_variant_naming_both(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    first, other = VARIANTS[0], VARIANTS[-1]
    path = tmp_path / "start.txt"
    path.write_text(Game.from_code(code_of(other)).position_text())
    assert main(["solve", "--variant", first.name, str(path)]) == 2
    captured = capsys.readouterr()
    assert captured.out == ""
    assert captured.err == (
        f"spider solve: its start position is a game of {other.name}, not of {first.name} "
        "(the variant asked for): a position is played as the game it names\n"
    )
    # the same for spider deal's output (a code line and its position)
    path.write_text(code_of(other) + "\n" + Game.from_code(code_of(other)).position_text())
    assert main(["solve", "--variant", first.name, str(path)]) == 2
    assert f"is a game of {other.name}, not of {first.name}" in capsys.readouterr().err
    # while a code is dealt as another game on purpose
    assert main(["solve", "--variant", first.name, code_of(other), "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["code"] == code_of(first)


def test_replay_names_the_number_of_a_refused_action_and_quotes_it_whole(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    narrow = min(VARIANTS, key=lambda variant: variant.columns)
    past = narrow.columns + 1
    assert past <= 10  # the notation reads it: the game refuses it
    path = tmp_path / "record.txt"
    for action in (f"t{past}", f"{past}>1", f"1:1>{past}"):
        path.write_text(f"{code_of(narrow)}\nd {action}\n")
        assert main(["replay", str(path)]) == 2
        captured = capsys.readouterr()
        assert captured.out == ""
        assert captured.err == (
            f"spider replay: {path}: action 2 '{action}' refused: '{action}': there is no "
            f"column {past}; the columns are numbered 1 to {narrow.columns}.\n"
        )


def test_a_take_off_past_the_columns_is_quoted_whole_by_the_game() -> None:
    narrow = min(VARIANTS, key=lambda variant: variant.columns)
    game = Game.from_code(code_of(narrow))
    with pytest.raises(InvalidMoveError) as raised:
        game.act(Move.take_off(narrow.columns + 1))
    assert (raised.value.reason, raised.value.action) == ("column_range", f"t{narrow.columns + 1}")


def test_the_reader_tells_the_formats_apart() -> None:
    deal = Game.from_code(SEED_CODE).position_text()
    assert read_game_text(SEED_CODE + "\n") == read_game_text(f"  {SEED_CODE.lower()}  ")
    code_and_position = read_game_text(f"{SEED_CODE}\n{deal}")
    assert (code_and_position.code, code_and_position.actions) == (SEED_CODE, ())
    assert read_game_text(deal).position == deal and read_game_text(deal).code is None
    actions = read_game_text("# from elsewhere\n3:4>7 d\nt3\n")
    assert (actions.code, actions.position) == (None, None)
    assert actions.actions == (Move(3, 7, 4), Move.deal(), Move.take_off(3))
    with pytest.raises(GameTextError, match="gives actions only"):
        actions.start()


def test_a_code_line_before_a_position_that_is_not_its_deal_is_refused() -> None:
    moved = Game.from_code(SEED_CODE)
    moved.act("d")
    with pytest.raises(GameTextError, match=f"is not the deal of {SEED_CODE}"):
        read_game_text(f"{SEED_CODE}\n{moved.position_text()}")


def test_a_bad_code_line_and_a_bad_position_line_are_named() -> None:
    with pytest.raises(InvalidCodeError, match="seed"):
        read_game_text("SP1-S1C-AAAAAA!\n6>1\n")
    deal = Game.from_code(SEED_CODE).position_text().replace("rules: S1C", "rules: S3C")
    with pytest.raises(ValueError, match=r"^line 2: "):  # counted in the text as given
        read_game_text(f"{SEED_CODE}\n{deal}")
