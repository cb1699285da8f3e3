// TODAY'S STOPGAP, every sentence the browser still builds from catalog pieces and
// parameters (column labels, announcements, the help's answers). The server will send
// them finished in the player's language (docs/api.md: labels, `announcement`, hint
// `text`, can-win `message`); then the callers show those and this module goes.
import { t, tn, cardName, suitName } from "./i18n.js";

/** "4, 7 or 9" in the current language. */
export function joinList(items) {
  if (items.length <= 1) return items.join("");
  return t("announce.list_or", { list: items.slice(0, -1).join(", "), last: items[items.length - 1] });
}

/** "10 of spades", or "3 cards, 5 of spades to 3 of spades". */
export function describeCards(cards) {
  if (cards.length === 1) return cardName(cards[0]);
  return t("announce.cards", { count: cards.length, first: cardName(cards[0]), last: cardName(cards[cards.length - 1]) });
}

/** What an action's events did, one sentence each (docs/api.md, Event). */
export function describeEvents(events) {
  const parts = [];
  for (const e of events) {
    if (e.kind === "move") parts.push(t("announce.moved", { cards: describeCards(e.cards), source: e.source, target: e.target }));
    else if (e.kind === "turn_up") parts.push(t("announce.turned_up", { card: cardName(e.card), column: e.column }));
    else if (e.kind === "deal") parts.push(t("announce.dealt"));
    else if (e.kind === "remove_run") parts.push(t("announce.removed", { suit: suitName(e.suit) }));
    else if (e.kind === "won") parts.push(t("announce.won", { score: e.score }));
  }
  return parts.join(" ");
}

/** What the live region says after `action` ("undo", "3:1>4", ...) answered `events`. */
export function actionAnnouncement(action, events) {
  if (action === "undo") return t("announce.undone");
  if (action === "restart") return t("announce.restarted");
  const text = describeEvents(events);
  return action === "redo" ? `${t("announce.redone")} ${text}`.trim() : text;
}

/**
 * A column's accessible name: "Column 3, 2 face-down, 10 of spades, 9 of hearts to 7 of
 * hearts" (the largest group the server lists is named as a range), plus ", can take the
 * cards" when it is a listed target of the held cards.
 */
export function columnLabel(game, column, isTarget = false) {
  if (!game) return t("column.name", { n: column });
  const { face_down: down, face_up: up } = game.columns[column - 1];
  if (!down && !up.length) return t("column.empty", { n: column }) + (isTarget ? `, ${t("column.target")}` : "");
  const parts = [t("column.name", { n: column })];
  if (down) parts.push(tn("column.face_down", down));
  let largest = 0;
  for (const g of game.groups) if (g.column === column && g.count > largest) largest = g.count;
  for (const card of up.slice(0, up.length - Math.max(largest, 1))) parts.push(cardName(card));
  if (largest > 1) {
    parts.push(t("column.range", { first: cardName(up[up.length - largest]), last: cardName(up[up.length - 1]) }));
  } else if (up.length) {
    parts.push(cardName(up[up.length - 1]));
  }
  if (isTarget) parts.push(t("column.target"));
  return parts.join(", ");
}

export const stockLabel = (rows) => (rows ? tn("stock.label", rows, { rows }) : t("stock.label_empty"));
export const removedLabel = (count) => t("removed.label", { count });
export const removedSlotLabel = (suit) => (suit ? t("removed.slot", { suit: suitName(suit) }) : t("removed.empty_slot"));

/** Said when the keyboard picks cards up: which, from where, and where they may go. */
export function pickUpText(cards, column, targets) {
  const parts = [t("announce.picked_up", { cards: describeCards(cards), column })];
  parts.push(targets.length ? t("announce.targets", { list: joinList(targets.map(String)) }) : t("announce.no_targets"));
  return parts.join(" ");
}

export const overColumnText = (column, listed) => t(listed ? "announce.over_target" : "announce.over_column", { n: column });

/** A hint (docs/api.md, HintAnswer.hint) in words, its reasons after it. */
export function hintText(hint, game) {
  let head;
  if (hint.kind === "move") {
    const cards = game.columns[hint.column - 1].face_up.slice(-hint.count);
    // hint.move_one names one card with an article: "move the 4 of spades", never "4 cards"
    head = tn("hint.move", cards.length, { cards: describeCards(cards), source: hint.column, target: hint.target });
  } else if (hint.kind === "deal") {
    head = t("hint.deal");
  } else if (!game.can_undo) {
    // the server's reasons send the player to Undo, which has nothing to take back
    return t("hint.stuck_no_undo");
  } else {
    head = t("hint.stuck");
  }
  return [head, ...hint.messages].join(" ");
}

/**
 * An action's notation in words: "d" is "the deal", "9:3>4" "3 cards from column 9 to
 * column 4", "9>4" or "9:1>4" "column 9 to column 4". Only the notation's shape is read;
 * anything else is shown as it came. (The server will send the action structured.)
 */
export function actionText(notation) {
  if (notation === "d") return t("action.deal");
  const parts = /^(\d+)(?::(\d+))?>(\d+)$/.exec(notation || "");
  if (!parts) return notation || "";
  const count = parts[2] ? Number(parts[2]) : 1;
  return tn("action.move", count, { source: Number(parts[1]), target: Number(parts[3]) });
}

/**
 * The answer to "Can I still win?" (docs/api.md, WinCheck) in words: {message} and, when
 * an action is offered, `action` (the button's label).
 */
export function canWinText(answer) {
  if (answer.answer === "yes") return { message: t("can_win.yes") };
  if (answer.answer === "unknown") return { message: t("can_win.unknown", { seconds: Math.round(answer.seconds) }) };
  const where = answer.last_winnable || { kind: "unknown" };
  if (where.kind === "undo") {
    const vars = { steps: where.steps, move: where.lost_move, action: actionText(where.action), moves: where.moves };
    const key = where.exact ? "can_win.no_exact" : "can_win.no_around";
    return { message: tn(key, where.steps, vars), action: tn("can_win.undo_back", where.steps, vars) };
  }
  if (where.kind === "restart") return { message: t("can_win.no_restart"), action: t("button.restart") };
  if (where.kind === "never") return { message: t("can_win.no_never") };
  return { message: t("can_win.no_unknown") };
}

export const rewoundText = (steps) => tn("announce.rewound", steps, { steps });
export const solutionLeftText = (remaining) => tn("solution.playing", remaining, { remaining });
export const searchProgressText = (tried, max) => t("new.searching", { tried, max });
export const newGameText = (game) => t("announce.new_game", { code: game.code || "", level: t(`level.${game.suits}`) });
export const resumedText = (game) => t("announce.resumed", { code: game.code || "" });
export const copiedText = (code) => t("announce.copied", { code });
export const copyFailedText = (code) => t("announce.copy_failed", { code });
export const copyLabel = (code) => t("button.copy_label", { code });
export const winText = (game) => t("win.text", { score: game.score }) + (game.assisted ? " " + t("win.assisted") : "");
