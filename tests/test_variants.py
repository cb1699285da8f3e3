"""The Spider family (issue 20): each variant's layout, its dealing rule (the short last row,
a deal with an empty column refused or allowed), the take-off of ``spider-1949``, the win
condition, game codes and position texts. The expected values are the issue's, written out
here, not read from the registry."""

from __future__ import annotations

from collections import Counter

import pytest

from boards import RUN_S, board
from spider_solitaire import Game, IllegalMoveError, InvalidPositionError, Move
from spider_solitaire.cards import card_text
from spider_solitaire.codes import GameCode
from spider_solitaire.errors import InvalidCodeError, InvalidMoveError
from spider_solitaire.events import (
    CardsMoved,
    CardTurnedDown,
    CardTurnedUp,
    GameWon,
    RowDealt,
    RowUndealt,
    RunRemoved,
    RunRestored,
)
from spider_solitaire.messages import explain
from spider_solitaire.moves import parse_action
from spider_solitaire.variants import (
    CLASSIC,
    FLEXIBLE,
    GROUP_RULES,
    RULE_NAMES,
    SPIDER,
    VARIANT_NAMES,
    VARIANTS,
    GroupRule,
    UnknownVariantError,
    find_rule,
    find_variant,
    rule_for,
)

LAYOUTS = {
    "spider": ("", 10, (5, 5, 5, 5, 4, 4, 4, 4, 4, 4), 50),
    "spider-1949": ("1949", 10, (5, 5, 5, 5, 4, 4, 4, 4, 4, 4), 50),
    "bicycle": ("BIKE", 10, (4,) * 10, 54),
    "relaxed": ("RLX", 10, (5, 5, 5, 5, 4, 4, 4, 4, 4, 4), 50),
    "spiderette": ("ETTE", 7, (0, 1, 2, 3, 4, 5, 6), 24),
    "will-o-the-wisp": ("WISP", 7, (2,) * 7, 31),
}
"""Each variant's code tag, columns, face-down cards per column and stock, by the issue
(issue 20): the registry must hold these figures; the tests of every variant read the
registry (:data:`VARIANT_NAMES`), so a new game of the family is tested without a line here."""


def code_of(name: str, setup: str = "S4C", seed: str = "AAAAAAD") -> str:
    tag = find_variant(name).tag
    return f"SP1-{tag}-{setup}-{seed}" if tag else f"SP1-{setup}-{seed}"


def test_the_registry_lists_the_issues_variants_spider_first() -> None:
    assert VARIANTS[0].name == "spider" and set(LAYOUTS) <= set(VARIANT_NAMES)
    assert find_variant(" Spiderette ").runs == 4
    assert all(variant.runs == 4 * variant.decks for variant in VARIANTS)


@pytest.mark.parametrize("name", list(LAYOUTS))
def test_the_registry_holds_the_issues_layouts(name: str) -> None:
    variant = find_variant(name)
    assert (variant.tag, variant.columns, variant.face_down, variant.stock_cards) == LAYOUTS[name]


def test_an_unknown_variant_is_refused_with_a_reason_code() -> None:
    with pytest.raises(UnknownVariantError) as unknown:
        find_variant("scorpion")
    assert unknown.value.reason == "unknown_variant"
    assert "'scorpion'" in str(unknown.value) and "will-o-the-wisp" in str(unknown.value)
    assert isinstance(unknown.value, InvalidCodeError)
    with pytest.raises(UnknownVariantError):
        Game.new(2, "classic", variant="scorpion")


@pytest.mark.parametrize("name", VARIANT_NAMES)
def test_each_variant_deals_its_layout(name: str) -> None:
    variant = find_variant(name)
    width, down, stock = variant.columns, variant.face_down, variant.stock_cards
    game = Game.from_code(code_of(name))
    position = game.position
    assert game.variant.name == name
    assert len(position.columns) == width
    assert position.face_down == down
    assert all(len(column) == d + 1 for column, d in zip(position.columns, down, strict=True))
    assert len(position.stock) == stock
    packs = variant.decks
    assert position.tableau_cards + stock == 52 * packs
    # every card's id is its place in the deal, once
    ids = sorted([i for column in position.ids for i in column] + list(position.stock_ids))
    assert ids == list(range(52 * packs))


