/**
 * Stands in for rc-util's `Dom/dynamicCSS` in the built app (runtime/vite.config.ts alias): the same
 * functions, with `updateCSS` remembering the style node it last wrote for a key.
 *
 * Every antd icon, on mounting, asks `updateCSS` to keep the icons' style sheet in the document.
 * rc-util answers each call by listing every child of <head> (about 180: one per antd component
 * style) and reading an attribute of each style, although the sheet is already there: measured at
 * about 500 such scans and 4% of the page's script time per opened list page
 * (docs/decisions.md "Issue 31: a lighter runtime"). Asked again for the same key, container and
 * text, while the node it wrote is still in the document, this answers with that node; anything else
 * (new text, another nonce, a node removed meanwhile) goes to rc-util as before. Unit tests
 * (happy-dom) keep rc-util's own module: the alias is the build's only.
 */
import {
  clearContainerCache,
  injectCSS,
  removeCSS,
  updateCSS as updateCSSInDocument,
} from 'rc-util/es/Dom/dynamicCSS.js';

export { clearContainerCache, injectCSS, removeCSS };

type Options = NonNullable<Parameters<typeof updateCSSInDocument>[2]>;

interface Written {
  css: string;
  nonce: string | undefined;
  node: HTMLStyleElement;
}

/** Per container (rc-util's: the `attachTo` root, else <head>): mark and key → what was written. */
const writtenIn = new WeakMap<ParentNode, Map<string, Written>>();

function containerOf(options: Options): ParentNode {
  return (options.attachTo as ParentNode | undefined) ?? document.head ?? document.body;
}

/** The attribute rc-util marks a node with (its getMark): "data-" + mark, else rc-util-key. */
function markOf(options: Options): string {
  const mark = options.mark;
  if (!mark) return 'rc-util-key';
  return mark.startsWith('data-') ? mark : `data-${mark}`;
}

export function updateCSS(css: string, key: string, options: Options = {}): HTMLStyleElement {
  const container = containerOf(options);
  const id = `${markOf(options)}\u0000${key}`;
  const nonce = options.csp?.nonce;
  const hit = writtenIn.get(container)?.get(id);
  if (hit && hit.css === css && hit.nonce === nonce && hit.node.isConnected) return hit.node;
  const node = updateCSSInDocument(css, key, options) as HTMLStyleElement;
  let written = writtenIn.get(container);
  if (!written) writtenIn.set(container, (written = new Map()));
  written.set(id, { css, nonce, node });
  return node;
}
