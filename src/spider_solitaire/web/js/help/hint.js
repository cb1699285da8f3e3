// The hint (H, the Hint button) and "Think longer" (Shift+H, the hint panel's button):
// the server chooses and ranks the hints and says each in words (docs/api.md: `short`,
// `why`, `chance_text`, `longer_text`); this marks what the hint names and shows what
// the server sent. H again on the same version shows the next ranked hint.
import { t } from "../i18n.js";

/**
 * What to mark for a hint: the cards and their column, the stock, the take-off button of
 * the hint's column (render.js's `take-off-<column>`), Undo, or the way out.
 */
export function hintMarks(hint, game) {
  if (hint.kind === "move") return { column: hint.column, count: hint.count, target: hint.target };
  if (hint.kind === "deal") return { controls: ["stock"] };
  if (hint.kind === "take_off") return { controls: [`take-off-${hint.column}`] };
  // stuck with nothing to undo: the way out is a restart or a new game
  return { controls: game.can_undo ? ["undo"] : ["restart", "new-game"] };
}

/**
 * The panel's two texts for `hint` (the server's HintView): first the short sentence
 * ("Hint 1 of 5: Move ...: it turns up a face-down card."), then the chance in words and,
 * when thought longer, how much; behind "Why?" the whole explanation (`why`) with the same.
 */
export function hintTexts(hint) {
  const after = [hint.chance_text, hint.longer_text].filter(Boolean);
  const why = hint.why || [hint.text, ...hint.messages].join(" ");
  return { message: [hint.short, ...after].join(" "), more: [why, ...after].join(" ") };
}

/**
 * @param help the help's shared parts (help/index.js): api, store, host, state, panel,
 *   sayWon, failed, canWin
 * @returns {ask}
 */
export function createHints(help) {
  const { api, store, state, panel, host } = help;

  /**
   * Show the server's `hint`; its panel offers Think longer when a search judged it (it has
   * a chance: not a take-off, stuck or a forced deal) and it was not thought longer yet.
   */
  function show(hint, game) {
    store.setHighlight(hintMarks(hint, game));
    // one short sentence first (what to do, the main reason, the chance); the whole
    // explanation one tap away (and said in full by the live region)
    const { message, more } = hintTexts(hint);
    const longer = hint.thought_longer || hint.chance === null ? {} : {
      action: t("button.think_longer"),
      title: t("shortcut.think_longer"),
      onAction: () => ask(true),
    };
    panel.answer("hint", message, { more, ...longer });
  }

  /**
   * Ask for a hint: the best, or the next ranked one when the panel shows a hint of this
   * same version (with the same budget). `longer` ("Think longer") asks the best again with
   * the server's longer search; meanwhile the panel says so.
   */
  function ask(longer = false) {
    if (state.playing || !store.game) return Promise.resolve();
    help.canWin.stop();
    return host.run(async () => {
      if (store.game.is_won) {
        help.sayWon();
        return;
      }
      try {
        const { id, version } = store.game;
        const last = state.lastHint;
        const again = !longer && state.panelKind === "hint" && last?.id === id && last.version === version;
        const thinkLonger = longer || (again && last.longer);
        if (longer) panel.open("hint", t("hint.thinking_longer"), { busy: true });
        const reply = await api.hint(id, version, again ? last.number : 0, thinkLonger);
        state.lastHint = { id, version, number: reply.hint.number, longer: thinkLonger };
        store.setGame(reply.state);
        show(reply.hint, reply.state);
      } catch (error) {
        if (state.panelKind === "hint" && longer) panel.close();
        if (help.wonError(error)) help.sayWon();
        else help.failed(error);
      }
    });
  }

  return { ask };
}
