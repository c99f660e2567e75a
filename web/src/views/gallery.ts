// The gallery: choosing an example loads its code and runs it at once.
import { api, type Example } from "../api/client";
import { escape } from "./html";

export async function mountGallery(
  select: HTMLSelectElement,
  choose: (example: Example) => void,
): Promise<Example[]> {
  let examples: Example[] = [];
  try {
    examples = await api.examples();
  } catch {
    select.disabled = true;
    return [];
  }
  for (const example of examples) {
    const option = document.createElement("option");
    option.value = example.id;
    option.textContent = example.title;
    select.append(option);
  }
  select.addEventListener("change", () => {
    const example = examples.find((e) => e.id === select.value);
    if (example) choose(example);
  });
  return examples;
}

export function showSummary(summary: HTMLElement, example: Example | null): void {
  summary.innerHTML = example
    ? `<strong>${escape(example.title)}</strong>${escape(example.summary)}`
    : "";
}
