import * as fs from 'node:fs';
import * as path from 'node:path';
import type { SourcedDocument } from './documents';

/** The SRM application's metadata directory (entities/, pages/, lifecycles/, lookups/, menus/). */
export const SRM_APP_DIR = path.join(__dirname, '..', 'apps', 'srm');

function jsonFiles(dir: string): string[] {
  if (!fs.existsSync(dir)) return [];
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return jsonFiles(full);
    return entry.name.endsWith('.json') ? [full] : [];
  }).sort();
}

/** Reads every JSON document under an application directory; a file that is not JSON is a problem, reported by path. */
export function loadDocumentFiles(appDir: string = SRM_APP_DIR): SourcedDocument[] {
  const base = path.dirname(path.dirname(appDir));
  return jsonFiles(appDir).map((file) => {
    const source = path.relative(base, file);
    try {
      return { source, doc: JSON.parse(fs.readFileSync(file, 'utf8')) as unknown };
    } catch (e) {
      return { source, doc: { kind: '(not valid JSON)', error: (e as Error).message } };
    }
  });
}
