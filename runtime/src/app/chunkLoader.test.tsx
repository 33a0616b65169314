import { act, fireEvent, render, screen } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AppProviders } from './App';
import {
  CHUNK_TIMEOUT_MS,
  ChunkLoadError,
  lazyChunk,
  lazyModule,
  toChunkError,
  watchPreloadErrors,
  withTimeout,
} from './chunkLoader';

afterEach(() => vi.useRealTimers());

describe('toChunkError and withTimeout', () => {
  it('reports a stylesheet failure as CSS_CHUNK_LOAD_FAILED and anything else as CHUNK_LOAD_FAILED', () => {
    expect(toChunkError(new Error('Unable to preload CSS for http://x/assets/a.css')).code).toBe(
      'CSS_CHUNK_LOAD_FAILED',
    );
    expect(toChunkError(new TypeError('Failed to fetch dynamically imported module: http://x/assets/a.js')).code).toBe(
      'CHUNK_LOAD_FAILED',
    );
  });

  it('fails with CHUNK_LOAD_TIMEOUT once the time-out has passed, not before', async () => {
    vi.useFakeTimers();
    const settled = vi.fn();
    const pending = withTimeout(new Promise(() => undefined), CHUNK_TIMEOUT_MS).catch((error: ChunkLoadError) => {
      settled(error.code);
    });
    await vi.advanceTimersByTimeAsync(CHUNK_TIMEOUT_MS - 1);
    expect(settled).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    await pending;
    expect(settled).toHaveBeenCalledWith('CHUNK_LOAD_TIMEOUT');
  });

  it('tags vite:preloadError stylesheet failures with the CSS code', () => {
    const target = new EventTarget();
    watchPreloadErrors(target as unknown as Window);
    const error = new Error('Unable to preload CSS for /assets/page.css');
    const event = Object.assign(new Event('vite:preloadError', { cancelable: true }), { payload: error });
    const spy = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    target.dispatchEvent(event);
    spy.mockRestore();
    expect((error as Error & { code?: string }).code).toBe('CSS_CHUNK_LOAD_FAILED');
    expect(event.defaultPrevented).toBe(false);
  });
});

describe('lazyChunk', () => {
  it('shows the failure with its code and loads the page on Retry', async () => {
    let calls = 0;
    const factory = () => {
      calls += 1;
      if (calls === 1) return Promise.reject(new Error('Unable to preload CSS for /assets/x.css'));
      return Promise.resolve(({ name }: { name: string }) => <p>hello {name}</p>);
    };
    const Page = lazyChunk(factory, 1000);
    const spy = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    render(
      <AppProviders>
        <Page name="tab" />
      </AppProviders>,
    );
    expect(await screen.findByText(/CSS_CHUNK_LOAD_FAILED/)).toBeTruthy();
    spy.mockRestore();
    await act(async () => fireEvent.click(screen.getByRole('button', { name: '重试' })));
    expect(await screen.findByText('hello tab')).toBeTruthy();
    expect(calls).toBe(2);
  });
});

describe('lazyModule', () => {
  it('loads the module once for all its parts, and a part mounted after it arrived renders without the spinner', async () => {
    let loads = 0;
    const load = () => {
      loads += 1;
      return Promise.resolve({
        Frame: ({ children }: { children?: ReactNode }) => <section>frame {children}</section>,
        Inner: () => <p>inner</p>,
      });
    };
    const part = lazyModule(load, 1000);
    const Frame = part((module) => module.Frame);
    const Inner = part((module) => module.Inner);
    const view = render(
      <AppProviders>
        <Frame />
      </AppProviders>,
    );
    expect(await screen.findByText('frame')).toBeTruthy();
    view.rerender(
      <AppProviders>
        <Frame>
          <Inner />
        </Frame>
      </AppProviders>,
    );
    // Synchronously: a second lazy wrapper would suspend and show the spinner first.
    expect(screen.getByText('inner')).toBeTruthy();
    expect(document.querySelector('.ant-spin')).toBeNull();
    expect(loads).toBe(1);
  });
});
