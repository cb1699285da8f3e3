// The page's windows (<dialog> elements): their shared frame, opening them, the Cancel and
// Close buttons, and the confirm window. A window opens modal; when it closes, the browser
// gives the focus back to what had it before (the button that opened it).
import { t } from "./i18n.js";

const $ = (id) => document.getElementById(id);

/**
 * Build the frame of the windows marked `data-window="<title key>"` from the one template
 * `#window-frame`: a form around the window's own content, with its title
 * (`<name>-title`, the catalog's text for the key), an error line (`<name>-error`) and a
 * Close button, where `<name>` is the window's id without "-dialog". Run before the
 * page's texts are filled in (i18n.js applyToDom).
 */
export function frameWindows(root = document) {
  const template = root.getElementById("window-frame");
  for (const dialog of root.querySelectorAll("dialog[data-window]")) {
    const name = dialog.id.replace(/-dialog$/, "");
    const frame = template.content.firstElementChild.cloneNode(true);
    const title = frame.querySelector("[data-window-title]");
    title.id = `${name}-title`;
    title.dataset.i18n = dialog.dataset.window;
    frame.querySelector("[data-window-error]").id = `${name}-error`;
    frame.querySelector("[data-window-content]").replaceWith(...dialog.childNodes);
    dialog.setAttribute("aria-labelledby", title.id);
    dialog.append(frame);
  }
}

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

/**
 * Say on the page's root which kind of input came last (`data-input="pointer"` after a
 * pointer down, "keyboard" after a key), for the stylesheet: the focus ring of the
 * header's and the help's buttons shows for keys only. When a window closes, the browser
 * gives the focus back to the button that opened it, and a tap on a card (which takes no
 * focus) left its ring there, in sight while playing (issue 31); the focus itself stays
 * where the browser put it, for the keyboard's next Tab.
 */
export function trackInputKind(root = document.documentElement) {
  const mark = (kind) => () => {
    if (root.dataset.input !== kind) root.dataset.input = kind;
  };
  addEventListener("pointerdown", mark("pointer"), true);
  addEventListener("keydown", mark("keyboard"), true);
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
