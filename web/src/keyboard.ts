// Keyboard-only use: every action has a key (shown in the help card, "?").
import * as stepping from "./stepping";
import { store, type Panel } from "./store";

export interface KeyActions {
  run(): void;
  fit(): void;
  zoom(factor: number): void;
  focusSearch(): void;
  selectNext(direction: 1 | -1): void;
  toggleSelectedGroup(): void;
  runToSelection(): void;
  togglePresenter(): void;
  togglePredict(): void;
  toggleHelp(): void;
  toggleLegend(): void;
  closeOverlays(): void;
}

export const SHORTCUTS: [string, string][] = [
  ["→ / ←", "step forward / back (predict mode: reveal, then step)"],
  ["Home / End", "first / last step"],
  ["Space", "play / pause"],
  ["[ / ]", "slower / faster"],
  [". / ,", "select the next / previous node"],
  ["R", "run the backward pass to the selected op"],
  ["E or Enter", "expand / collapse the selected group"],
  ["/", "search the graph"],
  ["F, + / −", "fit, zoom in / out"],
  ["1 – 4", "inspector, diagnosis, memory, gradient norms"],
  ["P", "presenter mode"],
  ["L", "show / hide the legend"],
  ["Q", "predict mode"],
  ["Ctrl+Enter", "run the program"],
  ["Esc", "clear the selection"],
];

const PANELS: Panel[] = ["inspector", "diagnosis", "memory", "norms"];

export function installKeyboard(actions: KeyActions): void {
  document.addEventListener("keydown", (event) => {
    // the editor's own keymap runs the program and marks the event handled: run once, not twice
    if (event.defaultPrevented) return;
    if ((event.ctrlKey || event.metaKey) && event.key === "Enter") {
      event.preventDefault();
      actions.run();
      return;
    }
    const target = event.target as HTMLElement;
    const typing = target.closest(".cm-editor, input[type=search], input[type=text], select, textarea");
    if (event.key === "Escape") {
      actions.closeOverlays();
      if (!typing) store.set({ selection: null, finding: null });
      return;
    }
    if (typing || event.ctrlKey || event.metaKey || event.altKey) return;
    const onControl = target.tagName === "BUTTON" || target.tagName === "INPUT";
    const handled = handle(event.key, onControl, actions);
    if (handled) event.preventDefault();
  });
}

function handle(key: string, onControl: boolean, actions: KeyActions): boolean {
  switch (key) {
    case "ArrowRight": stepping.next(); return true;
    case "ArrowLeft": stepping.prev(); return true;
    case "Home": stepping.home(); return true;
    case "End": stepping.end(); return true;
    case " ":
      if (onControl) return false; // Space on a focused button presses it
      stepping.togglePlay();
      return true;
    case "[": store.set({ speedMs: Math.min(2000, store.state.speedMs + 200) }); return true;
    case "]": store.set({ speedMs: Math.max(100, store.state.speedMs - 200) }); return true;
    case ".": actions.selectNext(1); return true;
    case ",": actions.selectNext(-1); return true;
    case "r": case "R": actions.runToSelection(); return true;
    case "e": case "E": actions.toggleSelectedGroup(); return true;
    case "Enter":
      if (onControl) return false;
      actions.toggleSelectedGroup();
      return true;
    case "/": actions.focusSearch(); return true;
    case "f": case "F": actions.fit(); return true;
    case "+": case "=": actions.zoom(1.25); return true;
    case "-": case "_": actions.zoom(0.8); return true;
    case "p": case "P": actions.togglePresenter(); return true;
    case "q": case "Q": actions.togglePredict(); return true;
    case "?": actions.toggleHelp(); return true;
    case "l": case "L": actions.toggleLegend(); return true;
    default:
      if (/^[1-4]$/.test(key)) {
        store.set({ panel: PANELS[Number(key) - 1] });
        return true;
      }
      return false;
  }
}
