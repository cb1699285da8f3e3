// Sounds: a short sound for a move, a deal, a refused move, a removed run and the win,
// chosen from what the server said (the events of an action's answer, docs/api.md, and a
// refusal's 4xx), never from a rule of the game; made in the browser with the Web Audio
// API (no audio file). The player's setting (on by default, at a low volume; reduced
// motion does not silence it) and the header's control, one tap away: a mute switch and
// a volume slider.
//
// Two halves: createSound decides which sound an answer asks for and sends the request
// as a `spider-sound` event on the document ({detail: {name, volume}}); attachSynth is
// the output, which plays each request with Web Audio (nothing when the browser has no
// AudioContext). soundForEvents and soundForError are pure (tests/web/sound.test.mjs).

/** The sounds, by name. */
export const SOUNDS = Object.freeze(["move", "deal", "refused", "run", "win"]);

/** The event a sound request is sent as (on `document`). */
export const SOUND_EVENT = "spider-sound";

/**
 * The sound an action's events ask for: the strongest thing that happened ("win" over
 * "run" over "deal" over "move"); null when nothing moved. An undone deal or a restart is
 * a "deal" (cards gathered), any other undo a "move". A decision of ours.
 *
 * @param events [{kind, ...}] the events of an answer (docs/api.md: move, turn_up, deal,
 *   remove_run, won and their inverses turn_down, undeal, restore_run, unwon; restart)
 * @returns "win" | "run" | "deal" | "move" | null
 */
export function soundForEvents(events) {
  const kinds = new Set((events || []).map((event) => event?.kind));
  if (kinds.has("won")) return "win";
  if (kinds.has("remove_run")) return "run";
  if (kinds.has("deal") || kinds.has("undeal") || kinds.has("restart")) return "deal";
  if (kinds.has("move") || kinds.has("restore_run") || kinds.has("turn_up") || kinds.has("turn_down")) return "move";
  return null;
}

/**
 * The sound of a failed action: "refused" when the server answered it with a 4xx (a move
 * it refused, with its reason); null when it did not answer (no sound for a network
 * failure: nothing was refused).
 *
 * @param error what api.js threw: an ApiError ({status, body}) or another error
 */
export function soundForError(error) {
  const status = error?.status;
  return Number.isInteger(status) && status >= 400 && status < 500 ? "refused" : null;
}

/** Send a sound request to the output (attachSynth). */
function request(name, volume) {
  document.dispatchEvent(new CustomEvent(SOUND_EVENT, { detail: { name, volume } }));
}

/**
 * Ask for the sounds of the game shown: every answer with events (store.js "game"
 * notices) and every refusal (`refused(error)`, from session.js).
 *
 * @param store the store of state.js (or anything with subscribe(fn(kind, detail)))
 * @param settings {values: {sound: boolean, volume: 0..100}} (settings.js)
 * @param options.play (name, volume 0..1) => void: where requests go (default: a
 *   `spider-sound` event on the document)
 * @returns {ask(name), refused(error)}
 */
export function createSound(store, settings, { play = request } = {}) {
  /** Ask for sound `name` at the player's volume, unless sounds are off or silent. */
  function ask(name) {
    const volume = Math.min(Math.max(Number(settings.values.volume) || 0, 0), 100) / 100;
    if (!name || !settings.values.sound || volume <= 0) return;
    play(name, volume);
  }

  store.subscribe((kind, detail) => {
    if (kind === "game" && !detail?.fresh && detail?.events?.length) ask(soundForEvents(detail.events));
  });

  return { ask, refused: (error) => ask(soundForError(error)) };
}

// --- the output: Web Audio -------------------------------------------------------------

/** Each sound as notes: frequency (Hz), start and length (s), wave. Short and soft. */
const NOTES = {
  move: [{ f: 540, at: 0, len: 0.07, wave: "triangle" }],
  deal: [0, 1, 2, 3].map((i) => ({ f: 660 + 50 * i, at: 0.05 * i, len: 0.05, wave: "triangle" })),
  refused: [
    { f: 196, at: 0, len: 0.1, wave: "square" },
    { f: 165, at: 0.12, len: 0.14, wave: "square" },
  ],
  run: [523.25, 659.25, 783.99].map((f, i) => ({ f, at: 0.08 * i, len: 0.14, wave: "sine" })),
  win: [523.25, 659.25, 783.99, 1046.5, 783.99, 1046.5].map((f, i) => ({
    f,
    at: 0.11 * i,
    len: i === 5 ? 0.5 : 0.16,
    wave: "sine",
  })),
};
/** How loud each wave is at full volume (a square sounds louder than a sine). */
const WAVE_GAIN = { sine: 0.5, triangle: 0.5, square: 0.18 };

