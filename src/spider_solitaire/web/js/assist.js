// The solver's help at the table: Hint (and H), "Can I still win?", "Show solution" and
// the "Winnable deals only" search of the New game window. Like the board, it knows no
// rules: the server chooses the hint, solves the position (it alone sees the face-down
// cards), plays the solution move by move and deals the winnable games; this module shows
// the answers, highlights what the hint names and keeps the keyboard in reach.
import { ApiError } from "./api.js";
import { t, tn } from "./i18n.js";
import { describeCards } from "./keyboard.js";

const $ = (id) => document.getElementById(id);
const STEP_MS = 700; // between two moves of the solution (animations on)
const QUICK_STEP_MS = 250; // ... and with animations off
const POLL_MS = 400; // how often a search for a winnable deal is asked about

const sleep = (ms) => new Promise((done) => setTimeout(done, ms));
const aborted = (error) => error?.name === "AbortError";

/**
 * @param opts.api the API client
 * @param opts.board the Board
 * @param opts.enqueue (task) => Promise: runs after the actions already sent
 * @param opts.show (state) => void: draw a new GameState
 * @param opts.act (body) => Promise<boolean>: send an ordinary action
 * @param opts.announce, opts.showError, opts.setBusy, opts.describe (events) => text
 * @param opts.getState () => the GameState shown
 * @param opts.animations () => boolean
 */
