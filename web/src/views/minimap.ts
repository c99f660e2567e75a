// The overview of a big graph: cytoscape-navigator's thumbnail in the graph's corner, with the
// visible part framed (drag it, or click, to move the view). Shown for graphs too big to read
// at once; bundled from npm like everything else (no CDN).
import cytoscape, { type Core } from "cytoscape";
import navigator from "cytoscape-navigator";

cytoscape.use(navigator);

const MIN_NODES = 25; // smaller graphs fit the panel readably: no overview needed
const MAX_NODES = 2500; // the thumbnail is a full render: above this it would stall the page

type Navigator = { destroy(): void };

export function mountMinimap(cy: Core, container: HTMLElement): (nodes: number) => void {
  let minimap: Navigator | null = null;
  return (nodes: number) => {
    const wanted = nodes >= MIN_NODES && nodes <= MAX_NODES;
    container.hidden = !wanted;
    if (wanted && !minimap) {
      minimap = (cy as unknown as { navigator(options: object): Navigator }).navigator({
        container: `#${container.id}`,
        viewLiveFramerate: 0,
        thumbnailEventFramerate: 10,
        thumbnailLiveFramerate: false,
        dblClickDelay: 200,
        removeCustomContainer: false,
        rerenderDelay: 250,
      });
    } else if (!wanted && minimap) {
      minimap.destroy();
      minimap = null;
    }
    container.dataset.shown = wanted ? "1" : "";
  };
}
