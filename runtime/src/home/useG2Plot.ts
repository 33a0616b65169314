/**
 * Draws one G2Plot chart into a div. G2Plot is loaded with a dynamic import(), so it is a chunk of
 * its own that the browser fetches only when a chart is on screen (docs/architecture.md "Trap: bundle size").
 */
import { useEffect, useRef } from 'react';
import { busy } from '../core/busy';

type G2Plot = typeof import('@antv/g2plot');
interface Drawn {
  render(): void;
  destroy(): void;
}

export function useG2Plot(draw: ((g2: G2Plot, container: HTMLDivElement) => Drawn) | null, deps: unknown[]) {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    let live = true;
    let plot: Drawn | undefined;
    if (draw && ref.current) {
      const container = ref.current;
      void busy.during(import('@antv/g2plot')).then((g2) => {
        if (!live) return;
        plot = draw(g2, container);
        plot.render();
      });
    }
    return () => {
      live = false;
      plot?.destroy();
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the caller's deps, as with useEffect's own
  }, deps);
  return ref;
}
