// The offline export: the same app as vite.config.ts, built into ONE self-contained HTML file
// (dist/export/index.html) that `tapescope export --html` fills with a run and that works from
// file:// with no server. Differences from the served build, all made here:
// - the entry is src/offline/main.ts, and src/api/client.ts is swapped for src/offline/client.ts
//   (answers from the embedded run instead of the REST API);
// - the data worker is inlined and started from a Blob URL (a file:// page cannot load a worker
//   script from disk), and gets the embedded capture from the page (src/offline/worker-*.ts);
// - one chunk (Plotly included), with the script and the styles written into the HTML;
// - a Content-Security-Policy that allows no network at all.
import { fileURLToPath } from "node:url";
import { defineConfig, type Plugin } from "vite";
import { plotlyBuild } from "./vite.plotly";

const src = (path: string) => fileURLToPath(new URL(`./src/${path}`, import.meta.url));
const API_CLIENT = src("api/client.ts");
const OFFLINE_CLIENT = src("offline/client.ts");
const WORKER_CLIENT = src("worker/client.ts");
const DATA_WORKER = src("worker/data.worker.ts");
const WORKER_SPAWN = /new Worker\(\s*new URL\(\s*["']\.\/data\.worker\.ts["']\s*,\s*import\.meta\.url\s*\)\s*,\s*\{\s*type:\s*["']module["']\s*,?\s*\}\s*\)/;
// Where `tapescope export --html` writes the run (server/export_html.py looks for exactly this).
const DATA_MARKER = "<!-- tapescope-export-data -->";
const CSP = [
  "default-src 'none'", "script-src 'unsafe-inline' blob:", "worker-src blob:",
  "style-src 'unsafe-inline'", "img-src data: blob:", "font-src data:", "connect-src blob:",
  "base-uri 'none'", "form-action 'none'",
].join("; ");

function offlineModules(): Plugin {
  return {
    name: "tapescope-offline-modules",
    enforce: "pre",
    transformIndexHtml: {
      order: "pre",
      handler: (html) => {
        for (const expected of ['src="/src/main.ts"', '<meta charset="utf-8" />']) {
          if (!html.includes(expected)) throw new Error(`index.html no longer has ${expected}`);
        }
        return html
          .replace('src="/src/main.ts"', 'src="/src/offline/main.ts"')
          .replace('<meta charset="utf-8" />', (charset) =>
            `${charset}\n    <meta http-equiv="Content-Security-Policy" content="${CSP}" />\n    ${DATA_MARKER}`);
      },
    },
    async resolveId(source, importer, options) {
      if (!importer || importer === OFFLINE_CLIENT || !/\/api\/client(\.ts)?$/.test(source)) return null;
      const resolved = await this.resolve(source, importer, { ...options, skipSelf: true });
      return resolved?.id === API_CLIENT ? OFFLINE_CLIENT : null;
    },
    transform(code, id) {
      if (id !== WORKER_CLIENT) return null;
      if (!WORKER_SPAWN.test(code)) throw new Error("worker/client.ts no longer starts data.worker.ts as expected");
      return `import { spawnOfflineDataWorker } from "../offline/worker-spawn";\n` +
        code.replace(WORKER_SPAWN, "spawnOfflineDataWorker()");
    },
  };
}

// In the worker's own bundle: src/offline/worker-embedded.ts runs before the worker's code.
function offlineWorker(): Plugin {
  return {
    name: "tapescope-offline-worker",
    enforce: "pre",
    transform(code, id) {
      if (id !== DATA_WORKER) return null;
      return `import "../offline/worker-embedded";\n${code}`;
    },
  };
}

// Text inside an inline <script> ends at the first "</script"; in JavaScript "<\/" means the same
// as "</" wherever that sequence can occur (strings, templates, regular expressions, comments).
const inlineScript = (code: string) => code.replace(/<\/(script)/gi, "<\\/$1").replace(/<!--/g, "<\\!--");

function singleFile(): Plugin {
  return {
    name: "tapescope-single-file",
    enforce: "post",
    generateBundle(_options, bundle) {
      const html = Object.values(bundle).find((item) => item.fileName.endsWith(".html"));
      if (!html || html.type !== "asset") throw new Error("no HTML in the export bundle");
      let page = String(html.source);
      for (const [name, item] of Object.entries(bundle)) {
        if (item === html) continue;
        const tag = item.type === "chunk"
          ? new RegExp(`<script type="module"[^>]*src="[^"]*${escapeRe(name)}"[^>]*></script>`)
          : new RegExp(`<link rel="stylesheet"[^>]*href="[^"]*${escapeRe(name)}"[^>]*>`);
        if (!tag.test(page)) throw new Error(`the export page does not reference ${name}`);
        // the script goes at the end of <body>: the embedded run must be in the page before it
        page = page.replace(tag, "");
        if (item.type === "chunk") {
          // One chunk holds everything, so a dynamic import has nothing to preload; Vite 8 leaves
          // its preload marker unreplaced when code splitting is off, and "void 0" is what it
          // writes for "no dependencies".
          const code = item.code.replaceAll("__VITE_PRELOAD__", "void 0");
          page = page.replace("</body>", () => `<script type="module">${inlineScript(code)}</script>\n</body>`);
        } else {
          page = page.replace("</head>", () => `<style>${String(item.source)}</style>\n</head>`);
        }
        delete bundle[name];
      }
      html.source = page;
    },
  };
}

const escapeRe = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

export default defineConfig({
  ...plotlyBuild,
  base: "./",
  plugins: [offlineModules(), singleFile()],
  build: {
    outDir: "dist/export",
    emptyOutDir: true,
    chunkSizeWarningLimit: 10000,
    assetsInlineLimit: Number.MAX_SAFE_INTEGER,
    modulePreload: false,
    rollupOptions: { output: { codeSplitting: false } },
  },
  // classic, not module: a module worker from a Blob URL does not start in a file:// page
  worker: { format: "iife", plugins: () => [offlineWorker()] },
});
