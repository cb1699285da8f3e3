"""Where the rules page explains each refusal: the one home of the page's address and of
its section per reason, imported by the page (:mod:`.rules_page`) and by the error
answers (:mod:`.errors`), so that an error answer does not load the page to link to it.
"""

from __future__ import annotations

RULES_PATH = "/rules"
"""Where the rules page is served."""

RULE_SECTIONS: dict[str, str] = {
    "same_column": "moving-groups",
    "empty_source": "moving-groups",
    "face_down": "moving-groups",
    "not_descending": "moving-groups",
    "mixed_suits": "moving-groups",
    "not_one_higher": "building-down",
    "on_ace": "building-down",
    "no_target": "building-down",
    "deal_needs_full_columns": "stock",
    "stock_empty": "stock",
    "no_complete_run": "variants",
    "runs_leave_by_themselves": "variants",
    "game_won": "winning",
    "game_over": "winning",
    "nothing_to_undo": "score-and-undo",
    "nothing_to_redo": "score-and-undo",
}
"""The section (its anchor on the page) that explains each refusal reason (a decision of
ours); the reasons left out (``hidden``, the server's own errors) are not about the
rules."""


def rules_link(reason: str) -> str | None:
    """Return the page's address for the section that explains refusal ``reason``
    (``"/rules#building-down"`` for ``on_ace``), or ``None`` when no rule explains it."""
    anchor = RULE_SECTIONS.get(reason)
    return None if anchor is None else f"{RULES_PATH}#{anchor}"
