"""The rules page and the guided start in the browser: the page in English and Spanish
with every section and the table's own cards, the `?` key and the header's link, the
Rules link after a refused move, the guided start shown once, skippable and shown again
from the rules, a first visit without a console error, and nothing wider than a phone."""

from __future__ import annotations

import itertools
import re
from typing import Any

import pytest
from playwright.sync_api import expect

from boards import short_board
from spider_solitaire.messages import catalog
from spider_solitaire.server.rules_page import ILLUSTRATIONS, SECTIONS, describe, picture

from .support import PHONE, SMALL_PHONE, Table, has_class


def _open_rules(page: Any, url: str) -> None:
    page.goto(url)
    page.wait_for_selector("html.ready")


@pytest.mark.parametrize("language", ["en", "es"])
def test_the_rules_page_has_every_section_and_real_cards(make_table: Any, language: str) -> None:
    table = make_table(locale="es-ES" if language == "es" else "en-US")
    page = table.page
    _open_rules(page, f"{table.base_url}/rules?lang={language}")
    texts = catalog(language)["rules"]
    expect(page.locator("html")).to_have_attribute("lang", language)
    expect(page.locator("h1")).to_have_text(texts["title"])
    expect(page.locator("main")).to_have_count(1)
    for section in SECTIONS:
        heading = page.locator(f"#{section.anchor} > h2")
        expect(heading).to_have_text(texts[section.key + ".title"])
        # the contents list links to it
        expect(page.locator(f".rule-contents a[href='#{section.anchor}']")).to_have_count(1)

    pictures = page.locator(".rule-position")
    expect(pictures).to_have_count(len(ILLUSTRATIONS))
    for index, illustration in enumerate(ILLUSTRATIONS):
        box = pictures.nth(index)
        expect(box).to_have_attribute("role", "img")
        label = box.get_attribute("aria-label") or ""
        assert label.startswith("Column 1" if language == "en" else "Columna 1"), label
        expect(box.locator("xpath=..").locator("figcaption")).to_contain_text(
            texts[illustration.caption]
        )
        # the table's card elements, painted by render.js: face-up ones with their text
        data = picture(illustration)
        columns: list[Any] = data["columns"]  # type: ignore[assignment]
        shown = [card for column in columns for card in column["cards"]]
        cards = box.locator(".card")
        expect(cards).to_have_count(len(shown))
        ups = box.locator(".card.up").evaluate_all("els => els.map(e => e.dataset.card)")
        assert ups == [card for card in shown if card is not None]
        expect(box.locator(".card.down")).to_have_count(shown.count(None))
        # a card is drawn with the table's markup: corner (rank and suit) and big suit
        first = box.locator(".card.up").first
        expect(first.locator(".corner .rank")).to_have_count(1)
        expect(first.locator("svg.big use")).to_have_attribute("href", re.compile(r"#suit-[SH]"))
        expect(first).to_have_attribute("aria-hidden", "true")

    # the moving cards and their column are marked: the 7 of hearts onto the 8 of spades
    legal = pictures.nth(1)
    expect(legal.locator(".card.hinted")).to_have_count(1)
    expect(legal.locator(".card.hinted")).to_have_attribute("data-card", "7H")
    expect(legal.locator(".column.hint-target")).to_have_attribute("data-column", "2")
    # a real card face: the 10's corner reads "10"
    expect(page.locator(".card.up[data-card='TH'] .rank").first).to_have_text("10")
    box = page.locator(".card.up[data-card='TH']").first.bounding_box()
    assert box is not None and box["height"] > 30
    # the language switch goes to the other language
    other = "es" if language == "en" else "en"
    page.locator(f".rule-languages a[hreflang='{other}']").click()
    page.wait_for_selector(f"html[lang='{other}'].ready")
    expect(page.locator("h1")).to_have_text(catalog(other)["rules"]["title"])


def _figure(page: Any, caption: str) -> Any:
    """The drawn picture (``.rule-position``) of the illustration captioned ``caption``."""
    return page.locator(f"figure[data-caption='{caption}'] .rule-position")


def _by_caption(caption: str) -> Any:
    return next(i for i in ILLUSTRATIONS if i.caption == caption)


