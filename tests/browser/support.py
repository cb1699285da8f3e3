"""Helpers for the browser tests: the fixed deals and a Table wrapper around a page."""

from __future__ import annotations

import json
import re
from functools import cache
from pathlib import Path
from typing import Any

from spider_solitaire import Game
from spider_solitaire.solver import solve

DEALS: dict[str, Any] = json.loads(Path(__file__).with_name("deals.json").read_text())
DESKTOP = {"width": 1366, "height": 768}
SETTLE = """async () => {
  await new Promise(done => requestAnimationFrame(() => requestAnimationFrame(done)));
  await Promise.all(document.getAnimations().map(a => a.finished.catch(() => null)));
}"""
PHONE = {"width": 390, "height": 844}
SMALL_PHONE = {"width": 320, "height": 480}


@cache
def winning_line(code: str) -> tuple[str, ...]:
    """The solver's winning actions for the deal ``code`` (full information, for tests
    that need a counted win played by the player), in move notation."""
    result = solve(Game.from_code(code), time_limit=30)
    assert result.status == "won", (code, result.status)
    return tuple(str(move) for move in result.solution)


def has_class(name: str) -> re.Pattern[str]:
    """A pattern for Playwright's to_have_class: the class list contains ``name``."""
    return re.compile(r"(^|\s)" + re.escape(name) + r"(\s|$)")


class Table:
    """A page showing the table, with helpers to read it and to set up a deal."""

    def __init__(self, page: Any, base_url: str) -> None:
        self.page = page
        self.base_url = base_url
        self.problems: list[str] = []
        page.on("pageerror", lambda error: self.problems.append(f"page error: {error}"))
        page.on(
            "console",
            lambda msg: (
                self.problems.append(f"console {msg.type}: {msg.text}")
                if msg.type == "error" and "status of 4" not in msg.text
                else None
            ),
        )

    # navigation and setup
    def open(self, code: str | None = None, setup: list[str] | None = None) -> Table:
        self.page.goto(self.base_url + (f"/?code={code}" if code else "/"))
        self.ready()
        if setup:
            for action in setup:
                self.api_action(action)
            self.reload()
        return self

    def open_position(self, text: str) -> Table:
        """A game started from position notation (the API's extension for tests)."""
        self.open()
        response = self.page.request.post(self.base_url + "/api/games", data={"position": text})
        assert response.status == 201, response.text()
        self.reload()
        return self

    def ready(self) -> None:
        self.page.wait_for_selector("html.ready")
        self.idle()

    def reload(self) -> None:
        self.page.reload()
        self.ready()

    def idle(self) -> None:
        """Wait until no request is in flight, the answer is drawn and animations ended."""
        # (a CSS wait: the page's CSP forbids the eval behind wait_for_function)
        self.page.wait_for_selector("body:not([data-busy])", state="attached")
        self.page.evaluate(SETTLE)

    def api_state(self) -> dict[str, Any]:
        response = self.page.request.get(self.base_url + "/api/games/current")
        assert response.ok, response.text()
        data: dict[str, Any] = response.json()
        return data

    def api_action(self, action: str) -> dict[str, Any]:
        state = self.api_state()
        response = self.page.request.post(
            f"{self.base_url}/api/games/{state['id']}/actions",
            data={"version": state["version"], "action": action},
        )
        assert response.ok, f"{action}: {response.text()}"
        data: dict[str, Any] = response.json()
        return data

    def play_move(self, action: str) -> None:
        """Play the move ``N:C>M`` in the page, dragging the cards (deals: the stock)."""
        if action == "d":
            self.page.locator("#stock").click()
        else:
            source, _, target = action.partition(">")
            column, _, count = source.partition(":")
            self.drag(int(column), -int(count or 1), self.column_point(int(target)))
        self.idle()

    # reading the table
    def column(self, n: int) -> Any:
        return self.page.locator(f"#column-{n}")

    def cards(self, n: int) -> list[str]:
        """Face-up card texts of column n, bottom to top."""
        result: list[str] = (
            self.column(n).locator(".card.up").evaluate_all("els => els.map(e => e.dataset.card)")
        )
        return result

    def face_down(self, n: int) -> int:
        count: int = self.column(n).locator(".card.down").count()
        return count

    def card(self, n: int, index: int) -> Any:
        """The face-up card of column n at `index` (negative counts from the end)."""
        cards = self.column(n).locator(".card.up")
        return cards.nth(index) if index >= 0 else cards.nth(cards.count() + index)

    def notice(self) -> Any:
        return self.page.locator("#notice")

    # pointer helpers
    def grab_point(self, n: int, index: int) -> tuple[float, float]:
        box = self.card(n, index).bounding_box()
        assert box is not None
        return box["x"] + box["width"] / 2, box["y"] + 6

    def column_point(self, n: int) -> tuple[float, float]:
        box = self.column(n).bounding_box()
        assert box is not None
        return box["x"] + box["width"] / 2, box["y"] + box["height"] / 3

    def drag(self, n: int, index: int, to: tuple[float, float], *, release: bool = True) -> None:
        self.idle()  # grab the card where it rests, not in flight
        x, y = self.grab_point(n, index)
        mouse = self.page.mouse
        mouse.move(x, y)
        mouse.down()
        mouse.move(x + 12, y + 12, steps=2)
        mouse.move(*to, steps=6)
        if release:
            mouse.up()
