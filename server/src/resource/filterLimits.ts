import { Errors } from '../http/apiError';

/**
 * Size limits of a client's filter, checked before anything recursive touches it (the schema
 * validator and the query compiler both recurse: a 3,000-level filter overflowed the stack, and
 * SQLite refuses expressions deeper than 1,000). Limits and their reasons: docs/decisions.md,
 * "Issue 13: limits and hygiene".
 *
 * The walk is generic on purpose: every object is one filter level, whatever its keys (and, or,
 * not, a condition, or node kinds added later, such as { parent: … }); arrays are transparent
 * (the lists of and/or, the values of in/between) except that an array directly inside an array
 * is a level of its own, so no shape of JSON escapes the depth count.
 */
export const MAX_FILTER_DEPTH = 12;
export const MAX_FILTER_NODES = 200;

/** Throws 400 when `filter` nests deeper than MAX_FILTER_DEPTH or holds more than MAX_FILTER_NODES nodes. Iterative: no recursion. */
export function checkFilterLimits(filter: unknown): void {
  const stack: Array<{ value: unknown; depth: number }> = [{ value: filter, depth: 0 }];
  let nodes = 0;
  while (stack.length) {
    const { value, depth } = stack.pop()!;
    if (value === null || typeof value !== 'object') continue;
    const isArray = Array.isArray(value);
    // An object is a filter node; an array adds a level only inside another array.
    const level = isArray ? depth : depth + 1;
    if (!isArray && ++nodes > MAX_FILTER_NODES) throw tooBig();
    if (level > MAX_FILTER_DEPTH) throw tooDeep();
    const children = isArray ? value : Object.values(value as Record<string, unknown>);
    for (const child of children) {
      if (child === null || typeof child !== 'object') continue;
      stack.push({ value: child, depth: isArray && Array.isArray(child) ? level + 1 : level });
    }
  }
}

const tooDeep = () =>
  Errors.badRequest(
    `查询条件嵌套过深（最多 ${MAX_FILTER_DEPTH} 层）`,
    `filter: nested too deeply (at most ${MAX_FILTER_DEPTH} levels)`,
  );
const tooBig = () =>
  Errors.badRequest(
    `查询条件过于复杂（最多 ${MAX_FILTER_NODES} 个节点）`,
    `filter: too many nodes (at most ${MAX_FILTER_NODES})`,
  );

/**
 * Metadata documents from the designers (table_model drafts, bundles) carry filters too (showWhen,
 * editableWhen, …) and are validated by the recursive schema validator: their JSON may nest at
 * most MAX_DOCUMENT_DEPTH objects and arrays (the shipped documents nest at most 10).
 */
export const MAX_DOCUMENT_DEPTH = 64;

/** Throws 400 naming `field` when `value` nests objects and arrays deeper than MAX_DOCUMENT_DEPTH. Iterative. */
export function checkDocumentNesting(value: unknown, field: string): void {
  const stack: Array<{ value: unknown; depth: number }> = [{ value, depth: 0 }];
  while (stack.length) {
    const { value: current, depth } = stack.pop()!;
    if (current === null || typeof current !== 'object') continue;
    if (depth + 1 > MAX_DOCUMENT_DEPTH) {
      throw Errors.badRequest(
        `元数据文档嵌套过深（最多 ${MAX_DOCUMENT_DEPTH} 层）`,
        `The document is nested too deeply (at most ${MAX_DOCUMENT_DEPTH} levels)`,
        [{ field, message: `nested too deeply (at most ${MAX_DOCUMENT_DEPTH} levels)` }],
      );
    }
    for (const child of Object.values(current as Record<string, unknown>)) {
      if (child !== null && typeof child === 'object') stack.push({ value: child, depth: depth + 1 });
    }
  }
}
