// SVG art generators. Each takes (w, h, opts) and returns an SVG string.
// Everything is drawn from seeded randomness so regeneration is byte-for-byte stable in shape.
export { lum, drawMark, wrapText } from './art/shared.mjs';
export * from './art/print.mjs';
export * from './art/screens.mjs';
export * from './art/generative.mjs';
export * from './art/objects.mjs';
export * from './art/studio.mjs';
export { esc, svgDoc } from './lib.mjs';
