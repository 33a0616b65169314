import Ajv, { type ErrorObject, type ValidateFunction } from 'ajv';
import addFormats from 'ajv-formats';
import * as fs from 'node:fs';
import * as path from 'node:path';

/**
 * The one ajv instance of Meridian. Meta-model schemas are registered by $id; record schemas are
 * compiled on demand and cached by the caller. allErrors so an admin sees every problem at once.
 */
export const SCHEMA_DIR = path.join(__dirname, '..', 'schema');
export const SCHEMA_ID_PREFIX = 'https://meridian.dev/schema/';

export const ajv = new Ajv({ allErrors: true, strict: false, allowUnionTypes: true });
addFormats(ajv);

for (const file of fs
  .readdirSync(SCHEMA_DIR)
  .filter((f) => f.endsWith('.schema.json'))
  .sort()) {
  ajv.addSchema(JSON.parse(fs.readFileSync(path.join(SCHEMA_DIR, file), 'utf8')));
}

export function metaSchemaValidator(file: string): ValidateFunction {
  const validate = ajv.getSchema(SCHEMA_ID_PREFIX + file);
  if (!validate) throw new Error(`meta-model schema ${file} is not registered`);
  return validate;
}

/** One ajv error in plain words: "at /fields/3/type: must be one of string, text, …". */
export function describeAjvError(error: ErrorObject): { pointer: string; message: string } {
  const pointer = error.instancePath || '/';
  const p = error.params as Record<string, unknown>;
  switch (error.keyword) {
    case 'additionalProperties':
      return { pointer, message: `unknown property "${p.additionalProperty}"` };
    case 'required':
      return { pointer, message: `missing required property "${p.missingProperty}"` };
    case 'enum':
      return { pointer, message: `must be one of ${(p.allowedValues as unknown[]).map(String).join(', ')}` };
    case 'const':
      return { pointer, message: `must be ${JSON.stringify(p.allowedValue)}` };
    case 'type':
      return { pointer, message: `must be of type ${p.type}` };
    case 'pattern':
      return { pointer, message: `has a wrong format (expected ${p.pattern})` };
    case 'maxLength':
      return { pointer, message: `is longer than ${p.limit} characters` };
    default:
      return { pointer, message: error.message ?? error.keyword };
  }
}

/**
 * oneOf failures repeat every branch's complaints. Where a oneOf failed at a path and some branch
 * got further (errors deeper under that path), the branch-mismatch errors at the path itself
 * ("unknown property", "missing and") are noise: keep the deeper, specific ones.
 */
export function significantErrors(errors: ErrorObject[]): ErrorObject[] {
  const composite = new Set(
    errors.filter((e) => e.keyword === 'oneOf' || e.keyword === 'anyOf').map((e) => e.instancePath),
  );
  const hasDeeper = (path: string) => errors.some((e) => e.instancePath.startsWith(`${path}/`));
  const nonComposite = errors.filter((e) => e.keyword !== 'oneOf' && e.keyword !== 'anyOf');
  const focused = nonComposite.filter((e) => !(composite.has(e.instancePath) && hasDeeper(e.instancePath)));
  const list = focused.length ? focused : nonComposite.length ? nonComposite : errors;
  const seen = new Set<string>();
  return list.filter((e) => {
    const key = `${e.instancePath}|${describeAjvError(e).message}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}
