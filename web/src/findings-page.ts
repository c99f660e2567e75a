// The page each finding links to: every code, what it means, a minimal example and the fix.
import "./styles.css";
import { FINDING_CODES } from "./findings-vocabulary";
import { escape } from "./views/html";

const root = document.getElementById("findings-doc")!;
root.innerHTML = `
  <h1><span class="brand-mark">∇</span> What each finding means</h1>
  <p class="hint">TapeScope's diagnosis reports these codes. Each finding points at the line where its cause happened.</p>
  <nav class="doc-index">${FINDING_CODES.map((c) => `<a href="#${c.code}">${c.code}</a>`).join("")}</nav>
  ${FINDING_CODES.map((c) => `
    <section id="${c.code}" class="doc-entry">
      <h2><code>${c.code}</code> — ${escape(c.title)}</h2>
      <p>${escape(c.meaning)}</p>
      <h3>Example</h3><pre>${escape(c.example)}</pre>
      <h3>Fix</h3><pre>${escape(c.fix)}</pre>
    </section>`).join("")}`;
if (location.hash) document.getElementById(location.hash.slice(1))?.scrollIntoView();
