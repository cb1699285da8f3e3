"""The one reader of every text that gives a game: what one command prints, the others read.

One family of text formats, read by :func:`read_game_text`:

- a game code alone (``SP1-S2C-AAAAAAD``);
- a position text (:meth:`~spider_solitaire.position.Position.from_text`: ``variant:``,
  ``rules:``, the columns...), with or without a game code on the line before it (as
  ``spider deal`` prints it: the code, then the dealt position);
- a game record: a game code line, then actions (``3:4>7``, ``d``, ``t3``, ``u``, ``r``,
  ``restart``; :func:`~spider_solitaire.moves.parse_game_record`), ``#`` comment lines
  anywhere (as ``spider solve`` prints a solution);
- the table's export (``docs/record.md``): a game record whose comments name the variant
  (``# variant: spider-1949``) and, for a game from a position, give its start position as
  comment lines after ``# start position:`` instead of a code line
  (:func:`~spider_solitaire.moves.record_start`);
- actions alone (a start then comes from elsewhere: ``spider replay --position``).

Read by ``spider solve``, ``spider replay``, ``spider terminal`` and ``spider play``
(through :func:`load_game_text`, which takes a file's name or a code).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

from .codes import GameCode
from .errors import IllegalMoveError, InvalidMoveError, SpiderError
from .game import Game
from .messages import explain
from .moves import (
    RecordAction,
    format_game_record,
    parse_action,
    parse_game_record,
    record_start,
    record_variant,
)
from .position import Position
from .variants import VARIANTS, UnknownVariantError, Variant, find_variant


class GameTextError(SpiderError):
    """A game text says two things that disagree (a code and a position, a record's
    ``# variant:`` comment and its start, a position and the variant asked for), or gives
    no start at all; the message names both sides. Or a name that is neither a file to
    read nor a game code (:func:`load_game_text`).

    Attributes:
        reason: ``text`` (the text itself), or, for a name read as a file, ``no_file``,
            ``directory`` or ``not_regular`` (a device, a pipe).
        target: the name read, for those three (``""`` otherwise).
    """

    def __init__(self, message: str, reason: str = "text", target: str = "") -> None:
        self.reason = reason
        self.target = target
        super().__init__(message)


class RecordActionError(SpiderError):
    """An action of a game text was refused while replaying it.

    Attributes:
        number: the action's number in the text, from 1.
        action: the action as the record writes it (``t8``, ``3:4>7``, ``undo``).
        error: the engine's refusal: an :class:`~spider_solitaire.errors.IllegalMoveError`
            (the rules) or an :class:`~spider_solitaire.errors.InvalidMoveError` (a column
            the game does not have, for one).
    """

    def __init__(
        self, number: int, action: str, error: IllegalMoveError | InvalidMoveError
    ) -> None:
        self.number = number
        self.action = action
        self.error = error
        super().__init__(f"action {number} {action!r} refused: {explain(error)}")


def action_text(action: RecordAction) -> str:
    """Return an action as a record writes it: a move's notation (``3:4>7``, ``d``,
    ``t3``), or ``undo``, ``redo``, ``restart``."""
    return str(action)


@dataclass(frozen=True)
class GameText:
    """What a game text gives: a start (a game ``code`` or a ``position``'s text, or
    neither for actions alone), the ``actions`` after it, in order, and the variant
    its ``# variant:`` comment names (``said_variant``, unparsed; None without one).

    When both ``code`` and ``position`` are given the position is the code's deal
    (:func:`read_game_text` checks it); the game starts from the code then.
    """

    code: str | None
    position: str | None
    actions: tuple[RecordAction, ...]
    said_variant: str | None = None

    @property
    def source(self) -> str:
        """The start in words, for messages: ``"its code SP1-S2C-AAAAAAD"``, ``"its
        start position"``, or ``"no start"``."""
        if self.code is not None:
            return f"its code {self.code}"
        return "its start position" if self.position is not None else "no start"

    def named_variant(self) -> Variant | None:
        """The game of the family the start names (a code's variant, or a position's
        ``variant:`` line, ``spider`` without one); None for actions alone.

        Raises:
            InvalidPositionError: the position's ``variant:`` line names no game.
        """
        if self.code is not None:
            return GameCode.parse(self.code).variant
        if self.position is not None:
            return Position.from_text(self.position, strict=False).variant
        return None

    def start(self, variant: Variant | None = None) -> Game:
        """Return the game at the text's start, before its actions: the code's deal (as
        ``variant`` when one is given: the CLI's ``--variant`` deals a code as another
        game on purpose) or the position (read with ``strict=False``: puzzles and small
        boards are welcome), which must then be of ``variant`` when one is given.

        Raises:
            GameTextError: no start (actions alone); a position of another variant than
                ``variant``; a ``# variant:`` comment disagreeing with the start.
            InvalidPositionError, InvalidCodeError: the start does not read.
        """
        named = self.named_variant()
        if named is None:
            raise GameTextError("the text gives actions only: no game code and no position")
        problem = variant_disagreement(self.said_variant, named, self.source)
        if problem is not None:
            raise GameTextError(problem)
        if self.position is not None and variant is not None and variant != named:
            raise GameTextError(
                f"{self.source} is a game of {named.name}, not of {variant.name} (the variant "
                f"asked for): a position is played as the game it names"
            )
        if self.code is not None:
            return Game.from_code(self.code, variant=variant)
        assert self.position is not None
        return Game.from_position(self.position, strict=False)

    def game(self, variant: Variant | None = None) -> Game:
        """Return the game after the text's actions (:meth:`start`, then
        :func:`replay_actions`).

        Raises:
            RecordActionError: an action is refused (its number and text).
            GameTextError, InvalidPositionError, InvalidCodeError: see :meth:`start`.
        """
        game = self.start(variant)
        replay_actions(game, self.actions)
        return game

    def record(
        self, game: Game, more: Sequence[RecordAction] = (), comments: Sequence[str] = ()
    ) -> str:
        """Write the game record of ``game`` (the text's :meth:`start` as played, which
        gives the code or the start position) with the text's actions and then ``more``,
        after ``comments`` (each a ``# `` line): a record :func:`read_game_text` reads
        back (a game from a position gives it as ``# start position:`` comment lines)."""
        actions = [*self.actions, *more]
        if game.code is not None:
            return format_game_record(game.code, actions, comments)
        return format_game_record("", actions, comments, start=game.start.to_text())


