// "Can I still win?": a help job the server runs and this polls; its answer names where
// the game could still be won and offers to go back there (undo so many steps, restart),
// or to keep thinking when the solver could not tell in time.
import { t } from "../i18n.js";
import { aborted, follow, stopJob } from "./common.js";

/**
 * @param help the help's shared parts (help/index.js): api, store, host, state, panel,
 *   sayWon, failed, wonError, solution
 * @returns {ask, stop}
 */
export function createCanWin(help) {
  const { api, store, state, panel, host } = help;

  function stop() {
    if (!state.canWinAsked) return;
    stopJob(api, state.canWinAsked);
    state.canWinAsked = null;
    if (state.panelKind === "can-win") panel.close();
  }

  /** Ask "Can I still win?"; `limit` "long" gives the solver the server's longer limit. */
  async function ask(limit = "normal") {
    const game = store.game;
    if (!game || state.canWinAsked) return;
    help.solution.stop();
    store.setHighlight(null);
    if (game.is_won) {
      help.sayWon();
      return;
    }
    const mine = { stopped: false, job: null };
    state.canWinAsked = mine;
    const askedText = t(limit === "long" ? "can_win.checking_long" : "can_win.checking");
    panel.answer("can-win", askedText, { onStop: stop, busy: true });
    try {
      const started = await api.canWin(game.id, game.version, limit);
      const job = await follow(api, started, mine, (running) => {
        // the page's own sentence says what was asked (for up to a minute, with Keep
        // thinking); the server's progress replaces it once there is some: the solver
        // looking back through the game (more than the current position solved)
        if (state.panelKind !== "can-win" || state.canWinAsked !== mine) return;
        if (running.probes > 1 && running.message) panel.setText(running.message);
        panel.showProgress(running);
      });
      if (state.canWinAsked !== mine || mine.stopped) return;
      state.canWinAsked = null;
      if (job.status !== "done") {
        // failed or cancelled on the server (its process went away, the player asked again)
        panel.answer("answer", job.message || t("announce.network"));
        return;
      }
      offer(job.can_win);
    } catch (error) {
      if (aborted(error) || state.canWinAsked !== mine) return;
      state.canWinAsked = null;
      if (help.wonError(error)) {
        help.sayWon(); // the answer of a won game: no state to show, nothing to mark
        return;
      }
      panel.close();
      help.failed(error);
    }
  }

  /** Show the can-win answer `reply` with what it offers: go back, restart, keep thinking. */
  function offer(reply) {
    store.setGame(reply.state);
    const kind = reply.last_winnable?.kind;
    let action = reply.action_label;
    let onAction = !action ? null : kind === "undo" ? () => rewind(reply.last_winnable.steps) : () => restart();
    if (!action && reply.longer) {
      // the solver could not tell in time: it may, given longer
      action = t("can_win.keep_thinking");
      onAction = () => ask("long");
    }
    panel.answer("answer", reply.message, { action, onAction });
    if (action) panel.focusAction();
  }

  function rewind(steps) {
    panel.close();
    return host.run(async () => {
      try {
        const reply = await api.rewind(store.game.id, store.game.version, steps);
        store.setGame(reply.state, reply.events);
        panel.answer("answer", reply.announcement);
      } catch (error) {
        help.failed(error);
      }
    });
  }

  function restart() {
    panel.close();
    return host.act({ action: "restart" });
  }

  return { ask, stop };
}
