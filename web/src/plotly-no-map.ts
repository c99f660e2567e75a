// Stands in for maplibre-gl's stylesheet, which plotly.js's trace registry imports for its map
// traces (vite.plotly.ts): the app draws no maps, and the build then loads no empty CSS file.
export {};
