// The solver's help at the table: Hint and Think longer, "Can I still win?", "Show
// solution" and the "Winnable deals only" search of the New game window, with the answer
// panel. Its jobs (help/jobs.js and the modules it puts together, one job a module as
// server/help/ is) are loaded on first use, for a lighter first load; this places the
// toolbar and passes each call on. Like the board, the help knows no rules: the server
// chooses the hint, solves the position (it alone sees the face-down cards), plays the
// solution move by move and deals the winnable games. Every answer's sentence is the
// server's (docs/api.md: hint `short`, `why`, `chance_text`, `longer_text`; can-win
// `message` and `action_label`, `announcement`, solution and search `message`).

const $ = (id) => document.getElementById(id);

/**
 * @param api the API client of api.js
 * @param store the store of state.js (the game shown; answers' states go into it)
 * @param host.run (task) => Promise: runs `task` after the actions already sent, busy meanwhile
 * @param host.act (body) => Promise<boolean>: send an ordinary action
 * @param host.announce (text) => void: the live region
 * @param host.showError (error) => void: the notice for a failed request
 * @param host.clearNotice () => void: hide the notice (the panel takes its place)
 * @returns {hint, thinkLonger, close, giveWay, userAction, acted, newGame, relabel, searchDeal}
 */
export function createHelp(api, store, host) {
  let jobs = null; // help/jobs.js's, once loaded
  let loading = null;
  /** The help's jobs, loaded and made on the first call that needs them. */
  const load = () => (loading ??= import("./jobs.js").then(({ createJobs }) => (jobs = createJobs(api, store, host))));
  /** Call `name` of the jobs, loading them first if need be. */
  const call = (name, ...args) => load().then((made) => made[name](...args));

  // --- where the toolbar sits -----------------------------------------------------------

  // Between the removed runs and the stock; on a narrow screen there is no room for it
  // there, and a row of its own would take the table's height: it joins the header,
  // where the CSS gives it a place beside the game code (base.css, max-width: 480px).
  const toolbar = document.querySelector(".help-bar");
  const narrow = matchMedia("(max-width: 480px)");
  function placeToolbar() {
    if (narrow.matches) document.querySelector(".bar").insertBefore(toolbar, document.querySelector(".actions"));
    else $("stock").before(toolbar);
  }
  narrow.addEventListener("change", placeToolbar);
  placeToolbar();

  $("hint").addEventListener("click", () => call("hint"));
  $("can-win").addEventListener("click", () => call("canWin"));
  $("solution").addEventListener("click", () => call("solution"));

  // before the jobs are loaded nothing is shown or running: these have nothing to do but
  // take away marks (the guided start's, tour.js)
  return {
    hint: () => call("hint"),
    /** Shift+H: the best hint again, thought about with the server's longer search. */
    thinkLonger: () => call("thinkLonger"),
    /** Escape: close the answer panel (stopping what it shows); true when it was open. */
    close: () => jobs?.close() ?? false,
    /** A notice takes the messages' place: the panel gives way (help/jobs.js). */
    giveWay: () => jobs?.giveWay(),
    /** The player acts: a running can-win question or solution stops. */
    userAction: () => jobs?.userAction(),
    /** The server played one of the player's own actions: the panel's answer is old. */
    acted: () => (jobs ? jobs.acted() : store.setHighlight(null)),
    /** A new game: whatever the panel said was about the old one. */
    newGame: () => (jobs ? jobs.newGame() : store.setHighlight(null)),
    relabel: () => jobs?.relabel(),
    /** "Winnable deals only": (body, confirmFirst) => Promise<state | null> (help/dealsearch.js). */
    searchDeal: (body, confirmFirst) => call("searchDeal", body, confirmFirst),
  };
}
