/**
 * Tree from flat rows, with checkboxes (docs/architecture.md "Spec: records and grid config",
 * "Spec: states"): organisation, category and menu
 * trees arrive as flat rows carrying their own key, their parent's key and a level. Shared by the
 * runtime's tree widget and by server code that needs the same paths (treeFullPath).
 */
export interface TreeConfig {
  keyField: string;
  parentKeyField: string;
  levelField: string;
  /** Fields joined by a dash into the node title, e.g. ['categoryCode', 'categoryName'] → "0105-线缆". */
  titleFields: string[];
  /** The Y/N field holding the stored check state (default checkFlag). */
  checkField?: string;
  /** Nodes above this level start expanded (default 1: the roots are open). */
  expandLevel?: number;
}

export interface TreeNode<R = Record<string, unknown>> {
  key: string;
  parentKey: string | null;
  level: number;
  title: string;
  checkFlag: 'Y' | 'N';
  checked: boolean;
  expand: boolean;
  /** Keys from the root down to this node, joined by dots. */
  treeFullPath: string;
  children: TreeNode<R>[];
  /** The check state was changed by the user (what a save sends back). */
  isEdit: boolean;
  row: R;
}

/** The spec's "parsing the tree data failed", in both languages. */
export class TreeParseError extends Error {
  readonly messageCn: string;
  constructor(detail: string) {
    super(`Failed to parse the tree data: ${detail}`);
    this.name = 'TreeParseError';
    this.messageCn = `树形数据解析失败：${detail}`;
  }
}

const text = (value: unknown) => (value === undefined || value === null ? '' : String(value));

function checkConfig(config: TreeConfig | undefined): asserts config is TreeConfig {
  if (!config) throw new TreeParseError('no tree config');
  for (const name of ['keyField', 'parentKeyField', 'levelField'] as const) {
    if (!config[name]) throw new TreeParseError(`the config has no ${name}`);
  }
  if (!Array.isArray(config.titleFields) || config.titleFields.length === 0)
    throw new TreeParseError('the config has no titleFields');
}

function toNode<R extends Record<string, unknown>>(row: R, index: number, config: TreeConfig): TreeNode<R> {
  const key = text(row[config.keyField]);
  if (!key) throw new TreeParseError(`row ${index + 1} has no ${config.keyField}`);
  if (!(config.parentKeyField in row)) throw new TreeParseError(`row ${index + 1} has no ${config.parentKeyField}`);
  const level = Number(row[config.levelField]);
  if (!Number.isInteger(level)) throw new TreeParseError(`row ${index + 1} has no whole-number ${config.levelField}`);
  const parent = text(row[config.parentKeyField]);
  const checkFlag = row[config.checkField ?? 'checkFlag'] === 'Y' ? 'Y' : 'N';
  return {
    key,
    parentKey: parent && parent !== '0' ? parent : null,
    level,
    title: config.titleFields
      .map((f) => text(row[f]))
      .filter(Boolean)
      .join('-'),
    checkFlag,
    checked: checkFlag === 'Y',
    expand: level < (config.expandLevel ?? 1) + 1,
    treeFullPath: '',
    children: [],
    isEdit: false,
    row,
  };
}

/** Builds the forest; a parent key that matches no row makes a root (a filtered list shows a partial tree). */
export function buildTree<R extends Record<string, unknown>>(rows: R[], config: TreeConfig | undefined): TreeNode<R>[] {
  checkConfig(config);
  if (!Array.isArray(rows)) throw new TreeParseError('the data is not a list of rows');
  const nodes = rows.map((row, i) => toNode(row, i, config));
  const byKey = new Map<string, TreeNode<R>>();
  for (const node of nodes) {
    if (byKey.has(node.key)) throw new TreeParseError(`the key ${node.key} occurs twice`);
    byKey.set(node.key, node);
  }
  const roots: TreeNode<R>[] = [];
  for (const node of nodes) {
    const parent = node.parentKey === null ? undefined : byKey.get(node.parentKey);
    (parent ? parent.children : roots).push(node);
  }
  let placed = 0;
  const walk = (node: TreeNode<R>, path: string) => {
    node.treeFullPath = path ? `${path}.${node.key}` : node.key;
    placed += 1;
    node.children.forEach((child) => walk(child, node.treeFullPath));
  };
  roots.forEach((root) => walk(root, ''));
  // Rows whose parents point at each other are never reached from a root.
  if (placed !== nodes.length) throw new TreeParseError('the parent keys form a cycle');
  return roots;
}

function setNode<R>(node: TreeNode<R>, checked: boolean): void {
  if (node.checked === checked) return;
  node.checked = checked;
  node.checkFlag = checked ? 'Y' : 'N';
  node.isEdit = true;
}

function setSubtree<R>(node: TreeNode<R>, checked: boolean): void {
  setNode(node, checked);
  node.children.forEach((child) => setSubtree(child, checked));
}

function cloneTree<R>(nodes: TreeNode<R>[]): TreeNode<R>[] {
  return nodes.map((node) => ({ ...node, children: cloneTree(node.children) }));
}

/** The chain of nodes from a root down to the node with the key, or undefined. */
function pathTo<R>(nodes: TreeNode<R>[], key: string): TreeNode<R>[] | undefined {
  for (const node of nodes) {
    if (node.key === key) return [node];
    const below = pathTo(node.children, key);
    if (below) return [node, ...below];
  }
  return undefined;
}

/**
 * Checks or unchecks a node by the spec's rules and answers a new forest: checking a node checks
 * its descendants and its ancestors; unchecking it unchecks its descendants, and each ancestor
 * stays checked only while one of its children is still checked. Changed nodes get isEdit.
 */
export function setChecked<R>(roots: TreeNode<R>[], key: string, checked: boolean): TreeNode<R>[] {
  const next = cloneTree(roots);
  const chain = pathTo(next, key);
  if (!chain) return next;
  setSubtree(chain[chain.length - 1], checked);
  for (const ancestor of chain.slice(0, -1).reverse()) {
    setNode(ancestor, checked || ancestor.children.some((child) => child.checked));
  }
  return next;
}

/** Every node, depth first (for saving the edited ones: `flattenTree(t).filter(n => n.isEdit)`). */
export function flattenTree<R>(roots: TreeNode<R>[]): TreeNode<R>[] {
  return roots.flatMap((node) => [node, ...flattenTree(node.children)]);
}
