"""The finished sentences the server sends, exactly, in English and Spanish, plural forms
included (1 card / 3 cards, 1 row / 2 rows, 1 action / 3 actions)."""

from __future__ import annotations

import pytest

from spider_solitaire import Game
from spider_solitaire.cards import parse_card
from spider_solitaire.events import (
    CardsMoved,
    CardTurnedDown,
    CardTurnedUp,
    Event,
    GameWon,
    Restarted,
    RowDealt,
    RunRemoved,
)
from spider_solitaire.moves import Auto, parse_action
from spider_solitaire.server.db import GameRecord
from spider_solitaire.server.help.texts import (
    can_win_texts,
    hint_short,
    hint_text,
    searching,
    solution_message,
)
from spider_solitaire.server.schemas.help import LastWinnable, LostAction
from spider_solitaire.server.schemas.state import TableLabels
from spider_solitaire.server.texts import announcement, rewound, wording
from spider_solitaire.server.views import build_state

from .conftest import board


def cards(text: str) -> list[int]:
    return [parse_card(card) for card in text.split()]


@pytest.mark.parametrize(
    ("language", "expected"),
    [
        (
            "en",
            (
                "Column 3, 2 face-down, 10 of spades, 9 of hearts to 7 of hearts",
                "Column 3, 2 face-down, 10 of spades, 9 of hearts to 7 of hearts, "
                "can take the cards",
                "Column 3",
                "Column 3, can take the cards",
            ),
        ),
        (
            "es",
            (
                "Columna 3, 2 boca abajo, 10 de picas, 9 de corazones a 7 de corazones",
                "Columna 3, 2 boca abajo, 10 de picas, 9 de corazones a 7 de corazones, "
                "admite las cartas",
                "Columna 3",
                "Columna 3, admite las cartas",
            ),
        ),
    ],
)
def test_a_column_names_its_largest_group_as_a_range(
    language: str, expected: tuple[str, ...]
) -> None:
    face_up = cards("TS 9H 8H 7H")
    assert tuple(wording(language).column(3, face_up, 2, 3)) == expected


def test_a_column_with_one_movable_card_and_an_empty_one() -> None:
    words = wording("en")
    assert words.column(1, cards("2H AS"), 1, 1).label == (
        "Column 1, 1 face-down, 2 of hearts, ace of spades"
    )
    assert words.column(4, [], 0, 0).label == "Column 4, empty"
    assert wording("es").column(4, [], 0, 0).target_label == "Columna 4, vacía, admite las cartas"


@pytest.mark.parametrize(
    ("language", "group", "targets", "expected"),
    [
        (
            "en",
            "4S",
            [7],
            "Picked up the 4 of spades from column 4. It can go to column 7. "
            "Choose with the arrow keys and press Enter.",
        ),
        (
            "en",
            "5S 4S 3S",
            [7, 9],
            "Picked up 3 cards, 5 of spades to 3 of spades, from column 4. It can go to "
            "column 7 or 9. Choose with the arrow keys and press Enter.",
        ),
        (
            "en",
            "5S 4S 3S",
            [],
            "Picked up 3 cards, 5 of spades to 3 of spades, from column 4. No column is listed "
            "for it. Press Escape to put it back.",
        ),
        (
            "es",
            "4S",
            [2, 7, 9],
            "En la mano: la carta 4 de picas, de la columna 4. Puede ir a la columna 2, 7 o 9. "
            "Elige con las flechas y pulsa Intro.",
        ),
        (
            "es",
            "5S 4S 3S",
            [],
            "En la mano: 3 cartas, 5 de picas a 3 de picas, de la columna 4. Ninguna columna "
            "las admite ahora. Pulsa Escape para devolverlas.",
        ),
    ],
)
def test_picking_up_one_card_or_three(
    language: str, group: str, targets: list[int], expected: str
) -> None:
    assert wording(language).pick_up(4, cards(group), targets) == expected


def labels(language: str, game: Game, *, assisted: bool = False) -> TableLabels:
    """The labels block of ``game``'s state in ``language``."""
    position = game.position
    record = GameRecord("x", "p", game.code, None, position.suits, position.rule, 0, 0, assisted)
    return build_state(record, game, language).labels


