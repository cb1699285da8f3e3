// The menu window: the game's variant and code, the record's windows, the daily deal, and
// on a small phone the header's buttons that do not fit there (base.css hides them; their
// menu items, marked data-menu="<button id>", click them).
import { openDialog } from "./dialogs.js";

const $ = (id) => document.getElementById(id);

/**
 * @param store the store of state.js (the game shown)
 * @param record openStats, openHistory, openTransfer (record.js)
 * @param daily openCalendar (daily.js)
 */
export function attachMenu(store, record, daily) {
  const dialog = $("menu-dialog");
  $("menu-button").addEventListener("click", () => {
    const game = store.game;
    $("menu-variant").textContent = [game?.labels.variant, game?.labels.stars].filter(Boolean).join(" · ");
    $("menu-code").textContent = game?.code || "";
    $("menu-copy").hidden = !game?.code;
    openDialog(dialog);
  });
  const items = {
    "open-daily": () => daily.openCalendar(),
    "open-stats": () => record.openStats(),
    "open-history": () => record.openHistory(),
    "open-transfer": () => record.openTransfer(),
  };
  for (const [id, open] of Object.entries(items)) {
    $(id).addEventListener("click", () => {
      dialog.close();
      open();
    });
  }
  for (const item of dialog.querySelectorAll("[data-menu]")) {
    item.addEventListener("click", () => {
      dialog.close();
      $(item.dataset.menu).click();
    });
  }
}
