// What the help's jobs share (help/index.js): the pauses, the server's answers they read
// alike, and following a help job the server runs ("Can I still win?", the solution's
// solve) until it ends.
import { ApiError } from "../api.js";

export const STEP_MS = 700; // between two moves of the solution (animations on)
export const QUICK_STEP_MS = 250; // ... and with animations off
export const POLL_MS = 400; // how often a search for a winnable deal or a help job is asked about

export const $ = (id) => document.getElementById(id);
export const sleep = (ms) => new Promise((done) => setTimeout(done, ms));
export const aborted = (error) => error?.name === "AbortError";
/** The server's 422 game_won (the game was won meanwhile, in another tab say). */
export const wonError = (error) => error instanceof ApiError && error.status === 422 && error.reason === "game_won";

/**
 * Poll the help job `job` (can-win, the solution's solve) until it ends or `me.stopped`;
 * `progress` (job) => void sees each running answer. Resolves to the last answer.
 */
export async function follow(api, job, me, progress = () => {}) {
  me.job = job.id;
  while (job.status === "running" && !me.stopped) {
    progress(job);
    await sleep(POLL_MS);
    if (me.stopped) break;
    job = await api.helpJob(job.id);
  }
  return job;
}

/** Stop what `me` waits for: its help job on the server, its request here. */
export function stopJob(api, me) {
  me.stopped = true;
  me.controller?.abort();
  if (me.job) api.stopHelpJob(me.job).catch(() => {});
}
