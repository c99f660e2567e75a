// The progress card for long work (downloading a big capture, laying out a big graph), with
// elapsed time and a Cancel button. Returns a function that hides it.
const card = () => document.getElementById("loading")!;

let shown = 0;

export function showLoading(phase: string, onCancel: () => void): () => void {
  const element = card();
  const id = ++shown;
  const started = performance.now();
  element.hidden = false;
  element.innerHTML = `
    <div class="phase"></div>
    <progress></progress>
    <div class="row"><span class="elapsed">0.0 s</span><button id="cancel-loading">Cancel</button></div>`;
  element.querySelector<HTMLElement>(".phase")!.textContent = phase;
  const elapsed = element.querySelector<HTMLElement>(".elapsed")!;
  const timer = window.setInterval(() => {
    elapsed.textContent = `${((performance.now() - started) / 1000).toFixed(1)} s`;
  }, 100);
  const hide = () => {
    window.clearInterval(timer);
    if (shown === id) element.hidden = true;
  };
  element.querySelector("#cancel-loading")!.addEventListener("click", () => {
    hide();
    onCancel();
  });
  return hide;
}

export function updateLoading(phase: string, done: number, total: number): void {
  const element = card();
  const label = element.querySelector<HTMLElement>(".phase");
  const bar = element.querySelector<HTMLProgressElement>("progress");
  if (!label || !bar) return;
  const mb = (n: number) => `${(n / 1048576).toFixed(1)} MB`;
  if (phase.startsWith("Downloading")) {
    label.textContent = total > 0 ? `${phase} · ${mb(done)} of ${mb(total)}` : done > 0 ? `${phase} · ${mb(done)}` : phase;
  } else label.textContent = phase;
  if (total > 0) {
    bar.max = total;
    bar.value = done;
  } else bar.removeAttribute("value");
}
