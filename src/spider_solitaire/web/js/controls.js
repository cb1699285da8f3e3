// The controls around the table: the header's buttons and figures, the stuck bar and the
// Restart window follow the game shown (what the server says may be done: can_undo,
// can_redo, can_restart (all false once the game is won), stuck, finish, its labels), and send what the player chooses to the session.
import { openDialog } from "./dialogs.js";

const $ = (id) => document.getElementById(id);
const FINISH_STEP_MS = 250; // between two moves of a finish (its moves are animated too)

/**
 * @param store the store of state.js
 * @param settings the settings of settings.js (showTime)
 * @param session deal, undo, redo, act (session.js)
 * @param messages notice, announce (messages.js)
 * @returns {draw(game), celebrating(on)}
 */
export function createControls(store, settings, session, { notice, announce }) {
  function draw(game) {
    $("undo").disabled = !game.can_undo;
    $("redo").disabled = !game.can_redo;
    $("restart").disabled = game.can_restart === false;
    $("assisted").hidden = !game.assisted;
    // the playing time as the server measured it (docs/api.md, labels.time); a setting hides it
    const time = game.labels.time;
    $("time").textContent = time || "";
    $("time-stat").hidden = !time || !settings.values.showTime;
    document.querySelector(".code").hidden = !game.code;
    // a game started from a position has no code to copy
    $("copy-code").hidden = !game.code;
    $("copy-code").setAttribute("aria-label", game.labels.copy);
    document.body.dataset.version = String(game.version);
    // the server's own test that no useful move is left (docs/api.md, GameState.stuck)
    const stuck = Boolean(game.stuck) && !game.is_won;
    $("stuck-bar").hidden = !stuck;
    $("stuck-text").textContent = stuck ? game.labels.stuck : "";
    $("stuck-undo").hidden = !game.can_undo;
    // every card face up, the stock empty and a win certain: the server sends its line
    // (docs/api.md, GameState.finish); the table plays it as the player's own moves
    $("finish-bar").hidden = !game.finish?.length || finishing;
  }

  /**
   * Finish: send the first action of the line the server offers, as an ordinary action,
   * and again while the new state offers one (each answer is animated like a move). Stops
   * when the game is won, another game is shown, or an action is refused.
   */
  let finishing = false;
  async function finish() {
    if (finishing) return;
    finishing = true;
    $("finish-bar").hidden = true;
    try {
      const id = store.game?.id;
      while (store.game?.id === id && store.game.finish?.length && !store.game.is_won) {
        if (!(await session.act({ action: store.game.finish[0] }))) break;
        await new Promise((done) => setTimeout(done, store.animations ? FINISH_STEP_MS : 0));
      }
    } finally {
      finishing = false;
      if (store.game) draw(store.game);
    }
  }

  async function copyCode() {
    const game = store.game;
    if (!game) return;
    try {
      await navigator.clipboard.writeText(game.code || "");
      notice(game.labels.copied, "good", 2500);
      announce(game.labels.copied);
    } catch {
      notice(game.labels.copy_failed, "info", 6000);
      announce(game.labels.copy_failed);
    }
  }

  $("stock").addEventListener("click", session.deal);
  $("undo").addEventListener("click", session.undo);
  $("redo").addEventListener("click", session.redo);
  $("stuck-undo").addEventListener("click", () => $("undo").click());
  $("stuck-restart").addEventListener("click", () => $("restart").click());
  $("stuck-new").addEventListener("click", () => $("new-game").click());
  $("copy-code").addEventListener("click", copyCode);
  $("finish").addEventListener("click", finish);
  const restartDialog = $("restart-dialog");
  $("restart").addEventListener("click", () => openDialog(restartDialog));
  restartDialog.addEventListener("close", () => {
    if (restartDialog.returnValue === "restart") session.act({ action: "restart" });
    restartDialog.returnValue = "";
  });

  /**
   * While a win is celebrated, Hint, "Can I still win?" and "Show solution" are disabled
   * (the game is won: there is nothing to ask), and enabled again for the summary.
   */
  function celebrating(on) {
    for (const id of ["hint", "can-win", "solution"]) $(id).disabled = on;
  }

  return { draw, celebrating };
}
