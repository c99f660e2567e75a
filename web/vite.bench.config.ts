// The layout benchmark's page (bench/layout.html), built apart from the app into dist-bench/ by
// benchmarks/layout_layered_vs_elk.py; elkjs is a dev dependency used only here.
import { fileURLToPath } from "node:url";
import { defineConfig } from "vite";

export default defineConfig({
  base: "./",
  build: {
    outDir: "dist-bench",
    emptyOutDir: true,
    chunkSizeWarningLimit: 10000,
    rollupOptions: { input: fileURLToPath(new URL("./bench/layout.html", import.meta.url)) },
  },
  worker: { format: "es" },
});
