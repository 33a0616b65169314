import {
  classifyEntityChange,
  diffDocuments,
  summarizeDiff,
  type DiffEntry,
  type EntityDef,
  type ModelChange,
} from '@meridian/metadata/node';
import type { FieldErrorOut } from '../http/apiError';
import { Errors } from '../http/apiError';
import type { Kernel } from '../kernel';
import { entityMetadatasFor } from '../metadata/dbDocuments';
import { migrateSchema, planSchema } from '../metadata/schemaMigrator';
import { translateDbError } from '../resource/dbErrors';
import type { SqlExecutor } from '../db/sqlExecutor';
import { formatDateTime } from '../util/time';
import { candidateRegistry, type Candidate } from './candidate';
import type { DraftItem } from './draftInput';
import { storedDocument, writeVersion, type NewVersion, type StoredDocument } from './metaStore';

export interface DocumentPlan {
  kind: string;
  name: string;
  key: string;
  currentVersion: number;
  removed: boolean;
  diff: DiffEntry[];
  changes: ModelChange[];
}

export interface PublishPlan {
  documents: DocumentPlan[];
  /** The DDL a publish would run: create table, add column, create index. */
  migration: string[];
  candidate: Candidate;
}

const refusedError = (errors: FieldErrorOut[]) =>
  Errors.badRequest(
    '该变更会丢失数据，已拒绝',
    'Refused: the change would lose data or cannot be applied safely',
    errors,
  );

async function rowCount(kernel: Kernel, table: string): Promise<number> {
  const q = kernel.db.dialect.quote;
  const rows = await kernel.db.select(`SELECT COUNT(*) AS ${q('n')} FROM ${q(table)}`);
  return Number(rows[0]?.n ?? 0);
}

/** Options of the purge, the one publish that may leave a (retired) field out. */
export interface PublishOptions {
  purgedField?: string;
  /** Further writes in the publish's transaction (the purge's audit row). */
  inTransaction?: (tx: SqlExecutor, versions: PublishResult['versions']) => Promise<void>;
}

/** Classifies one entity draft against the live entity; refusals become field errors. */
async function classify(
  kernel: Kernel,
  item: DraftItem,
  stored: StoredDocument | undefined,
  errors: FieldErrorOut[],
  options: PublishOptions,
): Promise<ModelChange[]> {
  if (item.kind !== 'entity') return [];
  const live = stored?.enabled ? (stored.content as unknown as EntityDef) : undefined;
  const report = classifyEntityChange(live, (item.content ?? undefined) as EntityDef | undefined);
  const refusals = report.refusals.filter(
    (r) => !(options.purgedField && r.field === options.purgedField && r.pointer === '/fields'),
  );
  for (const r of refusals) errors.push({ field: `${item.key}#${r.pointer}`, message: r.message });
  if (live && !item.content && (await rowCount(kernel, live.table)) > 0) {
    errors.push({
      field: `${item.key}#/`,
      message: `entity "${item.name}" cannot be removed: table "${live.table}" holds data (retire its fields or take its pages out of the menus instead)`,
    });
  }
  return report.changes;
}

function checkBaseVersion(item: DraftItem, stored: StoredDocument | undefined): void {
  const current = stored?.version ?? 0;
  const exists = !!stored;
  if ((exists && item.baseVersion === undefined) || (item.baseVersion !== undefined && item.baseVersion !== current)) {
    throw Errors.conflict(
      `${item.key} 已被他人修改（当前版本 ${current}），请刷新后重试`,
      `${item.key} was changed meanwhile: its current version is ${current}, the draft was made from ${item.baseVersion ?? 'nothing'}. Reload it and try again.`,
    );
  }
}

/**
 * An entity's table belongs to it alone: an admin entity over a platform table (base_users) would
 * read and write it past that entity's secret and server-only fields, and migrate columns into it.
 */
function sharedTables(candidate: Candidate, items: DraftItem[]): FieldErrorOut[] {
  return items.flatMap((item) => {
    const mine = item.kind === 'entity' ? candidate.registry.entity(item.name) : undefined;
    const other = mine && candidate.registry.entities().find((e) => e.table === mine.table && e.name !== mine.name);
    return other
      ? [{ field: `${item.key}#/table`, message: `table "${mine.table}" already belongs to entity "${other.name}"` }]
      : [];
  });
}

