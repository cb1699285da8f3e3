"""The rules page: every picture's caption agrees with the engine, each game of the family
has pictures in its own notation, the page is served in both languages with every
section, and a refusal's error body links to its section."""

from __future__ import annotations

import json
import re
from html import unescape

import pytest
from fastapi.testclient import TestClient

from spider_solitaire import Game
from spider_solitaire.cards import card_text
from spider_solitaire.errors import REASONS, IllegalMoveError
from spider_solitaire.events import CardsMoved, CardTurnedUp, GameWon, RowDealt, RunRemoved
from spider_solitaire.messages import LANGUAGES, catalog
from spider_solitaire.server.errors import SERVER_REASONS
from spider_solitaire.server.rule_links import RULE_SECTIONS, rules_link
from spider_solitaire.server.rules_page import (
    ILLUSTRATIONS,
    SECTIONS,
    Illustration,
    describe,
    picture,
)
from spider_solitaire.variants import VARIANTS

from .conftest import board, new_game

ANCHORS = [section.anchor for section in SECTIONS]


def _by_caption(caption: str) -> Illustration:
    return next(i for i in ILLUSTRATIONS if i.caption == caption)


@pytest.mark.parametrize("illustration", ILLUSTRATIONS, ids=lambda i: i.caption)
def test_each_pictures_action_is_legal_or_refused_as_its_caption_says(
    illustration: Illustration,
) -> None:
    assert illustration.section in ANCHORS
    assert illustration.caption in catalog("en")["rules"]
    game = Game.from_position(illustration.position, strict=False)
    if illustration.action is None:
        return
    if illustration.refusal is not None:
        with pytest.raises(IllegalMoveError) as refused:
            game.act(illustration.action)
        assert refused.value.reason == illustration.refusal
    else:
        events = game.act(illustration.action)
        assert isinstance(events[0], CardsMoved | RowDealt | RunRemoved)  # t1: the run leaves


def test_the_deal_picture_is_a_real_start_54_cards_and_50_in_the_stock() -> None:
    position = _by_caption("deal.caption").parsed()
    assert position.tableau_cards == 54
    assert len(position.stock) == 50
    assert position.face_down == (5, 5, 5, 5, 4, 4, 4, 4, 4, 4)
    assert [len(cards) for cards in position.columns] == [6, 6, 6, 6, 5, 5, 5, 5, 5, 5]
    # the same shape as a game dealt from a code
    dealt = Game.from_code("SP1-S2C-AAAAAAD").position
    assert dealt.face_down == position.face_down
    assert len(dealt.stock) == len(position.stock)


def test_the_pictures_of_runs_winning_score_and_the_stock_do_what_their_captions_say() -> None:
    run = Game.from_position(_by_caption("runs.caption").position, strict=False)
    events = run.act("2:1>1")
    assert [type(e) for e in events if isinstance(e, RunRemoved)] == [RunRemoved]
    assert run.score == 500 - 1 + 100
    assert run.removed == ("S",)

    win = Game.from_position(_by_caption("winning.caption").position, strict=False)
    events = win.act("2:1>1")
    assert isinstance(events[-1], GameWon)
    assert win.is_won and len(win.removed) == 8

    score = Game.from_position(_by_caption("score.caption").position, strict=False)
    assert score.score == 500
    score.act("1:1>2")
    assert score.score == 499
    score.undo()  # undo costs nothing: the score is back
    assert score.score == 500

    few = Game.from_position(_by_caption("stock.caption_few").position, strict=False)
    assert few.position.tableau_cards == 3
    assert sum(1 for cards in few.position.columns if not cards) == 8
    events = few.act("d")
    assert isinstance(events[0], RowDealt)
    assert few.position.tableau_cards == 13


def test_under_flexible_the_classic_refusal_is_allowed() -> None:
    mixed, flexible = _by_caption("groups.caption_mixed"), _by_caption("groups.caption_flexible")
    assert mixed.position.replace("S2C", "S2F") == flexible.position
    assert mixed.refusal == "mixed_suits" and flexible.refusal is None


def test_a_picture_sends_no_face_down_card() -> None:
    data = picture(_by_caption("building.caption_legal"))
    assert data == {
        "columns": [{"column": 1, "cards": [None, "7H"]}, {"column": 2, "cards": [None, "8S"]}],
        "move": {"column": 1, "count": 1, "target": 2},
    }
    assert "KH" not in json.dumps(data)  # the face-down King of hearts under the 7
    assert picture(_by_caption("stock.caption_blocked"))["move"] == {"deal": True, "targets": []}
    # an allowed deal marks the columns its row goes to
    few = picture(_by_caption("stock.caption_few"))["move"]
    assert few == {"deal": True, "targets": list(range(1, 11))}
    assert describe(_by_caption("building.caption_legal"), "en") == (
        "Column 1, 1 face-down, 7 of hearts. Column 2, 1 face-down, 8 of spades."
    )


