/**
 * The coins' icons as SVG markup, read at build time from the very files the app serves under /coins/
 * (where the API's `image_url` points): one source for both. The app draws them inline
 * (`CoinIcon`): an `<img>` of an SVG is a document of its own in the browser, and on the landing page
 * the six first icons cost a phone about 100 ms of the main thread (four documents set up, their text's
 * font looked up, each painted as an image) after the first paint (docs/performance.md).
 */
const files = import.meta.glob<string>('../../../public/coins/*.svg', {
  query: '?raw',
  import: 'default',
  eager: true,
});

const marks = new Map<string, string>(
  Object.entries(files).map(([file, svg]) => [
    file.slice(file.lastIndexOf('/') + 1, -'.svg'.length),
    // Decorative where drawn (the code or name is written beside it): the file's own label goes.
    svg.trim().replace(/\s(role|aria-label)="[^"]*"/g, ''),
  ]),
);

/** The icon of a coin code ('BTC'), or undefined when the app ships none. */
export function coinMark(code: string): string | undefined {
  return marks.get(code.toLowerCase());
}
