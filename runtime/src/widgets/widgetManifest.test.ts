import * as fs from 'node:fs';
import * as path from 'node:path';
import { describe, expect, it } from 'vitest';
import { REGISTERED_WIDGETS } from '../../../metadata/src/widgetManifest';
import { widgetRegistry } from './builtins';

const MANIFEST = path.join(__dirname, '../../../metadata/src/widgetManifest.ts');

/** Rewrites the list in the manifest file, keeping its comment. */
function rewriteManifest(names: string[]): void {
  const text = fs.readFileSync(MANIFEST, 'utf8');
  const list = names.map((n) => `  '${n}',`).join('\n');
  fs.writeFileSync(MANIFEST, text.replace(/= \[[\s\S]*?\];/, `= [\n${list}\n];`));
}

/**
 * The metadata core checks widget names against metadata/src/widgetManifest.ts (the server cannot
 * load React). This test keeps that list equal to what the runtime really registers.
 */
describe('widget manifest', () => {
  it('lists exactly the widgets the runtime registers', () => {
    const registered = [...widgetRegistry.names()].sort();
    if (process.env.UPDATE_WIDGET_MANIFEST) rewriteManifest(registered);
    else {
      expect(
        [...REGISTERED_WIDGETS].sort(),
        'metadata/src/widgetManifest.ts is stale: run UPDATE_WIDGET_MANIFEST=1 npx vitest run runtime/src/widgets/widgetManifest.test.ts',
      ).toEqual(registered);
    }
  });
});
