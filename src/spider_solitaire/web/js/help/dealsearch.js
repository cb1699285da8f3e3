// "Winnable deals only" (the New game window): the server searches for a deal its solver
// wins; this starts the search, shows its progress in the window and can stop it.
import { needsConfirm } from "../api.js";
import { errorText } from "../messages.js";
import { t } from "../i18n.js";
import { $, POLL_MS, sleep } from "./common.js";

/**
 * @param help the help's shared parts (help/index.js): api, state
 * @returns {search, stop}
 */
export function createDealSearch(help) {
  const { api, state } = help;

  /**
   * Deal a game the solver wins: start the search, show its progress, resolve to the new
   * game's state, or null (stopped or failed: the window shows why). When the server asks
   * first (409 confirm_needed: the game in progress would be left), `confirmFirst`
   * (errorBody) => Promise<boolean> asks the player, and the search starts with the
   * server's `confirm` list on yes.
   */
  async function search(body, confirmFirst = async () => false) {
    const progress = $("new-progress");
    const bar = $("new-progress-bar");
    const label = $("new-progress-text");
    const me = { id: null, stopped: false };
    state.searching = me;
    progress.hidden = false;
    bar.removeAttribute("value"); // indeterminate until the first answer
    label.textContent = t("new.searching_start");
    try {
      let view;
      try {
        view = await api.startSearch(body);
      } catch (error) {
        if (!needsConfirm(error)) throw error;
        if (!(await confirmFirst(error.body))) return null;
        view = await api.startSearch({ ...body, confirm: error.body.confirm || [] });
      }
      me.id = view.id;
      while (view.status === "running" && !me.stopped) {
        bar.max = view.max_tries;
        bar.value = view.tried;
        label.textContent = view.message;
        await sleep(POLL_MS);
        if (me.stopped) break;
        view = await api.search(view.id);
      }
      if (me.stopped) return null;
      if (view.status === "done") return view.state;
      $("new-error").textContent = view.message || t("announce.network");
      return null;
    } catch (error) {
      if (!me.stopped) $("new-error").textContent = errorText(error);
      return null;
    } finally {
      if (state.searching === me) state.searching = null;
      progress.hidden = true;
    }
  }

  function stop() {
    const me = state.searching;
    if (!me) return;
    me.stopped = true;
    state.searching = null;
    $("new-progress").hidden = true;
    if (me.id) api.stopSearch(me.id).catch(() => {});
  }

  $("new-dialog").addEventListener("close", stop);

  return { search, stop };
}
