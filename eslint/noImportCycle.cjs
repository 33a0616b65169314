// ESLint rule: no import cycle between the repository's files, counting type-only imports,
// re-exports, require() and dynamic import() (a lazy chunk that imports back is a cycle of design,
// if not of evaluation). Reports each import that closes a cycle, with the chain that closes it.
const path = require('node:path');
const { importGraph, resolveSpecifier, chain } = require('./importGraph.cjs');

function sourceOf(node) {
  if (node.type === 'ImportDeclaration' || node.type === 'ExportAllDeclaration') return node.source;
  if (node.type === 'ExportNamedDeclaration') return node.source;
  if (node.type === 'ImportExpression') return node.source;
  if (node.type === 'TSImportType') return node.argument?.literal ?? node.source;
  if (node.type === 'TSExternalModuleReference') return node.expression;
  if (node.type === 'CallExpression' && node.callee.type === 'Identifier' && node.callee.name === 'require') {
    return node.arguments.length === 1 ? node.arguments[0] : undefined;
  }
  return undefined;
}

module.exports = {
  meta: {
    type: 'problem',
    docs: { description: 'Disallow import cycles between repository files, type-only imports included' },
    schema: [],
    messages: { cycle: 'Import cycle: {{route}}' },
  },
  create(context) {
    const file = path.resolve(context.filename);
    const { edges, componentOf } = importGraph();
    if (!componentOf.has(file)) return {};
    const check = (node) => {
      const source = sourceOf(node);
      if (!source || typeof source.value !== 'string') return;
      const target = resolveSpecifier(source.value, file);
      if (!target || componentOf.get(target) !== componentOf.get(file)) return;
      const route = [path.relative(path.dirname(file), file), ...chain(edges, componentOf, target, file)];
      context.report({ node: source, messageId: 'cycle', data: { route: route.join(' → ') } });
    };
    return {
      ImportDeclaration: check,
      ExportAllDeclaration: check,
      ExportNamedDeclaration: check,
      ImportExpression: check,
      TSImportType: check,
      TSExternalModuleReference: check,
      CallExpression: check,
    };
  },
};
