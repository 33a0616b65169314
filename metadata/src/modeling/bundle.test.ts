import { describe, expect, it } from 'vitest';
import { BUNDLE_FORMAT, bundleProblems, planImport, type MetadataBundle } from './bundle';
import { contentHash } from './documentKey';

const v1 = { kind: 'page', path: 'noteList', type: 'list', entity: 'srmNote', title: { cn: '备忘', en: 'Notes' } };
const v2 = { ...v1, title: { cn: '备忘录', en: 'Notes' } };
const bundle: MetadataBundle = {
  format: BUNDLE_FORMAT,
  formatVersion: 1,
  exportedAt: '2026-11-23T00:00:00Z',
  documents: [
    {
      kind: 'page',
      name: 'noteList',
      version: 2,
      hash: contentHash(v2),
      history: [contentHash(v1), contentHash(v2)],
      content: v2,
    },
  ],
};

describe('bundles', () => {
  it('a well-formed bundle has no problems; a tampered one does', () => {
    expect(bundleProblems(bundle)).toEqual([]);
    expect(bundleProblems({ format: 'x' })[0]).toMatch(/not a meridian-metadata-bundle/);
    const tampered = { ...bundle, documents: [{ ...bundle.documents[0], content: { ...v2, type: 'detail' } }] };
    expect(bundleProblems(tampered)[0]).toMatch(/page:noteList.*hash or history does not match/);
  });

  it('plans new, unchanged and update (the target is behind the source)', () => {
    expect(planImport(bundle, () => undefined)[0].status).toBe('new');
    expect(planImport(bundle, () => ({ version: 7, content: v2 }))[0].status).toBe('unchanged');
    const update = planImport(bundle, () => ({ version: 1, content: v1 }))[0];
    expect(update).toMatchObject({ status: 'update', targetVersion: 1, bundleVersion: 2 });
    expect(update.diff).toEqual([{ path: '/title/cn', op: 'change', before: '备忘', after: '备忘录' }]);
  });

  it('refuses drift: the target changed the document in a way the source never had, named in the message', () => {
    const drifted = { ...v1, title: { cn: '本地改过', en: 'Changed here' } };
    const item = planImport(bundle, () => ({ version: 3, content: drifted }))[0];
    expect(item.status).toBe('conflict');
    expect(item.message).toMatch(/page:noteList has drifted: its version 3 here/);
  });
});