@pytest.mark.parametrize("language", ["en", "es"])
def test_the_familys_seven_column_pictures_draw_seven_columns(
    make_table: Any, language: str
) -> None:
    """Spiderette's and Will o' the Wisp's deals are drawn with their seven columns and
    face-down cards (the picture's own column count, not the ten of Spider), each picture
    described in the page's language, and the family's moves and deals marked."""
    table = make_table(locale="es-ES" if language == "es" else "en-US")
    page = table.page
    errors: list[str] = []
    page.on("console", lambda msg: errors.append(msg.text) if msg.type == "error" else None)
    page.on("pageerror", lambda error: errors.append(str(error)))
    _open_rules(page, f"{table.base_url}/rules?lang={language}")
    ten = _figure(page, "deal.caption").locator(".card").first.bounding_box()
    for caption, face_down in (
        ("family_spiderette.caption_deal", [0, 1, 2, 3, 4, 5, 6]),
        ("family_will_o_the_wisp.caption_deal", [2] * 7),
    ):
        box = _figure(page, caption)
        expect(box).to_have_attribute("aria-label", describe(_by_caption(caption), language))
        expect(box.locator(".column")).to_have_count(7)
        downs = box.locator(".column").evaluate_all(
            "cols => cols.map(c => c.querySelectorAll('.card.down').length)"
        )
        assert downs == face_down, caption
        expect(box.locator(".card.up")).to_have_count(7)
        # every column inside the picture, in a row; the cards no smaller than Spider's
        figure = box.bounding_box()
        columns = box.locator(".column").evaluate_all(
            "cols => cols.map(c => { const r = c.getBoundingClientRect();"
            " return [r.left, r.right]; })"
        )
        assert figure is not None and ten is not None
        assert all(a[1] <= b[0] for a, b in itertools.pairwise(columns)), columns
        assert columns[0][0] >= figure["x"] and columns[-1][1] <= figure["x"] + figure["width"]
        card = box.locator(".card").first.bounding_box()
        assert card is not None and card["width"] >= ten["width"]
        # the deepest face-down card is drawn below the column's first card
        last_top = (
            box.locator(".column").nth(6).locator(".card").last.evaluate("el => el.offsetTop")
        )
        assert last_top > 0
    # the 1949 take-off marks the whole run of 13, and no column to go to
    take_off = _figure(page, "family_spider_1949.caption_take_off")
    expect(take_off.locator(".card.hinted")).to_have_count(13)
    expect(take_off.locator(".column.hint-target")).to_have_count(0)
    # a deal marks the columns its row goes to: Bicycle's short last row onto 1 to 4, a
    # relaxed deal onto all ten (the empty one too), a refused deal nowhere
    short = _figure(page, "family_bicycle.caption_last_row").locator(".column.hint-target")
    assert short.evaluate_all("cols => cols.map(c => c.dataset.column)") == ["1", "2", "3", "4"]
    relaxed = _figure(page, "family_relaxed.caption")
    expect(relaxed.locator(".column.hint-target")).to_have_count(10)
    expect(relaxed.locator(".column.empty.hint-target")).to_have_count(1)
    refused = _figure(page, "family_spider_1949.caption_deal")
    expect(refused.locator(".column.hint-target")).to_have_count(0)
    assert errors == []


def test_the_rules_page_has_the_look_chosen_at_the_table(table: Any) -> None:
    """The theme and four colours chosen in the Settings window are the rules page's too,
    and its pictures mark a move in that theme's hint colour (white on felt)."""
    table.open()
    page = table.page
    page.locator("#settings").click()
    dialog = page.locator("#settings-dialog")
    dialog.locator("select[name=theme]").select_option("felt")
    dialog.get_by_label("Four-colour suits").check()
    dialog.get_by_role("button", name="Close").click()
    _open_rules(page, f"{table.base_url}/rules")
    body = page.locator("body")
    expect(body).to_have_class(has_class("theme-felt"))
    expect(body).to_have_class(has_class("four-color"))
    expect(body).not_to_have_class(has_class("theme-clean"))
    hinted = page.locator(".rule-position .card.hinted").first
    shadow = hinted.evaluate("el => getComputedStyle(el).boxShadow")
    assert shadow.startswith("rgb(255, 255, 255) 0px 0px 0px 3px"), shadow


def test_the_question_mark_key_and_the_header_link_open_the_rules(make_table: Any) -> None:
    table = make_table(locale="es-ES")
    table.open()
    page = table.page
    link = page.locator("#rules-link")
    expect(link).to_be_visible()
    expect(link).to_have_attribute("title", catalog("es")["web"]["shortcut.rules"])
    code = page.locator("#code").inner_text()
    # the rules come in a tab of their own (issue 31): the table stays, game and all
    with page.context.expect_page() as opened:
        page.keyboard.press("?")
    rules = opened.value
    rules.wait_for_url(re.compile(r"/rules\?lang=es$"))
    rules.wait_for_selector("html.ready")
    expect(rules.locator("h1")).to_have_text(catalog("es")["rules"]["title"])
    assert page.url == table.base_url + "/"
    expect(page.locator("#code")).to_have_text(code)
    rules.close()
    with page.context.expect_page() as opened:
        link.click()
    rules = opened.value
    rules.wait_for_url(re.compile(r"/rules\?lang=es$"))
    expect(rules.locator("#deal > h2")).to_have_text(catalog("es")["rules"]["deal.title"])
    assert page.url == table.base_url + "/"
    # the rules tab's way back shows the same game
    rules.locator(".rule-back").click()
    Table(rules, table.base_url).ready()
    expect(rules.locator("#code")).to_have_text(code)


