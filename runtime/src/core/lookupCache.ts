/**
 * Lookup values cached per type per language (spec 1 section 3). Requests made in the same
 * tick are batched into one findDic call, so a grid with five lookup columns asks once.
 */
import type { LookupValue } from './dataProvider';
import type { Language } from './language';

export type FetchDic = (lookupTypes: string[]) => Promise<Record<string, LookupValue[]>>;

interface Batch {
  types: Set<string>;
  promise: Promise<Record<string, LookupValue[]>>;
}

export function sortLookupValues(values: LookupValue[]): LookupValue[] {
  return [...values].sort((a, b) => (a.seqNum ?? 0) - (b.seqNum ?? 0));
}

/** Only enabled values may be chosen; disabled ones still display their meaning. */
export function selectableValues(values: LookupValue[]): LookupValue[] {
  return values.filter((value) => value.enabledFlag !== 'N');
}

export function findLookupValue(values: LookupValue[] | undefined, code: unknown): LookupValue | undefined {
  if (code === null || code === undefined || code === '') return undefined;
  return values?.find((value) => value.lookupCode === String(code));
}

export class LookupCache {
  private readonly values = new Map<string, LookupValue[]>();
  private readonly inflight = new Map<string, Promise<LookupValue[]>>();
  private readonly batches = new Map<Language, Batch>();

  constructor(private readonly fetchDic: FetchDic) {}

  peek(type: string, language: Language): LookupValue[] | undefined {
    return this.values.get(`${language}:${type}`);
  }

  async load(types: string[], language: Language): Promise<Record<string, LookupValue[]>> {
    const unique = [...new Set(types.filter(Boolean))];
    const entries = await Promise.all(unique.map(async (type) => [type, await this.loadOne(type, language)] as const));
    return Object.fromEntries(entries);
  }

  clear(): void {
    this.values.clear();
  }

  private loadOne(type: string, language: Language): Promise<LookupValue[]> {
    const key = `${language}:${type}`;
    const cached = this.values.get(key);
    if (cached) return Promise.resolve(cached);
    const running = this.inflight.get(key);
    if (running) return running;
    const promise = this.enqueue(type, language).then(
      (values) => {
        this.values.set(key, values);
        this.inflight.delete(key);
        return values;
      },
      (error: unknown) => {
        this.inflight.delete(key);
        throw error;
      },
    );
    this.inflight.set(key, promise);
    return promise;
  }

  private enqueue(type: string, language: Language): Promise<LookupValue[]> {
    let batch = this.batches.get(language);
    if (!batch) {
      const types = new Set<string>();
      // Wait one microtask so that every type asked for in this tick joins the same call.
      const promise = Promise.resolve().then(() => {
        this.batches.delete(language);
        return this.fetchDic([...types]);
      });
      batch = { types, promise };
      this.batches.set(language, batch);
    }
    batch.types.add(type);
    return batch.promise.then((dic) => sortLookupValues(dic?.[type] ?? []));
  }
}