/** A lifecycle may name only server handlers that are registered (else the reload after the publish would fail). */
export function missingHandlers(kernel: Kernel, items: DraftItem[]): FieldErrorOut[] {
  return items
    .filter((i) => i.kind === 'lifecycle' && i.content)
    .flatMap((i) => {
      const transitions = (i.content as { transitions?: { action: string; handler?: string }[] }).transitions ?? [];
      return transitions.flatMap((t, n) =>
        t.handler && kernel.handlers.missing([{ name: i.name, transitions: [t] }]).length
          ? [
              {
                field: `${i.key}#/transitions/${n}/handler`,
                message: `handler "${t.handler}" is not registered on the server`,
              },
            ]
          : [],
      );
    });
}

/**
 * Everything a publish would do, without doing it: validation (ajv + cross-checks on the whole
 * candidate metadata), the classification of each entity change, refusals, and the DDL.
 */
export async function planPublish(
  kernel: Kernel,
  items: DraftItem[],
  options: PublishOptions = {},
): Promise<PublishPlan> {
  const candidate = await candidateRegistry(kernel, items);
  const errors: FieldErrorOut[] = [];
  const documents: DocumentPlan[] = [];
  for (const item of items) {
    const stored = await storedDocument(kernel.db, item.kind, item.name);
    checkBaseVersion(item, stored);
    if (!item.content && !stored?.enabled) throw Errors.notFound('文档不存在', `${item.key} does not exist`);
    const changes = await classify(kernel, item, stored, errors, options);
    const before = stored?.enabled ? stored.content : undefined;
    documents.push({
      kind: item.kind,
      name: item.name,
      key: item.key,
      currentVersion: stored?.version ?? 0,
      removed: !item.content,
      diff: diffDocuments(before, item.content ?? undefined),
      changes,
    });
  }
  errors.push(...sharedTables(candidate, items), ...missingHandlers(kernel, items));
  const migrating = items.filter((i) => i.kind === 'entity' && i.content).map((i) => i.name);
  const schema = await planSchema(
    kernel.db.dataSource,
    kernel.config.dbKind,
    await entityMetadatasFor(kernel.config, candidate.registry, migrating),
  );
  const keyOfTable = (table: string) =>
    items.find((i) => i.kind === 'entity' && candidate.registry.entity(i.name)?.table === table)?.key ??
    `table:${table}`;
  errors.push(
    ...schema.refused.map((r) => ({
      field: `${keyOfTable(r.split(/[.:]/)[0])}#/`,
      message: `not an additive schema change: ${r}`,
    })),
  );
  if (errors.length) throw refusedError(errors);
  return { documents, migration: schema.steps, candidate };
}

export interface PublishResult {
  versions: { kind: string; name: string; versionNo: number }[];
  migrated: string[];
  /** false when this instance could not load the published metadata yet; it retries at its next revision check. */
  live: boolean;
}

/**
 * Publishes: migrate additively (idempotent; DDL cannot share a transaction on MySQL), then write
 * every document and its version in one transaction (re-checking each base version there), then
 * swap this instance's kernel. Other instances follow through the revision.
 */
export async function publish(
  kernel: Kernel,
  items: DraftItem[],
  changeType: NewVersion['changeType'],
  userId: number | null,
  comment?: string,
  options: PublishOptions = {},
): Promise<PublishResult & { plan: PublishPlan }> {
  const plan = await planPublish(kernel, items, options);
  const migrating = items.filter((i) => i.kind === 'entity' && i.content).map((i) => i.name);
  const migrated = await migrateSchema(
    kernel.db.dataSource,
    kernel.config.dbKind,
    await entityMetadatasFor(kernel.config, plan.candidate.registry, migrating),
  );
  const now = formatDateTime();
  // Two publishes of the same document racing past the base-version check meet at the unique
  // version index: the loser gets 409 (translateDbError), like a stale base version.
  const versions = await kernel.db
    .transaction(async (tx) => {
      const written: PublishResult['versions'] = [];
      for (const [i, item] of items.entries()) {
        checkBaseVersion(item, await storedDocument(tx, item.kind, item.name));
        const versionNo = await writeVersion(
          tx,
          {
            kind: item.kind,
            name: item.name,
            content: item.content,
            changeType,
            diffSummary: summarizeDiff(plan.documents[i].diff),
            comment,
          },
          userId,
          now,
        );
        written.push({ kind: item.kind, name: item.name, versionNo });
      }
      await options.inTransaction?.(tx, written);
      return written;
    })
    .catch((e: unknown) => {
      throw translateDbError(e);
    });
  // The versions are committed: a failing reload must not answer "failed" for a publish that happened.
  const live = await (kernel.live?.reload().then(() => true) ?? Promise.resolve(true)).catch((e: unknown) => {
    console.error('published metadata could not be loaded yet; this instance retries at its next revision check', e);
    return false;
  });
  return { versions, migrated, live, plan };
}