def test_the_rules_page_follows_the_language_chosen_in_settings(make_table: Any) -> None:
    """An English browser whose player chose Spanish in Settings gets the rules in Spanish,
    even at the bare address /rules (issue 19)."""
    table = make_table(locale="en-US")
    table.open()
    page = table.page
    page.locator("#settings").click()
    page.locator("#lang-select").select_option("es")
    page.locator("#settings-form button[value=close]").click()
    page.goto(f"{table.base_url}/rules")
    page.wait_for_selector("html[lang='es'].ready")
    expect(page.locator("h1")).to_have_text(catalog("es")["rules"]["title"])
    # the address's own choice still wins
    page.goto(f"{table.base_url}/rules?lang=en")
    page.wait_for_selector("html[lang='en'].ready")


def test_a_refused_move_links_to_the_rule_that_refused_it(table: Any) -> None:
    # the 7 of hearts cannot go onto the Ace of spades; column 4 is empty (and 15 cards
    # are on the table, so the stock cannot deal)
    others = {n: "JH | 5H" for n in range(5, 11)}
    table.open_position(
        short_board(
            {1: "KH | 7H", 2: "QH | AS", 3: "| 9S", **others}, rules="S2C", stock="AH " * 10
        )
    )
    page = table.page
    table.drag(1, -1, table.column_point(2))
    notice = table.notice()
    expect(notice).to_contain_text(catalog("en")["reasons"]["on_ace"])
    link = notice.locator("a.notice-rules")
    expect(link).to_have_text("Rules")
    expect(link).to_have_attribute("href", "/rules?lang=en#building-down")
    expect(notice).not_to_have_attribute("aria-hidden", "true")
    with page.context.expect_page() as opened:  # in a tab of its own
        link.click()
    rules = opened.value
    rules.wait_for_url(re.compile(r"/rules\?lang=en#building-down$"))
    rules.wait_for_selector("html.ready")
    expect(rules.locator("#building-down:target")).to_have_count(1)
    rules.close()

    # a deal refused for an empty column explains the stock
    page.locator("#stock").click()
    expect(table.notice().locator("a.notice-rules")).to_have_attribute(
        "href", "/rules?lang=en#stock"
    )
    # a move played clears the notice: the link goes, and the notice is hidden again
    table.drag(3, -1, table.column_point(4))  # the 9 of spades into the empty column
    table.idle()
    assert table.cards(4) == ["9S"]
    expect(table.notice().locator("a")).to_have_count(0)
    expect(table.notice()).to_have_attribute("aria-hidden", "true")


def test_the_guided_start_shows_once_and_can_be_skipped(make_table: Any) -> None:
    table = make_table(tour=True)
    table.open()
    page = table.page
    tour = page.locator("#tour")
    web = catalog("en")["web"]
    expect(tour).to_be_visible()
    expect(tour).to_have_attribute("role", "dialog")
    # the first step says what the game is for: runs from King to Ace of one suit
    expect(tour.locator("#tour-text")).to_have_text(web["tour.goal"])
    expect(tour.locator("#tour-text")).to_contain_text("build runs, each from King down to Ace")
    expect(page.locator("#removed")).to_have_class(has_class("hinted"))
    expect(page.locator("#tour-next")).to_be_focused()

    page.locator("#tour-next").click()
    expect(tour.locator("#tour-text")).to_have_text(web["tour.stock"])
    expect(page.locator("#stock")).to_have_class(has_class("hinted"))

    # step 2: a card the server lists with a column to go to, and that column
    page.locator("#tour-next").click()
    expect(tour.locator("#tour-text")).to_have_text(web["tour.move"])
    state = table.api_state()
    group = next(g for g in state["groups"] if g["targets"] and g["count"] == 1)
    target = group["auto"] if group["auto"] in group["targets"] else group["targets"][0]
    hinted = page.locator(f"#column-{group['column']} .card.hinted")
    expect(hinted).to_have_count(1)
    assert hinted.get_attribute("data-card") == state["columns"][group["column"] - 1]["face_up"][-1]
    expect(page.locator(f"#column-{target}")).to_have_class(has_class("hint-target"))
    # the player makes that move (issue 31: the guided start only told): no Next here
    expect(page.locator("#tour-next")).to_be_hidden()
    expect(page.locator("#tour-skip")).to_be_focused()
    table.drag(group["column"], -1, table.column_point(target))
    table.idle()
    assert table.api_state()["moves"] == 1
    # then it goes on by itself: Undo, which takes that move back
    expect(tour.locator("#tour-text")).to_have_text(web["tour.undo"])
    expect(page.locator("#undo")).to_have_class(has_class("hinted"))
    page.locator("#tour-skip").click()
    expect(tour).to_be_hidden()
    expect(page.locator(".hinted")).to_have_count(0)

    table.reload()
    expect(page.locator("#tour")).to_have_count(0)


