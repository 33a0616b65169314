/** A list loaded from the server, reloadable, that never shows an answer meant for an earlier request. */
import { useCallback, useEffect, useRef, useState } from 'react';
import { useFeedback } from '../core/feedback';

export interface Remote<T> {
  value: T | undefined;
  loading: boolean;
  reload: () => Promise<void>;
  /** Replace the value locally (an optimistic change the server saves separately). */
  set: (update: (value: T | undefined) => T | undefined) => void;
}

export function useRemote<T>(load: () => Promise<T>, deps: unknown[]): Remote<T> {
  const feedback = useFeedback();
  const [value, setValue] = useState<T>();
  const [loading, setLoading] = useState(true);
  const serial = useRef(0);
  // eslint-disable-next-line react-hooks/exhaustive-deps -- the caller's deps, as with useCallback's own
  const run = useCallback(load, deps);
  const reload = useCallback(async () => {
    const mine = ++serial.current;
    setLoading(true);
    try {
      const next = await run();
      if (mine === serial.current) setValue(next);
    } catch (error) {
      // A failed list shows empty and stops loading (docs/architecture.md "Spec: calls", grid list).
      if (mine === serial.current) setValue(undefined);
      feedback.error(error);
    } finally {
      if (mine === serial.current) setLoading(false);
    }
  }, [run, feedback]);
  useEffect(() => {
    void reload();
  }, [reload]);
  return { value, loading, reload, set: (update) => setValue(update) };
}