def test_two_pack_variants_shuffle_the_same_deck_as_spider() -> None:
    spider = Game.from_code("SP1-S2C-AAAAAAD").position
    relaxed = Game.from_code("SP1-RLX-S2C-AAAAAAD").position
    assert relaxed.columns == spider.columns and relaxed.stock == spider.stock
    # Bicycle deals the same deck in rows of ten: five rows on the table, the rest the stock
    bicycle = Game.from_code("SP1-BIKE-S2C-AAAAAAD").position
    assert bicycle.columns == tuple(column[:5] for column in spider.columns)
    assert bicycle.stock == tuple(column[5] for column in spider.columns[:4]) + spider.stock


@pytest.mark.parametrize(
    ("setup", "expected"),
    [("S1C", {"S": 4}), ("S2C", {"S": 2, "H": 2}), ("S4F", {"S": 1, "H": 1, "D": 1, "C": 1})],
)
def test_one_pack_has_fifty_two_cards_of_the_suits_in_play(
    setup: str, expected: dict[str, int]
) -> None:
    position = Game.from_code(code_of("spiderette", setup)).position
    cards = Counter(card_text(c) for column in position.columns for c in column)
    cards.update(card_text(c) for c in position.stock)
    assert sum(cards.values()) == 52
    assert cards == Counter(
        {rank + suit: n for suit, n in expected.items() for rank in "A23456789TJQK"}
    )


@pytest.mark.parametrize("name", VARIANT_NAMES)
@pytest.mark.parametrize("setup", ["S1C", "S2C", "S2F", "S4C", "S4F"])
def test_codes_name_their_variant_and_round_trip(name: str, setup: str) -> None:
    text = code_of(name, setup, "ABCDEFG")
    code = GameCode.parse(text.lower())
    assert str(code) == text
    assert code.variant.name == name
    assert GameCode.parse(str(code)) == code
    game = Game.from_code(text)
    assert game.code == text
    new = Game.new(int(setup[1]), setup[2], variant=name).code
    assert new is not None and new.startswith("SP2" + text[3 : -len("ABCDEFG")])  # issue 31


def test_an_existing_code_is_spider_and_an_unknown_tag_is_refused() -> None:
    assert GameCode.parse("SP1-S2C-AAAAAAD").variant.name == "spider"
    assert str(GameCode.parse("sp1-s2c-aaaaaad")) == "SP1-S2C-AAAAAAD"
    with pytest.raises(InvalidCodeError, match="three parts"):
        GameCode.parse("SP1-KLON-S2C-AAAAAAD")


@pytest.mark.parametrize("name", VARIANT_NAMES)
def test_the_position_text_names_the_variant_and_round_trips(name: str) -> None:
    game = Game.from_code(code_of(name))
    text = game.position_text()
    first = text.splitlines()[0]
    assert first == ("rules: S4C" if name == "spider" else f"variant: {name}")
    again = Game.from_position(text)
    assert again.position == game.position and again.variant is game.variant
    assert again.position_text() == text
    hidden = Game.from_position(game.position_text(hidden=True), strict=False)
    assert hidden.variant is game.variant


def test_position_texts_refuse_an_unknown_variant_and_a_column_it_lacks() -> None:
    with pytest.raises(InvalidPositionError, match=r"line 1: variant: .*'klondike'"):
        Game.from_position("variant: klondike\nrules: S1C\n", strict=False)
    with pytest.raises(InvalidPositionError, match="spiderette game has 7 columns"):
        Game.from_position(board({}, variant="spiderette") + "8: |\n", strict=False)
    seven = board({}, variant="spiderette").replace("7: |\n", "")
    with pytest.raises(InvalidPositionError, match="column line '7:' is missing"):
        Game.from_position(seven, strict=False)
    # the stock of a variant is whole rows of its own
    with pytest.raises(InvalidPositionError, match="not whole rows of 7"):
        Game.from_position(board({1: "| 5S"}, variant="spiderette", stock="AS 2S"), strict=False)


