// The page's windows (<dialog> elements): opening them, the Cancel and
// Close buttons, and the confirm window. A window opens modal; when it closes, the browser
// gives the focus back to what had it before (the button that opened it).
import { t } from "./i18n.js";

const $ = (id) => document.getElementById(id);

/** Open `dialog` (modal), unless it is open already. */
export function openDialog(dialog) {
  if (!dialog.open) dialog.showModal();
}

/** The buttons marked `data-close` close their window (as Cancel). */
export function attachCloseButtons(root = document) {
  for (const button of root.querySelectorAll("dialog [data-close]")) {
    button.addEventListener("click", () => button.closest("dialog").close("cancel"));
  }
}

/** The confirm window: `message`, Cancel and `yes`; resolves true for yes. */
export function ask(message, yes) {
  const dialog = $("confirm-dialog");
  $("confirm-text").textContent = message;
  $("confirm-yes").textContent = yes;
  dialog.returnValue = "";
  return new Promise((done) => {
    dialog.addEventListener("close", () => done(dialog.returnValue === "yes"), { once: true });
    openDialog(dialog);
  });
}

/**
 * Ask the player with the server's sentence (the body of a 409 confirm_needed): resolves
 * true for yes. The yes button says what it does: "Abandon" when the game in progress
 * would count as a loss, else "Start practice".
 */
export function askConfirm(body) {
  const abandon = (body.confirm || []).includes("abandon");
  return ask(body.message || "", t(abandon ? "confirm.abandon" : "confirm.practice"));
}
