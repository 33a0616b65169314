import * as fs from 'node:fs';
import * as path from 'node:path';
import type { SourcedDocument } from './documents';

/** Metadata directories, each with entities/, pages/, lifecycles/, lookups/, menus/: the platform's own records, then SRM's. */
export const APPS_DIR = path.join(__dirname, '..', 'apps');
export const APP_DIRS = [path.join(APPS_DIR, 'platform'), path.join(APPS_DIR, 'srm')];

function jsonFiles(dir: string): string[] {
  if (!fs.existsSync(dir)) return [];
  return fs
    .readdirSync(dir, { withFileTypes: true })
    .flatMap((entry) => {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) return jsonFiles(full);
      return entry.name.endsWith('.json') ? [full] : [];
    })
    .sort();
}

/** Reads every JSON document under an application directory; a file that is not JSON is a problem, reported by path. */
export function loadDocumentFiles(appDirs: string[] = APP_DIRS): SourcedDocument[] {
  const base = path.dirname(path.dirname(APPS_DIR));
  return appDirs.flatMap(jsonFiles).map((file) => {
    const source = path.relative(base, file);
    try {
      return { source, doc: JSON.parse(fs.readFileSync(file, 'utf8')) as unknown };
    } catch (e) {
      return { source, doc: { kind: '(not valid JSON)', error: (e as Error).message } };
    }
  });
}
