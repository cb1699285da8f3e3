"""The models of ``/api/games``: the bodies that start a new game."""

from __future__ import annotations

from typing import Annotated, Any

from pydantic import BaseModel, Discriminator, Field, Tag

from ...variants import CLASSIC
from .common import (
    DEFAULT_VARIANT,
    Confirmations,
    RuleName,
    Stars,
    StrictBody,
    SuitCount,
    VariantName,
)


class NewGameFromCode(StrictBody):
    """Start the deal of a game code (any case, surrounding spaces allowed)."""

    code: Annotated[str, Field(max_length=64, examples=["SP1-S2C-AAAAAAD"])]
    confirm: Confirmations = []


class NewGameFromSuits(StrictBody):
    """Deal a random game (a seed from the OS) of ``variant`` (a name of the registry,
    default ``spider``) with ``suits`` (default 4) under ``rule`` (default classic);
    ``{}`` is this with every default. With ``stars`` (1-3), a shipped deal of that level
    instead (:mod:`spider_solitaire.levels`, chosen by :mod:`..levels`): one the player
    has not played, else one not won, else any (practice); 400 ``level_no_deal`` when the
    level has no deal for that game, suits and rule."""

    variant: VariantName = DEFAULT_VARIANT
    suits: SuitCount = 4
    rule: RuleName = CLASSIC
    stars: Stars | None = None
    confirm: Confirmations = []


class NewGameFromPosition(StrictBody):
    """An extension for puzzles and tests: start from position notation (face-down cards
    as real cards). Its cards must be the variant's whole deck(s) (400 ``bad_cards``),
    unless the server's setting ``puzzle_positions`` allows small boards
    (:func:`~spider_solitaire.server.checks.requested_game`). The game has no code."""

    position: Annotated[str, Field(max_length=4096)]
    confirm: Confirmations = []


DateText = Annotated[
    str,
    Field(pattern=r"^\d{4}-\d{2}-\d{2}$", examples=["2026-12-02"], description="YYYY-MM-DD"),
]


class NewGameDaily(StrictBody):
    """Play the daily deal of ``daily`` (a date, YYYY-MM-DD: the player's local date for
    today's deal, or any earlier date with a deal) at ``suits`` suits (default 2, the
    featured deal); always Classic. A date without a shipped deal is 400
    ``no_daily_deal``."""

    daily: DateText
    suits: SuitCount = 2
    confirm: Confirmations = []


def _new_game_shape(body: Any) -> str:
    """Tell which new-game body ``body`` is meant to be, by its keys, so that a malformed
    one is described against that shape alone (a decision of ours: a too-long position is
    named as such, not as a mismatch with all four shapes): ``"code"`` when it has a
    ``code``, ``"position"`` when it has a ``position``, ``"daily"`` when it has a
    ``daily``, else ``"suits"``."""
    keys = body.keys() if isinstance(body, dict) else getattr(body, "__dict__", {}).keys()
    if "code" in keys:
        return "code"
    if "position" in keys:
        return "position"
    return "daily" if "daily" in keys else "suits"


NewGameRequest = Annotated[
    Annotated[NewGameFromCode, Tag("code")]
    | Annotated[NewGameFromSuits, Tag("suits")]
    | Annotated[NewGameFromPosition, Tag("position")]
    | Annotated[NewGameDaily, Tag("daily")],
    Discriminator(_new_game_shape),
]
"""Body of ``POST /api/games``: exactly one of the four shapes, chosen by its keys
(``code``, ``position``, ``daily``, else suits and rule)."""


class StarsOffer(BaseModel):
    """The deal levels (1-3 stars) that have shipped deals for a game, suit count and
    ``rule`` (:func:`spider_solitaire.levels.levels_offered`), gentlest first."""

    rule: RuleName
    stars: list[Stars]


class SuitsOffer(BaseModel):
    """The group rules a game of the family is offered under at ``suits`` suits, in the
    registry's order (:meth:`~spider_solitaire.variants.Variant.rules_for`: with one suit
    the two rules play the same, so Classic alone), and the deal levels each offers
    (``deal_levels``: one entry a rule)."""

    suits: SuitCount
    group_rules: list[RuleName]
    deal_levels: list[StarsOffer] = []


class VariantOffer(BaseModel):
    """A game of the family the table offers (``GET /api/games/variants``), from the
    registry: its ``name`` (what a new-game request sends as ``variant``), its catalog
    ``title`` in the player's language, its ``columns`` and ``runs``, whether "Winnable
    deals only" is offered for it (``winnable``: true for every game of the family, each
    having its stock of proved deals and the search after it), its section of the
    rules page (``rules``), and the group rules it is offered under at each suit count
    (``levels``: the New game window offers those and states none itself)."""

    name: VariantName
    title: str
    columns: Annotated[int, Field(ge=1, le=10)]
    runs: Annotated[int, Field(ge=1, le=8)]
    winnable: bool
    rules: str = Field(examples=["/rules#variant-spiderette"])
    levels: list[SuitsOffer]
