import type { ModeledKind } from '@meridian/metadata/node';
import { Errors } from '../http/apiError';
import { clientLifecycles, withLifecycleConditions } from '../lifecycle/pageLifecycle';
import type { ActionAccess, ActionHandler, ActionRegistry } from '../platform/actionRegistry';
import { exportBundle, importBundle, previewImport } from './bundles';
import { candidateRegistry } from './candidate';
import { modeledKind, optionalVersion, readDraft, requiredString, requiredVersion } from './draftInput';
import { fieldReferences, purgeField, retireField } from './fieldRetirement';
import { missingHandlers, planPublish, publish } from './publisher';
import { listNames } from './recipientNames';
import { listTargets } from './targets';
import { createLookupType } from './valueSets';
import { diffVersions, getDocument, getVersion, listDocuments, listVersions, rollback } from './versionActions';

/** Every table_model call comes from the table_model menu; writes need its button (docs/admin-guide.md). */
const PAGE = 'table_model';
const grant = (resourceCode: string): ActionAccess => ({ pages: [PAGE], resourceCode });

const comment = (body: Record<string, unknown>) => (typeof body.comment === 'string' ? body.comment : undefined);

function documentList(value: unknown): { kind: ModeledKind; name: string }[] {
  if (value === undefined) return [];
  if (!Array.isArray(value))
    throw Errors.badRequest('documents 必须是列表', 'documents must be a list of {kind, name}', [
      { field: 'documents', message: 'must be a list' },
    ]);
  return value.map((d) => {
    const item = (d ?? {}) as Record<string, unknown>;
    return { kind: modeledKind(item), name: requiredString(item, 'name') };
  });
}

const handlers: Record<string, [string, ActionHandler]> = {
  listDocuments: ['btnView', async (_b, _c, k) => ({ data: await listDocuments(k) })],
  listTargets: ['btnView', async (_b, _c, k) => ({ data: listTargets(k) })],
  listNames: ['btnView', async (_b, _c, k) => ({ data: await listNames(k) })],
  getDocument: [
    'btnView',
    async (b, _c, k) => ({ data: await getDocument(k, modeledKind(b), requiredString(b, 'name')) }),
  ],
  validateDraft: [
    'btnView',
    async (b, _c, k) => {
      const draft = readDraft(b);
      await candidateRegistry(k, draft); // throws 400 with every problem on its field
      const unhandled = missingHandlers(k, draft);
      if (unhandled.length) throw Errors.badRequest('元数据校验未通过', 'The metadata is not valid', unhandled);
      return { data: { valid: true } };
    },
  ],
  previewMigration: [
    'btnView',
    async (b, _c, k) => {
      const plan = await planPublish(k, readDraft(b));
      return { data: { documents: plan.documents, migration: plan.migration } };
    },
  ],
  // The page as findPage would answer it after the draft is published: the UI renders it with sample rows.
  previewPage: [
    'btnView',
    async (b, _c, k) => {
      const { registry } = await candidateRegistry(k, readDraft(b));
      const path = requiredString(b, 'path');
      const page = registry.page(path);
      if (!page) throw Errors.notFound('页面不存在', `No page "${path}" in the draft or the published metadata`);
      const entities = Object.fromEntries(registry.pageEntities(page).map((e) => [e.name, e.toClientDef()]));
      return {
        data: {
          page: withLifecycleConditions(registry, page),
          entities,
          lifecycles: clientLifecycles(registry, Object.keys(entities)),
        },
      };
    },
  ],
  publish: [
    'btnPublish',
    async (b, c, k) => {
      const result = await publish(k, readDraft(b), 'PUBLISH', c.userId, comment(b));
      return {
        data: {
          versions: result.versions,
          migrated: result.migrated,
          live: result.live,
          documents: result.plan.documents,
        },
      };
    },
  ],
  listVersions: [
    'btnView',
    async (b, _c, k) => ({
      data: await listVersions(
        k.db,
        b.kind === undefined ? undefined : modeledKind(b),
        typeof b.name === 'string' ? b.name : undefined,
      ),
    }),
  ],
  getVersion: [
    'btnView',
    async (b, _c, k) => ({
      data: await getVersion(k, modeledKind(b), requiredString(b, 'name'), requiredVersion(b, 'versionNo')),
    }),
  ],
  diffVersions: [
    'btnView',
    async (b, _c, k) => ({
      data: await diffVersions(
        k,
        modeledKind(b),
        requiredString(b, 'name'),
        requiredVersion(b, 'from'),
        optionalVersion(b, 'to'),
      ),
    }),
  ],
  rollback: [
    'btnRollback',
    async (b, c, k) => ({
      data: await rollback(
        k,
        modeledKind(b),
        requiredString(b, 'name'),
        requiredVersion(b, 'versionNo'),
        requiredVersion(b, 'baseVersion'),
        c.userId,
        comment(b),
      ),
    }),
  ],
  findReferences: [
    'btnView',
    async (b, _c, k) => ({ data: await fieldReferences(k, requiredString(b, 'entity'), requiredString(b, 'field')) }),
  ],
  retireField: [
    'btnPublish',
    async (b, c, k) => ({
      data: await retireField(
        k,
        requiredString(b, 'entity'),
        requiredString(b, 'field'),
        requiredVersion(b, 'baseVersion'),
        c.userId,
      ),
    }),
  ],
  purgeField: [
    'btnPurge',
    async (b, c, k) => ({
      data: await purgeField(
        k,
        requiredString(b, 'entity'),
        requiredString(b, 'field'),
        requiredVersion(b, 'baseVersion'),
        typeof b.confirm === 'string' ? b.confirm : '',
        c.userId,
      ),
    }),
  ],
  createLookupType: ['btnNewLookup', async (b, c, k) => ({ data: await createLookupType(k, b, c) })],
  exportBundle: ['btnExport', async (b, _c, k) => ({ data: await exportBundle(k, documentList(b.documents)) })],
  previewImport: ['btnImport', async (b, _c, k) => ({ data: await previewImport(k, b.bundle) })],
  importBundle: ['btnImport', async (b, c, k) => ({ data: await importBundle(k, b.bundle, c.userId, comment(b)) })],
};

/** POST /api/baseServer/v1/tableModelRestful/{action}: the server side of table_model (issue 7). */
export function registerModelingActions(actions: ActionRegistry): void {
  for (const [action, [resourceCode, handler]] of Object.entries(handlers)) {
    actions.register({
      area: 'baseServer',
      resource: 'tableModelRestful',
      action,
      access: grant(resourceCode),
      handler,
    });
  }
}
