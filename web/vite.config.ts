import { defineConfig } from "vite";
import { plotlyBuild } from "./vite.plotly";

// Everything is bundled locally (no CDN); the server serves dist/ at "/".
export default defineConfig({
  ...plotlyBuild,
  base: "/",
  build: {
    outDir: "dist",
    emptyOutDir: true,
    chunkSizeWarningLimit: 5000,
  },
  worker: { format: "es" },
  server: { proxy: { "/api": "http://127.0.0.1:8765" } },
});