def test_a_seven_column_game_refuses_columns_8_to_10_as_bad_notation() -> None:
    game = Game.from_code(code_of("spiderette"))
    for action, column in (("8:1>1", 8), ("1>9", 9), ("t8", 8)):
        with pytest.raises(InvalidMoveError) as bad:
            game.act(action)
        assert bad.value.reason == "column_range"
        assert (bad.value.params["column"], bad.value.params["columns"]) == (column, 7)
        assert explain(bad.value, "en").endswith("the columns are numbered 1 to 7.")
    with pytest.raises(InvalidMoveError):
        game.movable_length(8)


def test_a_column_past_a_seven_column_game_is_quoted_whole() -> None:
    # issue 29: an action read at the edge with columns 1-10 (the API, a record) reaches
    # Game.act as a value; its refusal quotes the action whole ('t8', not '8')
    game = Game.from_code(code_of("spiderette"))
    for action in (parse_action("t8"), Move.take_off(8), parse_action("1>9"), "t8", "take8"):
        with pytest.raises(InvalidMoveError) as bad:
            game.act(action)
        quoted = action if isinstance(action, str) else str(action)
        assert (bad.value.reason, bad.value.action) == ("column_range", quoted)
        assert explain(bad.value, "en").startswith(f"'{quoted}': there is no column ")


def deal_all(code: str) -> list[int]:
    """Deal every row of ``code``'s stock at once; return the cards each deal put down."""
    game = Game.from_code(code)
    sizes = []
    while game.position.stock:
        (dealt, *_) = game.act("d")
        assert isinstance(dealt, RowDealt)
        sizes.append(len(dealt.ids))
    with pytest.raises(IllegalMoveError) as empty:
        game.act("d")
    assert empty.value.reason == "stock_empty"
    return sizes


@pytest.mark.parametrize(
    ("name", "rows"),
    [
        ("spider", [10] * 5),
        ("bicycle", [10, 10, 10, 10, 10, 4]),
        ("spiderette", [7, 7, 7, 3]),
        ("will-o-the-wisp", [7, 7, 7, 7, 3]),
    ],
)
def test_the_stock_deals_its_rows_the_last_one_short(name: str, rows: list[int]) -> None:
    assert deal_all(code_of(name, "S4C", "AAAAAAB")) == rows


def test_the_short_last_row_goes_onto_the_first_columns_and_undoes() -> None:
    game = Game.from_code("SP1-BIKE-S4C-AAAAAAB")
    for _ in range(5):
        game.act("d")
    before = game.position
    assert len(before.stock) == 4 and game.stock_rows_left == 1
    events = game.act("d")
    dealt = events[0]
    assert isinstance(dealt, RowDealt) and dealt.ids == before.stock_ids
    lengths = [len(c) for c in game.position.columns]
    grew = [a - len(b) for a, b in zip(lengths, before.columns, strict=True)]
    removed = sum(isinstance(e, RunRemoved) for e in events)
    if not removed:
        assert grew == [1, 1, 1, 1, 0, 0, 0, 0, 0, 0]
    assert game.stock_rows_left == 0 and game.score == before.score - 1 + 100 * removed
    undone = game.act("undo")
    assert isinstance(undone[-1], RowUndealt) and undone[-1].ids == dealt.ids
    assert game.position == before


EMPTY_COLUMN = {1: "KS QS | JS", 2: "| 9H 8H 7H 6H", 3: "5S | 4S", 4: "| TD"}
"""Eleven cards on ten columns, six of them empty."""

FEW_CARDS = {1: "| JS", 2: "| 9H", 3: "| 4S"}
"""Three cards on the table: fewer than there are columns."""


