// "Show solution": the server plays its solution one move at a time (solving it first, as
// a help job, when it keeps none); the toolbar's button turns into Stop meanwhile. Paused
// (the panel's Pause), the player steps through it by hand as through a replay: Step
// forward plays the solution's next move, Step back undoes one, Play on goes on.
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
    const me = state.playing;
    if (!me) return;
    stopJob(api, me);
    me.wake?.(); // a paused solution's loop ends
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
    me.message = step.message;
    if (done) panel.open("answer", step.message);
    else show(me);
    host.announce(step.announcement); // what the move did, then the message
    if (done) return "done";
    if (!me.paused) await sleep(motionAllowed(store.animations) ? STEP_MS : QUICK_STEP_MS);
    return "again";
  }

  /** The panel while the solution plays (Pause, Stop) or is paused (the steps, Play on). */
  function show(me) {
    if (!me.paused) {
      panel.open("solution", me.message, { action: t("button.pause"), onAction: () => pause(me), onStop: stop });
      return;
    }
    panel.open("solution", [me.message, t("solution.paused")].filter(Boolean).join(" "), {
      action: t("button.resume"),
      onAction: () => resume(me),
      onStop: stop,
      onBack: () => stepBack(me),
      onForward: () => stepForward(me),
      canBack: !!store.game?.can_undo,
    });
  }

  function pause(me) {
    me.paused = true;
    show(me);
  }

  function resume(me) {
    if (me.stepping) return;
    me.paused = false;
    show(me);
    me.wake?.();
  }

  /** The solution is over (played out, or failed while stepping): the loop ends. */
  function finish(me) {
    me.done = true;
    me.wake?.();
  }

  /** Step forward, paused: play the solution's next move (solving first if need be). */
  async function stepForward(me) {
    if (me.stepping || me.done || me.stopped) return;
    me.stepping = true;
    try {
      let caughtUp = false;
      for (;;) {
        const step = await next(me, caughtUp);
        caughtUp = step === null;
        if (step === null) continue;
        const result = await take(step, me);
        if (result === "done") finish(me);
        if (result === "done" || step.kind !== "solution") break;
      }
    } catch (error) {
      if (!aborted(error) && !me.stopped) failedPlaying(error);
      finish(me);
    } finally {
      me.stepping = false;
    }
  }

  /** Step back, paused: undo the last move (an ordinary Undo, said as such). */
  function stepBack(me) {
    if (me.stepping || me.done || me.stopped || !store.game?.can_undo) return Promise.resolve();
    me.stepping = true;
    return host.run(async () => {
      try {
        const { id, version } = store.game;
        const reply = await api.act(id, { version, action: "undo" });
        store.setGame(reply.state, reply.events);
        me.message = reply.announcement;
        show(me);
        host.announce(reply.announcement);
      } catch (error) {
        if (!me.stopped) failedPlaying(error);
        finish(me);
      } finally {
        me.stepping = false;
      }
    });
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
    const me = { controller: null, stopped: false, job: null, paused: false, stepping: false, wake: null, done: false, message: "" };
    state.playing = me;
    setPlaying(true);
    panel.answer("solution", t("solution.finding"), { onStop: stop, busy: true });
    let caughtUp = false;
    try {
      while (!me.stopped && !me.done) {
        if (me.paused) {
          await new Promise((woken) => { me.wake = woken; }); // Play on, Stop, or the end
          me.wake = null;
          continue;
        }
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

  return {
    play,
    stop,
    toggle: () => (state.playing ? stop() : play()),
    relabel: () => setPlaying(!!state.playing),
  };
}
