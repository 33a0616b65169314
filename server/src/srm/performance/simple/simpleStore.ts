/**
 * Names and shared reads of the simple performance records (DOMAIN.md §2.3 "Other Spe records"):
 * dynamic performance data, simple evaluations and the annual summary.
 */
import type { MetadataRegistry } from '@meridian/metadata/node';
import type { Database, SqlExecutor } from '../../../db/sqlExecutor';
import type { RecordHookRegistry } from '../../../hooks/recordHooks';
import { PlatformRows } from '../../../lifecycle/platformRows';
import { EntityStore } from '../../../resource/entityStore';
import { TodoService } from '../../../todos/todoService';
import { formatDateTime } from '../../../util/time';

export const EXPRESSION = 'srmSpeSupplierExpressionHeader';
export const EXPRESSION_LINE = 'srmSpeSupplierExpressionLine';
export const SCHEME_SIMPLE = 'srmSpeSchemeSimple';
export const PERFORMANCE_SIMPLE = 'srmSpePerformanceSimple';
export const COLLECT = 'srmSpePerformanceCollect';
export const COLLECT_LINE = 'srmSpePerformanceCollectLine';
export const PERFORMANCE = 'srmSpePerformance';
export const SCHEME = 'srmSpeScheme';

export const EXPRESSION_PAGES = ['srmSpeSupplierExpressionList', 'srmSpeSupplierExpressionEdit'];
export const SIMPLE_PAGES = ['srmSpeSchemeSimpleList', 'srmSpeSchemeSimpleEdit'];
export const COLLECT_PAGES = ['srmSpePerformanceCollect', 'srmSpePerformanceCollectEdit'];

export class SimpleStore extends EntityStore {
  /** The supplier to-dos are written by the platform's one writer of to-dos. */
  readonly todos: TodoService;

  constructor(registry: MetadataRegistry, db: Database, hooks: RecordHookRegistry) {
    super(registry, db, hooks, 'Simple performance');
    this.todos = new TodoService(new PlatformRows(registry, db.dialect));
  }

  /** Stamps columns of a row without moving its version (the row was just versioned by its transition). */
  async stamp(tx: SqlExecutor, entity: string, id: number, set: Record<string, string | number | null>): Promise<void> {
    const { t, c } = this.sql;
    const names = Object.keys(set);
    await tx.execute(
      `UPDATE ${t(entity)} SET ${names.map((n) => `${c(entity, n)} = ?`).join(', ')} WHERE ${c(entity, this.model(entity).primaryKey)} = ?`,
      [...names.map((n) => set[n]), id],
    );
  }
}

export const now = () => formatDateTime();