@pytest.mark.parametrize(
    ("name", "columns", "refused"),
    [
        ("spider", EMPTY_COLUMN, True),
        ("bicycle", EMPTY_COLUMN, True),
        ("spider-1949", EMPTY_COLUMN, True),
        ("relaxed", EMPTY_COLUMN, False),
        ("spider", FEW_CARDS, False),  # the exception: fewer cards than columns
        ("bicycle", FEW_CARDS, False),
        ("relaxed", FEW_CARDS, False),
        ("spider-1949", FEW_CARDS, True),  # no exception in the rules of 1949
        ("spiderette", FEW_CARDS, False),  # 3 cards, 7 columns
        ("spiderette", EMPTY_COLUMN, True),
        ("will-o-the-wisp", EMPTY_COLUMN, True),
    ],
)
def test_a_deal_with_an_empty_column_is_refused_or_allowed_as_the_variant_says(
    name: str, columns: dict[int, str], refused: bool
) -> None:
    width = find_variant(name).columns
    stock = " ".join(["2D"] * width)
    game = Game.from_position(
        board(columns, variant=None if name == "spider" else name, stock=stock), strict=False
    )
    assert (Move.deal() in game.legal_moves()) is not refused
    if refused:
        with pytest.raises(IllegalMoveError) as refusal:
            game.act("d")
        assert refusal.value.reason == "deal_needs_full_columns"
    else:
        dealt = game.act("d")[0]
        assert isinstance(dealt, RowDealt) and len(dealt.cards) == width
        assert all(game.position.columns)


def test_take_off_notation() -> None:
    assert parse_action("t3") == Move.take_off(3) == Move(3, 0, 13)
    assert parse_action(" TAKE10 ") == Move.take_off(10)
    assert str(Move.take_off(7)) == "t7" and Move.take_off(7).is_take_off
    for text, reason in (("t0", "column_range"), ("t11", "column_range"), ("t03", "leading_zero")):
        with pytest.raises(InvalidMoveError) as bad:
            parse_action(text)
        assert bad.value.reason == reason
    with pytest.raises(InvalidMoveError) as inside:
        parse_action("take 3")
    assert inside.value.reason == "white_space"


def run_1949() -> Game:
    """A spider-1949 board: the Ace of spades one move from completing a run on column 1."""
    return Game.from_position(
        board(
            {1: f"5H | {RUN_S}", 2: "| AS", 3: "| 3H", 4: "| 9H"},
            variant="spider-1949",
            rules="S2C",
        ),
        strict=False,
    )


def test_1949_a_completed_run_stays_until_the_player_takes_it_off() -> None:
    game = run_1949()
    events = game.act("2>1")
    assert [e.kind for e in events] == ["move"]
    assert game.position.columns[0][-13:] == tuple(range(13, 0, -1))  # K to A of spades
    assert game.score == 499 and game.move_count == 1 and game.removed == ()
    assert [str(m) for m in game.legal_moves()][-1] == "t1"
    events = game.act("t1")
    assert [type(e) for e in events] == [RunRemoved, CardTurnedUp]
    assert events[0].to_dict()["column"] == 1 and events[1].to_dict()["card"] == "5H"
    # +100, no point and no move spent
    assert game.score == 599 and game.move_count == 1 and game.removed == ("S",)
    assert game.position_text().splitlines()[6] == "1: | 5H"
    undone = game.act("undo")
    assert [type(e) for e in undone] == [CardTurnedDown, RunRestored]
    assert game.score == 499 and game.removed == () and len(game.position.columns[0]) == 14
    assert [type(e) for e in game.act("redo")] == [RunRemoved, CardTurnedUp]


def test_1949_a_run_kept_can_be_broken_up_and_taken_off_later() -> None:
    game = run_1949()
    game.act("2>1")
    game.act("1:2>3")  # 2S AS onto 3H: the run is broken up
    with pytest.raises(IllegalMoveError) as refused:
        game.act("t1")
    assert refused.value.reason == "no_complete_run"
    assert not any(m.is_take_off for m in game.legal_moves())
    game.act("3:2>1")  # back: complete again
    assert game.removed == ()
    events = game.act("t1")
    assert isinstance(events[0], RunRemoved) and game.score == 497 + 100


def test_take_off_is_refused_where_runs_leave_by_themselves() -> None:
    game = Game.from_position(board({1: "| 5H"}), strict=False)
    with pytest.raises(IllegalMoveError) as refused:
        game.act("t1")
    assert refused.value.reason == "runs_leave_by_themselves"


def test_1949_is_won_when_the_eighth_run_is_taken_off() -> None:
    text = board({1: f"| {RUN_S} AS"}, variant="spider-1949", rules="S1C", removed="S " * 7)
    game = Game.from_position(text)  # strict: 7 runs removed and one on the table
    assert not game.is_won and [str(m) for m in game.legal_moves()][-1] == "t1"
    events = game.act("t1")
    assert [type(e) for e in events] == [RunRemoved, GameWon]
    assert game.is_won and game.score == 600 and len(game.removed) == 8


