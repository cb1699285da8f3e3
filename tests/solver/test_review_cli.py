"""``spider review FILE``: the review as text and JSON, in English and Spanish, unknowns
with a tiny node limit, and bad files (status 2, one clear line in the language asked, or
one JSON object with --json)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from boards import TRAP, TRAP_LINE
from spider_solitaire import Game
from spider_solitaire.cli import main
from spider_solitaire.moves import format_game_record, parse_action


@pytest.fixture
def trap_record(tmp_path: Path) -> Path:
    """The table's export of a game from :data:`TRAP`: its line, then two undos."""
    start = Game.from_position(TRAP, strict=False).start.to_text()
    actions = [parse_action(text) for text in [*TRAP_LINE, "u", "u"]]
    path = tmp_path / "trap.txt"
    path.write_text(format_game_record("", actions, [], start=start), encoding="utf-8")
    return path


def test_text_names_the_move_that_lost_the_hint_and_the_moments(
    trap_record: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["review", str(trap_record)]) == 0
    out = capsys.readouterr().out.splitlines()
    assert out[:4] == [
        "Review of the game: 7 actions along its line.",
        "Along the game (+ winnable, - lost, ? unknown):",
        "++++----",
        "The deal could still be won before action 4 (5:1>1): that action lost it.",
    ]
    assert out[4].startswith("From there the solver would have played: 2:1>1 ")
    assert out[5] == "The hint there was 9:1>1."
    assert "Your action was not the hint's." in out
    assert out[out.index("The moves that mattered:") + 1 :][:3] == [
        "  Action 2 (d): a deal.",
        "  Action 3 (1:2>3): a column emptied.",
        "  Action 4 (5:1>1): the move that lost, not the hint's move.",
    ]
    assert "2 undone actions left the line after action 7: 4:2>3 3:2>4" in out
    assert out[-1].startswith("# 5 positions solved, at most 1,000,000 positions")


def test_json_in_spanish(trap_record: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["review", str(trap_record), "--json", "--language", "es"]) == 0
    data: dict[str, Any] = json.loads(capsys.readouterr().out)
    assert data["statuses"] == ["winnable"] * 4 + ["lost"] * 4
    lost = data["move_that_lost"]
    assert (lost["number"], lost["action"], lost["followed_hint"]) == (4, "5:1>1", False)
    assert lost["hint"]["move"] == "9:1>1"
    assert lost["hint"]["reasons"] == ["empties_column", "builds_in_suit"]
    assert lost["position"].splitlines()[2] == "moves: 3"
    replay = Game.from_position(lost["position"], strict=False)
    for action in lost["solver_line"]:
        replay.play(action)
    assert replay.is_won
    assert data["undone"] == [{"after": 7, "actions": ["4:2>3", "3:2>4"]}]
    assert data["messages"][3] == (
        "La partida aún se podía ganar antes de la acción 4 (5:1>1): esa acción la perdió."
    )


