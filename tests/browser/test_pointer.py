"""Mouse and touch: drag and drop with the highlight, double-click and tap, refusals shown
as rule reminders, the stock, a run removed and brought back by undo."""

from __future__ import annotations

from typing import Any

from playwright.sync_api import expect

from spider_solitaire.messages import reason_text

from .support import DEALS, PHONE, has_class


def test_drag_group_highlights_listed_targets_and_drops(table: Any) -> None:
    deal = DEALS["group"]
    table.open(deal["code"], deal["setup"])
    source, targets = deal["column"], deal["targets"]
    group = table.cards(source)[-2:]
    before = table.api_state()

    # dropped outside any column: the cards go back and nothing is sent
    table.drag(source, -2, (600, 20))
    table.idle()
    assert table.cards(source)[-2:] == group
    assert table.api_state()["version"] == before["version"]

    # while dragging, exactly the server's targets are highlighted
    table.drag(source, -2, table.column_point(targets[0]), release=False)
    highlighted = table.page.locator(".column.target").evaluate_all(
        "els => els.map(e => Number(e.dataset.column))"
    )
    assert highlighted == targets
    expect(table.column(targets[0])).to_have_class(has_class("hover"))
    expect(table.page.locator(".card.dragging")).to_have_count(2)
    table.page.mouse.up()

    expect(table.page.locator(".column.target")).to_have_count(0)
    table.idle()
    assert table.cards(targets[0])[-2:] == group
    assert table.api_state()["version"] == before["version"] + 1
    assert table.page.locator("#moves").inner_text() == str(before["moves"] + 1)


def test_double_click_moves_to_the_same_suit_target(table: Any) -> None:
    deal = DEALS["dblclick"]
    table.open(deal["code"])
    card = table.cards(deal["column"])[-1]
    other_before = table.cards(deal["other"])
    table.card(deal["column"], -1).dblclick()
    table.idle()
    expect(table.column(deal["target"]).locator(".card.up").last).to_have_attribute(
        "data-card", card
    )
    assert table.cards(deal["other"]) == other_before
    expect(table.page.locator("#live")).to_contain_text(f"to column {deal['target']}")


def test_single_click_does_nothing(table: Any) -> None:
    deal = DEALS["dblclick"]
    table.open(deal["code"])
    version = table.api_state()["version"]
    table.card(deal["column"], -1).click()
    table.page.wait_for_timeout(300)
    table.idle()
    assert table.api_state()["version"] == version


def test_tap_on_touch_does_the_auto_move(make_table: Any) -> None:
    table = make_table(viewport=PHONE, touch=True)
    deal = DEALS["dblclick"]
    table.open(deal["code"])
    card = table.cards(deal["column"])[-1]
    table.card(deal["column"], -1).tap()
    table.idle()
    expect(table.column(deal["target"]).locator(".card.up").last).to_have_attribute(
        "data-card", card
    )


def test_refused_move_shows_the_rule(table: Any) -> None:
    deal = DEALS["group"]
    table.open(deal["code"], [*deal["setup"], deal["mixed_setup"]])
    mixed = deal["mixed_column"]
    pair = table.cards(mixed)[-2:]
    version = table.api_state()["version"]
    away = next(c for c in range(1, 11) if c != mixed)

    # a mixed-suit pair is not a listed group: nothing lights up, the server says why
    table.drag(mixed, -2, table.column_point(away), release=False)
    expect(table.page.locator(".column.target")).to_have_count(0)
    table.page.mouse.up()
    # the server's sentence, then a link to the rule that refused it
    expect(table.notice()).to_have_text(reason_text("mixed_suits", "en") + " Rules")
    expect(table.notice().locator("a")).to_have_attribute("href", "/rules?lang=en#moving-groups")
    expect(table.notice()).to_have_class(has_class("show"))
    table.idle()
    assert table.cards(mixed)[-2:] == pair
    assert table.api_state()["version"] == version

    # a single card dropped on a column that is not listed for it
    state = table.api_state()
    group = next(g for g in state["groups"] if g["count"] == 1 and len(g["targets"]) < 8)
    refused = next(c for c in range(1, 11) if c != group["column"] and c not in group["targets"])
    table.drag(group["column"], -1, table.column_point(refused))
    expected = table.page.request.post(
        f"{table.base_url}/api/games/{state['id']}/actions",
        data={"version": state["version"], "action": f"{group['column']}:1>{refused}"},
    ).json()
    expect(table.notice()).to_have_text(expected["message"] + " Rules")
    expect(table.notice().locator("a")).to_have_attribute(
        "href", expected["rules"].replace("/rules", "/rules?lang=en")
    )
    expect(table.notice()).not_to_have_attribute("aria-hidden", "true")
    assert table.api_state()["version"] == version