/**
 * Play every `spider-sound` request with Web Audio. The AudioContext is made at the first
 * request (after the player's first action, so the browser lets it sound).
 *
 * @param target where requests come (default: the document)
 */
export function attachSynth(target = document) {
  let context = null;
  target.addEventListener(SOUND_EVENT, (event) => {
    const notes = NOTES[event.detail?.name];
    const Context = globalThis.AudioContext || globalThis.webkitAudioContext;
    if (!notes || !Context) return;
    try {
      context ||= new Context();
      if (context.state === "suspended") context.resume();
      const start = context.currentTime + 0.01;
      const volume = event.detail.volume;
      for (const note of notes) {
        const oscillator = context.createOscillator();
        const gain = context.createGain();
        const at = start + note.at;
        oscillator.type = note.wave;
        oscillator.frequency.value = note.f;
        gain.gain.setValueAtTime(0.0001, at);
        gain.gain.exponentialRampToValueAtTime(Math.max(volume * WAVE_GAIN[note.wave], 0.0002), at + 0.01);
        gain.gain.exponentialRampToValueAtTime(0.0001, at + note.len);
        oscillator.connect(gain).connect(context.destination);
        oscillator.start(at);
        oscillator.stop(at + note.len + 0.02);
      }
    } catch {
      /* no sound output: the game plays on silently */
    }
  });
}

// --- the header's control --------------------------------------------------------------

/**
 * The header's sound control: the button (`#sound-button`; settings.apply shows its icon
 * muted or not) opens a small panel (`#sound-panel`, a popover) with the mute switch
 * (`#sound-on`) and the volume (`#sound-volume`, 0..100); changes are saved and applied
 * at once (settings.save, settings.apply) and the new volume sounds a move once. A panel
 * already open when this is attached (main.js loads this file at the first gesture) is
 * filled in and placed at once.
 *
 * @param settings the settings of settings.js ({values, save, apply})
 * @param sound what createSound returned
 * @returns {sync()}: show the settings again (after the Settings window changed them)
 */
export function attachSoundControl(settings, sound) {
  const $ = (id) => document.getElementById(id);
  const on = $("sound-on");
  const volume = $("sound-volume");

  function sync() {
    const { values } = settings;
    on.checked = !!values.sound;
    volume.value = String(values.volume);
    volume.disabled = !values.sound;
  }

  /** Save and apply a change of the panel's (the header's icon follows). */
  function changed() {
    settings.save();
    settings.apply();
    sync();
  }

  on.addEventListener("change", () => {
    settings.values.sound = on.checked;
    changed();
    sound.ask("move");
  });
  volume.addEventListener("input", () => {
    settings.values.volume = Number(volume.value);
    changed();
  });
  volume.addEventListener("change", () => sound.ask("move"));
  // the panel opens just under its button, aligned with its outer edge: right-aligned
  // with it, or left-aligned when the button is on the left (a left-handed table)
  function place() {
    // (on a small phone the button is hidden and the menu opens the panel: at the top)
    const box = $("sound-button").getBoundingClientRect();
    const shown = box.width > 0;
    const onLeft = shown && box.left + box.width / 2 < innerWidth / 2;
    const style = $("sound-panel").style;
    style.top = `${shown ? Math.round(box.bottom + 6) : 8}px`;
    style.left = onLeft ? `${Math.max(8, Math.round(box.left))}px` : "auto";
    style.right = onLeft ? "auto" : `${shown ? Math.max(8, Math.round(innerWidth - box.right)) : 8}px`;
  }
  $("sound-panel").addEventListener("beforetoggle", (event) => {
    if (event.newState === "open") place();
  });
  sync();
  if ($("sound-panel").matches(":popover-open")) place();
  return { sync };
}
