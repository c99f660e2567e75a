// Stepper icons as inline SVG (the fonts on a projector PC may lack the media-control glyphs).
const svg = (body: string) =>
  `<svg viewBox="0 0 16 16" width="16" height="16" aria-hidden="true" fill="currentColor">${body}</svg>`;

export const icons = {
  first: svg(`<rect x="2" y="3" width="2" height="10"/><path d="M14 3v10L5 8z"/>`),
  back: svg(`<path d="M12 3v10L3 8z"/>`),
  play: svg(`<path d="M4 2.5v11L13.5 8z"/>`),
  pause: svg(`<rect x="3.5" y="3" width="3" height="10"/><rect x="9.5" y="3" width="3" height="10"/>`),
  forward: svg(`<path d="M4 3v10l9-5z"/>`),
  last: svg(`<path d="M2 3v10l9-5z"/><rect x="12" y="3" width="2" height="10"/>`),
};
