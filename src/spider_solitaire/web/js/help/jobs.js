// The help's jobs put together (help/index.js loads this on first use): the answer panel
// (help/panel.js), Hint and Think longer (help/hint.js), "Can I still win?"
// (help/canwin.js), "Show solution" (help/solution.js) and the "Winnable deals only"
// search (help/dealsearch.js), one job a module, as server/help/ is, sharing one state
// object.
import { ApiError } from "../api.js";
import { t } from "../i18n.js";
import { $, wonError } from "./common.js";
import { createPanel } from "./panel.js";
import { createHints } from "./hint.js";
import { createCanWin } from "./canwin.js";
import { createSolution } from "./solution.js";
import { createDealSearch } from "./dealsearch.js";

/**
 * @param api the API client of api.js
 * @param store the store of state.js (the game shown; answers' states go into it)
 * @param host.run (task) => Promise: runs `task` after the actions already sent, busy meanwhile
 * @param host.act (body) => Promise<boolean>: send an ordinary action
 * @param host.announce (text) => void: the live region
 * @param host.showError (error) => void: the notice for a failed request
 * @param host.clearNotice () => void: hide the notice (the panel takes its place)
 * @returns {hint, thinkLonger, canWin, solution, close, giveWay, userAction, acted, newGame, relabel, searchDeal}
 */
export function createJobs(api, store, { run, act, announce, showError, clearNotice = () => {} }) {
  const host = { run, act, announce, showError, clearNotice };
  /** The help's one state: what the panel shows and the work under way. */
  const state = {
    panelKind: null, // "hint" | "can-win" | "solution" | "answer"
    onPanelAction: null,
    onPanelStop: null,
    onMore: null,
    onBack: null, // Step back and Step forward: the solution, paused
    onForward: null,
    canWinAsked: null, // {stopped, job}
    playing: null, // {controller, stopped, job, paused, stepping, wake}
    searching: null, // {id, stopped}
    lastHint: null, // {id, version, number, longer}: H again on the same version asks for the next
    thinking: null, // {id, version}: a hint thought about longer, not queued with the actions
  };
  const panel = createPanel(state, host);
  const help = { api, store, host, state, panel, wonError };
  /** A won game needs no help: say so in the panel (nothing is asked, nothing marked). */
  help.sayWon = () => panel.answer("answer", t("assist.won"));
  /**
   * An error answer: a 409 brings the current state (stale_version: this game's; not_current:
   * the game the player is playing now, after asking about one they left); the message
   * goes to the notice.
   */
  help.failed = (error) => {
    if (error instanceof ApiError && error.status === 409 && error.body?.state) store.setGame(error.body.state);
    showError(error);
  };
  help.canWin = createCanWin(help);
  help.solution = createSolution(help);
  help.hints = createHints(help);
  help.deals = createDealSearch(help);

  function close() {
    help.hints.stop();
    help.canWin.stop();
    help.solution.stop();
    store.setHighlight(null);
    panel.close();
  }
  $("help-close").addEventListener("click", close);

  // a new state: a hint about an older version has gone with it (state.js drops its marks)
  store.subscribe((kind) => {
    if (kind === "game" && state.panelKind === "hint" && !store.highlight) panel.close();
  });

  return {
    hint: () => help.hints.ask(),
    /** Shift+H: the best hint again, thought about with the server's longer search. */
    thinkLonger: () => help.hints.ask(true),
    canWin: () => help.canWin.ask(),
    /** The toolbar's Show solution / Stop the solution. */
    solution: () => help.solution.toggle(),
    /** Escape: close the answer panel (stopping what it shows); true when it was open. */
    close() {
      if (panel.hidden) return false;
      close();
      return true;
    },
    /**
     * A notice takes the messages' place: the panel gives way (a hint's marks go with it;
     * a running can-win question or solution goes on, and its next answer takes the place back).
     */
    giveWay() {
      if (panel.hidden) return;
      if (state.panelKind === "hint" || state.panelKind === "answer") store.setHighlight(null);
      panel.close();
    },
    /** The player acts: a running can-win question or solution stops (the position changes). */
    userAction() {
      help.canWin.stop();
      help.solution.stop();
    },
    /**
     * The server played one of the player's own actions (a move, a deal, Undo, Restart...):
     * whatever the panel said was about the position before it (issue 19: a can-win
     * answer stayed up after Restart).
     */
    acted() {
      close();
    },
    /** A new game: whatever the panel said was about the old one. */
    newGame() {
      close();
    },
    relabel() {
      help.solution.relabel();
    },
    searchDeal: (body, confirmFirst) => help.deals.search(body, confirmFirst),
  };
}