def test_each_game_of_the_family_has_pictures_in_its_own_notation() -> None:
    """Every variant's section but spider's (the page above is spider's) has pictures,
    each a position text naming its variant (``variant: NAME``) with its columns."""
    for variant in VARIANTS:
        pictures = [i for i in ILLUSTRATIONS if i.section == f"variant-{variant.name}"]
        assert len(pictures) >= (0 if variant.is_default else 1), variant.name
        for illustration in pictures:
            assert illustration.position.startswith(f"variant: {variant.name}\n")
            position = illustration.parsed()
            assert position.variant is variant
            assert len(position.columns) == variant.columns
            assert set(illustration.columns) <= set(range(1, variant.columns + 1))
    # spider's own pictures say nothing of a variant
    rules = [i for i in ILLUSTRATIONS if not i.section.startswith("variant-")]
    assert len(rules) == 12
    assert not any(i.position.startswith("variant:") for i in rules)


@pytest.mark.parametrize(
    "caption",
    [
        "family_bicycle.caption_deal",
        "family_spiderette.caption_deal",
        "family_will_o_the_wisp.caption_deal",
    ],
)
def test_a_familys_deal_picture_is_that_games_real_start(caption: str) -> None:
    illustration = _by_caption(caption)
    position = illustration.parsed()
    dealt = Game.from_code("SP1-S2C-AAAAAAD", variant=position.variant).position
    assert position.face_down == dealt.face_down
    assert [len(c) for c in position.columns] == [len(c) for c in dealt.columns]
    assert len(position.stock) == len(dealt.stock)
    assert illustration.columns == tuple(range(1, len(dealt.columns) + 1))  # all drawn
    assert illustration.action is None
    expected = {
        "family_bicycle.caption_deal": ((4,) * 10, 54),
        "family_spiderette.caption_deal": ((0, 1, 2, 3, 4, 5, 6), 24),
        "family_will_o_the_wisp.caption_deal": ((2,) * 7, 31),
    }
    assert (position.face_down, len(position.stock)) == expected[caption]
    # the browser gets every column, face-down cards as null and no stock
    data = picture(illustration)
    columns: list[dict[str, object]] = data["columns"]  # type: ignore[assignment]
    assert [c["column"] for c in columns] == list(illustration.columns)
    assert [c["cards"].count(None) for c in columns] == list(dealt.face_down)  # type: ignore[attr-defined]
    assert "stock" not in data and data["move"] is None


def _game(caption: str) -> Game:
    return Game.from_position(_by_caption(caption).position, strict=False)


def test_the_family_pictures_do_what_their_captions_say() -> None:
    # spider-1949: the run stays until taken off: +100, no move spent, the card turns up
    kept = _game("family_spider_1949.caption_take_off")
    run = [card_text(card) for card in kept.position.face_up(1)]
    assert run == [f"{rank}S" for rank in "KQJT98765432A"]  # a complete run, kept
    events = kept.act("t1")
    assert [type(e) for e in events] == [RunRemoved, CardTurnedUp]
    assert (kept.score, kept.position.move_count, kept.removed) == (600, 0, ("S",))
    assert picture(_by_caption("family_spider_1949.caption_take_off"))["move"] == {
        "column": 1,
        "count": 13,
        "target": None,
    }
    # spider-1949: spider's own picture of a deal with 3 cards left, refused (no exception)
    strict = _by_caption("family_spider_1949.caption_deal")
    few = _by_caption("stock.caption_few")
    assert strict.position == "variant: spider-1949\n" + few.position
    assert few.refusal is None and strict.refusal == "deal_needs_full_columns"
    # relaxed: spider's picture of a refused deal, dealt
    relaxed = _by_caption("family_relaxed.caption")
    blocked = _by_caption("stock.caption_blocked")
    assert relaxed.position == "variant: relaxed\n" + blocked.position
    game = Game.from_position(relaxed.position, strict=False)
    assert game.position.columns[3] == ()
    game.act("d")
    assert [len(c) for c in game.position.columns] == [3, 3, 3, 1, 3, 3, 3, 3, 3, 3]
    # bicycle: the short last row goes onto columns 1 to 4
    last = _by_caption("family_bicycle.caption_last_row")
    game = Game.from_position(last.position, strict=False)
    assert len(game.position.stock) == 4
    game.act("d")
    assert [len(c) for c in game.position.columns] == [3] * 4 + [2] * 6
    assert game.position.stock == ()
    assert picture(last)["move"] == {"deal": True, "targets": [1, 2, 3, 4]}
    # spiderette: one pack, so the fourth run wins
    won = _game("family_spiderette.caption_winning")
    events = won.act("2:1>1")
    assert isinstance(events[-1], GameWon)
    assert won.is_won and won.removed == ("S", "S", "H", "H")


def test_a_seven_column_picture_is_described_column_by_column_in_both_languages() -> None:
    wisp = _by_caption("family_will_o_the_wisp.caption_deal")
    assert describe(wisp, "en") == (
        "Column 1, 2 face-down, 8 of hearts. Column 2, 2 face-down, 3 of spades. "
        "Column 3, 2 face-down, 10 of hearts. Column 4, 2 face-down, 5 of spades. "
        "Column 5, 2 face-down, ace of hearts. Column 6, 2 face-down, queen of spades. "
        "Column 7, 2 face-down, 6 of hearts."
    )
    assert describe(_by_caption("family_spiderette.caption_deal"), "es") == (
        "Columna 1, rey de picas. Columna 2, 1 boca abajo, 4 de corazones. "
        "Columna 3, 2 boca abajo, 9 de picas. Columna 4, 3 boca abajo, reina de corazones. "
        "Columna 5, 4 boca abajo, 2 de picas. Columna 6, 5 boca abajo, 7 de corazones. "
        "Columna 7, 6 boca abajo, jota de picas."
    )


