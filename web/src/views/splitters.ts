// Draggable splitters between the three columns (pointer or arrow keys on the focused splitter).
// The widths are a preference of this browser, kept in localStorage; permalinks do not carry them.
const STORAGE_KEY = "tapescope.columns";
const KEY_STEP = 24; // px per arrow press; Shift moves four times as far
const MIN_SIDE = 220;
const MIN_CENTER = 360;

type Side = "left" | "right";

export function mountSplitters(): void {
  const saved = load();
  for (const side of ["left", "right"] as Side[]) {
    const column = document.querySelector<HTMLElement>(`.workspace > .${side}`);
    if (!column) continue;
    const handle = document.createElement("div");
    handle.className = `splitter splitter-${side}`;
    handle.tabIndex = 0;
    handle.setAttribute("role", "separator");
    handle.setAttribute("aria-orientation", "vertical");
    handle.setAttribute("aria-label", side === "left" ? "Resize the program column" : "Resize the details column");
    handle.title = "Drag (or focus and press ← →) to resize; double-click to reset";
    column.append(handle);
    if (saved[side] != null) apply(side, saved[side]!);
    wire(handle, column, side);
  }
}

function wire(handle: HTMLElement, column: HTMLElement, side: Side): void {
  const sign = side === "left" ? 1 : -1; // dragging right widens the left column, narrows the right
  handle.addEventListener("pointerdown", (event) => {
    event.preventDefault();
    handle.setPointerCapture(event.pointerId);
    const startX = event.clientX;
    const startWidth = column.getBoundingClientRect().width;
    handle.classList.add("dragging");
    const move = (e: PointerEvent) => apply(side, startWidth + sign * (e.clientX - startX));
    const up = () => {
      handle.removeEventListener("pointermove", move);
      handle.classList.remove("dragging");
      remember(side, column);
    };
    handle.addEventListener("pointermove", move);
    handle.addEventListener("pointerup", up, { once: true });
    handle.addEventListener("pointercancel", up, { once: true });
  });
  handle.addEventListener("keydown", (event) => {
    if (event.key !== "ArrowLeft" && event.key !== "ArrowRight") return;
    event.preventDefault();
    event.stopPropagation(); // the arrows step the backward pass everywhere else
    const delta = (event.key === "ArrowRight" ? 1 : -1) * sign * KEY_STEP * (event.shiftKey ? 4 : 1);
    apply(side, column.getBoundingClientRect().width + delta);
    remember(side, column);
  });
  handle.addEventListener("dblclick", () => {
    document.body.style.removeProperty(`--${side}-width`);
    const stored = load();
    delete stored[side];
    save(stored);
    updateAria(handle, column);
  });
  updateAria(handle, column);
  new ResizeObserver(() => updateAria(handle, column)).observe(column);
}

function apply(side: Side, width: number): void {
  const other = document.querySelector<HTMLElement>(`.workspace > .${side === "left" ? "right" : "left"}`);
  const otherWidth = other && other.offsetParent !== null ? other.getBoundingClientRect().width : 0;
  const max = Math.max(MIN_SIDE, window.innerWidth - otherWidth - MIN_CENTER);
  // on body, not :root: it then wins over presenter mode's and the narrow-screen defaults
  document.body.style.setProperty(`--${side}-width`, `${Math.round(Math.min(max, Math.max(MIN_SIDE, width)))}px`);
}

function updateAria(handle: HTMLElement, column: HTMLElement): void {
  handle.setAttribute("aria-valuenow", String(Math.round(column.getBoundingClientRect().width)));
}

function remember(side: Side, column: HTMLElement): void {
  const stored = load();
  stored[side] = Math.round(column.getBoundingClientRect().width);
  save(stored);
}

function load(): Partial<Record<Side, number>> {
  try {
    const value = JSON.parse(localStorage.getItem(STORAGE_KEY) ?? "{}");
    const out: Partial<Record<Side, number>> = {};
    for (const side of ["left", "right"] as Side[]) if (typeof value?.[side] === "number") out[side] = value[side];
    return out;
  } catch {
    return {}; // storage blocked or a damaged entry: the default widths
  }
}

function save(widths: Partial<Record<Side, number>>): void {
  try {
    localStorage.setItem(STORAGE_KEY, JSON.stringify(widths));
  } catch {
    // storage blocked: the widths last for this page only
  }
}
