// What both builds (vite.config.ts, vite.export.config.ts) need to bundle plotly.js from its own
// modules (src/plotly-bundle.ts): the settings plotly.js's own build makes.
import { fileURLToPath } from "node:url";
import type { UserConfig } from "vite";

export const plotlyBuild = {
  // plotly.js's CommonJS modules read Node's `global`
  define: { global: "globalThis" },
  resolve: {
    alias: {
      "maplibre-gl/dist/maplibre-gl.css": fileURLToPath(new URL("./src/plotly-no-map.ts", import.meta.url)),
    },
  },
} satisfies UserConfig;
