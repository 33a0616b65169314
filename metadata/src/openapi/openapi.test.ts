import Ajv2020 from 'ajv/dist/2020';
import addFormats from 'ajv-formats';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadDocumentFiles } from '../loader';
import { MetadataRegistry } from '../registry';
import { buildOpenApiDocument, type CustomActionInfo, type OpenApiDocument } from './document';

const OAS_DIR = path.join(
  __dirname,
  '..',
  '..',
  '..',
  'node_modules',
  '@apidevtools',
  'openapi-schemas',
  'schemas',
  'v3.1',
);
const readJson = (file: string) => JSON.parse(fs.readFileSync(path.join(OAS_DIR, file), 'utf8'));

/** The official OpenAPI 3.1 meta-schema, with its base dialect: the schemas inside are checked too. */
function oasValidator() {
  const ajv = new Ajv2020({ strict: false, allErrors: true, validateFormats: false });
  // Ajv resolves $dynamicRef "#meta" to the enclosing definition instead of the meta anchor; with
  // no extension dialect in play it means the plain schema definition, so it is spelt that way.
  // The schemas inside are compiled as JSON Schema 2020-12 by the next test.
  const oas = JSON.parse(
    JSON.stringify(readJson('schema.json')).replaceAll('"$dynamicRef":"#meta"', '"$ref":"#/$defs/schema"'),
  );
  return ajv.compile(oas);
}

function documentFor(registry: MetadataRegistry, customActions: CustomActionInfo[] = []): OpenApiDocument {
  return buildOpenApiDocument({
    title: 'Meridian API',
    version: 'test',
    entities: registry.entities(),
    lookupEntity: (name) => registry.entity(name),
    lifecycleOf: (e) => (e.def.lifecycle ? registry.lifecycle(e.def.lifecycle) : undefined),
    customActions,
  });
}

/** Every $ref in the document points at something that exists in it. */
function danglingRefs(doc: object): string[] {
  const bad: string[] = [];
  const resolve = (pointer: string) =>
    pointer
      .slice(2)
      .split('/')
      .reduce<unknown>((node, key) => (node as Record<string, unknown> | undefined)?.[key], doc);
  (function walk(node: unknown): void {
    if (Array.isArray(node)) return node.forEach(walk);
    if (!node || typeof node !== 'object') return;
    for (const [key, value] of Object.entries(node)) {
      if (key === '$ref' && typeof value === 'string' && resolve(value) === undefined) bad.push(value);
      else walk(value);
    }
  })(doc);
  return bad;
}

const real = MetadataRegistry.load(loadDocumentFiles());
const mini = MetadataRegistry.load(loadDocumentFiles([path.join(__dirname, '..', '__fixtures__', 'miniApp')]));

describe('the generated OpenAPI document', () => {
  it('is valid OpenAPI 3.1 for the real application, with every $ref resolving', () => {
    const doc = documentFor(real, [
      { area: 'baseServer', resource: 'baseLoginRestful', action: 'login', access: 'public' },
    ]);
    const validate = oasValidator();
    expect(validate(doc), JSON.stringify(validate.errors?.slice(0, 5), null, 2)).toBe(true);
    expect(danglingRefs(doc)).toEqual([]);
  });

  // Compiles every schema of the whole application (about 4 s alone, 6.6 s under load in a full
  // `npm test`, past the default 5 s): the time grows with the application, hence its own limit.
  it('every component schema compiles as JSON Schema 2020-12', { timeout: 60_000 }, () => {
    const doc = documentFor(real);
    const ajv = new Ajv2020({ strict: false });
    addFormats(ajv);
    ajv.addSchema({ ...doc, $id: 'urn:meridian:openapi' } as object);
    for (const name of Object.keys(doc.components.schemas)) {
      expect(() => ajv.getSchema(`urn:meridian:openapi#/components/schemas/${name}`), name).not.toThrow();
    }
  });

  it('lists the six generic actions of a header entity and only the reads of a line entity', () => {
    const doc = documentFor(mini);
    const header = mini.entities().find((e) => !e.def.parent && e.def.exposed !== false && e.children.length > 0)!;
    const line = mini.entity(header.children[0].entity)!;
    const actionsOf = (e: typeof header) =>
      Object.keys(doc.paths)
        .filter((p) => p.startsWith(`/api/${e.area}/v1/${e.name}Restful/`))
        .map((p) => p.split('/').pop());
    expect(actionsOf(header)).toEqual(
      expect.arrayContaining([
        'findById',
        'listByPage',
        'saveOrUpdate',
        'doBatchSaveOrUpdate',
        'delete',
        'doBatchDelete',
      ]),
    );
    expect(actionsOf(line).sort()).toEqual(['findById', 'listByPage']);
  });

  it('serves each lifecycle transition under its action and every alias, naming the states and the resource', () => {
    const docs = loadDocumentFiles([path.join(__dirname, '..', '__fixtures__', 'miniApp')]);
    const lifecycleDoc = docs.find((d) => (d.doc as { kind?: string }).kind === 'lifecycle')!.doc as {
      transitions: { action: string; aliases?: string[] }[];
    };
    lifecycleDoc.transitions[0].aliases = ['submitDemoOrder'];
    const registry = MetadataRegistry.load(docs);
    const doc = documentFor(registry);
    const entity = registry.entities().find((e) => e.def.lifecycle && !e.def.parent)!;
    const transition = registry.lifecycle(entity.def.lifecycle!)!.transitions[0];
    for (const name of [transition.action, 'submitDemoOrder']) {
      const op = doc.paths[`/api/${entity.area}/v1/${entity.name}Restful/${name}`]?.post as
        { description: string } | undefined;
      expect(op, name).toBeDefined();
      expect(op!.description).toContain(transition.resourceCode);
      expect(op!.description).toContain(transition.to);
    }
  });

  it('leaves out unexposed entities and documents custom actions with their access', () => {
    const doc = documentFor(real, [
      { area: 'baseServer', resource: 'baseLoginRestful', action: 'login', access: 'public' },
      {
        area: 'srmServer',
        resource: 'srmPurCartRestful',
        action: 'doAddCount',
        access: 'menu',
        resourceCode: 'btnAdd',
      },
    ]);
    const hidden = real.entities().find((e) => e.def.exposed === false)!;
    expect(Object.keys(doc.paths).some((p) => p.includes(`/${hidden.name}Restful/`))).toBe(false);
    const login = doc.paths['/api/baseServer/v1/baseLoginRestful/login'].post as {
      security?: unknown;
      description: string;
    };
    expect(login.security).toBeUndefined();
    expect(login.description).toContain('Public');
    const cart = doc.paths['/api/srmServer/v1/srmPurCartRestful/doAddCount'].post as {
      security: unknown;
      description: string;
    };
    expect(cart.security).toBeDefined();
    expect(cart.description).toContain('btnAdd');
  });

  it('describes a record with the same schema the server validates writes with', () => {
    const doc = documentFor(mini);
    const header = mini.entities().find((e) => !e.def.parent && e.def.exposed !== false)!;
    const schema = doc.components.schemas[`${header.name[0].toUpperCase()}${header.name.slice(1)}Record`] as {
      properties: Record<string, unknown>;
    };
    for (const field of header.readableFields) expect(schema.properties, field.name).toHaveProperty(field.name);
  });
});
