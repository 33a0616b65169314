/**
 * Loads a detail through its view action once per opening: the action both answers the record and
 * records the read, so it must not run twice for one visit (React's development double effects).
 */
import { useEffect, useRef, useState } from 'react';
import { useFeedback } from '../../core/feedback';
import type { DataRecord } from '../../meta';

export function useViewOnce(
  id: string | null,
  view: (id: string) => Promise<DataRecord>,
): { row?: DataRecord; failed: boolean } {
  const feedback = useFeedback();
  const viewed = useRef<string | null>(null);
  const [state, setState] = useState<{ id: string | null; row?: DataRecord; failed: boolean }>({
    id: null,
    failed: false,
  });
  useEffect(() => {
    if (!id || viewed.current === id) return;
    viewed.current = id;
    view(id).then(
      (row) => setState({ id, row, failed: false }),
      (error: unknown) => {
        setState({ id, failed: true });
        feedback.error(error);
      },
    );
  }, [id, view, feedback]);
  return state.id === id ? state : { failed: false };
}
