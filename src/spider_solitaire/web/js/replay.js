// The replay viewer: the page in replay mode (`/?replay=<game id>` for the owner,
// `/replay/<share id>` for anyone with a shared link). It shows each step of the game's
// whole action log with the table's own renderer, as the player saw it (the server sends
// each step's table: face-down cards stay face down); step forward and back, play and
// pause, jump to any step with the slider. The owner can share a link (make, copy,
// revoke) and export the game's record. Above the controls: what is watched (variant, won
// or lost, score, moves, date) and "Play this deal". Every sentence (what a step did) is the server's.
// The owner can ask for the game's review (review.js): a strip over the slider and a list.
import { errorText } from "./messages.js";
import { t } from "./i18n.js";
import { formatNumber, formatDate } from "./format.js";
import { motionAllowed } from "./animate.js";
import { wireReview } from "./review.js";

const $ = (id) => document.getElementById(id);
const PLAY_MS = 800; // between two steps while playing at 1x (animations on)
const QUICK_PLAY_MS = 350; // ... and with animations off
export const SPEEDS = [1, 2, 4, 8]; // the speed control's choices (index.html)
export const WATCH_MS = 30000; // how long a whole game plays at the speed chosen first

/**
 * The speed a replay starts at: of SPEEDS, the one that plays the whole game (`steps`
 * steps, `stepMs` apart at 1x) in the time nearest WATCH_MS (issue 31: 132 steps took
 * over two minutes at 1x); the slower on a tie. Pure.
 */
export function fittingSpeed(steps, stepMs, watchMs = WATCH_MS) {
  const away = (speed) => Math.abs((steps * stepMs) / speed - watchMs);
  return SPEEDS.reduce((best, speed) => (away(speed) < away(best) ? speed : best));
}

/**
 * Where the page shows a replay, from its address: {share} for /replay/<id>, {game} for
 * /?replay=<id>, else null (the table).
 */
export function replaySource(loc = location) {
  const shared = loc.pathname.match(/^\/replay\/([^/]+)\/?$/);
  if (shared) return { share: decodeURIComponent(shared[1]) };
  const game = new URLSearchParams(loc.search).get("replay");
  return game ? { game } : null;
}

/**
 * A replay step's table as the store takes it: the server's state ("GameState-like",
 * docs/api.md) with nothing movable (a replay is watched, not played).
 */
function asShown(state) {
  return { ...state, groups: [], can_deal: false };
}

/** Load the bar's stylesheet (replay.css: not in the table's first load); resolves once
 * it applies (or failed: the bar then shows unstyled). */
function loadStyles() {
  const link = document.createElement("link");
  link.rel = "stylesheet";
  link.href = new URL("../css/replay.css", import.meta.url).href;
  const loaded = new Promise((done) => {
    link.onload = link.onerror = done;
  });
  document.head.append(link);
  return loaded;
}

/**
 * Run the viewer.
 *
 * @param api the API client of api.js
 * @param store the store of state.js (the view draws it)
 * @param source {game} or {share} (replaySource())
 * @param host.animations () => boolean: the player's setting
 * @param host.announce (text) => void
 * @param host.showError (error) => void
 */
