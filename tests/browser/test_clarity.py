"""A clearer table (issue 10): what a new player's pass found unclear, each checked here
in the browser: the variant in the header, the phone's help buttons in words, the header
at phone sizes (a fifth of the height, everything else in the menu), the 10's corner."""

from __future__ import annotations

import itertools
from typing import Any

import pytest
from playwright.sync_api import expect

from .support import DEALS, DESKTOP, PHONE, SMALL_PHONE, has_class

SIZES = {"desktop": DESKTOP, "390x844": PHONE, "320x480": SMALL_PHONE}
PHONES = {"390x844": PHONE, "320x480": SMALL_PHONE}
BOX = "e => { const r = e.getBoundingClientRect(); return [r.left, r.top, r.right, r.bottom]; }"


def _new_game(table: Any, body: dict[str, Any]) -> None:
    response = table.page.request.post(table.base_url + "/api/games", data=body)
    assert response.status == 201, response.text()
    table.reload()


def _inside(inner: list[float], outer: list[float]) -> bool:
    return (
        inner[0] >= outer[0] - 0.5
        and inner[1] >= outer[1] - 0.5
        and inner[2] <= outer[2] + 0.5
        and inner[3] <= outer[3] + 0.5
    )


@pytest.mark.parametrize("size", list(SIZES))
def test_the_header_names_the_variant(make_table: Any, size: str) -> None:
    """The header shows "2 suits · Classic" or "2 suits · Flexible" at every size: the two
    rules no longer look the same."""
    table = make_table(viewport=SIZES[size], touch=size != "desktop")
    table.open()
    variant = table.page.locator("header #variant")
    for rule, name in (("flexible", "Flexible"), ("classic", "Classic")):
        _new_game(table, {"suits": 2, "rule": rule})
        expect(variant).to_be_visible()
        expect(variant).to_have_text(f"2 suits · {name}")
        assert _inside(variant.evaluate(BOX), table.page.locator("header").evaluate(BOX))
    _new_game(table, {"suits": 1, "rule": "classic"})
    expect(variant).to_have_text("1 suit")


@pytest.mark.parametrize("size", list(PHONES))
@pytest.mark.parametrize(
    ("locale", "words"),
    [
        ("en-US", ["Hint", "Can I still win?", "Show solution"]),
        ("es-ES", ["Pista", "¿Aún puedo ganar?", "Ver la solución"]),
    ],
)
def test_phone_help_buttons_say_what_they_do(
    make_table: Any, size: str, locale: str, words: list[str]
) -> None:
    """On phones Hint, "Can I still win?" and "Show solution" show their words (not an icon
    alone: a "?" reads as help, a triangle as play), inside their buttons."""
    viewport = PHONES[size]
    table = make_table(viewport=viewport, touch=True, locale=locale)
    table.open("SP1-S1C-AAAAAAD")
    for name, word in zip(("hint", "can-win", "solution"), words, strict=True):
        button = table.page.locator(f"#{name}")
        label = button.locator(".label")
        expect(label).to_be_visible()
        # the words as they show, line breaks aside
        assert " ".join(label.inner_text().split()) == word, name
        box, outer = label.evaluate(BOX), button.evaluate(BOX)
        assert box[2] - box[0] >= 20 and box[3] - box[1] >= 10, (name, box)
        assert _inside(box, outer), (name, box, outer)
        assert outer[0] >= 0 and outer[2] <= viewport["width"], (name, outer)


# every action of the header, and the menu's entry that does it when it is not in sight
ACTIONS = {
    "undo": None,
    "redo": None,
    "new-game": "[data-menu='new-game']",
    "restart": "[data-menu='restart']",
    "rules-link": "#menu-rules",
    "settings": "[data-menu='settings']",
    "copy-code": "#menu-copy",
    "hint": None,
    "can-win": None,
    "solution": None,
    "menu-button": None,
}