def test_deal_refused_with_an_empty_column(table: Any) -> None:
    deal = DEALS["empty"]
    table.open(deal["code"], deal["setup"])
    assert table.cards(deal["empty"]) == [] and table.face_down(deal["empty"]) == 0
    expect(table.column(deal["empty"])).to_have_class(has_class("empty"))
    rows = table.page.locator("#stock-rows").inner_text()
    table.page.locator("#stock").click()
    expect(table.notice()).to_have_text(reason_text("deal_needs_full_columns", "en") + " Rules")
    expect(table.page.locator("#live")).to_have_text(reason_text("deal_needs_full_columns", "en"))
    assert table.page.locator("#stock-rows").inner_text() == rows


def test_run_removed_then_brought_back_by_undo(make_table: Any) -> None:
    table = make_table(reduced_motion="no-preference")  # with the animations
    deal = DEALS["run"]
    table.open(deal["code"], deal["setup"])
    source, target = deal["column"], deal["target"]
    count = int(deal["last"].split(":")[1].split(">")[0])
    source_cards, target_cards = table.cards(source), table.cards(target)
    expect(table.page.locator(".removed-slot.filled")).to_have_count(0)

    table.drag(source, -count, table.column_point(target))
    expect(table.page.locator(".removed-slot.filled")).to_have_count(1)
    expect(table.page.locator(".removed-slot.filled")).to_have_attribute("data-suit", "S")
    expect(table.page.locator("#live")).to_contain_text("A run of spades is complete and removed.")
    expect(table.page.locator(".card.leaving")).to_have_count(0)
    state = table.api_state()
    assert state["removed"] == ["S"]
    for n in (source, target):
        expect(table.column(n).locator(".card.up")).to_have_count(
            len(state["columns"][n - 1]["face_up"])
        )
        assert table.cards(n) == state["columns"][n - 1]["face_up"]

    table.page.locator("#undo").click()
    expect(table.page.locator(".removed-slot.filled")).to_have_count(0)
    expect(table.column(source).locator(".card.up")).to_have_count(len(source_cards))
    assert table.cards(source) == source_cards
    assert table.cards(target) == target_cards

    table.page.keyboard.press("Control+y")  # and redo takes it off again
    expect(table.page.locator(".removed-slot.filled")).to_have_count(1)


def test_touch_drag_on_a_phone(make_table: Any) -> None:
    table = make_table(viewport=PHONE, touch=True)
    deal = DEALS["group"]
    table.open(deal["code"], deal["setup"])
    source, targets = deal["column"], deal["targets"]
    group = table.cards(source)[-2:]
    page = table.page
    cdp = page.context.new_cdp_session(page)

    def touch(kind: str, x: float | None = None, y: float | None = None) -> None:
        points = [] if x is None else [{"x": x, "y": y}]
        cdp.send("Input.dispatchTouchEvent", {"type": kind, "touchPoints": points})

    x, y = table.grab_point(source, -2)
    tx, ty = table.column_point(targets[-1])
    touch("touchStart", x, y)
    for step in range(1, 9):
        touch("touchMove", x + (tx - x) * step / 8, y + (ty - y) * step / 8)
    highlighted = page.locator(".column.target").evaluate_all(
        "els => els.map(e => Number(e.dataset.column))"
    )
    assert highlighted == targets
    touch("touchEnd")
    table.idle()
    expect(table.column(targets[-1]).locator(".card.up").last).to_have_attribute(
        "data-card", group[-1]
    )
    assert table.cards(targets[-1])[-2:] == group


def test_auto_place_sends_a_dropped_group_to_the_auto_target(table: Any) -> None:
    deal = DEALS["dblclick"]
    table.open(deal["code"])
    table.page.evaluate("localStorage.setItem('spider.settings', '{\"autoPlace\": true}')")
    table.reload()
    card = table.cards(deal["column"])[-1]
    elsewhere = next(c for c in range(1, 11) if c not in (deal["column"], deal["target"]))
    table.drag(deal["column"], -1, table.column_point(elsewhere))
    table.idle()
    expect(table.column(deal["target"]).locator(".card.up").last).to_have_attribute(
        "data-card", card
    )


def test_auto_place_keeps_a_drop_on_a_listed_column(table: Any) -> None:
    """With auto-place on, a group dropped on a column the server listed goes there, even
    when the auto move would choose another listed column (issue 10)."""
    deal = DEALS["group"]
    table.open(deal["code"], deal["setup"])
    table.page.evaluate("localStorage.setItem('spider.settings', '{\"autoPlace\": true}')")
    table.reload()
    column, count = deal["column"], deal["count"]
    group = next(
        g for g in table.api_state()["groups"] if g["column"] == column and g["count"] == count
    )
    assert group["targets"] == [7, 8] and group["auto"] == 7
    cards = table.cards(column)[-count:]
    table.drag(column, -count, table.column_point(8))
    table.idle()
    assert table.cards(8)[-count:] == cards
    assert table.cards(7)[-1:] != cards[-1:]
    assert table.api_state()["moves"] == 2  # the setup's move and this one