def replay_actions(game: Game, actions: Sequence[RecordAction], first: int = 1) -> None:
    """Play ``actions`` on ``game`` in order (:meth:`Game.act`), numbering them from
    ``first``.

    Raises:
        RecordActionError: the first action refused (by the rules, or naming a column the
            game does not have), with its number and its whole text; the actions before
            it stay played.
    """
    for number, action in enumerate(actions, first):
        try:
            game.act(action)
        except (IllegalMoveError, InvalidMoveError) as error:
            raise RecordActionError(number, action_text(action), error) from None


def variant_disagreement(said: str | None, named: Variant, source: str) -> str | None:
    """Say how a record's ``# variant:`` comment (``said``; None: the record has none)
    disagrees with ``named``, the variant of the game ``source`` names (``"its code
    SP1-S2C-AAAAAAD"``, ``"its start position"``), or return None when it does not."""
    if said is None:
        return None
    try:
        found = find_variant(said)
    except UnknownVariantError:
        known = ", ".join(variant.name for variant in VARIANTS)
        return (
            f"the record's comment '# variant: {said}' names no game of the family "
            f"({known}); {source} is a game of {named.name}"
        )
    if found == named:
        return None
    return (
        f"the record's comment '# variant: {said}' disagrees with {source}, a game of "
        f"{named.name}; correct the one that is wrong"
    )


def _content(lines: list[str]) -> list[tuple[int, str]]:
    """The lines that are neither blank nor ``#`` comments, with their index."""
    return [
        (index, line.strip())
        for index, line in enumerate(lines)
        if line.strip() and not line.strip().startswith("#")
    ]


def _is_action(line: str) -> bool:
    """Whether a line's first word is an action (then the line holds actions)."""
    try:
        parse_action(line.split()[0])
    except InvalidMoveError:
        return False
    return True


