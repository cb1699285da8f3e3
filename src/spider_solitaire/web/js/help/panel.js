// The help's answer panel: one sentence, a longer explanation behind "Why?", the action
// the answer offers, Step back and Step forward (the solution, paused), Stop while
// something runs, Close. What it shows is the help's
// state (help/index.js): `panelKind` and the buttons' handlers.
import { $ } from "./common.js";

/**
 * @param state the help's one state object (help/index.js)
 * @param host.announce (text) => void: the live region
 * @param host.clearNotice () => void: hide the notice (the panel takes its place)
 * @returns {open, close, answer, setText, showProgress, focusAction}
 */
export function createPanel(state, { announce, clearNotice }) {
  const panel = $("help-panel");
  const text = $("help-text");
  const progressBar = $("help-progress");
  const actionButton = $("help-action");
  const stopButton = $("help-stop");
  const moreButton = $("help-more");
  const backButton = $("help-back");
  const forwardButton = $("help-forward");

  /**
   * Show `message` in the panel (`kind`: "hint" | "can-win" | "solution" | "answer");
   * `more` (a longer explanation) is one tap away, behind the "Why?" button; `action`
   * labels the panel's button (`title` its tooltip) and `onAction` is what it does;
   * `onBack` and `onForward` show Step back and Step forward (`canBack` false: off).
   */
  function open(kind, message, options = {}) {
    const { action = null, title = "", onAction = null, onStop = null, busy = false, more = null } = options;
    state.panelKind = kind;
    text.textContent = message;
    progressBar.hidden = true; // until a running job says how far it is (showProgress)
    moreButton.hidden = !more;
    moreButton.setAttribute("aria-expanded", "false");
    state.onMore = more ? () => {
      text.textContent = more;
      moreButton.hidden = true;
      moreButton.setAttribute("aria-expanded", "true");
      $("help-close").focus();
    } : null;
    actionButton.hidden = !action;
    actionButton.textContent = action || "";
    actionButton.title = title;
    state.onPanelAction = onAction;
    stopButton.hidden = !onStop;
    state.onPanelStop = onStop;
    steps(options);
    panel.dataset.busy = busy ? "true" : "false";
    panel.dataset.kind = kind;
    clearNotice(); // one place for messages: the newest replaces the older
    panel.hidden = false;
    document.body.classList.add("help-open");
  }

  /** Show Step back and Step forward with their handlers, or hide them. */
  function steps({ onBack = null, onForward = null, canBack = true }) {
    state.onBack = onBack;
    state.onForward = onForward;
    backButton.hidden = !onBack;
    backButton.disabled = !canBack;
    forwardButton.hidden = !onForward;
  }

  function close() {
    steps({});
    state.panelKind = null;
    state.onPanelAction = null;
    state.onPanelStop = null;
    state.onMore = null;
    panel.hidden = true;
    delete panel.dataset.kind;
    document.body.classList.remove("help-open");
  }

  /** Open the panel with `message` and say it in the live region (`more` when given). */
  function answer(kind, message, options) {
    open(kind, message, options);
    announce(options?.more || message);
  }

  actionButton.addEventListener("click", () => state.onPanelAction?.());
  stopButton.addEventListener("click", () => state.onPanelStop?.());
  moreButton.addEventListener("click", () => state.onMore?.());
  backButton.addEventListener("click", () => state.onBack?.());
  forwardButton.addEventListener("click", () => state.onForward?.());

  return {
    open,
    close,
    answer,
    /** Replace the panel's sentence (a running job's progress). */
    setText: (message) => { text.textContent = message; },
    /**
     * A running job's time as a bar: `seconds` of the most it takes (`limit_seconds`, the
     * server's limits; issue 31: a count of positions checked meant little).
     */
    showProgress: (job) => {
      if (!(job.limit_seconds > 0)) return;
      progressBar.max = job.limit_seconds;
      progressBar.value = Math.min(job.seconds, job.limit_seconds);
      progressBar.hidden = false;
    },
    focusAction: () => actionButton.focus(),
    get hidden() { return panel.hidden; },
  };
}
