"""What the API's models share: card, column and variant types, the version an action
or a question is for, what a player confirms, and the base of every request body."""

from __future__ import annotations

import json
from typing import Annotated, Literal

from pydantic import (
    AfterValidator,
    BaseModel,
    ConfigDict,
    Field,
    PlainSerializer,
    PlainValidator,
    WithJsonSchema,
)

from ...cards import SUIT_COUNTS
from ...variants import RULE_NAMES, SPIDER, VARIANT_NAMES, GroupRule, find_rule

Column = Annotated[int, Field(ge=1, le=10, description="a column, 1-10")]
"""A tableau column's number."""
CardText = Annotated[str, Field(pattern=r"^[A2-9TJQK][SHDC]$", description='a card, like "TS"')]
"""A face-up card: rank then suit letter."""
SuitText = Annotated[str, Field(pattern=r"^[SHDC]$", description="a suit letter")]
"""A suit (of a removed run)."""
CardId = Annotated[
    int, Field(ge=0, description="a card's id: its place in the deal, stable for the game")
]
"""A card's id, which tells nothing about a face-down card."""


def _suit_count(value: object) -> int:
    """Return ``value`` when it is a suit count: 1, 2 or 4 as an ``int`` (not a ``bool``,
    whose ``True == 1`` in Python, nor a ``float``).

    Raises:
        ValueError: anything else (pydantic makes it a 400 ``bad_request`` naming the
            field).
    """
    if type(value) is not int or value not in SUIT_COUNTS:
        raise ValueError(f"{json.dumps(value, default=str)[:40]} is not 1, 2 or 4")
    return value


SuitCount = Annotated[
    int,
    PlainValidator(_suit_count),
    WithJsonSchema({"type": "integer", "enum": list(SUIT_COUNTS)}),
]
"""How many suits a deal has: 1, 2 or 4, a whole number (``true`` and ``1.0`` are refused)."""


def _group_rule(value: object) -> GroupRule:
    """Return the group rule ``value`` names exactly (``"classic"``, ``"flexible"``: the
    wire's spelling), or ``value`` itself when it is one (a response built from the
    engine's values).

    Raises:
        ValueError: anything else (pydantic makes it a 400 ``bad_request``).
    """
    if isinstance(value, GroupRule):
        return value
    if isinstance(value, str) and value in RULE_NAMES:
        return find_rule(value)
    raise ValueError(
        f"{json.dumps(value, default=str)[:40]} is not a group rule ({', '.join(RULE_NAMES)})"
    )


RuleName = Annotated[
    GroupRule,
    PlainValidator(_group_rule),
    PlainSerializer(str, return_type=str),
    WithJsonSchema({"type": "string", "enum": list(RULE_NAMES)}),
]
"""The rule a game is played under: a :class:`~spider_solitaire.variants.GroupRule` in
the server, its name on the wire (``"classic"``, ``"flexible"``: the registry's
:data:`~spider_solitaire.variants.RULE_NAMES`). Read at the edge, written back by name."""


Stars = Annotated[
    int,
    Field(ge=1, le=3, strict=True, description="a deal's level: 1 to 3 stars (levels.py)"),
]
"""A deal's level within its game, suit count and rule (:mod:`spider_solitaire.levels`):
1 star (the gentlest) to 3 stars, a whole number; anything else is refused at the door
(422 ``bad_request``). Never named Easy/Medium/Hard: those name the suit count."""


def _known_variant(name: str) -> str:
    """Return ``name`` when it is a variant of the registry (exactly its spelling).

    Raises:
        ValueError: not a name of :data:`~spider_solitaire.variants.VARIANT_NAMES`
            (pydantic makes it a 422 ``bad_request``).
    """
    if name not in VARIANT_NAMES:
        raise ValueError(f"{name[:40]!r} is not a variant (known: {', '.join(VARIANT_NAMES)})")
    return name


VariantName = Annotated[
    str,
    AfterValidator(_known_variant),
    WithJsonSchema({"type": "string", "enum": list(VARIANT_NAMES)}),
]
"""A game of the Spider family by its registry name (``spider``, ``spider-1949``...):
the choices are the registry's :data:`~spider_solitaire.variants.VARIANT_NAMES`, so a
variant added there is offered here with no other change."""
DEFAULT_VARIANT = SPIDER.name
"""The variant a new-game request plays when it names none: ``spider``."""
Outcome = Literal["won", "lost"]
"""How a decided game ended."""

OUTCOMES: tuple[Outcome, ...] = ("won", "lost")
"""The values of :data:`Outcome`."""


def decided(value: str) -> Outcome:
    """Return a result row's ``value`` as an :data:`Outcome`.

    Raises:
        ValueError: neither ``won`` nor ``lost`` (a row the server never wrote).
    """
    found = outcome(value)
    if found is None:
        raise ValueError(f"outcome {value!r} is not won or lost")
    return found


def outcome(value: str | None) -> Outcome | None:
    """Return ``value`` as an :data:`Outcome`, or None for a game not decided (or given up
    without a result)."""
    for known in OUTCOMES:
        if value == known:
            return known
    return None


MAX_VERSION = 2**31 - 1
"""Versions never get near this; larger ones are refused as malformed."""


class StrictBody(BaseModel):
    """A request body: unknown fields and type coercion (``"7"`` for ``7``) are refused."""

    model_config = ConfigDict(extra="forbid", strict=True)


ConfirmWord = Literal["abandon", "practice"]
"""What a player confirms when starting or opening a game: ``abandon`` (leave the current
game unfinished: it counts as a loss) and ``practice`` (a deal already won: this game
will not count). See docs/record.md."""

Confirmations = Annotated[
    list[ConfirmWord],
    Field(max_length=2, description='what the player confirmed: "abandon", "practice"'),
]
"""The words a request confirms (see :data:`ConfirmWord`)."""

Version = Annotated[int, Field(ge=0, le=MAX_VERSION, description="the version the action is for")]
"""The version of a game that an action or a question is for."""
