// The keep-policy field beside Run: which steps of a training loop keep their full detail
// (POST /api/runs keep). Empty means the server's default; the presets are the common policies.
import { store, touched } from "../store";

const PRESETS = ["first:3,last:3,anomalies", "first:10", "last:10", "anomalies", "all"];

export function mountKeepControl(input: HTMLInputElement): void {
  const list = document.createElement("datalist");
  list.id = "keep-presets";
  list.innerHTML = PRESETS.map((p) => `<option value="${p}"></option>`).join("");
  input.after(list);
  input.setAttribute("list", list.id);
  input.addEventListener("input", () => store.set({ keep: input.value.trim() }));
  store.subscribe((state, changed) => {
    if (touched(changed, "keep") && input.value.trim() !== state.keep) input.value = state.keep;
  });
}
