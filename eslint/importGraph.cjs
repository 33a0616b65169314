// The repository's import graph, for the import-cycle rule: every static, type-only, re-export,
// require() and dynamic import() edge between the repository's own source files, resolved the way
// the TypeScript compiler resolves them, and its strongly connected components (Tarjan).
const fs = require('node:fs');
const path = require('node:path');
const ts = require('typescript');

const ROOT = path.resolve(__dirname, '..');
const SOURCE_DIRS = ['metadata/src', 'server/src', 'runtime', 'generators', 'tests', 'scripts', 'seeds', 'eslint'];
const SKIPPED_DIRS = new Set(['node_modules', 'dist', 'data', 'test-results', 'playwright-report', '.bench']);
const SOURCE_FILE = /\.(ts|tsx|cjs|mjs|js)$/;

const compilerOptions = {
  module: ts.ModuleKind.ESNext,
  moduleResolution: ts.ModuleResolutionKind.Bundler,
  allowJs: true,
  resolveJsonModule: false,
  baseUrl: ROOT,
  paths: { '@meridian/metadata': ['metadata/src/index.ts'], '@meridian/metadata/*': ['metadata/src/*'] },
};

function listSourceFiles(dir, out) {
  if (!fs.existsSync(dir)) return out;
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    if (SKIPPED_DIRS.has(entry.name)) continue;
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) listSourceFiles(full, out);
    else if (SOURCE_FILE.test(entry.name) && !entry.name.endsWith('.d.ts')) out.push(full);
  }
  return out;
}

/** The module specifiers a file names, whatever the form of the import. */
function moduleSpecifiers(fileName, text) {
  const source = ts.createSourceFile(fileName, text, ts.ScriptTarget.Latest, true);
  const found = [];
  const visit = (node) => {
    if ((ts.isImportDeclaration(node) || ts.isExportDeclaration(node)) && node.moduleSpecifier) {
      found.push(node.moduleSpecifier.text);
    } else if (ts.isImportEqualsDeclaration(node) && ts.isExternalModuleReference(node.moduleReference)) {
      found.push(node.moduleReference.expression.text);
    } else if (ts.isCallExpression(node) && node.arguments.length === 1 && ts.isStringLiteral(node.arguments[0])) {
      const callee = node.expression;
      if (callee.kind === ts.SyntaxKind.ImportKeyword || (ts.isIdentifier(callee) && callee.text === 'require')) {
        found.push(node.arguments[0].text);
      }
    } else if (ts.isImportTypeNode(node) && ts.isLiteralTypeNode(node.argument)) {
      found.push(node.argument.literal.text);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

/** The repository file a specifier names, or undefined for a package or a file outside the graph. */
function resolveSpecifier(specifier, fromFile) {
  const resolved = ts.resolveModuleName(specifier, fromFile, compilerOptions, ts.sys).resolvedModule;
  if (!resolved || resolved.isExternalLibraryImport) return undefined;
  const file = path.resolve(resolved.resolvedFileName);
  return file.includes(`${path.sep}node_modules${path.sep}`) ? undefined : file;
}

function buildGraph() {
  const files = SOURCE_DIRS.flatMap((dir) => listSourceFiles(path.join(ROOT, dir), []));
  const edges = new Map();
  for (const file of files) {
    const targets = new Set();
    for (const specifier of moduleSpecifiers(file, fs.readFileSync(file, 'utf8'))) {
      const target = resolveSpecifier(specifier, file);
      if (target) targets.add(target);
    }
    edges.set(file, targets);
  }
  return edges;
}

/** Tarjan's strongly connected components: file → component id, for components that are cycles. */
function cyclicComponents(edges) {
  const index = new Map();
  const low = new Map();
  const stack = [];
  const onStack = new Set();
  const componentOf = new Map();
  let counter = 0;
  const strongConnect = (start) => {
    // Iterative, so that a long chain of imports cannot overflow the call stack.
    const work = [[start, [...(edges.get(start) ?? [])], 0]];
    index.set(start, counter);
    low.set(start, counter++);
    stack.push(start);
    onStack.add(start);
    while (work.length) {
      const frame = work[work.length - 1];
      const [node, targets] = frame;
      if (frame[2] < targets.length) {
        const next = targets[frame[2]++];
        if (!edges.has(next)) continue;
        if (!index.has(next)) {
          index.set(next, counter);
          low.set(next, counter++);
          stack.push(next);
          onStack.add(next);
          work.push([next, [...(edges.get(next) ?? [])], 0]);
        } else if (onStack.has(next)) low.set(node, Math.min(low.get(node), index.get(next)));
        continue;
      }
      work.pop();
      if (work.length) {
        const parent = work[work.length - 1][0];
        low.set(parent, Math.min(low.get(parent), low.get(node)));
      }
      if (low.get(node) !== index.get(node)) continue;
      const members = [];
      let member;
      do {
        member = stack.pop();
        onStack.delete(member);
        members.push(member);
      } while (member !== node);
      const selfLoop = edges.get(node)?.has(node);
      if (members.length > 1 || selfLoop) for (const m of members) componentOf.set(m, node);
    }
  };
  for (const file of edges.keys()) if (!index.has(file)) strongConnect(file);
  return componentOf;
}

/** The shortest chain of imports from one file to another inside a component. */
function chain(edges, componentOf, from, to) {
  const component = componentOf.get(from);
  const previous = new Map([[from, null]]);
  const queue = [from];
  while (queue.length) {
    const node = queue.shift();
    if (node === to) break;
    for (const next of edges.get(node) ?? []) {
      if (componentOf.get(next) !== component || previous.has(next)) continue;
      previous.set(next, node);
      queue.push(next);
    }
  }
  const route = [];
  for (let node = to; node; node = previous.get(node)) route.unshift(path.relative(ROOT, node));
  return route;
}

let cached;
/** The graph of the repository as it is on disk, built once per process. */
function importGraph() {
  if (!cached) {
    const edges = buildGraph();
    cached = { edges, componentOf: cyclicComponents(edges) };
  }
  return cached;
}

module.exports = { ROOT, importGraph, resolveSpecifier, chain };
