/**
 * Lookup values cached per type per language (docs/architecture.md "Spec: records and grid config") in the
 * app's QueryClient under
 * ['lookup', language, type] (queries.tsx; fresh for REFERENCE_STALE_MS). Requests made in the
 * same tick are batched into one findDic call, so a grid with five lookup columns asks once.
 */
import { QueryClient } from '@tanstack/react-query';
import type { LookupValue } from './dataProvider';
import type { Language } from './language';
import { createQueryClient, lookupKey, REFERENCE_STALE_MS } from './queries';

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
  private readonly batches = new Map<Language, Batch>();

  /** Without a client (a widget or unit test) the cache keeps its own. */
  constructor(
    private readonly fetchDic: FetchDic,
    readonly client: QueryClient = createQueryClient(),
  ) {}

  peek(type: string, language: Language): LookupValue[] | undefined {
    return this.client.getQueryData<LookupValue[]>(lookupKey(language, type));
  }

  async load(types: string[], language: Language): Promise<Record<string, LookupValue[]>> {
    const unique = [...new Set(types.filter(Boolean))];
    const entries = await Promise.all(unique.map(async (type) => [type, await this.loadOne(type, language)] as const));
    return Object.fromEntries(entries);
  }

  clear(): void {
    this.client.removeQueries({ queryKey: ['lookup'] });
  }

  /** Query options of one type: useLookup subscribes with them, load fetches with them. */
  options(type: string, language: Language) {
    return {
      queryKey: lookupKey(language, type),
      // A type asked for in flight is shared (the query dedups); a failed load is not remembered.
      queryFn: () => this.enqueue(type, language),
      staleTime: REFERENCE_STALE_MS,
    };
  }

  private loadOne(type: string, language: Language): Promise<LookupValue[]> {
    return this.client.fetchQuery(this.options(type, language));
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