def _is_position_line(line: str) -> bool:
    """Whether a line is a position's ``key: value`` line (the key a word or a column
    number, then a colon and a space or the end: never an action such as ``3:4>7``)."""
    key, colon, value = line.partition(":")
    return bool(colon) and key.strip().replace("-", "").isalnum() and not value[:1].isdigit()


def _actions(lines: list[str], skip: int | None) -> tuple[RecordAction, ...]:
    """The actions of the text's lines, every line but the code line ``skip`` (counted
    from 1 in errors)."""
    kept = ["#" if index == skip else line for index, line in enumerate(lines)]
    if not _content(kept):
        return ()
    return tuple(parse_game_record("start\n" + "\n".join(kept))[1])


def read_game_text(text: str) -> GameText:
    """Read any text of the family (see the module docstring) into a :class:`GameText`.

    The first line that is neither blank nor a comment decides: an action starts a text
    of actions alone; a ``key: value`` line starts a position (the whole text is then the
    position); anything else is a game code, followed by a position (a ``rules:`` line
    among the rest: ``spider deal``'s output) or by actions. A record with ``# start
    position:`` comments (the export of a game from a position) starts from them.

    >>> text = read_game_text("sp1-s1c-aaaaaad\\n# a comment\\n6:1>1 d\\n")
    >>> text.code, text.position, text.actions
    ('SP1-S1C-AAAAAAD', None, (Move(6, 1, 1), Move.deal()))

    Raises:
        InvalidCodeError: the code line is not a game code.
        InvalidPositionError: the position does not read (the line number is the text's).
        InvalidMoveError: an action does not read (its number in the text).
        GameTextError: a code line before a position that is not the code's deal.
    """
    lines = text.splitlines()
    said = record_variant(text)
    start = record_start(text)
    if start is not None:
        return GameText(None, start, _actions(lines, None), said)
    content = _content(lines)
    if not content or _is_action(content[0][1]):
        return GameText(None, None, _actions(lines, None), said)
    if _is_position_line(content[0][1]):
        Position.from_text(text, strict=False)
        return GameText(None, text, (), said)
    index, line = content[0]
    code = str(GameCode.parse(line))
    rest = [body for _, body in content[1:]]
    if any(body.partition(":")[0].strip().lower() == "rules" for body in rest):
        position = "\n".join("#" if number == index else raw for number, raw in enumerate(lines))
        _check_deal(code, position + "\n")
        return GameText(code, position + "\n", (), said)
    return GameText(code, None, _actions(lines, index), said)


def _check_deal(code: str, position: str) -> None:
    """Refuse a position given after a game code line unless it is the code's deal.

    Raises:
        InvalidPositionError: the position does not read.
        GameTextError: it reads but is not the code's deal.
    """
    given = Position.from_text(position, strict=False).to_text()
    if given != Game.from_code(code).position_text():
        raise GameTextError(
            f"the position after the code line is not the deal of {code}: leave out the "
            "code line to start from the position, or the position to start from the deal"
        )


def load_game_text(target: str) -> GameText:
    """Read ``target``: the name of a file holding a text of the family (UTF-8, a byte
    order mark allowed), or else a game code itself.

    Raises:
        GameTextError: a directory, a path that is not a regular file (a device, a pipe),
            or a path that names no file (and is not a code).
        OSError: a file that cannot be read.
        UnicodeDecodeError: the file is not UTF-8.
        InvalidCodeError: not a file and not a valid code.
        and those of :func:`read_game_text`.
    """
    path = Path(target)
    if path.is_file():
        return read_game_text(path.read_text(encoding="utf-8-sig"))
    if path.is_dir():
        raise GameTextError(
            f"{target!r} is a directory, not a position file or a game code", "directory", target
        )
    if path.exists():  # a device, a pipe: not a file to read a game from
        raise GameTextError(
            f"{target!r} is not a regular file, nor a game code", "not_regular", target
        )
    if "/" in target or "\\" in target or target.endswith(".txt"):
        # a path that names no file: say so rather than "not a code"
        raise GameTextError(f"{target!r}: no such file (and not a game code)", "no_file", target)
    return GameText(str(GameCode.parse(target)), None, ())
