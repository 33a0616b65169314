/**
 * What the server says an action wrote (the envelope's `written`, docs/decisions.md "Issue 32: an
 * answer names what it wrote"): the request client announces it, the query layer invalidates
 * exactly those entities — the to-dos, lines and documents an action changed besides its own
 * entity, so that another open tab's list is not left stale.
 */
/** An entity as the server names it (the DataProvider's WrittenEntity). */
export interface WrittenEntity {
  name: string;
  area: string;
}

type Listener = (written: WrittenEntity[]) => void;

const listeners = new Set<Listener>();

const isAddress = (v: unknown): v is WrittenEntity =>
  !!v && typeof (v as WrittenEntity).name === 'string' && typeof (v as WrittenEntity).area === 'string';

/** Called by the request client with an answer's `written` (anything else is ignored). */
export function announceWritten(written: unknown): void {
  if (!Array.isArray(written)) return;
  const entities = written.filter(isAddress);
  if (entities.length) for (const listener of listeners) listener(entities);
}

/** Subscribes to announcements; answers the unsubscribe. */
export function onWritten(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
