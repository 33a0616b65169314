/**
 * The tree-check widget (docs/architecture.md "Spec: routes and home", "Spec: records and grid config",
 * "Spec: states"): a tree built from flat rows with checkboxes. The
 * antd Tree only draws; which nodes a click checks is decided by metadata/src/tree.ts
 * (checkStrictly, so antd's own parent/child linking never competes with the spec's rules).
 */
import type { TreeConfig, TreeNode } from '@meridian/metadata';
import { Alert, Tree } from 'antd';
import type { DataNode } from 'antd/es/tree';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLanguage } from '../../i18n';
import { useTreeCheck } from './useTreeCheck';

type Row = Record<string, unknown>;

export interface TreeCheckProps<R extends Row = Row> {
  rows: R[];
  config: TreeConfig;
  /** Called after every click with the changed nodes (isEdit) and the whole forest. */
  onEdit?: (edited: TreeNode<R>[], roots: TreeNode<R>[]) => void;
  disabled?: boolean;
  'aria-label'?: string;
}

function toDataNodes<R>(nodes: TreeNode<R>[]): DataNode[] {
  return nodes.map((n) => ({
    key: n.key,
    title: (
      <span data-tree-key={n.key} data-edited={n.isEdit ? 'Y' : 'N'}>
        {n.title}
      </span>
    ),
    children: toDataNodes(n.children),
  }));
}

function expandedOf<R>(nodes: TreeNode<R>[]): string[] {
  return nodes.flatMap((n) => [...(n.expand && n.children.length ? [n.key] : []), ...expandedOf(n.children)]);
}

export function TreeCheck<R extends Row = Row>({ rows, config, onEdit, disabled, ...rest }: TreeCheckProps<R>) {
  const { t } = useTranslation();
  const language = useLanguage();
  const { roots, error, checkedKeys, edited, toggle } = useTreeCheck(rows, config);
  const treeData = useMemo(() => toDataNodes(roots), [roots]);
  const initiallyExpanded = useMemo(() => expandedOf(roots), [roots]);
  const [expanded, setExpanded] = useState<React.Key[] | undefined>();
  useEffect(() => onEdit?.(edited, roots), [edited, roots, onEdit]);
  if (error)
    return (
      <Alert
        type="error"
        showIcon
        message={t('tree.parseFailed')}
        description={language === 'CN' ? error.messageCn : error.message}
      />
    );
  return (
    <div role="group" aria-label={rest['aria-label']}>
      <Tree
        checkable
        checkStrictly
        selectable={false}
        disabled={disabled}
        treeData={treeData}
        checkedKeys={{ checked: checkedKeys, halfChecked: [] }}
        expandedKeys={expanded ?? initiallyExpanded}
        onExpand={(keys) => setExpanded(keys)}
        onCheck={(_, info) => toggle(String(info.node.key), info.checked)}
      />
    </div>
  );
}
