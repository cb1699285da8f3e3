// The solver's help at the table: Hint, "Can I still win?", "Show solution" and the
// "Winnable deals only" search of the New game window, with the answer panel. Like the
// board, it knows no rules: the server chooses the hint, solves the position (it alone sees
// the face-down cards), plays the solution move by move and deals the winnable games.
// It reads the game from the store, puts the states the server answers into it, marks
// what a hint names through store.setHighlight, and asks the host for everything else.
// Every answer's sentence is the server's (docs/api.md: hint `text` and `messages`,
// can-win `message` and `action_label`, `announcement`, solution and search `message`).
import { ApiError, needsConfirm } from "./api.js";
import { errorText } from "./messages.js";
import { t } from "./i18n.js";
import { motionAllowed } from "./animate.js";

const $ = (id) => document.getElementById(id);
const STEP_MS = 700; // between two moves of the solution (animations on)
const QUICK_STEP_MS = 250; // ... and with animations off
const POLL_MS = 400; // how often a search for a winnable deal or a help job is asked about

const sleep = (ms) => new Promise((done) => setTimeout(done, ms));
const aborted = (error) => error?.name === "AbortError";
/** The server's 422 game_won (the game was won meanwhile, in another tab say). */
const wonError = (error) => error instanceof ApiError && error.status === 422 && error.reason === "game_won";

/**
 * @param api the API client of api.js
 * @param store the store of state.js (the game shown; answers' states go into it)
 * @param host.run (task) => Promise: runs `task` after the actions already sent, busy meanwhile
 * @param host.act (body) => Promise<boolean>: send an ordinary action
 * @param host.announce (text) => void: the live region
 * @param host.showError (error) => void: the notice for a failed request
 * @param host.clearNotice () => void: hide the notice (the panel takes its place)
 * @returns {hint, close, userAction, acted, newGame, relabel, searchDeal}
 */
