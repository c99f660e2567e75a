// Plotly with only the trace types the app draws: scatter (in Plotly's core), bar and heatmap.
// The full distribution is 4.8 MB and took most of a cold open of the training view; this bundle
// is built from plotly.js's own modules (its lib/core) and is about a quarter of that.
import Plotly from "plotly.js/lib/core";
import bar from "plotly.js/lib/bar";
import heatmap from "plotly.js/lib/heatmap";

Plotly.register([bar, heatmap]);

export default Plotly;
