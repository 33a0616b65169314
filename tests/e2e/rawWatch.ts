/**
 * The every-menu harness's watch for raw values (issue 33): from the first drawing of a screen on,
 * at every change of the page, whether a list or line cell, or a reference field, shows what is
 * stored instead of what people read. Generic, from the metadata and the marks the runtime puts on
 * what it draws (runtime/src/grid/columnBuilder.tsx storedValueMark, widgets/ReferenceSelect.tsx):
 * - a cell marked as coded (a value-set column) that shows its stored code, not its meaning;
 * - a cell marked as a reference that shows its stored id, not the record; or marked as an `…Id`
 *   integer named as an entity's primary key (requisitionLineId: another record's id) and showing it;
 * - a reference field that shows its value, not the record's label;
 * - any cell or reference field that shows an entity's name (e.g. srmSlcQualifyHeader).
 * Codes whose meaning is the code itself (ISO9001, PP) are not raw. A code in a column not declared
 * as coded is not looked for: a record's own code may equal a value-set code (the qualification
 * requirement BUSINESS_LICENSE of credential type BUSINESS_LICENSE).
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import type { BrowserContext, Page } from '@playwright/test';

interface RawWatchInput {
  entities: string[];
  /** The entities' primary keys: an integer column of that name holds a record's id. */
  keys: string[];
  /** Codes named by themselves in a language (a cell showing them shows their meaning). */
  selfNamed: string[];
}

const APPS = path.join(__dirname, '..', '..', 'metadata', 'apps');

function jsonFiles(dir: string, folder: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true, recursive: true }).flatMap((entry) => {
    const file = path.join(entry.parentPath, entry.name);
    return entry.isFile() && entry.name.endsWith('.json') && path.basename(entry.parentPath) === folder ? [file] : [];
  });
}

interface LookupValueFile {
  lookupCode: string;
  meaning?: string | { cn?: string; en?: string };
}

function selfNamedCode(value: LookupValueFile): boolean {
  const meaning = value.meaning;
  return typeof meaning === 'string'
    ? meaning === value.lookupCode
    : Object.values(meaning ?? {}).includes(value.lookupCode);
}

/** Entity names, primary keys and self-named value-set codes of the application's metadata. */
export function rawWatchInput(): RawWatchInput {
  const read = (file: string) => JSON.parse(fs.readFileSync(file, 'utf8'));
  const entityDocs = jsonFiles(APPS, 'entities').map(read) as Array<{ name: string; primaryKey?: string }>;
  const entities = entityDocs.map((doc) => doc.name);
  const keys = [...new Set(entityDocs.flatMap((doc) => (doc.primaryKey ? [doc.primaryKey] : [])))];
  const values: LookupValueFile[] = jsonFiles(APPS, 'lookups').flatMap((file) =>
    (read(file).lookups ?? []).flatMap((lookup: { values?: LookupValueFile[] }) => lookup.values ?? []),
  );
  const selfNamed = new Set(values.filter(selfNamedCode).map((value) => value.lookupCode));
  return { entities, keys, selfNamed: [...selfNamed] };
}

/** In the page, before the app's scripts: watches the shown tab and keeps what it found until taken. */
const WATCH = ({ entities, keys, selfNamed }: RawWatchInput) => {
  if (window !== window.top) return;
  const entityNames = new Set(entities);
  const keyNames = new Set(keys);
  const selfNamedSet = new Set(selfNamed);
  const found = new Set<string>();
  (window as unknown as { __rawValues: () => string[] }).__rawValues = () => {
    const taken = [...found];
    found.clear();
    return taken;
  };
  const textOf = (element: Element) => ((element as HTMLElement).innerText ?? '').trim();
  const look = () => {
    const panel = document.querySelector('[data-tab-panel]:not([hidden])');
    if (!panel) return;
    for (const cell of panel.querySelectorAll('[data-stored-kind]')) {
      const stored = cell.getAttribute('data-stored') ?? '';
      const kind = cell.getAttribute('data-stored-kind');
      const column = cell.getAttribute('data-column') ?? '';
      if (textOf(cell) !== stored || (kind === 'code' && selfNamedSet.has(stored))) continue;
      if (kind === 'id' && !keyNames.has(column)) continue;
      found.add(`${kind === 'code' ? 'raw code' : 'bare id'} ${stored} in column ${column}`);
    }
    for (const field of panel.querySelectorAll('[data-reference-value]')) {
      const shown = textOf(field.querySelector('.ant-select-selection-item') ?? field);
      if (shown === field.getAttribute('data-reference-value')) found.add(`bare id ${shown} in a reference field`);
    }
    for (const element of panel.querySelectorAll('.ant-table-tbody td, [data-reference-value]')) {
      // Where technical names are the point (the table_model designer), an entity's name is no raw value.
      if (element.closest('[data-technical-names]')) continue;
      const text = textOf(element);
      if (entityNames.has(text)) found.add(`raw entity name ${text}`);
    }
  };
  let queued = false;
  new MutationObserver(() => {
    if (queued) return;
    queued = true;
    requestAnimationFrame(() => {
      queued = false;
      look();
    });
  }).observe(document, { subtree: true, childList: true, characterData: true });
};

export async function watchRawValues(context: BrowserContext): Promise<void> {
  await context.addInitScript(WATCH, rawWatchInput());
}

/** What the watch found since last asked (nothing on a page it does not watch). */
export async function takeRawValues(page: Page): Promise<string[]> {
  return page.evaluate(() => (window as unknown as { __rawValues?: () => string[] }).__rawValues?.() ?? []);
}
