// How the op graph looks. Kinds are told apart by shape and a quiet tint; strong colour is kept
// for meaning: red for None/NaN/cuts, amber for vanishing, teal for saved-for-backward, indigo
// for the backward pass (current op, gradients on edges).
import type { StylesheetJson } from "cytoscape";

const INK = "#1c2733";
const MUTED = "#5b6876";
const ACCENT = "#3450a1";
const NONE = "#c62f2f";
const SAVED = "#1f7a6d";

/** `big`: thousands of elements; straight, unlabelled edges keep drawing them fast. */
export function graphStyle(presenter: boolean, big = false, dark = false): StylesheetJson {
  const font = presenter ? 17 : 13;
  const small = presenter ? 14 : 11;
  const bigEdges = big ? [{ selector: "edge", style: { "curve-style": "straight", label: "" } }] : [];
  const night = dark ? DARK_BASE : [];
  const nightPass = dark ? DARK_PASS : [];
  return [
    {
      selector: "node",
      style: {
        label: "data(text)",
        "text-wrap": "wrap",
        "text-valign": "center",
        "text-halign": "center",
        "font-family": "Inter, Segoe UI, Noto Sans, DejaVu Sans, sans-serif",
        "font-size": font,
        color: INK,
        width: "data(width)",
        height: "data(height)",
        "border-width": 1.5,
        "border-color": "#7b8794",
        "background-color": "#ffffff",
        shape: "round-rectangle",
        "min-zoomed-font-size": 5, // labels too small to read are not drawn (big graphs stay fast)
      },
    },
    { selector: 'node[kind = "op"]', style: { "border-color": "#52606d", "font-weight": 600 } },
    {
      selector: 'node[kind = "variable"]',
      style: { "background-color": "#e3ecf7", "border-color": "#2f5d8a", "border-width": 2, shape: "round-tag" },
    },
    { selector: 'node[kind = "constant"]', style: { "background-color": "#eef0f2", "border-color": "#8795a1" } },
    {
      selector: 'node[kind = "watched"]',
      style: { "background-color": "#efe8f7", "border-color": "#6a4c93", "border-width": 2, "border-style": "dashed" },
    },
    {
      selector: 'node[kind = "intermediate"]',
      style: { shape: "ellipse", "border-color": INK, "border-width": 2.5, "background-color": "#ffffff" },
    },
    {
      selector: 'node[kind = "group"]',
      style: {
        "background-color": "#f1f4f8",
        "border-color": "#8fa3b8",
        "border-style": "dashed",
        "font-weight": 600,
        color: "#334e68",
      },
    },
    {
      selector: "$node > node",
      style: {
        "text-valign": "top",
        "text-halign": "center",
        "text-margin-y": -4,
        "background-color": "#f7f9fb",
        "background-opacity": 0.9,
        "border-color": "#c8d2dc",
        "border-style": "solid",
        padding: "14px",
        color: MUTED,
        "font-size": small + 1,
      },
    },
    {
      selector: "edge",
      style: {
        width: 1.6,
        "line-color": "#a3afbb",
        "target-arrow-color": "#a3afbb",
        "target-arrow-shape": "triangle",
        "arrow-scale": 0.9,
        "curve-style": "bezier",
        label: "data(text)",
        "font-size": small,
        "font-family": "DejaVu Sans Mono, Noto Sans Mono, monospace",
        color: MUTED,
        "text-background-color": "#ffffff",
        "text-background-opacity": 0.9,
        "text-background-padding": "2px",
        "text-rotation": "none",
        "min-zoomed-font-size": 5,
      },
    },
    ...night,
    // memory markers: a tensor kept for backward vs. one the tape could prune
    { selector: "edge.saved", style: { "line-color": SAVED, "target-arrow-color": SAVED, width: 2.6 } },
    { selector: "edge.pruned", style: { "line-style": "dashed", "line-dash-pattern": [6, 4] } },
    { selector: "node.released", style: { "border-style": "dotted", "background-color": "#fafafa", color: "#8a96a3" } },
    // the backward pass
    { selector: "node.done", style: { "border-color": ACCENT, "border-width": 2 } },
    {
      selector: "node.current",
      style: {
        "border-color": ACCENT,
        "border-width": 4,
        "background-color": "#e8edf9",
        "underlay-color": ACCENT,
        "underlay-opacity": 0.18,
        "underlay-padding": 8,
        color: INK,
      },
    },
    {
      selector: "edge.grad",
      style: { "line-color": "#8ea0d4", "target-arrow-color": "#8ea0d4", color: ACCENT, "font-weight": 600 },
    },
    {
      selector: "edge.grad-produced",
      style: { "line-color": ACCENT, "target-arrow-color": ACCENT, width: 3.5, color: ACCENT, "font-weight": 700 },
    },
    { selector: "edge.grad-upstream", style: { "line-color": ACCENT, "target-arrow-color": ACCENT, width: 3 } },
    { selector: "edge.grad-nan", style: { "line-color": NONE, "target-arrow-color": NONE, color: NONE } },
    { selector: "edge.grad-hidden", style: { color: "#8a96a3", "font-style": "italic" } },
    // meaning: None, NaN, cut paths
    { selector: "node.none-source", style: { "border-color": NONE, "border-width": 3 } },
    {
      selector: 'node[kind = "badge"]',
      style: {
        shape: "round-rectangle",
        "background-color": NONE,
        "border-width": 0,
        color: "#ffffff",
        "font-size": small,
        "font-weight": 700,
        width: "data(width)",
        height: presenter ? 24 : 20,
        events: "yes",
      },
    },
    { selector: "node.nan", style: { "border-color": NONE, "border-width": 3, "background-color": "#fdecec" } },
    {
      selector: ".cut",
      style: { "underlay-color": NONE, "underlay-opacity": 0.22, "underlay-padding": 9, "line-color": NONE, "target-arrow-color": NONE },
    },
    { selector: ".dim", style: { opacity: 0.22 } },
    { selector: ".line-linked", style: { "underlay-color": "#e0a526", "underlay-opacity": 0.35, "underlay-padding": 7 } },
    { selector: ".search-hit", style: { "underlay-color": "#e0a526", "underlay-opacity": 0.5, "underlay-padding": 9 } },
    {
      selector: ".selected",
      style: { "overlay-color": ACCENT, "overlay-opacity": 0.12, "overlay-padding": 6, "border-color": ACCENT, "border-width": 3 },
    },
    { selector: "edge.selected", style: { width: 4, "line-color": ACCENT, "target-arrow-color": ACCENT } },
    { selector: "node:active, edge:active", style: { "overlay-opacity": 0.08 } },
    ...nightPass,
    ...bigEdges,
  ] as StylesheetJson;
}

