import type { RecordValues } from '../hooks/recordHooks';

/**
 * A saveOrUpdate body after picking and normalising (recordPreparation.ts), with its lines: the shape
 * the context defaults, reference and lookup checks and the writer work on. A leaf, so the steps that
 * fill or check it need not import the module that runs them.
 */
export interface PreparedRecord {
  id: number | undefined;
  versionNum: number | undefined;
  values: RecordValues;
  children: Record<string, PreparedRecord[] | undefined>;
}