def test_the_tables_labels_in_english_and_spanish() -> None:
    text = board({1: "| KS"}, rules="S2F", stock="5S " * 9 + "5S")
    english = labels("en", Game.from_position(text, strict=False))
    assert (english.stock, english.removed, english.variant, english.win) == (
        "Stock, 1 row left. Deal a row (D)",
        "Removed runs: 0 of 8",
        "2 suits · Flexible",
        None,
    )
    spanish = labels("es", Game.from_code("SP1-S4C-AAAAAAD"))
    assert (spanish.stock, spanish.variant, spanish.copy_, spanish.new_game) == (
        "Mazo, quedan 5 filas. Repartir una fila (D)",
        "4 palos · Clásica",
        "Copiar el código de la partida SP1-S4C-AAAAAAD",
        "Partida nueva SP1-S4C-AAAAAAD: Difícil, 4 palos.",
    )
    assert spanish.copied == "Código SP1-S4C-AAAAAAD copiado."


def test_the_win_text_and_the_removed_runs() -> None:
    position = board({1: "| KS QS JS TS 9S 8S 7S 6S 5S 4S 3S 2S", 2: "| AS"})
    game = Game.from_position(position, strict=False)
    game.play("2>1")
    won = labels("en", game, assisted=True)
    assert won.win == (
        "All eight runs are removed. Final score: 599. Hints or the solver helped in this game."
    )
    assert won.removed_slots == ["Run of spades"] + ["Empty slot"] * 7
    spanish = labels("es", game)
    assert spanish.win == "Las ocho escaleras están retiradas. Puntuación final: 599."
    assert spanish.removed == "Escaleras retiradas: 1 de 8"


MOVE_ONE = [CardsMoved(3, 7, ("4S",), (12,)), CardTurnedUp(3, "9H", 2)]
MOVE_THREE = [CardsMoved(4, 7, ("5S", "4S", "3S"), (1, 2, 3))]


@pytest.mark.parametrize(
    ("language", "action", "events", "expected"),
    [
        (
            "en",
            "3>7",
            MOVE_ONE,
            "Moved the 4 of spades from column 3 to column 7. "
            "Turned up the 9 of hearts in column 3.",
        ),
        (
            "en",
            "auto",
            MOVE_THREE,
            "Moved 3 cards, 5 of spades to 3 of spades, from column 4 to column 7.",
        ),
        (
            "es",
            "4:3>7",
            MOVE_THREE,
            "Movidas 3 cartas, 5 de picas a 3 de picas, de la columna 4 a la columna 7.",
        ),
        (
            "es",
            "3>7",
            MOVE_ONE,
            "Movida la carta 4 de picas de la columna 3 a la columna 7. "
            "Carta descubierta en la columna 3: 9 de corazones.",
        ),
        ("en", "d", [RowDealt(("AS",) * 10, tuple(range(10)))], "Dealt a row."),
        (
            "en",
            "redo",
            [
                CardsMoved(2, 1, ("AS",), (13,)),
                RunRemoved(1, "S", tuple(range(13))),
                GameWon(599),
            ],
            "Redone. Moved the ace of spades from column 2 to column 1. "
            "A run of spades is complete and removed. You won! Final score 599.",
        ),
        ("en", "undo", [CardTurnedDown(3, 2)], "Undone."),
        ("es", "undo", [CardTurnedDown(3, 2)], "Deshecho."),
        ("en", "restart", [Restarted()], "Restarted the same deal."),
        ("es", "restart", [Restarted()], "Reiniciada la misma partida."),
    ],
)
def test_what_an_action_did(language: str, action: str, events: list[Event], expected: str) -> None:
    value = Auto(4, 3) if action == "auto" else parse_action(action)  # read at the edge
    assert announcement(value, events, language) == expected


@pytest.mark.parametrize(
    ("steps", "language", "expected"),
    [
        (1, "en", "Undid 1 action."),
        (3, "en", "Undid 3 actions."),
        (1, "es", "Deshecha 1 acción."),
        (3, "es", "Deshechas 3 acciones."),
    ],
)
def test_a_rewind_says_how_many_actions(steps: int, language: str, expected: str) -> None:
    assert rewound(steps, language) == expected


def test_hint_heads() -> None:
    assert hint_text("en", "move", group=["4S"], source=3, target=7) == (
        "Hint: move the 4 of spades from column 3 to column 7."
    )
    assert hint_text("en", "move", group=["5S", "4S", "3S"], source=3, target=7) == (
        "Hint: move 3 cards, 5 of spades to 3 of spades, from column 3 to column 7."
    )
    assert hint_text("es", "deal") == "Pista: reparte una fila del mazo."
    assert hint_text("en", "stuck") == "Hint: no useful move is left."
    assert hint_text("en", "stuck", can_undo=False) == (
        "Hint: no useful move is left, and there is nothing to undo: restart or start a new game."
    )


