import { decimalShape, type EntityModel } from '@meridian/metadata';
import type { Row } from '../db/sqlExecutor';

type Decoder = (value: unknown) => unknown;

const decoders = new WeakMap<EntityModel, [string, Decoder][]>();

function decimalDecoder(scale: number): Decoder {
  // MySQL returns DECIMAL as a string already; SQLite as a number: both leave here as "1700.00".
  // A stored value has at most `scale` decimals, so toFixed(scale) of its double is exact (and never "1e-7").
  return (v) => (v === null || v === undefined ? null : typeof v === 'string' ? v : (v as number).toFixed(scale));
}

const jsonDecoder: Decoder = (v) => {
  if (typeof v !== 'string') return v ?? null;
  try {
    return JSON.parse(v);
  } catch {
    return v;
  }
};

const integerDecoder: Decoder = (v) =>
  typeof v === 'string' && /^-?\d+$/.test(v) && Number.isSafeInteger(Number(v)) ? Number(v) : v;

function decodersFor(entity: EntityModel): [string, Decoder][] {
  let list = decoders.get(entity);
  if (!list) {
    list = [];
    for (const f of entity.readableFields) {
      const shape = decimalShape(f);
      if (shape) list.push([f.name, decimalDecoder(shape.scale)]);
      else if (f.type === 'json') list.push([f.name, jsonDecoder]);
      else if (f.type === 'integer' || f.type === 'reference' || f.system) list.push([f.name, integerDecoder]);
    }
    decoders.set(entity, list);
  }
  return list;
}

/** Normalises a row read with field-name aliases into the API's value shapes, in place. */
export function decodeRow(entity: EntityModel, row: Row): Row {
  for (const [name, decode] of decodersFor(entity)) if (name in row) row[name] = decode(row[name]);
  return row;
}
