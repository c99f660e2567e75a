// Light or dark: follows the system's prefers-color-scheme until the user picks one with the
// toggle (remembered in this browser). The store's `dark` tells the graph and charts to restyle.
import { store } from "../store";

const STORAGE_KEY = "tapescope.theme";
const media = window.matchMedia("(prefers-color-scheme: dark)");

/** localStorage throws in a sandboxed frame (the notebook's inline view): then no preference. */
function chosen(): "light" | "dark" | null {
  try {
    const value = localStorage.getItem(STORAGE_KEY);
    return value === "light" || value === "dark" ? value : null;
  } catch {
    return null;
  }
}

function remember(theme: "light" | "dark"): void {
  try {
    localStorage.setItem(STORAGE_KEY, theme);
  } catch {
    /* not remembered in a sandboxed frame */
  }
}

function apply(): void {
  const dark = (chosen() ?? (media.matches ? "dark" : "light")) === "dark";
  document.documentElement.dataset.theme = dark ? "dark" : "light";
  const button = document.getElementById("theme-toggle");
  if (button) {
    button.setAttribute("aria-pressed", String(dark));
    button.textContent = dark ? "☀" : "☾";
    button.title = dark ? "Light theme" : "Dark theme";
  }
  store.set({ dark });
}

export function mountTheme(button: HTMLButtonElement): void {
  button.addEventListener("click", () => {
    remember(store.state.dark ? "light" : "dark");
    apply();
  });
  media.addEventListener("change", () => {
    if (chosen() == null) apply();
  });
  apply();
}

/** A CSS colour of the current theme, for the canvases (cytoscape, Plotly) that CSS cannot reach. */
export function themeColor(name: string): string {
  return getComputedStyle(document.body).getPropertyValue(name).trim();
}