def test_spiderette_is_won_with_four_runs() -> None:
    text = board({1: f"| {RUN_S}", 2: "| AS"}, variant="spiderette", rules="S1C", removed="S S S")
    game = Game.from_position(text)  # strict: the 52 cards of one pack
    events = game.act("2>1")
    assert [type(e) for e in events] == [CardsMoved, RunRemoved, GameWon]
    assert game.is_won and game.score == 599 and game.removed == ("S",) * 4
    with pytest.raises(InvalidPositionError, match="more than the 4 the deck makes"):
        Game.from_position(board({}, variant="spiderette", rules="S1C", removed="S " * 5))


def test_a_variant_game_snapshot_comes_back_and_spiders_does_not_change() -> None:
    game = Game.from_code("SP1-WISP-S2C-AAAAAAD")
    for move in game.legal_moves()[:1]:
        game.act(move)
    game.act("d")
    data = game.snapshot()
    assert data["base"]["variant"] == "will-o-the-wisp"
    again = Game.from_snapshot(data, Game.from_code("SP1-WISP-S2C-AAAAAAD"))
    assert again.position == game.position and again.variant is game.variant
    assert "variant" not in Game.from_code("SP1-S2C-AAAAAAD").snapshot()["base"]


def test_the_group_rules_are_values_of_the_registry_found_by_name_or_letter() -> None:
    assert GROUP_RULES == (CLASSIC, FLEXIBLE)
    assert RULE_NAMES == ("classic", "flexible")
    assert [(rule.name, rule.letter, rule.mixes_suits) for rule in GROUP_RULES] == [
        ("classic", "C", False),
        ("flexible", "F", True),
    ]
    for text in ("classic", " Classic ", "C", "c"):
        assert find_rule(text) is CLASSIC
    for text in ("flexible", "FLEXIBLE", "F", "f\n"):
        assert find_rule(text) is FLEXIBLE
    for bad in ("relaxed", "", "CF", 1, None):
        with pytest.raises(InvalidCodeError, match="is not 'classic' or 'flexible'"):
            find_rule(bad)
    # one suit plays the same under both: Classic alone
    assert rule_for(FLEXIBLE, 1) is CLASSIC and rule_for(FLEXIBLE, 2) is FLEXIBLE
    assert SPIDER.rules_for(1) == (CLASSIC,) and SPIDER.rules_for(4) == (CLASSIC, FLEXIBLE)


def test_the_apis_rule_field_reads_the_registrys_names_and_writes_them_back() -> None:
    from pydantic import TypeAdapter, ValidationError

    from spider_solitaire.server.schemas.common import RuleName

    field: TypeAdapter[GroupRule] = TypeAdapter(RuleName)
    assert field.validate_python("flexible") is FLEXIBLE
    assert field.validate_json('"classic"') is CLASSIC
    assert field.dump_python(FLEXIBLE) == "flexible"
    assert field.json_schema() == {"type": "string", "enum": ["classic", "flexible"]}
    # the wire takes the exact name only: no letter, no other case
    for bad in ("relaxed", "F", "Classic", 1):
        with pytest.raises(ValidationError, match="is not a group rule"):
            field.validate_python(bad)


def test_a_seven_column_game_names_its_seven_columns_for_any_column_past_them() -> None:
    # 11 is past every game's columns, 8 past this one's: both say 1 to 7, quoting the
    # action as typed (t8, not 8)
    game = Game.from_code(code_of("spiderette"))
    for action, column in (("11>1", 11), ("1>8", 8), ("t8", 8), ("t0", 0), ("3:1>12", 12)):
        with pytest.raises(InvalidMoveError) as bad:
            game.act(action)
        assert bad.value.params == {"action": action, "column": column, "columns": 7}
    # the notation alone (no game) knows ten columns
    with pytest.raises(InvalidMoveError) as bad:
        parse_action("11>1")
    assert bad.value.params["columns"] == 10
