"""A deal of the level a player asks for (1 to 3 stars: :mod:`spider_solitaire.levels`),
at once from the shipped data, like the winnable stock (nothing is solved or played
while serving).

Which deal (decisions of ours, as "Winnable deals only" chooses from its stock): one of
the level's deals (its variant, suits and rule) the player has never started a game of,
picked at random among them; once they have played every one, one they have not won
(picked at random: a lost or abandoned deal, to try again); once they have won every one,
any of them, which is practice like every deal played again after a win (the player
confirms ``practice``, 409 ``confirm_needed``, as for any code). What a player has played
and won is read from the database, so that every server process agrees.
"""

from __future__ import annotations

import secrets

from .. import levels
from ..codes import code_forms, level_prefix
from ..variants import GroupRule, find_variant
from .db import Store
from .errors import ApiError


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
    deals = levels.deals(suits, rule, stars, variant)
    if not deals:
        detail = f"no deal of {variant}, {suits} suit(s), {rule} is rated {stars} star(s)"
        raise ApiError(400, "level_no_deal", detail=detail)
    played = played_deals(store, player, suits, rule, variant)
    fresh = [code for code in deals if code not in played]
    if fresh:
        return secrets.choice(fresh)
    unwon = [code for code in deals if not store.games.has_won_code(player, code_forms(code))]
    return secrets.choice(unwon or list(deals))
