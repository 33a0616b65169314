/**
 * State of a checkable tree built from flat rows: the forest of metadata/src/tree.ts, the
 * spec's checking rules on every click, and the changed (isEdit) nodes that a save sends back.
 */
import { buildTree, flattenTree, setChecked, TreeParseError, type TreeConfig, type TreeNode } from '@meridian/metadata';
import { useCallback, useMemo, useState } from 'react';

type Row = Record<string, unknown>;

export interface TreeCheckState<R extends Row> {
  roots: TreeNode<R>[];
  /** The tree-parse error of rows or config that cannot form a tree. */
  error?: TreeParseError;
  checkedKeys: string[];
  edited: TreeNode<R>[];
  toggle(key: string, checked: boolean): void;
}

function parse<R extends Row>(rows: R[], config: TreeConfig): { roots: TreeNode<R>[]; error?: TreeParseError } {
  try {
    return { roots: buildTree(rows, config) };
  } catch (e) {
    if (e instanceof TreeParseError) return { roots: [], error: e };
    throw e;
  }
}

export function useTreeCheck<R extends Row>(rows: R[], config: TreeConfig): TreeCheckState<R> {
  const parsed = useMemo(() => parse(rows, config), [rows, config]);
  // Clicks are kept against the rows they were made on; new rows (after a save) start clean.
  const [state, setState] = useState<{ source: typeof parsed; roots: TreeNode<R>[] }>({
    source: parsed,
    roots: parsed.roots,
  });
  const roots = state.source === parsed ? state.roots : parsed.roots;
  const toggle = useCallback(
    (key: string, checked: boolean) => {
      setState((prev) => {
        const base = prev.source === parsed ? prev.roots : parsed.roots;
        return { source: parsed, roots: setChecked(base, key, checked) };
      });
    },
    [parsed],
  );
  const all = useMemo(() => flattenTree(roots), [roots]);
  return {
    roots,
    error: parsed.error,
    checkedKeys: useMemo(() => all.filter((n) => n.checked).map((n) => n.key), [all]),
    edited: useMemo(() => all.filter((n) => n.isEdit), [all]),
    toggle,
  };
}
