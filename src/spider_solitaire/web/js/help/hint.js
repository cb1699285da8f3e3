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
 * @returns {ask, stop}
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

  /** What a hint request that failed shows: a won game's sentence, or the notice. */
  function refused(error) {
    if (help.wonError(error)) help.sayWon();
    else help.failed(error);
  }

  /**
   * Ask for a hint: the best, or the next ranked one when the panel shows a hint of this
   * same version (with the same budget: a hint thought longer steps through the longer
   * search's ranking). `longer` ("Think longer") asks the best with the longer search.
   */
  function ask(longer = false) {
    if (state.playing || !store.game) return Promise.resolve();
    help.canWin.stop();
    if (longer) return thinkLonger();
    state.thinking = null; // the server's newer hint supersedes a longer one thought about
    return host.run(async () => {
      if (store.game.is_won) {
        help.sayWon();
        return;
      }
      try {
        const { id, version } = store.game;
        const last = state.lastHint;
        const again = state.panelKind === "hint" && last?.id === id && last.version === version;
        const reply = await api.hint(id, version, again ? last.number : 0, again && last.longer);
        state.lastHint = { id, version, number: reply.hint.number, longer: again && last.longer };
        store.setGame(reply.state);
        show(reply.hint, reply.state);
      } catch (error) {
        refused(error);
      }
    });
  }

  /**
   * "Think longer": the best hint with the server's longer search (a second or so). It is
   * not queued with the actions: the table stays usable meanwhile, and the answer is shown
   * only if the table is still at the version asked about and nothing superseded it (the
   * player moved, asked again or closed the panel: :func:`stop`).
   */
  async function thinkLonger() {
    if (store.game.is_won) {
      help.sayWon();
      return;
    }
    const { id, version } = store.game;
    const mine = { id, version };
    state.thinking = mine;
    panel.open("hint", t("hint.thinking_longer"), { busy: true, onStop: stop });
    const current = () => state.thinking === mine && store.game?.id === id && store.game.version === version;
    try {
      const reply = await api.hint(id, version, 0, true);
      if (!current()) return;
      state.thinking = null;
      state.lastHint = { id, version, number: reply.hint.number, longer: true };
      store.setGame(reply.state);
      show(reply.hint, reply.state);
    } catch (error) {
      if (!current()) return;
      state.thinking = null;
      if (state.panelKind === "hint") panel.close();
      refused(error);
    }
  }

  /** Forget a hint being thought about longer: its answer, when it comes, is not shown. */
  function stop() {
    if (!state.thinking) return;
    state.thinking = null;
    if (state.panelKind === "hint") panel.close();
  }

  return { ask, stop };
}