def test_the_guided_start_ends_on_hint_and_comes_back_from_the_rules(make_table: Any) -> None:
    table = make_table(tour=True)
    table.open()
    page = table.page
    for _ in range(2):
        page.locator("#tour-next").click()
    expect(page.locator("#tour-text")).to_have_text(catalog("en")["web"]["tour.move"])
    page.locator("#stock").click()  # any action of the player's takes it on
    table.idle()
    page.locator("#tour-next").click()  # past Undo
    expect(page.locator("#tour-text")).to_have_text(catalog("en")["web"]["tour.hint"])
    expect(page.locator("#hint")).to_have_class(has_class("hinted"))
    expect(page.locator("#tour-skip")).to_be_hidden()
    expect(page.locator("#tour-next")).to_have_text(catalog("en")["web"]["tour.done"])
    page.locator("#tour-next").click()
    expect(page.locator("#tour")).to_be_hidden()

    with page.context.expect_page() as opened:  # the rules, in a tab of their own
        page.keyboard.press("?")
    page = opened.value
    page.wait_for_selector("html.ready")
    page.locator("#tour-again").click()
    table = Table(page, table.base_url)
    table.ready()
    expect(page.locator("#tour")).to_be_visible()
    assert page.url == table.base_url + "/"  # the address asks for it no more
    page.keyboard.press("Escape")
    expect(page.locator("#tour")).to_be_hidden()
    table.reload()
    expect(page.locator("#tour")).to_have_count(0)


@pytest.mark.parametrize("viewport", [None, SMALL_PHONE], ids=["desktop", "320x480"])
def test_a_first_visit_logs_no_console_error(
    make_table: Any, viewport: dict[str, int] | None
) -> None:
    """A first visit (no game yet: no error) logs nothing in the console, on a desktop
    and on a small phone with the record's menu and the time in the header."""
    table = make_table(tour=True, viewport=viewport, touch=viewport is not None)
    errors: list[str] = []
    table.page.on("console", lambda msg: errors.append(msg.text) if msg.type == "error" else None)
    table.page.on("pageerror", lambda error: errors.append(str(error)))
    table.open()
    expect(table.page.locator("#tour")).to_be_visible()
    with table.page.context.expect_page() as opened:  # the rules, in a tab of their own
        table.page.keyboard.press("?")
    opened.value.wait_for_selector("html.ready")
    assert errors == []


@pytest.mark.parametrize("viewport", [SMALL_PHONE, PHONE], ids=["320x480", "390x844"])
def test_nothing_overflows_sideways_on_phones(make_table: Any, viewport: dict[str, int]) -> None:
    table = make_table(viewport=viewport, touch=True, tour=True)
    table.open()
    page = table.page
    width = viewport["width"]
    expect(page.locator("#tour")).to_be_visible()
    assert page.evaluate("document.scrollingElement.scrollWidth") <= width
    box = page.locator("#tour").bounding_box()
    assert box is not None and box["x"] >= 0 and box["x"] + box["width"] <= width
    assert box["y"] + box["height"] <= viewport["height"]
    if viewport == SMALL_PHONE:
        # no room in the header at 320x480: the Rules link is in the menu
        expect(page.locator("#rules-link")).to_be_hidden()
    else:
        # the Rules link sits in the header's row of actions, overlapping no other control
        rules = page.locator("#rules-link").bounding_box()
        settings = page.locator("#settings").bounding_box()
        assert rules is not None and settings is not None
        assert rules["y"] == settings["y"] and rules["x"] + rules["width"] <= width
        assert rules["height"] >= 44 and rules["width"] >= 44  # finger-sized
    boxes = page.locator("header button:visible, header a:visible").evaluate_all(
        "els => els.map(e => { const r = e.getBoundingClientRect();"
        " return [r.left, r.top, r.right, r.bottom]; })"
    )
    for a, b in itertools.combinations(boxes, 2):
        assert not (a[0] < b[2] and b[0] < a[2] and a[1] < b[3] and b[1] < a[3]), (a, b)

    for language in ("en", "es"):
        _open_rules(page, f"{table.base_url}/rules?lang={language}")
        assert page.evaluate("document.scrollingElement.scrollWidth") <= width, language
        lefts_rights = page.locator(".card, figure, p, h1, h2, dl").evaluate_all(
            "els => els.map(e => {"
            " const r = e.getBoundingClientRect(); return [r.left, r.right]; })"
        )
        for left, right in lefts_rights:
            assert left >= 0 and right <= width + 0.5, (language, left, right)
