// Edge crossings of a layout as the app draws it: straight segments between node centres (the
// graph view draws edges between nodes' positions, whatever routes a layout computed).
import type { LayoutEdge } from "../worker/messages";

type Point = { x: number; y: number };

export function countCrossings(edges: LayoutEdge[], positions: Record<string, Point>): number {
  const segments = edges
    .map((e) => [positions[e.source], positions[e.target]])
    .filter((s): s is [Point, Point] => s[0] !== undefined && s[1] !== undefined)
    .map(([a, b]) => (a.x <= b.x ? { a, b } : { a: b, b: a }))
    .sort((s, t) => s.a.x - t.a.x);
  let crossings = 0;
  // only segments whose x ranges overlap can cross: a layered drawing's edges are short in x
  for (let i = 0; i < segments.length; i++) {
    const s = segments[i];
    for (let j = i + 1; j < segments.length && segments[j].a.x < s.b.x; j++) {
      if (properlyCross(s.a, s.b, segments[j].a, segments[j].b)) crossings++;
    }
  }
  return crossings;
}

function side(p: Point, q: Point, r: Point): number {
  return Math.sign((q.x - p.x) * (r.y - p.y) - (q.y - p.y) * (r.x - p.x));
}

/** Crossing in their interiors: segments that share an end (one node's edges) do not count. */
function properlyCross(a: Point, b: Point, c: Point, d: Point): boolean {
  const same = (p: Point, q: Point) => p.x === q.x && p.y === q.y;
  if (same(a, c) || same(a, d) || same(b, c) || same(b, d)) return false;
  return side(a, b, c) * side(a, b, d) < 0 && side(c, d, a) * side(c, d, b) < 0;
}
