// "Tell me when a move loses the deal" (issue 30 part 2; a setting, off by default): after
// each move or deal the server played, the server is asked in the background whether that
// action lost a deal that could still be won (POST /api/games/{id}/notice, a help job
// polled). Nothing waits for it: the check runs beside the player's actions, and a newer
// action stops it. Only an answer about the version still shown counts: an answer the
// server withheld (`stale`) or about another version is dropped. On `lost_it` the dock
// shows the server's sentence with an Undo button (the normal undo), and the live region
// says it. `fine` and `unknown` show nothing. Like the table, it knows no rules: the server
// solves, with the face-down cards the page never sees.

export const POLL_MS = 400; // how often the check is asked about

/** The actions whose answer is checked: moves and deals (undo, redo and restart are not). */
const UNCHECKED = new Set(["undo", "u", "redo", "r", "restart"]);

/** Whether the action `body` sent ({action, ...}) is one the notice checks. */
export function isChecked(body) {
  return typeof body?.action === "string" && !UNCHECKED.has(body.action);
}

/**
 * @param api the API client of api.js (notice, helpJob, stopHelpJob)
 * @param store the store of state.js (the game shown; a lost_it answer's state goes into it)
 * @param host.enabled () => boolean: the player's setting is on
 * @param host.bar {show(text), hide()}: the dock's notice with its Undo button
 * @param host.announce (text) => void: the live region
 * @param host.sleep (ms) => Promise: waits between two polls (tests give their own)
 * @returns {acted, forget, hide}
 */
export function createNotice(api, store, host) {
  const sleep = host.sleep ?? ((ms) => new Promise((done) => setTimeout(done, ms)));
  let pending = null; // {job, stopped}: the check under way
  let shown = null; // {id, version}: the game the notice on screen is about

  function hide() {
    shown = null;
    host.bar.hide();
  }

  // the game changed some other way (a rewind from "Can I still win?", another tab): a
  // notice about the version before it goes
  store.subscribe?.((kind) => {
    const game = store.game;
    if (kind === "game" && shown && (game?.id !== shown.id || game?.version !== shown.version)) hide();
  });

  /** Stop the check under way (its job on the server too); take the notice down. */
  function forget() {
    const mine = pending;
    pending = null;
    hide();
    if (!mine) return;
    mine.stopped = true;
    if (mine.job?.status === "running") api.stopHelpJob(mine.job.id).catch(() => {});
  }

  /** Whether `notice` (a done job's answer) is about the game shown, as it is shown. */
  function current(job) {
    const game = store.game;
    const notice = job.notice;
    return Boolean(notice && !notice.stale && game && game.id === job.game_id && game.version === notice.version);
  }

  /** Ask about `state` (the game after the action) and follow the job to its end. */
  async function check(state, mine) {
    let job = await api.notice(state.id, state.version);
    mine.job = job;
    while (job.status === "running" && !mine.stopped) {
      await sleep(POLL_MS);
      if (mine.stopped) return;
      job = await api.helpJob(job.id);
      mine.job = job;
    }
    if (mine.stopped || job.status !== "done" || !current(job)) return;
    if (job.notice.answer !== "lost_it") return;
    shown = { id: job.game_id, version: job.notice.version };
    if (job.notice.state) store.setGame(job.notice.state);
    host.bar.show(job.notice.message);
    host.announce(job.notice.message);
  }

  /**
   * The server played the player's action `body`, giving `state`: what was checked is
   * old; a move or a deal is checked when the setting is on (errors say nothing: no notice).
   * Resolves once the check has ended (the page does not wait for it).
   */
  function acted(body, state) {
    forget();
    if (!host.enabled() || !isChecked(body) || !state || state.is_won) return Promise.resolve();
    const mine = { job: null, stopped: false };
    pending = mine;
    return check(state, mine)
      .catch(() => {})
      .finally(() => {
        if (pending === mine && mine.job?.status !== "running") pending = null;
      });
  }

  return { acted, forget, hide };
}