def test_a_tiny_node_limit_gives_unknowns(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    record = tmp_path / "deal.txt"
    record.write_text("SP1-S4C-AAAAAAB\nd d\n", encoding="utf-8")
    assert main(["review", str(record), "--node-limit", "50"]) == 0
    out = capsys.readouterr().out.splitlines()
    assert out[2:4] == [
        "???",
        "The solver could not settle which action lost the game within its limit of 50 "
        "positions a solve.",
    ]
    assert main(["review", str(record), "--node-limit", "50", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert (data["statuses"], data["move_that_lost"], data["node_limit"]) == (
        ["unknown"] * 3,
        None,
        50,
    )


def test_no_budget_left_leaves_the_line_unknown(
    trap_record: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["review", str(trap_record), "--budget", "0", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["statuses"] == ["unknown"] * 7 + ["lost"]  # only the last position solved
    assert (data["move_that_lost"], data["probes"]) == (None, 1)
    assert data["messages"][3].startswith("The solver could not settle which action lost")


@pytest.mark.parametrize(
    ("content", "expected"),
    [
        ("SP1-S1C-AAAAAAD\n6:1>1 9:1>2\n", "spider review: action 2 '9:1>2' refused: "),
        ("SP1-S7C-AAAAAAD\n", "spider review: "),
        (TRAP.replace("1: | 6S 3S", "1: ?? | 3S"), "spider review: the position hides cards"),
        ("# start position:\n# rules: S1C\n", "spider review: "),
    ],
    ids=["refused-action", "bad-code", "hidden-cards", "broken-export"],
)
def test_bad_files_are_status_2_with_one_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], content: str, expected: str
) -> None:
    path = tmp_path / "bad.txt"
    path.write_text(content, encoding="utf-8")
    assert main(["review", str(path)]) == 2
    captured = capsys.readouterr()
    assert captured.out == "" and captured.err.startswith(expected)
    assert len(captured.err.splitlines()) == 1


def test_a_missing_file_and_a_bad_node_limit(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    missing = tmp_path / "none.txt"
    assert main(["review", str(missing)]) == 2
    assert "no such file" in capsys.readouterr().err
    with pytest.raises(SystemExit) as caught:
        main(["review", str(missing), "--node-limit", "0"])
    assert caught.value.code == 2
    assert "the node limit must be 1 or more" in capsys.readouterr().err


HIDDEN = TRAP.replace("1: | 6S 3S", "1: ?? | 3S")
"""A player's view of :data:`TRAP` (a face-down card): the solver cannot review it."""


@pytest.mark.parametrize(
    ("content", "code", "message"),
    [
        (
            "SP1-S1C-AAAAAAD\n6:1>1 9:1>2\n",
            "refused_action",
            "action 2 '9:1>2' refused: A card goes only onto a card exactly one rank higher, "
            "or into an empty column.",
        ),
        (
            HIDDEN,
            "hidden_cards",
            "the position hides cards (??): the solver needs every face-down card and the "
            "stock (a hint works from a player's view instead)",
        ),
    ],
    ids=["refused-action", "hidden-cards"],
)
def test_json_says_bad_input_as_one_object_with_status_2(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], content: str, code: str, message: str
) -> None:
    path = tmp_path / "bad.txt"
    path.write_text(content, encoding="utf-8")
    assert main(["review", str(path), "--json"]) == 2
    captured = capsys.readouterr()
    assert captured.err == ""
    assert json.loads(captured.out) == {"error": code, "message": message}


def test_bad_input_is_said_in_the_language_asked(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "bad.txt"
    path.write_text("SP1-S1C-AAAAAAD\n6:1>1 9:1>2\n", encoding="utf-8")
    assert main(["review", str(path), "--language", "es"]) == 2
    captured = capsys.readouterr()
    assert captured.out == ""
    assert captured.err == (
        "spider review: acción 2 ('9:1>2') rechazada: Una carta solo va sobre otra "
        "exactamente un valor más alta, o en una columna vacía.\n"
    )
    path.write_text(HIDDEN, encoding="utf-8")
    assert main(["review", str(path), "--json", "--language", "es"]) == 2
    assert json.loads(capsys.readouterr().out) == {
        "error": "hidden_cards",
        "message": "la posición oculta cartas (??): el resolvedor necesita todas las cartas "
        "boca abajo y el mazo (una pista, en cambio, trabaja con lo que ve el jugador)",
    }
    missing = str(tmp_path / "none.txt")
    assert main(["review", missing, "--language", "es"]) == 2
    assert capsys.readouterr().err == (
        f"spider review: {missing!r}: no existe ese archivo (y no es un código de partida)\n"
    )


def test_spanish_groups_thousands_with_a_no_break_space(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    record = tmp_path / "deal.txt"
    record.write_text("SP1-S4C-AAAAAAB\nd d\n", encoding="utf-8")
    options = ["--node-limit", "50000", "--budget", "0", "--json"]
    assert main(["review", str(record), *options, "--language", "es"]) == 0
    messages = json.loads(capsys.readouterr().out)["messages"]
    assert messages[3] == (
        "El resolvedor no pudo establecer qué acción perdió la partida dentro de su límite "
        "de 50\u00a0000 posiciones por búsqueda."
    )
    assert messages[-1].startswith("# 1 posición resuelta, con 50\u00a0000 posiciones buscadas")
    assert main(["review", str(record), *options]) == 0
    messages = json.loads(capsys.readouterr().out)["messages"]
    assert messages[3].endswith("within its limit of 50,000 positions a solve.")