def test_hint_short_sentences() -> None:
    """A hint in one short sentence: what to do and the main reason, at most 17 words
    for every reason a move can have, in both languages."""
    reasons = ("turns_up_card", "empties_column", "builds_in_suit", "completes_run", "joins_runs")
    for language in ("en", "es"):
        for reason in (*reasons, None):
            for group in (["QS"], ["TS"], ["5S", "4S", "3S"]):
                short = hint_short(
                    language, "move", group=group, source=10, target=7, reason=reason
                )
                assert len(short.split()) <= 17, short
    assert hint_short("en", "move", group=["4S"], source=3, target=7, reason="turns_up_card") == (
        "Move the 4 of spades from column 3 to column 7: it turns up a face-down card."
    )
    assert hint_short("en", "move", group=["4S"], source=3, target=7) == (
        "Move the 4 of spades from column 3 to column 7."
    )
    assert hint_short(
        "es", "move", group=["5S", "4S"], source=3, target=7, reason="empties_column"
    ) == ("Mueve 2 cartas de la columna 3 a la 7: vacía una columna.")
    assert hint_short("es", "deal") == "Reparte una fila del mazo: ya no ayuda ninguna jugada."
    assert hint_short("en", "stuck", can_undo=False) == (
        "No useful move is left and nothing to undo: restart or start a new game."
    )


def _undo(steps: int, exact: bool, action: LostAction | None = None) -> LastWinnable:
    return LastWinnable(
        kind="undo",
        steps=steps,
        moves=36,
        lost_move=37 if exact else None,
        exact=exact,
        lost_action=action,
    )


@pytest.mark.parametrize(
    ("answer", "where", "language", "expected"),
    [
        ("yes", None, "en", ("Yes: this game can still be won from here.", None)),
        (
            "unknown",
            None,
            "en",
            ("The solver could not tell in 10 seconds whether this game can still be won.", None),
        ),
        (
            "no",
            _undo(3, True, LostAction(kind="move", column=9, count=3, target=4)),
            "en",
            (
                "No. Your move 37 (3 cards from column 9 to column 4) lost the game: undo 3 "
                "actions to go back to where it could still be won.",
                "Undo 3 actions",
            ),
        ),
        (
            "no",
            _undo(1, True, LostAction(kind="deal")),
            "en",
            (
                "No. Your last move (the deal) lost the game: undo it to go back to where it "
                "could still be won.",
                "Undo 1 action",
            ),
        ),
        (
            "no",
            _undo(1, True, LostAction(kind="move", column=9, count=1, target=4)),
            "es",
            (
                "No. Tu última jugada (de la columna 9 a la columna 4) perdió la partida: "
                "deshazla para volver adonde aún se podía ganar.",
                "Deshacer 1 acción",
            ),
        ),
        (
            "no",
            _undo(5, False),
            "en",
            (
                "No. It could still be won 5 actions ago, after move 36; the solver could not "
                "tell in time which later move lost it.",
                "Undo 5 actions",
            ),
        ),
        (  # only deals were played since: there is no "move 0" to be after
            "no",
            LastWinnable(kind="undo", steps=2, moves=0, exact=False),
            "en",
            (
                "No. It could still be won 2 actions ago, before your first move; the solver "
                "could not tell in time which later action lost it.",
                "Undo 2 actions",
            ),
        ),
        (
            "no",
            LastWinnable(kind="undo", steps=1, moves=0, exact=False),
            "es",
            (
                "No. Aún se podía ganar hace una acción, antes de tu primera jugada.",
                "Deshacer 1 acción",
            ),
        ),
        (
            "no",
            LastWinnable(kind="restart"),
            "es",
            (
                "No. La partida se perdió antes de la acción más antigua que se puede "
                "deshacer, pero el reparto se puede ganar desde el principio: reinícialo.",
                "Reiniciar",
            ),
        ),
        (
            "no",
            LastWinnable(kind="never", exact=True),
            "en",
            ("No. This deal cannot be won, not even from its start.", None),
        ),
        (
            "no",
            LastWinnable(kind="unknown"),
            "en",
            ("No. The solver could not tell in time where the game was lost.", None),
        ),
    ],
)
def test_can_i_still_win_in_words(
    answer: str, where: LastWinnable | None, language: str, expected: tuple[str, str | None]
) -> None:
    assert can_win_texts(answer, 9.6, where, language) == expected


def test_the_solution_and_the_deal_search() -> None:
    assert solution_message(12, "en") == "Showing the solution: 12 moves left."
    assert solution_message(1, "en") == "Showing the solution: 1 move left."
    assert solution_message(1, "es") == "Mostrando la solución: queda 1 jugada."
    assert solution_message(0, "en") == "The solution is played to the end."
    assert searching(3, 20, "en") == "Checking deals: 3 of at most 20 tried…"
    assert searching(3, 20, "es") == "Comprobando repartos: 3 de 20 como mucho…"