export function createHelp(api, store, { run, act, announce, showError, clearNotice = () => {} }) {
  const panel = $("help-panel");
  const text = $("help-text");
  const progressBar = $("help-progress");
  const actionButton = $("help-action");
  const stopButton = $("help-stop");
  const moreButton = $("help-more");
  const solutionButton = $("solution");
  let panelKind = null; // "hint" | "can-win" | "solution" | "answer"
  let onPanelAction = null;
  let onPanelStop = null;
  let onMore = null;
  let canWinAsked = null; // {stopped, job}
  let playing = null; // {controller, stopped, job}
  let searching = null; // {id, stopped}
  let lastHint = null; // {id, version, number}: H again on the same version asks for the next

  // --- the panel ----------------------------------------------------------------------

  /**
   * Show `message` in the panel; `more` (a longer explanation) is one tap away, behind the
   * "Why?" button.
   */
  function openPanel(kind, message, { action = null, onAction = null, onStop = null, busy = false, more = null } = {}) {
    panelKind = kind;
    text.textContent = message;
    progressBar.hidden = true; // until a running job says how far it is (showProgress)
    moreButton.hidden = !more;
    moreButton.setAttribute("aria-expanded", "false");
    onMore = more ? () => {
      text.textContent = more;
      moreButton.hidden = true;
      moreButton.setAttribute("aria-expanded", "true");
      $("help-close").focus();
    } : null;
    actionButton.hidden = !action;
    actionButton.textContent = action || "";
    onPanelAction = onAction;
    stopButton.hidden = !onStop;
    onPanelStop = onStop;
    panel.dataset.busy = busy ? "true" : "false";
    panel.dataset.kind = kind;
    clearNotice(); // one place for messages: the newest replaces the older
    panel.hidden = false;
    document.body.classList.add("help-open");
  }

  function closePanel() {
    panelKind = null;
    onPanelAction = null;
    onPanelStop = null;
    onMore = null;
    panel.hidden = true;
    delete panel.dataset.kind;
    document.body.classList.remove("help-open");
  }

  /** Open the panel with `message` and say it in the live region. */
  function answer(kind, message, options) {
    openPanel(kind, message, options);
    announce(options?.more || message);
  }

  function close() {
    stopCanWin();
    stopPlaying();
    store.setHighlight(null);
    closePanel();
  }

  actionButton.addEventListener("click", () => onPanelAction?.());
  stopButton.addEventListener("click", () => onPanelStop?.());
  moreButton.addEventListener("click", () => onMore?.());
  $("help-close").addEventListener("click", close);

  /** A won game needs no help: say so in the panel (nothing is asked, nothing marked). */
  const sayWon = () => answer("answer", t("assist.won"));

  /**
   * An error answer: a 409 brings the current state (stale_version: this game's; not_current:
   * the game the player is playing now, after asking about one they left); the message
   * goes to the notice.
   */
  function failed(error) {
    if (error instanceof ApiError && error.status === 409 && error.body?.state) store.setGame(error.body.state);
    showError(error);
  }

  // a new state: a hint about an older version has gone with it (state.js drops its marks)
  store.subscribe((kind) => {
    if (kind === "game" && panelKind === "hint" && !store.highlight) closePanel();
  });

  // --- hint ---------------------------------------------------------------------------

  /**
   * What to mark for a hint: the cards and their column, the stock, the take-off button of
   * the hint's column (render.js's `take-off-<column>`), Undo, or the way out.
   */
  function hintMarks(hint, game) {
    if (hint.kind === "move") return { column: hint.column, count: hint.count, target: hint.target };
    if (hint.kind === "deal") return { controls: ["stock"] };
    if (hint.kind === "take_off") return { controls: [`take-off-${hint.column}`] };
    // stuck with nothing to undo: the way out is a restart or a new game
    return { controls: game.can_undo ? ["undo"] : ["restart", "new-game"] };
  }

  function requestHint() {
    if (playing || !store.game) return Promise.resolve();
    stopCanWin();
    return run(async () => {
      if (store.game.is_won) {
        sayWon();
        return;
      }
      try {
        const { id, version } = store.game;
        // the same version again while its hint is shown: the next ranked hint (the
        // server ranks them and goes round again)
        const again = panelKind === "hint" && lastHint?.id === id && lastHint.version === version;
        const reply = await api.hint(id, version, again ? lastHint.number : 0);
        lastHint = { id, version, number: reply.hint.number };
        store.setGame(reply.state);
        store.setHighlight(hintMarks(reply.hint, reply.state));
        // one short sentence first (what to do and the main reason); the whole
        // explanation one tap away (and said in full by the live region)
        const more = [reply.hint.text, ...reply.hint.messages].join(" ");
        answer("hint", reply.hint.short, { more });
      } catch (error) {
        if (wonError(error)) sayWon();
        else failed(error);
      }
    });
  }

  // --- can I still win? ---------------------------------------------------------------

  /**
   * Poll the help job `job` (can-win, the solution's solve) until it ends or `me.stopped`;
   * `progress` (job) => void sees each running answer. Resolves to the last answer.
   */
  async function follow(job, me, progress = () => {}) {
    me.job = job.id;
    while (job.status === "running" && !me.stopped) {
      progress(job);
      await sleep(POLL_MS);
      if (me.stopped) break;
      job = await api.helpJob(job.id);
    }
    return job;
  }

  /**
   * A running job's time as a bar: `seconds` of the most it takes (`limit_seconds`, the
   * server's limits; issue 31: a count of positions checked meant little).
   */
  function showProgress(job) {
    if (!(job.limit_seconds > 0)) return;
    progressBar.max = job.limit_seconds;
    progressBar.value = Math.min(job.seconds, job.limit_seconds);
    progressBar.hidden = false;
  }

  /** Stop what `me` waits for: its help job on the server, its request here. */
  function stopJob(me) {
    me.stopped = true;
    me.controller?.abort();
    if (me.job) api.stopHelpJob(me.job).catch(() => {});
  }

  function stopCanWin() {
    if (!canWinAsked) return;
    stopJob(canWinAsked);
    canWinAsked = null;
    if (panelKind === "can-win") closePanel();
  }

  /** Ask "Can I still win?"; `limit` "long" gives the solver the server's longer limit. */
  async function askCanWin(limit = "normal") {
    const game = store.game;
    if (!game || canWinAsked) return;
    stopPlaying();
    store.setHighlight(null);
    if (game.is_won) {
      sayWon();
      return;
    }
    const mine = { stopped: false, job: null };
    canWinAsked = mine;
    const askedText = t(limit === "long" ? "can_win.checking_long" : "can_win.checking");
    answer("can-win", askedText, { onStop: stopCanWin, busy: true });
    try {
      const started = await api.canWin(game.id, game.version, limit);
      const job = await follow(started, mine, (running) => {
        // the page's own sentence says what was asked (for up to a minute, with Keep
        // thinking); the server's progress replaces it once there is some: the solver
        // looking back through the game (more than the current position solved)
        if (panelKind !== "can-win" || canWinAsked !== mine) return;
        if (running.probes > 1 && running.message) text.textContent = running.message;
        showProgress(running);
      });
      if (canWinAsked !== mine || mine.stopped) return;
      canWinAsked = null;
      if (job.status !== "done") {
        // failed or cancelled on the server (its process went away, the player asked again)
        answer("answer", job.message || t("announce.network"));
        return;
      }
      const reply = job.can_win;
      store.setGame(reply.state);
      const kind = reply.last_winnable?.kind;
      let action = reply.action_label;
      let onAction = !action ? null : kind === "undo" ? () => rewind(reply.last_winnable.steps) : () => restart();
      if (!action && reply.longer) {
        // the solver could not tell in time: it may, given longer
        action = t("can_win.keep_thinking");
        onAction = () => askCanWin("long");
      }
      answer("answer", reply.message, { action, onAction });
      if (action) actionButton.focus();
    } catch (error) {
      if (aborted(error) || canWinAsked !== mine) return;
      canWinAsked = null;
      if (wonError(error)) {
        sayWon(); // the answer of a won game: no state to show, nothing to mark
        return;
      }
      closePanel();
      failed(error);
    }
  }

  function rewind(steps) {
    closePanel();
    return run(async () => {
      try {
        const reply = await api.rewind(store.game.id, store.game.version, steps);
        store.setGame(reply.state, reply.events);
        answer("answer", reply.announcement);
      } catch (error) {
        failed(error);
      }
    });
  }

  function restart() {
    closePanel();
    return act({ action: "restart" });
  }

  // --- show the solution --------------------------------------------------------------

  function setPlaying(on) {
    solutionButton.setAttribute("aria-pressed", on ? "true" : "false");
    solutionButton.querySelector("use").setAttribute("href", on ? "#i-stop" : "#i-play");
    const label = t(on ? "button.solution_stop" : "button.solution");
    solutionButton.querySelector(".label").textContent = label;
    solutionButton.title = label;
  }

  function stopPlaying() {
    if (!playing) return;
    stopJob(playing);
    playing = null;
    setPlaying(false);
    if (panelKind === "solution") answer("answer", t("solution.stopped"));
  }

  async function play() {
    const first = store.game;
    if (!first) return;
    stopCanWin();
    store.setHighlight(null);
    if (first.is_won) {
      sayWon();
      return;
    }
    const me = { controller: null, stopped: false, job: null };
    playing = me;
    setPlaying(true);
    answer("solution", t("solution.finding"), { onStop: stopPlaying, busy: true });
    let caughtUp = false;
    try {
      while (!me.stopped) {
        me.controller = new AbortController();
        let step;
        try {
          step = await run(() => api.solutionNext(store.game.id, store.game.version, me.controller.signal));
        } catch (error) {
          // a move asked for before a Stop may have been played all the same (the page
          // stopped waiting, not the server): take the server's state once and go on.
          // Not for 409 not_current (a game the player left): its state is another game's,
          // so the solution stops and the notice says why (below)
          const stale = error instanceof ApiError && error.reason === "stale_version" && error.body?.state;
          if (!stale || caughtUp || me.stopped) throw error;
          caughtUp = true;
          store.setGame(error.body.state);
          continue;
        }
        caughtUp = false;
        if (step.kind === "solution") {
          // no solution known yet: the server solves it as a job; then ask again
          const job = await follow(step, me);
          if (me.stopped) return;
          me.job = null;
          if (job.status !== "done") {
            answer("answer", job.message || t("announce.network"));
            return;
          }
          continue;
        }
        store.setGame(step.state, step.events); // played on the server even if stopped meanwhile
        if (me.stopped) return;
        // the message says how many moves are left, or that the solution is played out
        const done = step.remaining === 0 || step.state.is_won;
        openPanel(done ? "answer" : "solution", step.message, done ? {} : { onStop: stopPlaying });
        announce(step.announcement); // what the move did, then the message
        if (done) return;
        await sleep(motionAllowed(store.animations) ? STEP_MS : QUICK_STEP_MS);
      }
    } catch (error) {
      if (aborted(error) || me.stopped) return;
      if (wonError(error)) {
        sayWon();
      } else if (error instanceof ApiError && error.body?.message && error.status === 422) {
        answer("answer", error.body.message);
      } else {
        closePanel();
        failed(error);
      }
    } finally {
      if (playing === me) {
        playing = null;
        setPlaying(false);
      }
    }
  }

  // --- winnable deals -----------------------------------------------------------------

  /**
   * Deal a game the solver wins (the New game window's "Winnable deals only"): start the
   * search, show its progress, resolve to the new game's state, or null (stopped or
   * failed: the window shows why). When the server asks first (409 confirm_needed: the
   * game in progress would be left), `confirmFirst` (errorBody) => Promise<boolean> asks
   * the player, and the search starts with the server's `confirm` list on yes.
   */
  async function searchDeal(body, confirmFirst = async () => false) {
    const progress = $("new-progress");
    const bar = $("new-progress-bar");
    const label = $("new-progress-text");
    const me = { id: null, stopped: false };
    searching = me;
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
      if (searching === me) searching = null;
      progress.hidden = true;
    }
  }

  function stopSearch() {
    const me = searching;
    if (!me) return;
    me.stopped = true;
    searching = null;
    $("new-progress").hidden = true;
    if (me.id) api.stopSearch(me.id).catch(() => {});
  }

  $("new-dialog").addEventListener("close", stopSearch);

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

  $("hint").addEventListener("click", () => requestHint());
  $("can-win").addEventListener("click", () => askCanWin());
  solutionButton.addEventListener("click", () => (playing ? stopPlaying() : play()));

  return {
    hint: requestHint,
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
      if (panelKind === "hint" || panelKind === "answer") store.setHighlight(null);
      closePanel();
    },
    /** The player acts: a running can-win question or solution stops (the position changes). */
    userAction() {
      stopCanWin();
      stopPlaying();
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
      setPlaying(!!playing);
    },
    searchDeal,
  };
}
