"""Search game codes with the engine for the fixed deals the browser tests use.

Run ``python tests/browser/find_deals.py`` to regenerate ``deals.json``. The engine sees
the whole deal here (face-down cards included); the tests only replay the found actions
through the HTTP API, so the browser and the server stay honest.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

from spider_solitaire import Game
from spider_solitaire.codes import GameCode
from spider_solitaire.position import Position
from spider_solitaire.variants import find_rule

OUT = Path(__file__).with_name("deals.json")


def code(suits: int, rule: str, seed: int) -> str:
    return str(GameCode(suits, find_rule(rule), seed))


def last(p: Position, col: int) -> int:
    cards = p.columns[col - 1]
    return cards[-1] if cards else 0


def find_dblclick() -> dict[str, object]:
    """A 2-suit deal whose first position has a card with two targets: one of another suit
    in a lower column, one of its own suit in a higher column (auto picks its own suit)."""
    for seed in range(1, 100000):
        c = code(2, "classic", seed)
        g = Game.from_code(c)
        p = g.position
        for col in range(1, 11):
            card = last(p, col)
            other = [
                t
                for t in range(1, 11)
                if t != col and (last(p, t) & 15) == (card & 15) + 1 and last(p, t) != card + 1
            ]
            same = [t for t in range(1, 11) if t != col and last(p, t) == card + 1]
            if other and same and min(other) < min(same):
                auto = g.auto_move(col, 1)
                assert auto is not None and auto.target == min(same)
                return {"code": c, "column": col, "target": min(same), "other": min(other)}
    raise SystemExit("no dblclick deal")


def find_group() -> dict[str, object]:
    """A 2-suit deal where one setup move builds a same-suit group of 2 that can move to
    two or more columns, and where another column then shows a mixed-suit pair."""
    for seed in range(1, 100000):
        c = code(2, "classic", seed)
        g = Game.from_code(c)
        for m in g.legal_moves():
            if m.is_deal:
                continue
            g2 = g.copy()
            g2.play(m)
            p = g2.position
            t = m.target
            if g2.movable_length(t) < 2:
                continue
            targets = [
                x.target
                for x in g2.legal_moves()
                if not x.is_deal and x.source == t and x.count == 2
            ]
            if len(targets) < 2:
                continue
            # a mixed pair: another legal move of a card onto another suit, one higher
            for m2 in g2.legal_moves():
                if m2.is_deal or m2.count != 1 or m2.source == t or m2.target == t:
                    continue
                q = p.columns[m2.source - 1][-1]
                dest = last(p, m2.target)
                if (
                    dest
                    and dest != q + 1
                    and p.face_down[m2.target - 1] < len(p.columns[m2.target - 1])
                ):
                    return {
                        "code": c,
                        "setup": [str(m)],
                        "column": t,
                        "count": 2,
                        "targets": sorted(targets),
                        "mixed_setup": str(m2),
                        "mixed_column": m2.target,
                    }
    raise SystemExit("no group deal")


def find_empty() -> dict[str, object]:
    """A 1-suit deal and moves (no deal) that empty a column."""
    best: dict[str, object] | None = None
    for seed in range(1, 400):
        c = code(1, "classic", seed)
        g = Game.from_code(c)
        found = _dfs_empty(g.position, [], set(), 12)
        if found is not None and (best is None or len(found) < len(best["setup"])):  # type: ignore[arg-type]
            best = {"code": c, "setup": found, "empty": _empty_col(Game.from_code(c), found)}
            if len(found) <= 8:
                return best
    if best is None:
        raise SystemExit("no empty deal")
    return best


def _empty_col(g: Game, moves: list[str]) -> int:
    for m in moves:
        g.play(m)
    return next(i + 1 for i, col in enumerate(g.position.columns) if not col)


def _dfs_empty(p: Position, path: list[str], seen: set[Position], depth: int) -> list[str] | None:
    from spider_solitaire import legal, rules

    if any(not col for col in p.columns):
        return path
    if depth == 0 or p in seen:
        return None
    seen.add(p)
    for m in legal.legal_moves(p):
        if m.is_deal:
            continue
        # only moves that turn up a card or unload a short column: keeps the search small
        src = p.columns[m.source - 1]
        if m.count != len(src) - p.face_down[m.source - 1]:
            continue
        q, _ = rules.apply_move(p, m)
        found = _dfs_empty(q, [*path, str(m)], seen, depth - 1)
        if found is not None:
            return found
    return None


def _value(p: Position) -> int:
    score = 10000 * len(p.removed)
    for col, down in zip(p.columns, p.face_down, strict=True):
        if not col:
            score += 40
            continue
        run = 1
        while run < len(col) - down and col[-run - 1] == col[-run] + 1:
            run += 1
        score += run * run - 8 * down
    return score


def find_run(seed_from: int = 1) -> dict[str, object]:
    """A 1-suit deal and actions whose last one removes a run (beam search)."""
    from spider_solitaire import legal, rules

    for seed in range(seed_from, seed_from + 50):
        c = code(1, "classic", seed)
        start = Game.from_code(c).position
        beam: list[tuple[Position, list[str]]] = [(start, [])]
        seen = {start}
        for _depth in range(120):
            nxt: list[tuple[int, Position, list[str]]] = []
            for p, path in beam:
                for m in legal.legal_moves(p):
                    q, _events = rules.apply_move(p, m)
                    if q in seen:
                        continue
                    seen.add(q)
                    if q.removed:
                        if m.is_deal:
                            continue
                        return {
                            "code": c,
                            "setup": path,
                            "last": str(m),
                            "column": m.source,
                            "target": m.target,
                        }
                    nxt.append((_value(q) - (30 if m.is_deal else 0), q, [*path, str(m)]))
            nxt.sort(key=lambda item: -item[0])
            beam = [(q, path) for _v, q, path in nxt[:60]]
            if not beam:
                break
    raise SystemExit("no run deal")


def main() -> None:
    deals = {
        "dblclick": find_dblclick(),
        "group": find_group(),
        "empty": find_empty(),
        "run": find_run(),
    }
    OUT.write_text(json.dumps(deals, indent=1) + "\n")
    json.dump(deals, sys.stdout, indent=1)


if __name__ == "__main__":
    main()