const DARK_INK = "#e3e8ee";
/** Dark theme: the kinds keep their hue on dark fills; after the kinds, before the states. */
const DARK_BASE = [
  { selector: "node", style: { color: DARK_INK, "background-color": "#1b2430", "border-color": "#7b8794" } },
  { selector: 'node[kind = "op"]', style: { "border-color": "#9aa7b4" } },
  { selector: 'node[kind = "variable"]', style: { "background-color": "#1c2c44", "border-color": "#6b9bd1" } },
  { selector: 'node[kind = "constant"]', style: { "background-color": "#262d35", "border-color": "#7b8794" } },
  { selector: 'node[kind = "watched"]', style: { "background-color": "#2a2240", "border-color": "#a58bd0" } },
  { selector: 'node[kind = "intermediate"]', style: { "background-color": "#1b2430", "border-color": "#c9d2db" } },
  { selector: 'node[kind = "group"]', style: { "background-color": "#1d2630", "border-color": "#52606d", color: "#b9c7d6" } },
  { selector: "$node > node", style: { "background-color": "#161d25", "border-color": "#3a4652", color: "#9aa7b4" } },
  { selector: "edge", style: { "line-color": "#5f6b78", "target-arrow-color": "#5f6b78", color: "#b9c3cd", "text-background-color": "#0f141a" } },
];
/** Dark theme: the backward pass in a lighter indigo, readable on dark. */
const DARK_PASS = [
  { selector: "node.released", style: { "background-color": "#20262d", color: "#7b8794" } },
  { selector: "node.current", style: { "background-color": "#26335a", color: DARK_INK } },
  { selector: "edge.grad", style: { "line-color": "#6f84c4", "target-arrow-color": "#6f84c4", color: "#a9bbff" } },
  { selector: "edge.grad-produced, edge.grad-upstream", style: { "line-color": "#9db2ff", "target-arrow-color": "#9db2ff", color: "#c3d0ff" } },
  { selector: "edge.saved", style: { "line-color": "#3fb3a1", "target-arrow-color": "#3fb3a1" } },
];
