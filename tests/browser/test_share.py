"""A shared replay leads somewhere: its visitor sees what they watch (variant, won or lost,
moves, date; nothing of the owner's) and "Play this deal" starts that deal for them
(issue 19, item 10)."""

from __future__ import annotations

from typing import Any

from playwright.sync_api import expect

from .support import DEALS, PHONE

CODE = DEALS["group"]["code"]
"""A 2-suit Classic deal."""


def player_cookie(page: Any) -> str:
    """The player id in ``page``'s cookie."""
    value: str = next(c["value"] for c in page.context.cookies() if c["name"] == "spider_player")
    return value


def test_a_shared_replay_says_what_it_is_and_plays_the_same_deal(make_table: Any) -> None:
    owner = make_table()
    owner.open(CODE, ["10:1>4", "d", "undo", "d"])
    played = owner.api_state()
    base = owner.base_url
    leave = owner.page.request.post(base + "/api/games", data={"suits": 1, "confirm": ["abandon"]})
    assert leave.status == 201, leave.text()  # leaving the first game loses it
    link = owner.page.request.post(f"{base}/api/games/{played['id']}/share").json()
    owner_cookie = next(
        c["value"] for c in owner.page.context.cookies() if c["name"] == "spider_player"
    )

    visitor = make_table()
    page = visitor.page
    page.goto(base + link["url"])
    visitor.ready()
    expect(page.locator("#replay-about")).to_be_visible()
    expect(page.locator("#replay-variant")).to_have_text("2 suits · Classic")
    expect(page.locator("#replay-outcome")).to_have_text("Lost")
    expect(page.locator("#replay-moves")).to_have_text(str(played["moves"]))
    assert played["moves"] == 2  # the move and the deal; the undone deal does not count
    date = page.locator("#replay-date")
    about = page.request.get(f"{base}/api/replays/{link['share_id']}").json()["about"]
    expect(date).to_have_attribute("datetime", about["played_at"])
    expect(date).not_to_have_text("")
    html = page.content()
    assert played["id"] not in html and owner_cookie not in html
    expect(page.locator("#replay-owner")).to_be_hidden()

    button = page.get_by_role("button", name="Play this deal")
    expect(button).to_be_visible()
    button.click()
    page.wait_for_url(base + "/")
    visitor.ready()
    expect(page.locator("#replay-bar")).to_be_hidden()
    expect(page.locator("#code")).to_have_text(CODE)
    expect(page.locator("#moves")).to_have_text("0")
    mine = visitor.api_state()
    assert (mine["code"], mine["moves"], mine["version"]) == (CODE, 0, 0)
    assert mine["id"] != played["id"]
    visitor_cookie = next(
        c["value"] for c in page.context.cookies() if c["name"] == "spider_player"
    )
    assert visitor_cookie != owner_cookie
    # the owner's games are untouched: their current game is still the 1-suit one
    assert owner.api_state()["code"] != CODE


def test_the_spanish_page_names_the_replay_in_spanish(make_table: Any) -> None:
    owner = make_table()
    owner.open(CODE, ["10:1>4"])
    played = owner.api_state()
    base = owner.base_url
    owner.page.request.post(base + "/api/games", data={"suits": 1, "confirm": ["abandon"]})
    link = owner.page.request.post(f"{base}/api/games/{played['id']}/share").json()
    visitor = make_table(locale="es-ES")
    visitor.page.goto(base + link["url"])
    visitor.ready()
    expect(visitor.page.locator("#replay-outcome")).to_have_text("Perdida")
    expect(visitor.page.locator("#replay-play-deal")).to_have_text("Jugar este reparto")


def test_on_a_phone_the_replay_header_overlaps_nothing(make_table: Any) -> None:
    owner = make_table()
    owner.open(CODE, ["10:1>4"])
    played = owner.api_state()
    base = owner.base_url
    owner.page.request.post(base + "/api/games", data={"suits": 1, "confirm": ["abandon"]})
    link = owner.page.request.post(f"{base}/api/games/{played['id']}/share").json()
    visitor = make_table(viewport=PHONE)
    visitor.page.goto(base + link["url"])
    visitor.ready()
    expect(visitor.page.locator("#replay-variant")).to_have_text("2 suits · Classic")
    code = visitor.page.locator("#code").bounding_box()
    assert code is not None
    for selector in ("#variant", "#replay-play-deal", ".replay-controls"):
        other = visitor.page.locator(selector)
        box = other.bounding_box() if other.is_visible() else None
        if box is None:
            continue
        apart = box["y"] >= code["y"] + code["height"] or box["y"] + box["height"] <= code["y"]
        assert apart, (selector, box, code)
    expect(visitor.page.locator("#replay-play-deal")).to_be_in_viewport()
