/**
 * Page chunks load on demand (docs/architecture.md "Spec: routes and home", "Spec: messages",
 * "Spec: constants"): a chunk that fails, or that has not
 * arrived after 120 000 ms, shows a clear message with Retry instead of a blank screen or an
 * endless spinner. A stylesheet that fails to load (vite announces it as `vite:preloadError`) is
 * reported as CSS_CHUNK_LOAD_FAILED.
 */
import { Button, Result, Spin } from 'antd';
import { Component, lazy, Suspense, useState, type ComponentType, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { busy } from '../core/busy';

export const CHUNK_TIMEOUT_MS = 120_000;

export type ChunkErrorCode = 'CHUNK_LOAD_FAILED' | 'CHUNK_LOAD_TIMEOUT' | 'CSS_CHUNK_LOAD_FAILED';

export class ChunkLoadError extends Error {
  constructor(
    readonly code: ChunkErrorCode,
    readonly detail = '',
  ) {
    super(detail ? `${code}: ${detail}` : code);
    this.name = 'ChunkLoadError';
  }
}

/** Vite's message for a stylesheet preload failure ("Unable to preload CSS for …"). */
const CSS_FAILURE = /preload CSS|\.css(\?|$|\s)/i;

export function toChunkError(error: unknown): ChunkLoadError {
  if (error instanceof ChunkLoadError) return error;
  const code = (error as { code?: unknown } | null)?.code;
  const message = error instanceof Error ? error.message : String(error);
  if (code === 'CSS_CHUNK_LOAD_FAILED' || CSS_FAILURE.test(message))
    return new ChunkLoadError('CSS_CHUNK_LOAD_FAILED', message);
  return new ChunkLoadError('CHUNK_LOAD_FAILED', message);
}

export function withTimeout<T>(promise: Promise<T>, timeoutMs: number): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new ChunkLoadError('CHUNK_LOAD_TIMEOUT', `${timeoutMs} ms`)), timeoutMs);
    promise.then(
      (value) => {
        clearTimeout(timer);
        resolve(value);
      },
      (error: unknown) => {
        clearTimeout(timer);
        reject(toChunkError(error));
      },
    );
  });
}

let listening = false;

/**
 * Marks vite's preload failures of stylesheets with CSS_CHUNK_LOAD_FAILED. The event is not
 * cancelled: vite then rejects the import, and the chunk's loader shows the error. Idempotent.
 */
export function watchPreloadErrors(target: Pick<Window, 'addEventListener'> | undefined = globalThis.window): void {
  if (listening || !target) return;
  listening = true;
  target.addEventListener('vite:preloadError', (event) => {
    const error = (event as Event & { payload?: unknown }).payload;
    if (error instanceof Error && CSS_FAILURE.test(error.message)) {
      Object.assign(error, { code: 'CSS_CHUNK_LOAD_FAILED' });
      console.error('CSS_CHUNK_LOAD_FAILED', error.message);
    }
  });
}

function ChunkFailure({ error, onRetry }: { error: ChunkLoadError; onRetry: () => void }) {
  const { t } = useTranslation();
  const text =
    error.code === 'CHUNK_LOAD_TIMEOUT'
      ? t('chunk.timeout')
      : error.code === 'CSS_CHUNK_LOAD_FAILED'
        ? t('chunk.cssFailed')
        : t('chunk.failed');
  return (
    <Result
      status="warning"
      title={t('chunk.title')}
      subTitle={<span data-error-code={error.code}>{`${text} (${error.code})`}</span>}
      extra={
        <Button type="primary" onClick={onRetry}>
          {t('chunk.retry')}
        </Button>
      }
    />
  );
}

/** Catches load failures only: an error of the loaded page itself goes on to the next boundary. */
class ChunkBoundary extends Component<{ children: ReactNode; onRetry: () => void }, { error: unknown }> {
  override state = { error: null as unknown };

  static getDerivedStateFromError(error: unknown) {
    return { error };
  }

  override render() {
    const { error } = this.state;
    if (!error) return this.props.children;
    if (error instanceof ChunkLoadError) return <ChunkFailure error={error} onRetry={this.props.onRetry} />;
    throw error;
  }
}

/**
 * A component loaded on demand with the time-out, the failure message and Retry. React.lazy
 * remembers a failure for ever, so Retry starts a fresh lazy component.
 */
export function lazyChunk<P extends object>(
  factory: () => Promise<ComponentType<P>>,
  timeoutMs = CHUNK_TIMEOUT_MS,
): ComponentType<P> {
  // A chunk on its way counts towards the app's busy signal (core/busy.ts), until it arrives or times out.
  const fresh = () =>
    lazy(() => busy.during(withTimeout(factory(), timeoutMs)).then((component) => ({ default: component })));
  let current = fresh();
  return function Chunk(props: P) {
    const [attempt, setAttempt] = useState(0);
    const Loaded = current as ComponentType<P>;
    const retry = () => {
      current = fresh();
      setAttempt((n) => n + 1);
    };
    return (
      <ChunkBoundary key={attempt} onRetry={retry}>
        <Suspense fallback={<Spin style={{ display: 'block', margin: 48 }} />}>
          <Loaded {...props} />
        </Suspense>
      </ChunkBoundary>
    );
  };
}

/**
 * Components of one module that loads on demand as a whole (the shell with its screens): each is
 * a lazyChunk, and one mounted after the module has arrived renders at once rather than showing
 * the spinner for a frame (home inside the shell that has just loaded).
 */
export function lazyModule<M>(load: () => Promise<M>, timeoutMs = CHUNK_TIMEOUT_MS) {
  let loaded: M | undefined;
  const loadOnce = () => load().then((module) => (loaded = module));
  return function part<P extends object>(pick: (module: M) => ComponentType<P>): ComponentType<P> {
    const Chunk = lazyChunk(() => loadOnce().then(pick), timeoutMs);
    return function Part(props: P) {
      // Chosen once per mount: switching from the lazy wrapper to the component would remount it.
      const [Ready] = useState<ComponentType<P>>(() => (loaded ? pick(loaded) : Chunk));
      return <Ready {...props} />;
    };
  };
}