def test_every_refusal_of_the_rules_links_to_a_section_that_exists() -> None:
    assert set(REASONS) - set(RULE_SECTIONS) == {"hidden"}
    assert set(RULE_SECTIONS) <= set(REASONS) | SERVER_REASONS
    assert set(RULE_SECTIONS.values()) <= set(ANCHORS)
    assert rules_link("on_ace") == "/rules#building-down"
    assert rules_link("mixed_suits") == "/rules#moving-groups"
    assert rules_link("deal_needs_full_columns") == "/rules#stock"
    assert rules_link("bad_action") is None


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_page_has_every_section_in_the_language_asked_for(
    client: TestClient, language: str
) -> None:
    response = client.get(f"/rules?lang={language}")
    assert response.status_code == 200
    assert response.headers["content-type"].startswith("text/html")
    assert response.headers["cache-control"] == "no-cache"
    page = response.text
    texts = catalog(language)["rules"]
    assert f'<html lang="{language}">' in page
    assert f"<h1>{texts['title']}</h1>" in page
    for section in SECTIONS:
        assert f'<section id="{section.anchor}"' in page
        title = re.search(rf'<h2 id="{section.anchor}-title">(.*?)</h2>', page)
        assert title is not None and unescape(title.group(1)) == texts[section.key + ".title"]
    assert page.count('class="rule-position" role="img"') == len(ILLUSTRATIONS)
    for illustration in ILLUSTRATIONS:
        assert texts[illustration.caption].replace("'", "&#x27;") in page
    assert '<svg class="sprite"' in page  # the table's suit shapes


def test_the_page_follows_accept_language_without_lang(client: TestClient) -> None:
    page = client.get("/rules", headers={"Accept-Language": "es-ES,es;q=0.9"}).text
    assert '<html lang="es">' in page
    page = client.get("/rules?lang=fr", headers={"Accept-Language": "de"}).text
    assert '<html lang="en">' in page


def test_the_page_follows_the_language_chosen_in_the_tables_settings(client: TestClient) -> None:
    """The table keeps its Settings' language in the spider_lang cookie (issue 19): it
    comes before Accept-Language, after ?lang; a value that is no language is ignored."""
    client.cookies.set("spider_lang", "es")
    page = client.get("/rules", headers={"Accept-Language": "en"}).text
    assert '<html lang="es">' in page
    page = client.get("/rules?lang=en", headers={"Accept-Language": "es"}).text
    assert '<html lang="en">' in page
    client.cookies.set("spider_lang", "xx")
    page = client.get("/rules", headers={"Accept-Language": "es"}).text
    assert '<html lang="es">' in page
    client.cookies.clear()


def test_a_refused_move_names_the_section_that_explains_it(client: TestClient) -> None:
    game = new_game(client, position=board({1: "| 7H", 2: "| AS", 3: "| 9S"}, rules="S2C"))
    url = f"/api/games/{game['id']}/actions"
    refused = client.post(url, json={"version": 0, "action": "1:1>2"})
    assert refused.status_code == 422
    assert refused.json()["reason"] == "on_ace"
    assert refused.json()["rules"] == "/rules#building-down"
    spanish = {"Accept-Language": "es"}
    refused = client.post(url, json={"version": 0, "action": "d"}, headers=spanish)
    assert refused.json()["reason"] == "stock_empty"
    assert refused.json()["rules"] == "/rules#stock"
    bad = client.post(url, json={"version": 0, "action": "1>>2"})
    assert bad.status_code == 400 and "rules" not in bad.json()


@pytest.mark.parametrize("language", LANGUAGES)
def test_every_text_of_the_rules_section_is_on_the_page(client: TestClient, language: str) -> None:
    page = unescape(client.get(f"/rules?lang={language}").text)
    unused = [key for key, text in catalog(language)["rules"].items() if text not in page]
    assert unused == []


WINNABLE_EVERYWHERE = {
    "en": '"Winnable deals only" is offered for every game of the family.',
    "es": "«Solo repartos ganables» se ofrece en todos los juegos de la familia.",
}
"""What the family's section says of winnable deals, in each language."""


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_page_says_winnable_deals_are_offered_in_every_game_of_the_family(
    client: TestClient, language: str
) -> None:
    from spider_solitaire.winnable import shipped, stock_levels

    # true of the registry: every variant has a stock of winnable deals at every level
    levels = shipped()
    assert all(levels.get((v.name, *level)) for v in VARIANTS for level in stock_levels(v.name))
    page = unescape(client.get(f"/rules?lang={language}").text)
    assert WINNABLE_EVERYWHERE[language] in page
    assert "Spider alone" not in page and "solo para el Spider" not in page