export function attachAssist({ api, board, enqueue, show, act, announce, showError, setBusy, describe, getState, animations }) {
  const panel = $("assist");
  const text = $("assist-text");
  const actionButton = $("assist-action");
  const stopButton = $("assist-stop");
  const solutionButton = $("solution");
  let panelKind = null; // "hint" | "check" | "solution" | "answer"
  let onPanelAction = null;
  let onPanelStop = null;
  let hint = null; // {hint, version}
  let checking = null; // {controller, version}
  let playing = null; // {controller, stopped}
  let searching = null; // {id, stopped}

  // --- the panel ----------------------------------------------------------------------

  function openPanel(kind, message, { action = null, onAction = null, onStop = null, busy = false } = {}) {
    panelKind = kind;
    text.textContent = message;
    actionButton.hidden = !action;
    actionButton.textContent = action || "";
    onPanelAction = onAction;
    stopButton.hidden = !onStop;
    onPanelStop = onStop;
    panel.dataset.busy = busy ? "true" : "false";
    panel.dataset.kind = kind;
    panel.hidden = false;
    document.body.classList.add("assist-open");
  }

  function closePanel() {
    panelKind = null;
    onPanelAction = null;
    onPanelStop = null;
    panel.hidden = true;
    delete panel.dataset.kind;
    document.body.classList.remove("assist-open");
  }

  actionButton.addEventListener("click", () => onPanelAction?.());
  stopButton.addEventListener("click", () => onPanelStop?.());
  $("assist-close").addEventListener("click", () => {
    stopChecking();
    stopPlaying();
    clearHint();
    closePanel();
  });

  /** A won game needs no help: say so in the panel (nothing is asked, nothing marked). */
  function sayWon() {
    const message = t("assist.won");
    openPanel("answer", message);
    announce(message);
  }

  /** The server's 422 game_won (the game was won meanwhile, in another tab say). */
  const wonError = (error) => error instanceof ApiError && error.status === 422 && error.reason === "game_won";

  /** An error answer: a 409 brings the current state; the message goes to the notice. */
  function failed(error) {
    if (error instanceof ApiError && error.status === 409 && error.body?.state) show(error.body.state);
    showError(error);
  }

  // --- hint ---------------------------------------------------------------------------

  function clearHint() {
    if (!hint) return;
    hint = null;
    paintHint();
  }

  /** Highlight the cards and the column (or the stock, or Undo) the hint names. */
  function paintHint() {
    for (const el of document.querySelectorAll(".hinted, .hint-target")) el.classList.remove("hinted", "hint-target");
    const shown = board.state;
    if (!hint || !shown || shown.id !== hint.id || shown.version !== hint.version) return;
    const h = hint.hint;
    if (h.kind === "move") {
      for (const entry of board.cols[h.column - 1].slice(-h.count)) board.els.get(entry.key)?.classList.add("hinted");
      board.columnEls[h.target - 1].classList.add("hint-target");
    } else if (h.kind === "deal") {
      $("stock").classList.add("hinted");
    } else if (shown.can_undo) {
      $("undo").classList.add("hinted");
    } else {
      // stuck with nothing to undo: the way out is a restart or a new game
      $("restart").classList.add("hinted");
      $("new-game").classList.add("hinted");
    }
  }

  function hintText(h, state) {
    let head;
    if (h.kind === "move") {
      const cards = state.columns[h.column - 1].face_up.slice(-h.count);
      // hint.move_one names one card with an article: "move the 4 of spades", never "4 cards"
      head = tn("hint.move", cards.length, { cards: describeCards(cards), source: h.column, target: h.target });
    } else if (h.kind === "deal") {
      head = t("hint.deal");
    } else if (!state.can_undo) {
      // the server's reasons send the player to Undo, which has nothing to take back
      return t("hint.stuck_no_undo");
    } else {
      head = t("hint.stuck");
    }
    return [head, ...h.messages].join(" ");
  }

  function requestHint() {
    if (playing || !getState()) return Promise.resolve();
    stopChecking();
    return enqueue(async () => {
      const state = getState();
      if (state.is_won) {
        sayWon();
        return;
      }
      setBusy(1);
      try {
        const answer = await api.hint(state.id, state.version);
        hint = { hint: answer.hint, id: answer.state.id, version: answer.state.version };
        show(answer.state);
        const message = hintText(answer.hint, answer.state);
        openPanel("hint", message);
        announce(message);
        board.schedule();
      } catch (error) {
        if (wonError(error)) sayWon();
        else failed(error);
      } finally {
        setBusy(-1);
      }
    });
  }

  // --- can I still win? ---------------------------------------------------------------

  function stopChecking() {
    if (!checking) return;
    checking.controller.abort();
    checking = null;
    if (panelKind === "check") closePanel();
  }

  /**
   * An action's notation in words: "d" is "the deal", "9:3>4" "3 cards from column 9 to
   * column 4", "9>4" or "9:1>4" "column 9 to column 4". Only the notation's shape is read;
   * anything else is shown as it came.
   */
  function actionText(notation) {
    if (notation === "d") return t("action.deal");
    const parts = /^(\d+)(?::(\d+))?>(\d+)$/.exec(notation || "");
    if (!parts) return notation || "";
    const count = parts[2] ? Number(parts[2]) : 1;
    return tn("action.move", count, { source: Number(parts[1]), target: Number(parts[3]) });
  }

  function answerText(answer) {
    if (answer.answer === "yes") return { message: t("can_win.yes") };
    if (answer.answer === "unknown") return { message: t("can_win.unknown", { seconds: Math.round(answer.seconds) }) };
    const where = answer.last_winnable || { kind: "unknown" };
    if (where.kind === "undo") {
      const vars = { steps: where.steps, move: where.lost_move, action: actionText(where.action), moves: where.moves };
      const key = where.exact ? "can_win.no_exact" : "can_win.no_around";
      return {
        message: tn(key, where.steps, vars),
        action: tn("can_win.undo_back", where.steps, vars),
        onAction: () => rewind(where.steps),
      };
    }
    if (where.kind === "restart") {
      return { message: t("can_win.no_restart"), action: t("button.restart"), onAction: () => restart() };
    }
    if (where.kind === "never") return { message: t("can_win.no_never") };
    return { message: t("can_win.no_unknown") };
  }

  async function checkWin() {
    const state = getState();
    if (!state || checking) return;
    stopPlaying();
    clearHint();
    if (state.is_won) {
      sayWon();
      return;
    }
    const controller = new AbortController();
    const mine = { controller, version: state.version };
    checking = mine;
    openPanel("check", t("can_win.checking"), { onStop: stopChecking, busy: true });
    announce(t("can_win.checking"));
    try {
      const answer = await api.canWin(state.id, state.version, controller.signal);
      if (checking !== mine) return;
      checking = null;
      show(answer.state);
      const { message, action, onAction } = answerText(answer);
      openPanel("answer", message, { action, onAction });
      announce(message);
      if (action) actionButton.focus();
    } catch (error) {
      if (aborted(error) || checking !== mine) return;
      checking = null;
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
    return enqueue(async () => {
      const state = getState();
      setBusy(1);
      try {
        const answer = await api.rewind(state.id, state.version, steps);
        show(answer.state);
        const message = tn("announce.rewound", steps, { steps });
        openPanel("answer", message);
        announce(message);
      } catch (error) {
        failed(error);
      } finally {
        setBusy(-1);
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
    playing.stopped = true;
    playing.controller?.abort();
    playing = null;
    setPlaying(false);
    if (panelKind === "solution") {
      openPanel("answer", t("solution.stopped"));
      announce(t("solution.stopped"));
    }
  }

  async function play() {
    const first = getState();
    if (!first) return;
    stopChecking();
    clearHint();
    if (first.is_won) {
      sayWon();
      return;
    }
    const me = { controller: null, stopped: false };
    playing = me;
    setPlaying(true);
    openPanel("solution", t("solution.finding"), { onStop: stopPlaying, busy: true });
    announce(t("solution.finding"));
    try {
      while (!me.stopped) {
        me.controller = new AbortController();
        const answer = await enqueue(async () => {
          const state = getState();
          setBusy(1);
          try {
            return await api.solutionNext(state.id, state.version, me.controller.signal);
          } finally {
            setBusy(-1);
          }
        });
        show(answer.state); // played on the server even if stopped meanwhile
        if (me.stopped) return;
        const events = describe(answer.events || []);
        const left = tn("solution.playing", answer.remaining, { remaining: answer.remaining });
        openPanel("solution", left, { onStop: stopPlaying });
        announce(`${events} ${left}`.trim());
        if (answer.remaining === 0 || answer.state.is_won) {
          openPanel("answer", t("solution.done"));
          return;
        }
        await sleep(animations() ? STEP_MS : QUICK_STEP_MS);
      }
    } catch (error) {
      if (aborted(error) || me.stopped) return;
      if (wonError(error)) {
        sayWon();
      } else if (error instanceof ApiError && error.body?.message && error.status === 422) {
        openPanel("answer", error.body.message);
        announce(error.body.message);
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
   * Search for a winnable deal of `body` ({suits, rule}), showing the progress in the New
   * game window; resolves to the new game's state, or null (stopped or failed: the
   * window shows why).
   */
  async function searchDeal(body) {
    const progress = $("new-progress");
    const bar = $("new-progress-bar");
    const label = $("new-progress-text");
    const me = { id: null, stopped: false };
    searching = me;
    progress.hidden = false;
    bar.removeAttribute("value"); // indeterminate until the first answer
    label.textContent = t("new.searching_start");
    try {
      let view = await api.startSearch(body);
      me.id = view.id;
      while (view.status === "running" && !me.stopped) {
        bar.max = view.max_tries;
        bar.value = view.tried;
        label.textContent = t("new.searching", { tried: view.tried, max: view.max_tries });
        await sleep(POLL_MS);
        if (me.stopped) break;
        view = await api.search(view.id);
      }
      if (me.stopped) return null;
      if (view.status === "done") return view.state;
      $("new-error").textContent = view.message || t("announce.network");
      return null;
    } catch (error) {
      if (!me.stopped) $("new-error").textContent = error instanceof ApiError && error.body?.message ? error.body.message : t("announce.network");
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
  const toolbar = document.querySelector(".assist-bar");
  const narrow = matchMedia("(max-width: 480px)");
  function placeToolbar() {
    if (narrow.matches) document.querySelector(".bar").insertBefore(toolbar, document.querySelector(".actions"));
    else $("stock").before(toolbar);
  }
  narrow.addEventListener("change", placeToolbar);
  placeToolbar();

  // --- wiring -------------------------------------------------------------------------

  $("hint").addEventListener("click", () => requestHint());
  $("can-win").addEventListener("click", () => checkWin());
  solutionButton.addEventListener("click", () => (playing ? stopPlaying() : play()));
  board.onRender(() => paintHint());

  document.addEventListener("keydown", (event) => {
    if (document.querySelector("dialog[open]")) return;
    if (event.target?.closest?.("input, select, textarea, [contenteditable='true']")) return;
    if (event.ctrlKey || event.metaKey || event.altKey || event.defaultPrevented) return;
    if (event.key === "h" || event.key === "H") {
      event.preventDefault();
      requestHint();
    } else if (event.key === "Escape" && !board.held && !panel.hidden) {
      event.preventDefault();
      $("assist-close").click();
    }
  });

  return {
    /** The player acts: a running check or solution stops (the position changes). */
    userAction() {
      stopChecking();
      stopPlaying();
    },
    /** A new state was drawn: a hint for an older version goes away. */
    stateShown(state) {
      if (hint && (state.id !== hint.id || state.version !== hint.version)) {
        hint = null;
        if (panelKind === "hint") closePanel();
      }
      if (!hint) paintHint();
    },
    /** A new game: whatever the panel said was about the old one. */
    newGame() {
      stopChecking();
      stopPlaying();
      clearHint();
      closePanel();
    },
    relabel() {
      setPlaying(!!playing);
    },
    searchDeal,
    stopSearch,
  };
}
