// The right-hand tabs, and the mode toggles in the top bar (predict, presenter), the help card
// and the toast for short messages.
import { SHORTCUTS } from "../keyboard";
import { store, touched, type Panel } from "../store";
import { escape } from "./html";

export function mountPanels(): void {
  const tabs = [...document.querySelectorAll<HTMLButtonElement>(".tabs button")];
  for (const tab of tabs) tab.addEventListener("click", () => store.set({ panel: tab.dataset.panel as Panel }));
  const predict = document.getElementById("predict")!;
  const presenter = document.getElementById("presenter")!;
  predict.addEventListener("click", togglePredict);
  presenter.addEventListener("click", togglePresenter);
  const toast = document.getElementById("toast")!;
  let toastTimer: number | undefined;

  const render = () => {
    const state = store.state;
    for (const tab of tabs) {
      const active = tab.dataset.panel === state.panel;
      tab.setAttribute("aria-selected", String(active));
      tab.tabIndex = active ? 0 : -1;
      document.getElementById(`panel-${tab.dataset.panel}`)!.classList.toggle("active", active);
    }
    predict.setAttribute("aria-pressed", String(state.predict));
    presenter.setAttribute("aria-pressed", String(state.presenter));
    document.body.classList.toggle("presenter", state.presenter);
  };
  render();
  store.subscribe((state, changed) => {
    if (touched(changed, "panel", "predict", "presenter")) render();
    if (touched(changed, "presenter")) window.dispatchEvent(new Event("resize"));
    if (changed.has("message") && state.message) {
      toast.textContent = state.message;
      toast.hidden = false;
      window.clearTimeout(toastTimer);
      toastTimer = window.setTimeout(() => {
        toast.hidden = true;
        store.set({ message: null });
      }, 3500);
    }
  });

  const help = document.getElementById("help")!;
  help.innerHTML = `<div class="card"><h2>Keyboard</h2><table>${SHORTCUTS.map(([k, what]) => `<tr><td><kbd>${escape(k)}</kbd></td><td>${escape(what)}</td></tr>`).join("")}</table>
    <p><button id="help-close">Close</button></p></div>`;
  document.getElementById("help-button")!.addEventListener("click", toggleHelp);
  help.addEventListener("click", (event) => {
    if (event.target === help || (event.target as HTMLElement).id === "help-close") toggleHelp();
  });
}

export function togglePredict(): void {
  const predict = !store.state.predict;
  store.set({ predict, revealed: true });
}

export function togglePresenter(): void {
  store.set({ presenter: !store.state.presenter });
}

export function toggleHelp(): void {
  const help = document.getElementById("help")!;
  help.hidden = !help.hidden;
  if (!help.hidden) document.getElementById("help-close")?.focus();
}

export function closeHelp(): void {
  document.getElementById("help")!.hidden = true;
}