export async function startReplay(api, store, source, { animations, announce, showError }) {
  await loadStyles();
  document.body.classList.add("replay-mode");
  $("replay-bar").hidden = false;
  $("replay-owner").hidden = source.game == null;
  $("replay-back").hidden = source.game == null;
  const slider = $("replay-slider");
  const playButton = $("replay-play");
  const cache = new Map(); // step -> answer
  let log = null;
  let shown = -1;
  let wanted = 0;
  let loading = false;
  let timer = 0;

  try {
    log = await api.replay(source);
  } catch (error) {
    $("replay-step-label").textContent = errorText(error);
    showError(error);
    for (const el of document.querySelectorAll("#replay-bar button, #replay-slider")) el.disabled = true;
    return;
  }
  const last = log.steps;
  const stepMs = () => (motionAllowed(animations()) ? PLAY_MS : QUICK_PLAY_MS);
  $("replay-speed").value = String(fittingSpeed(last, stepMs()));
  showAbout(log.about);
  slider.max = String(last);
  slider.min = "0";

  /** A step's answer (a promise, kept: asked once); a failed one is asked again later. */
  function fetchStep(step) {
    if (!cache.has(step)) {
      const answer = api.replayStep(source, step);
      cache.set(step, answer);
      answer.catch(() => cache.delete(step));
    }
    return cache.get(step);
  }

  /** Show step `step` (the latest asked for wins when several are asked quickly). */
  async function show(step) {
    wanted = Math.min(Math.max(step, 0), last);
    if (loading) return;
    loading = true;
    document.body.dataset.busy = "true";
    try {
      while (shown !== wanted) {
        const target = wanted;
        const answer = await fetchStep(target);
        store.setGame(asShown(answer.state));
        shown = target;
        slider.value = String(target);
        slider.setAttribute("aria-valuetext", `${formatNumber(target)} / ${formatNumber(last)}`);
        $("replay-counter").textContent = `${formatNumber(target)} / ${formatNumber(last)}`;
        $("replay-step-label").textContent = answer.label || "";
        document.body.dataset.step = String(target);
        $("replay-prev").disabled = target <= 0;
        $("replay-first").disabled = target <= 0;
        $("replay-next").disabled = target >= last;
        $("replay-last").disabled = target >= last;
        if (!timer && answer.label) announce(answer.label);
        // while playing, the next step is asked for now: it is there when its turn comes
        if (timer && target < last) fetchStep(target + 1).catch(() => null);
      }
    } catch (error) {
      pause();
      showError(error);
    } finally {
      loading = false;
      delete document.body.dataset.busy;
    }
  }

  function setPlaying(on) {
    playButton.setAttribute("aria-pressed", on ? "true" : "false");
    playButton.querySelector(".label").textContent = t(on ? "replay.pause" : "replay.play");
    playButton.querySelector("use").setAttribute("href", on ? "#i-pause" : "#i-play");
  }

  function pause() {
    clearInterval(timer);
    timer = 0;
    setPlaying(false);
  }

  function play() {
    if (shown >= last) show(0);
    setPlaying(true);
    clearInterval(timer);
    // the speed control divides the time between two steps (1, 2, 4 or 8 times faster)
    const speed = Number($("replay-speed").value) || 1;
    timer = setInterval(
      () => {
        if (wanted >= last) pause();
        else show(wanted + 1);
      },
      stepMs() / speed,
    );
  }

  $("replay-speed").addEventListener("change", () => {
    if (timer) play(); // on at the new speed
  });

  playButton.addEventListener("click", () => (timer ? pause() : play()));
  $("replay-first").addEventListener("click", () => (pause(), show(0)));
  $("replay-prev").addEventListener("click", () => (pause(), show(wanted - 1)));
  $("replay-next").addEventListener("click", () => (pause(), show(wanted + 1)));
  $("replay-last").addEventListener("click", () => (pause(), show(last)));
  slider.addEventListener("input", () => {
    pause();
    show(Number(slider.value));
  });
  document.addEventListener("keydown", (event) => {
    if (event.target.closest?.("input, select, textarea, dialog") || event.ctrlKey || event.metaKey || event.altKey) return;
    if (event.key === "ArrowRight") (pause(), show(wanted + 1));
    else if (event.key === "ArrowLeft") (pause(), show(wanted - 1));
    else if (event.key === " " && !event.target.closest?.("button")) timer ? pause() : play();
    else return;
    event.preventDefault();
  });

  if (source.game != null) {
    wireOwner(api, source.game, { announce });
    const auto = new URLSearchParams(location.search).get("review") === "1";
    const finished = log.about?.outcome !== "playing";
    const showStep = (answer) => {
      pause();
      shown = -1; // the table is off the replay: a jump to any step shows it again
      store.setGame(asShown(answer.state));
      $("replay-step-label").textContent = answer.label || "";
    };
    wireReview(api, source.game, { last, jump: (step) => (pause(), show(step)), showStep, announce, auto, finished });
  }
  setPlaying(false);
  await show(0);
}

/**
 * What the replay shows, above its controls (the server's `about`, docs/api.md): the
 * variant, the daily label, won or lost, the score and the moves at the end of the game
 * (the server's figures), the date; and "Play this deal", which
 * starts the same deal as a new game of the watcher's (the `?code=` address: the table
 * asks the server's confirmations first). A game from a position has no code: no button.
 */
function showAbout(about) {
  if (!about) return;
  $("replay-about").hidden = false;
  $("replay-variant").textContent = about.variant;
  $("replay-daily").hidden = !about.daily;
  $("replay-daily").textContent = about.daily || "";
  $("replay-outcome").textContent = about.outcome_label;
  $("replay-outcome").dataset.outcome = about.outcome;
  $("replay-score").textContent = formatNumber(about.score);
  $("replay-moves").textContent = formatNumber(about.moves);
  $("replay-date").dateTime = about.played_at;
  $("replay-date").textContent = formatDate(about.played_at, false);
  const button = $("replay-play-deal");
  button.hidden = !about.code;
  if (about.code) button.onclick = () => location.assign(`/?code=${encodeURIComponent(about.code)}`);
}

/** The owner's buttons: share (make, copy, revoke a public link) and export. */
function wireOwner(api, id, { announce }) {
  const error = $("share-error");
  $("replay-export").href = api.exportUrl(id);
  const setLink = (url) => {
    $("share-link").value = url ? new URL(url, location.origin).href : "";
    $("share-made").hidden = !url;
    $("replay-share").hidden = !!url;
  };
  $("replay-share").addEventListener("click", async () => {
    error.textContent = "";
    try {
      const answer = await api.share(id);
      setLink(answer.url);
      announce(t("replay.shared"));
    } catch (e) {
      error.textContent = errorText(e);
    }
  });
  $("share-copy").addEventListener("click", async () => {
    try {
      await navigator.clipboard.writeText($("share-link").value);
      announce(t("replay.copied"));
      error.textContent = "";
      $("share-status").textContent = t("replay.copied");
    } catch {
      $("share-link").select();
      $("share-status").textContent = t("replay.copy_failed");
    }
  });
  $("share-revoke").addEventListener("click", async () => {
    error.textContent = "";
    try {
      await api.unshare(id);
      setLink(null);
      $("share-status").textContent = t("replay.revoked");
      announce(t("replay.revoked"));
    } catch (e) {
      error.textContent = errorText(e);
    }
  });
  setLink(null);
}
