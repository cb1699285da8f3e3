// "Show solution": the server plays its solution one move at a time (solving it first, as
// a help job, when it keeps none); the toolbar's button turns into Stop meanwhile.
import { ApiError } from "../api.js";
import { t } from "../i18n.js";
import { motionAllowed } from "../animate.js";
import { $, QUICK_STEP_MS, STEP_MS, aborted, follow, sleep, stopJob } from "./common.js";

/**
 * @param help the help's shared parts (help/index.js): api, store, host, state, panel,
 *   sayWon, failed, wonError, canWin
 * @returns {play, stop, toggle, relabel}
 */
export function createSolution(help) {
  const { api, store, state, panel, host } = help;
  const button = $("solution");

  function setPlaying(on) {
    button.setAttribute("aria-pressed", on ? "true" : "false");
    button.querySelector("use").setAttribute("href", on ? "#i-stop" : "#i-play");
    const label = t(on ? "button.solution_stop" : "button.solution");
    button.querySelector(".label").textContent = label;
    button.title = label;
  }

  function stop() {
    if (!state.playing) return;
    stopJob(api, state.playing);
    state.playing = null;
    setPlaying(false);
    if (state.panelKind === "solution") panel.answer("answer", t("solution.stopped"));
  }

  /**
   * Ask the server for the solution's next move: the step, or null when the page caught
   * up with a move played before a Stop (ask again). Throws what the server answered.
   */
  async function next(me, caughtUp) {
    me.controller = new AbortController();
    try {
      return await host.run(() => api.solutionNext(store.game.id, store.game.version, me.controller.signal));
    } catch (error) {
      // a move asked for before a Stop may have been played all the same (the page
      // stopped waiting, not the server): take the server's state once and go on.
      // Not for 409 not_current (a game the player left): its state is another game's,
      // so the solution stops and the notice says why (play)
      const stale = error instanceof ApiError && error.reason === "stale_version" && error.body?.state;
      if (!stale || caughtUp || me.stopped) throw error;
      store.setGame(error.body.state);
      return null;
    }
  }

  /**
   * Play `step` (the server's answer to the next move): a solve to follow first, or a move
   * played. Resolves to "again" (ask for the next), "done" (played out or stopped).
   */
  async function take(step, me) {
    if (step.kind === "solution") {
      // no solution known yet: the server solves it as a job; then ask again
      const job = await follow(api, step, me);
      if (me.stopped) return "done";
      me.job = null;
      if (job.status !== "done") {
        panel.answer("answer", job.message || t("announce.network"));
        return "done";
      }
      return "again";
    }
    store.setGame(step.state, step.events); // played on the server even if stopped meanwhile
    if (me.stopped) return "done";
    // the message says how many moves are left, or that the solution is played out
    const done = step.remaining === 0 || step.state.is_won;
    panel.open(done ? "answer" : "solution", step.message, done ? {} : { onStop: stop });
    host.announce(step.announcement); // what the move did, then the message
    if (done) return "done";
    await sleep(motionAllowed(store.animations) ? STEP_MS : QUICK_STEP_MS);
    return "again";
  }

  /** What went wrong while playing: said in the panel or the notice. */
  function failedPlaying(error) {
    if (help.wonError(error)) {
      help.sayWon();
    } else if (error instanceof ApiError && error.body?.message && error.status === 422) {
      panel.answer("answer", error.body.message);
    } else {
      panel.close();
      help.failed(error);
    }
  }

  async function play() {
    const first = store.game;
    if (!first) return;
    help.canWin.stop();
    store.setHighlight(null);
    if (first.is_won) {
      help.sayWon();
      return;
    }
    const me = { controller: null, stopped: false, job: null };
    state.playing = me;
    setPlaying(true);
    panel.answer("solution", t("solution.finding"), { onStop: stop, busy: true });
    let caughtUp = false;
    try {
      while (!me.stopped) {
        const step = await next(me, caughtUp);
        caughtUp = step === null;
        if (step !== null && (await take(step, me)) === "done") return;
      }
    } catch (error) {
      if (!aborted(error) && !me.stopped) failedPlaying(error);
    } finally {
      if (state.playing === me) {
        state.playing = null;
        setPlaying(false);
      }
    }
  }

  button.addEventListener("click", () => (state.playing ? stop() : play()));

  return { play, stop, relabel: () => setPlaying(!!state.playing) };
}