@pytest.mark.parametrize("size", list(PHONES))
def test_the_phone_header_keeps_to_a_fifth_and_every_action_is_reachable(
    make_table: Any, size: str
) -> None:
    """At 320x480 and 390x844 the header, with the record's additions (time, menu) and the
    rules link, takes at most a fifth of the height; nothing sticks out sideways or
    overlaps; every action is in the header or in the menu; a 10's corner stays inside
    its card."""
    viewport = PHONES[size]
    table = make_table(viewport=viewport, touch=True)
    deal = DEALS["group"]  # a 10 of hearts lies face-up in column 6
    table.open(deal["code"], deal["setup"])
    page = table.page
    header = page.locator("header").evaluate(BOX)
    assert header[3] - header[1] <= viewport["height"] / 5, header
    assert page.evaluate("document.scrollingElement.scrollWidth") <= viewport["width"]
    expect(page.locator("#time-stat")).to_be_visible()
    shown = {}
    for name in ACTIONS:
        control = page.locator(f"header #{name}")
        if control.is_visible():
            box = control.evaluate(BOX)
            assert box[0] >= 0 and box[2] <= viewport["width"] and box[3] <= header[3], name
            if name != "copy-code":  # the code's small copy button sits beside the code
                assert box[2] - box[0] >= 44 and box[3] - box[1] >= 44, name  # finger-sized
            shown[name] = box
    for a, b in itertools.combinations(shown, 2):
        x, y = shown[a], shown[b]
        assert not (x[0] < y[2] and y[0] < x[2] and x[1] < y[3] and y[1] < x[3]), (a, b)
    hidden = [name for name in ACTIONS if name not in shown]
    assert {"undo", "hint", "can-win", "solution", "menu-button"} <= set(shown)
    if size == "320x480":
        assert set(hidden) == {"new-game", "restart", "rules-link", "settings", "copy-code"}
    page.locator("#menu-button").tap()
    menu = page.locator("#menu-dialog")
    for name in hidden:
        selector = ACTIONS[name]
        assert selector is not None, f"{name} is neither in the header nor in the menu"
        entry = menu.locator(selector)
        expect(entry).to_be_visible()
        box = entry.evaluate(BOX)
        assert box[3] - box[1] >= 44 and box[3] <= viewport["height"], name
    if "rules-link" in hidden:
        expect(menu.locator("#menu-rules")).to_have_text("Rules")
        expect(menu.locator("#menu-rules")).to_have_attribute("href", "/rules?lang=en")
        with page.context.expect_page() as opened:  # in a tab of its own
            menu.locator("#menu-rules").tap()
        opened.value.wait_for_url("**/rules?lang=en")
        opened.value.close()
        page.keyboard.press("Escape")  # the menu stays open on the table
        table.ready()

    tens = page.locator("#tableau .card.up[data-card^='T']:not(.probe)")
    assert tens.count() >= 1
    for i in range(tens.count()):
        card = tens.nth(i)
        outer = card.evaluate(BOX)
        for part in (".corner", ".corner .rank", ".corner .pip"):
            box = card.locator(part).evaluate(BOX)
            assert box[0] >= outer[0] and box[2] <= outer[2] - 1, (part, box, outer)


def test_a_hint_reads_in_one_short_sentence_first(make_table: Any) -> None:
    """On a 390x844 phone a hint shows one short sentence (what to do and the main reason,
    the server's ``short``) in a panel that covers at most a fifth of the screen; "Why?"
    shows the whole explanation."""
    table = make_table(viewport=PHONE, touch=True)
    deal = DEALS["group"]
    table.open(deal["code"], deal["setup"])
    page = table.page
    page.locator("#hint").tap()
    panel = page.locator("#help-panel")
    expect(panel).to_be_visible()
    table.idle()
    state = table.api_state()
    hint = page.request.post(
        f"{table.base_url}/api/games/{state['id']}/hint", data={"version": state["version"]}
    ).json()["hint"]
    # the sentence after its rank ("Hint 1 of 5: "), then the chance in words (issue 28)
    sentence = hint["short"].removeprefix(hint["short"].split(": ", 1)[0] + ": ")
    assert hint["kind"] == "move" and len(sentence.split()) <= 17
    assert hint["short"].startswith("Hint 1 of ") and hint["chance_text"]
    expect(page.locator("#help-text")).to_have_text(f"{hint['short']} {hint['chance_text']}")
    box = panel.evaluate(BOX)
    assert box[3] - box[1] <= PHONE["height"] / 5, box
    # the cards the hint names are in sight, above the panel
    for card in page.locator(".card.hinted").evaluate_all(f"els => els.map({BOX})"):
        assert card[3] <= box[1], (card, box)
    more = page.locator("#help-more")
    expect(more).to_have_text("Why?")
    more.tap()
    expect(page.locator("#help-text")).to_have_text(f"{hint['why']} {hint['chance_text']}")
    expect(more).to_be_hidden()
    expect(page.locator("#help-close")).to_be_focused()


def test_messages_take_one_place_the_newest_replacing_the_older(table: Any) -> None:
    """A refusal while a hint is shown replaces the hint's panel (nothing covers the panel
    or the cards it names); the next hint replaces the refusal."""
    deal = DEALS["group"]
    table.open(deal["code"], deal["setup"])
    page = table.page
    panel, notice = page.locator("#help-panel"), table.notice()

    def both_shown() -> bool:
        shown: bool = page.evaluate(
            "() => !document.getElementById('help-panel').hidden"
            " && document.getElementById('notice').classList.contains('show')"
        )
        return shown

    page.keyboard.press("h")
    expect(panel).to_be_visible()
    table.idle()
    expect(page.locator(".card.hinted")).not_to_have_count(0)
    # the 2 of spades onto the 8 of spades: refused
    assert table.cards(1)[-1] == "2S" and table.cards(2)[-1] == "8S"
    table.drag(1, -1, table.column_point(2))
    table.idle()
    expect(notice).to_have_class(has_class("show"))
    expect(notice).to_contain_text("one rank higher")
    expect(panel).to_be_hidden()
    expect(page.locator(".card.hinted")).to_have_count(0)
    assert not both_shown()

    page.keyboard.press("h")
    expect(panel).to_be_visible()
    expect(notice).not_to_have_class(has_class("show"))
    assert not both_shown()
