"""The rules page (``GET /rules``): the rules as this product plays them, in the player's
language, each rule illustrated with a small legal position drawn in the browser by the
table's own card renderer (``web/js/rules.js`` with ``render.js``'s ``paintCard``).

The page's words are the message catalog's ``rules`` section; its pictures are
:data:`ILLUSTRATIONS`, positions in the engine's notation with the action each caption
talks about and what the engine says of it (``tests/server/test_rules_page.py`` plays
each one with the engine). Only what a player would see reaches the page: a face-down
card is sent as ``null``, and no stock card is sent at all.

:data:`.rule_links.RULE_SECTIONS` says which section explains each refusal, so that a
refused action's error body can link to it (``"rules": "/rules#moving-groups"``, see
:meth:`spider_solitaire.server.errors.ApiError.body`).
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass
from functools import cache
from html import escape
from pathlib import Path

from ..cards import CARD_TEXTS
from ..messages import LANGUAGES, message
from ..moves import Move
from ..position import Position
from ..rules import movable_length
from ..variants import (
    BICYCLE,
    RELAXED,
    SPIDER,
    SPIDER_1949,
    SPIDERETTE,
    VARIANTS,
    WILL_O_THE_WISP,
    Variant,
)
from .rule_links import RULES_PATH
from .texts import wording


@dataclass(frozen=True)
class Section:
    """One section of the page.

    Attributes:
        anchor: the section's id in the page (``/rules#moving-groups``); stable, since
            error bodies and the browser's links name it.
        key: the prefix of its texts in the catalog's ``rules`` section (``<key>.title``,
            then each of ``paragraphs``).
        paragraphs: the keys (without the prefix) of its paragraphs, in order.
    """

    anchor: str
    key: str
    paragraphs: tuple[str, ...] = ("text",)


SECTIONS: tuple[Section, ...] = (
    Section("deal", "deal"),
    Section("building-down", "building"),
    Section("moving-groups", "groups"),
    Section("empty-columns", "empty"),
    Section("stock", "stock"),
    Section("runs", "runs"),
    Section("winning", "winning"),
    Section("score-and-undo", "score"),
    Section("variants", "variants"),
    *(Section(f"variant-{v.name}", f"family_{v.title_key}") for v in VARIANTS),
    Section("keyboard", "keys"),
    Section("help", "help", ("hint", "can_win", "solution", "assisted")),
    Section("guided-start", "tour"),
)
"""The page's sections, in order (the rules, then the keyboard, the help and the guided
start)."""


@dataclass(frozen=True)
class Illustration:
    """A small position that illustrates one rule.

    Attributes:
        section: the anchor of the section it belongs to.
        caption: the key of its caption in the catalog's ``rules`` section.
        position: the position in the engine's notation (``strict=False``: a part of a
            table; columns left out are empty), naming its game of the family with a
            ``variant:`` line when it is not ``spider``.
        columns: the columns drawn (1 to the variant's 10 or 7), in order.
        action: the action the caption talks about (move notation with a count, ``"d"``
            or a take-off ``"t1"``), or ``None`` for a picture without one (a deal).
        refusal: the engine's reason code when the caption says the action is refused,
            ``None`` when it says it is allowed.
    """

    section: str
    caption: str
    position: str
    columns: tuple[int, ...]
    action: str | None = None
    refusal: str | None = None

    def parsed(self) -> Position:
        """Return the engine's :class:`Position` of :attr:`position`.

        Raises:
            InvalidPositionError: the text is not a position (a bug of this module).
        """
        return Position.from_text(self.position, strict=False)


def _columns(
    rules: str, columns: dict[int, str], *, header: str = "", variant: Variant = SPIDER
) -> str:
    """Position text of ``variant`` (its ``variant:`` line unless ``spider``) for ``rules``
    with ``columns`` (``{number: "down | up"}``), its other columns empty."""
    lines = [] if variant.is_default else [f"variant: {variant.name}"]
    lines += [f"rules: {rules}", *filter(None, header.splitlines())]
    lines += [f"{n}: {columns.get(n, '|')}" for n in range(1, variant.columns + 1)]
    return "\n".join(lines) + "\n"


def _deal(variant: Variant, rules: str, face_up: str) -> str:
    """Position text of a new game of ``variant`` as the player sees it: each column's
    face-down cards from the registry (``??``), then its one card of ``face_up`` (one
    card text a column), and the whole stock face down."""
    ups = face_up.split()
    return _columns(
        rules,
        {
            n: " ".join(["??"] * down + ["|"] + ups[n - 1 : n])
            for n, down in enumerate(variant.face_down, 1)
        },
        header="stock: " + " ".join(["??"] * variant.stock_cards),
        variant=variant,
    )


def _all(variant: Variant) -> tuple[int, ...]:
    """Every column of ``variant``, 1 to its 10 or 7."""
    return tuple(range(1, variant.columns + 1))


_START = _deal(SPIDER, "S2C", "7H QS 3H 9S KH AS 5S TH 2S JH")
_SPADES = "KS QS JS TS 9S 8S 7S 6S 5S 4S 3S 2S"
_STOCK = "stock: AH 2H 3H 4H 5H 6H 7H 8H 9H TH"
_HEARTS = _SPADES.replace("S", "H")
_FULL_TABLE = {n: f"{'KH' if n % 2 else 'KS'} | {'9H' if n % 3 else '5S'}" for n in range(1, 11)}
_ONE_EMPTY = {n: c for n, c in _FULL_TABLE.items() if n != 4}

ILLUSTRATIONS: tuple[Illustration, ...] = (
    Illustration("deal", "deal.caption", _START, _all(SPIDER)),
    Illustration(
        "building-down",
        "building.caption_legal",
        _columns("S2C", {1: "KH | 7H", 2: "QH | 8S"}),
        (1, 2),
        "1:1>2",
    ),
    Illustration(
        "building-down",
        "building.caption_ace",
        _columns("S2C", {1: "KH | 2H", 2: "QH | AS"}),
        (1, 2),
        "1:1>2",
        "on_ace",
    ),
    Illustration(
        "moving-groups",
        "groups.caption_classic",
        _columns("S2C", {1: "KH | 9S 8S 7S", 2: "QH | TH"}),
        (1, 2),
        "1:3>2",
    ),
    Illustration(
        "moving-groups",
        "groups.caption_mixed",
        _columns("S2C", {1: "KH | 9H 8S 7S", 2: "QH | TH"}),
        (1, 2),
        "1:3>2",
        "mixed_suits",
    ),
    Illustration(
        "moving-groups",
        "groups.caption_flexible",
        _columns("S2F", {1: "KH | 9H 8S 7S", 2: "QH | TH"}),
        (1, 2),
        "1:3>2",
    ),
    Illustration(
        "empty-columns",
        "empty.caption",
        _columns("S2C", {1: "KH QH | 6S 5S 4S", 3: "JH | 8H"}),
        (1, 2, 3),
        "1:3>2",
    ),
    Illustration(
        "stock",
        "stock.caption_blocked",
        _columns("S2C", _ONE_EMPTY, header=_STOCK),
        _all(SPIDER),
        "d",
        "deal_needs_full_columns",
    ),
    Illustration(
        "stock",
        "stock.caption_few",
        _columns("S2C", {1: "| 9H", 2: "| 4S 3S"}, header=_STOCK),
        _all(SPIDER),
        "d",
    ),
    Illustration(
        "runs",
        "runs.caption",
        _columns("S1C", {1: f"KS | {_SPADES}", 2: "QS | AS"}),
        (1, 2),
        "2:1>1",
    ),
    Illustration(
        "winning",
        "winning.caption",
        _columns("S1C", {1: f"| {_SPADES}", 2: "| AS"}, header="removed: S S S S S S S"),
        (1, 2),
        "2:1>1",
    ),
    Illustration(
        "score-and-undo",
        "score.caption",
        _columns("S2C", {1: "KH | 7H", 2: "QH | 8S"}, header="score: 500"),
        (1, 2),
        "1:1>2",
    ),
    # the family: what each game does differently, in its own position text
    Illustration(
        f"variant-{SPIDER_1949.name}",
        "family_spider_1949.caption_take_off",
        _columns("S1C", {1: f"KS | {_SPADES} AS", 2: "QS | 5S"}, variant=SPIDER_1949),
        (1, 2),
        "t1",
    ),
    Illustration(
        f"variant-{SPIDER_1949.name}",
        "family_spider_1949.caption_deal",
        _columns("S2C", {1: "| 9H", 2: "| 4S 3S"}, header=_STOCK, variant=SPIDER_1949),
        _all(SPIDER_1949),
        "d",
        "deal_needs_full_columns",
    ),
    Illustration(
        f"variant-{BICYCLE.name}",
        "family_bicycle.caption_deal",
        _deal(BICYCLE, "S2C", "4S JH 8S 2H QS 6H TS KH 3S 9H"),
        _all(BICYCLE),
    ),
    Illustration(
        f"variant-{BICYCLE.name}",
        "family_bicycle.caption_last_row",
        _columns("S2C", _FULL_TABLE, header="stock: AH 2H 3H 4H", variant=BICYCLE),
        _all(BICYCLE),
        "d",
    ),
    Illustration(
        f"variant-{RELAXED.name}",
        "family_relaxed.caption",
        _columns("S2C", _ONE_EMPTY, header=_STOCK, variant=RELAXED),
        _all(RELAXED),
        "d",
    ),
    Illustration(
        f"variant-{SPIDERETTE.name}",
        "family_spiderette.caption_deal",
        _deal(SPIDERETTE, "S2C", "KS 4H 9S QH 2S 7H JS"),
        _all(SPIDERETTE),
    ),
    Illustration(
        f"variant-{SPIDERETTE.name}",
        "family_spiderette.caption_winning",
        _columns(
            "S2C", {1: f"| {_HEARTS}", 2: "| AH"}, header="removed: S S H", variant=SPIDERETTE
        ),
        (1, 2),
        "2:1>1",
    ),
    Illustration(
        f"variant-{WILL_O_THE_WISP.name}",
        "family_will_o_the_wisp.caption_deal",
        _deal(WILL_O_THE_WISP, "S2C", "8H 3S TH 5S AH QS 6H"),
        _all(WILL_O_THE_WISP),
    ),
)
"""Every picture of the page, in page order. Each is checked against the engine
(``tests/server/test_rules_page.py``): the action is legal, or refused with ``refusal``."""


def _text(key: str, language: str) -> str:
    """The catalog's ``rules.<key>`` in ``language``, HTML-escaped."""
    return escape(message("rules", key, language))


def _web(key: str, language: str) -> str:
    """The catalog's ``web.<key>`` in ``language``, HTML-escaped."""
    return escape(message("web", key, language))


def picture(illustration: Illustration) -> dict[str, object]:
    """Return what the browser draws of ``illustration``: ``{"columns": [{"column": 1,
    "cards": [null, "7H"]}, ...], "move": ...}``, the columns in the order drawn (as
    many as the picture has: 10, 7 or a few). ``move`` is ``{"column", "count",
    "target"}`` for a move, the same with ``"target": null`` for a take-off (the run's
    13 cards), ``{"deal": true, "targets": [1, ...]}`` for a deal (the columns its row
    goes to, from the engine: a short last row goes to the first columns; none when the
    deal is refused), or ``null``. Face-down cards are ``null``: the page shows only what
    a player would see."""
    position = illustration.parsed()
    columns = []
    for number in illustration.columns:
        cards = position.columns[number - 1]
        down = position.face_down[number - 1]
        columns.append(
            {
                "column": number,
                "cards": [None if i < down else CARD_TEXTS[card] for i, card in enumerate(cards)],
            }
        )
    move: dict[str, object] | None = None
    if illustration.action is not None:
        parsed = Move.parse(illustration.action)
        if parsed.is_deal:
            dealt = 0 if illustration.refusal else position.next_row
            move = {"deal": True, "targets": list(range(1, dealt + 1))}
        elif parsed.is_take_off:
            move = {"column": parsed.source, "count": parsed.count, "target": None}
        else:
            move = {"column": parsed.source, "count": parsed.count, "target": parsed.target}
    return {"columns": columns, "move": move}


def describe(illustration: Illustration, language: str) -> str:
    """Return the picture's accessible description in ``language``: each drawn column's
    label as the table says it ("Column 1, 1 face-down, 7 of hearts. Column 2, ...")."""
    position = illustration.parsed()
    labels = []
    for number in illustration.columns:
        cards = position.columns[number - 1]
        down = position.face_down[number - 1]
        texts = wording(language).column(
            number, cards[down:], down, movable_length(position, number)
        )
        labels.append(texts.label)
    return ". ".join(labels) + "."


def _figure(illustration: Illustration, language: str) -> str:
    """The ``<figure>`` of one illustration."""
    verdict = ""
    if illustration.action is not None:
        word = "refused" if illustration.refusal else "allowed"
        verdict = f'<strong class="verdict {word}">{_text(word, language)}</strong> '
    data = escape(json.dumps(picture(illustration), separators=(",", ":")))
    label = escape(describe(illustration, language))
    return (
        f'<figure class="rule-figure" data-caption="{escape(illustration.caption)}">'
        f'<div class="rule-position" role="img" aria-label="{label}" data-position="{data}"></div>'
        f"<figcaption>{verdict}{_text(illustration.caption, language)}</figcaption></figure>"
    )


_KEYS: tuple[tuple[str, str], ...] = (
    ("rules:keys.arrows", "keys.arrows_do"),
    ("rules:keys.home", "keys.home_do"),
    ("rules:keys.enter", "keys.enter_do"),
    ("A", "keys.a_do"),
    ("D", "keys.d_do"),
    ("H", "keys.h_do"),
    ("rules:keys.shift_h", "keys.shift_h_do"),
    ("rules:keys.undo", "keys.undo_do"),
    ("rules:keys.redo", "keys.redo_do"),
    ("rules:keys.escape", "keys.escape_do"),
    ("?", "keys.rules_do"),
)
"""The keyboard section's rows: the key (a single character, or ``rules:<key>`` for a
catalog text) and what it does."""


def _keys(language: str) -> str:
    """The keyboard section's list of shortcuts."""
    rows = []
    for key, does in _KEYS:
        name = _text(key.removeprefix("rules:"), language) if key.startswith("rules:") else key
        rows.append(f"<div><dt><kbd>{name}</kbd></dt><dd>{_text(does, language)}</dd></div>")
    return f'<dl class="rule-keys">{"".join(rows)}</dl><p>{_text("keys.mouse", language)}</p>'


def _section(section: Section, language: str) -> str:
    """One ``<section>`` of the page: heading, paragraphs, pictures, and its extras."""
    title_id = f"{section.anchor}-title"
    parts = [
        f'<section id="{section.anchor}" class="rule" aria-labelledby="{title_id}">',
        f'<h2 id="{title_id}">{_text(section.key + ".title", language)}</h2>',
    ]
    parts += [f"<p>{_text(f'{section.key}.{key}', language)}</p>" for key in section.paragraphs]
    figures = [_figure(i, language) for i in ILLUSTRATIONS if i.section == section.anchor]
    if figures:
        parts.append(f'<div class="rule-figures">{"".join(figures)}</div>')
    if section.anchor == "keyboard":
        parts.append(_keys(language))
    if section.anchor == "guided-start":
        parts.append(
            f'<p><a class="rule-button" id="tour-again" href="/?tour">'
            f"{_text('tour.again', language)}</a></p>"
        )
    parts.append("</section>")
    return "".join(parts)


_SPRITE = re.compile(r'<svg class="sprite".*?</svg>', re.DOTALL)


@cache
def _sprite(web_dir: str) -> str:
    """The page's SVG sprite (the suits' shapes), taken from ``index.html`` so that the
    cards are drawn from the one set of shapes; empty when there is no page."""
    page = Path(web_dir) / "index.html"
    found = _SPRITE.search(page.read_text("utf-8")) if page.is_file() else None
    return found.group(0) if found else ""


@cache
def page_head(language: str, title: str, stylesheets: tuple[str, ...]) -> str:
    """Return the start of a plain page of ours (the rules page, the missing-replay page) up
    to its open ``<head>``: the document type, ``language``, the viewport, the already
    escaped ``title``, the icon and ``stylesheets`` (names under ``/static/css/``, without
    ``.css``, in order). The caller adds what else its head needs and closes it."""
    links = "".join(
        f'<link rel="stylesheet" href="/static/css/{name}.css">\n' for name in stylesheets
    )
    return f"""<!doctype html>
<html lang="{language}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1, viewport-fit=cover">
<meta name="color-scheme" content="light">
<title>{title}</title>
<link rel="icon" href="/static/img/icon.svg" type="image/svg+xml">
{links.rstrip()}"""


def rules_page(language: str, web_dir: str) -> str:
    """Return the whole rules page in ``language`` (``en`` or ``es``; English for any
    other), for the browser table in ``web_dir``. Built once per language."""
    if language not in LANGUAGES:
        language = LANGUAGES[0]
    toc = "".join(
        f'<li><a href="#{s.anchor}">{_text(s.key + ".title", language)}</a></li>' for s in SECTIONS
    )
    switch = "".join(
        f'<a href="{RULES_PATH}?lang={code}" lang="{code}" hreflang="{code}"'
        + (' aria-current="page"' if code == language else "")
        + f">{_web('lang.' + code, code)}</a>"
        for code in LANGUAGES
    )
    sections = "".join(_section(s, language) for s in SECTIONS)
    head = page_head(language, _text("page_title", language), ("base", "table", "themes", "rules"))
    return f"""{head}
<script type="module" src="/static/js/rules.js"></script>
</head>
<body class="rules-page theme-clean">
{_sprite(web_dir)}
<header class="bar rules-bar">
<a class="rule-back" href="/">{_text("back", language)}</a>
<nav class="rule-languages" aria-label="{_text("languages", language)}">{switch}</nav>
</header>
<main id="rules" class="rules">
<h1>{_text("title", language)}</h1>
<p>{_text("intro", language)}</p>
<nav class="rule-contents" aria-labelledby="contents-title">
<h2 id="contents-title">{_text("contents", language)}</h2><ol>{toc}</ol></nav>
{sections}
</main>
</body>
</html>
"""
