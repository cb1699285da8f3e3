"""A deal of the level a player asks for (1 to 3 stars: :mod:`spider_solitaire.levels`),
at once from the shipped data, like the winnable stock (nothing is solved or played
while serving).

Which deal (decisions of ours, as "Winnable deals only" chooses from its stock): one of
the level's deals (its variant, suits and rule) the player has never started a game of,
picked at random among them; once they have played every one, one they have not won
(picked at random: a lost or abandoned deal, to try again); once they have won every one,
any of them, which is practice like every deal played again after a win (the player
confirms ``practice``, 409 ``confirm_needed``, as for any code). The answer says which of
the two fallbacks it took (``labels.stars_note``, :func:`level_note`; the table shows it
as a notice). What a player has played and won is read from the database, so that every
server process agrees.
"""

from __future__ import annotations

import secrets

from .. import levels
from ..codes import code_forms, level_prefix
from ..messages import text
from ..variants import GroupRule, find_variant
from .db import Store
from .errors import ApiError
from .schemas.state import GameState
from .texts import stars_label


def played_deals(store: Store, player: str, suits: int, rule: GroupRule, variant: str) -> set[str]:
    """Return the deals (version-1 codes) of ``variant`` at ``suits`` and ``rule`` that
    ``player`` has started a game of, under either code version.

    Raises:
        UnknownVariantError: ``variant`` is not a name of the registry.
    """
    found = find_variant(variant)
    played: set[str] = set()
    for version in (1, 2):  # a deal played under its SP2 form is played too
        prefix = level_prefix(suits, rule, found, version)
        played |= {code_forms(code)[0] for code in store.games.played_codes(player, prefix)}
    return played


def level_deal(
    store: Store, player: str, variant: str, suits: int, rule: GroupRule, stars: int
) -> str:
    """Return the code of a deal rated ``stars`` for ``player`` (see the module docstring
    for which one). ``rule`` is the one the level is played under (1 suit: Classic).

    Raises:
        ApiError: 400 ``level_no_deal`` when no deal of ``variant``, ``suits`` and
            ``rule`` is rated ``stars`` (the New game window offers only levels that
            have deals: ``GET /api/games/variants``).
    """
    pool, _ = _pool(store, player, variant, suits, rule, stars)
    return secrets.choice(pool)


def level_note(
    store: Store, player: str, variant: str, suits: int, rule: GroupRule, stars: int
) -> str | None:
    """Return the catalog key (``labels`` section) of what the player is told about the
    deal :func:`level_deal` gives: None for a deal they have not played,
    ``level_again_unwon`` when every deal of the level is played (one not won is given),
    ``level_again_won`` when every one is won (any is given, as practice).

    Raises:
        ApiError: as :func:`level_deal`.
    """
    return _pool(store, player, variant, suits, rule, stars)[1]


def _pool(
    store: Store, player: str, variant: str, suits: int, rule: GroupRule, stars: int
) -> tuple[list[str], str | None]:
    """The deals :func:`level_deal` picks among, and :func:`level_note`'s key."""
    deals = levels.deals(suits, rule, stars, variant)
    if not deals:
        detail = f"no deal of {variant}, {suits} suit(s), {rule} is rated {stars} star(s)"
        raise ApiError(400, "level_no_deal", detail=detail)
    played = played_deals(store, player, suits, rule, variant)
    fresh = [code for code in deals if code not in played]
    if fresh:
        return fresh, None
    unwon = [code for code in deals if not store.games.has_won_code(player, code_forms(code))]
    if unwon:
        return unwon, "level_again_unwon"
    return list(deals), "level_again_won"


def with_note(state: GameState, key: str | None, stars: int, language: str) -> GameState:
    """Return ``state`` with ``labels.stars_note``: the sentence of ``key`` (from
    :func:`level_note`) in ``language``; ``state`` itself when ``key`` is None."""
    if key is None:
        return state
    note = text("labels", key, language, stars=stars_label(stars, language))
    return state.model_copy(update={"labels": state.labels.model_copy(update={"stars_note": note})})
