import { renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { ApiError } from './apiError';
import { createDataProvider } from './dataProvider';
import { DataProviderContext, ScreenProvider, useDataProvider } from './DataProviderContext';
import { consoleFeedback, FeedbackContext } from './feedback';
import { buildHeaders, type RequestFn, type RequestOptions } from './request';
import { confirmingProvider, isWarningDeclined, WarningDeclined } from './warnings';

const entity = { name: 'srmPurOrderHeader', area: 'srmServer' };
const warning = (code: string, msg: string) =>
  new ApiError({ httpStatus: 409, msg, code: 'E', data: { warningCode: code } });

/** A server that raises each of `codes` in turn until the call confirms it, then saves. */
function server(codes: string[]) {
  const calls: (string[] | undefined)[] = [];
  const request = vi.fn(async (_path: string, body?: object, options?: RequestOptions) => {
    const confirmed = options?.screen?.confirmedWarnings;
    calls.push(confirmed);
    const missing = codes.find((c) => !confirmed?.includes(c));
    if (missing) throw warning(missing, `供应商等级 ${missing}`);
    return { data: { ...(body as object), orderHeaderId: 7 }, msg: '' };
  }) as unknown as RequestFn;
  return { request, calls };
}

describe('warnings the user confirms', () => {
  it('the confirmedWarnings header carries the confirmed codes', () => {
    expect(buildHeaders('CN', { menuId: '5', confirmedWarnings: ['GRADE_WARNING', 'X'] }, 0).confirmedWarnings).toBe(
      'GRADE_WARNING,X',
    );
    expect(buildHeaders('CN', { menuId: '5' }, 0).confirmedWarnings).toBeUndefined();
  });

  it('a warning is shown with the server message; OK re-sends with it (and the earlier ones) confirmed', async () => {
    const { request, calls } = server(['GRADE_WARNING', 'OTHER']);
    const confirm = vi.fn(async () => true);
    const provider = confirmingProvider(createDataProvider(request, { menuId: '5' }), { menuId: '5' }, confirm);
    expect(await provider.saveOrUpdate(entity, { supplierId: 2 })).toEqual({ supplierId: 2, orderHeaderId: 7 });
    expect(confirm.mock.calls).toEqual([['供应商等级 GRADE_WARNING'], ['供应商等级 OTHER']]);
    expect(calls).toEqual([undefined, ['GRADE_WARNING'], ['GRADE_WARNING', 'OTHER']]);
  });

  it('cancel: nothing is re-sent and WarningDeclined is thrown (not a conflict)', async () => {
    const { request, calls } = server(['GRADE_WARNING']);
    const provider = confirmingProvider(createDataProvider(request), {}, async () => false);
    const failure = await provider.lifecycleAction(entity, 'doSubmit', { id: 7 }).catch((e: unknown) => e);
    expect(isWarningDeclined(failure)).toBe(true);
    expect((failure as WarningDeclined).warningCode).toBe('GRADE_WARNING');
    expect(calls).toHaveLength(1);
  });

  it('other errors pass through, and a 409 warning is not a stale-version conflict', async () => {
    expect(warning('GRADE_WARNING', 'x').isConflict).toBe(false);
    expect(new ApiError({ httpStatus: 409, msg: 'stale' }).isConflict).toBe(true);
    const stale = new ApiError({ httpStatus: 409, msg: 'stale' });
    const request = vi.fn(async () => {
      throw stale;
    }) as unknown as RequestFn;
    const confirm = vi.fn(async () => true);
    const provider = confirmingProvider(createDataProvider(request), {}, confirm);
    await expect(provider.callAction(entity, 'doThing', {})).rejects.toBe(stale);
    expect(confirm).not.toHaveBeenCalled();
  });

  it('every screen gets it: useDataProvider asks the feedback confirm and sends the screen headers', async () => {
    const { request, calls } = server(['GRADE_WARNING']);
    const confirm = vi.fn(async () => true);
    const wrapper = ({ children }: { children: ReactNode }) => (
      <DataProviderContext.Provider value={createDataProvider(request)}>
        <FeedbackContext.Provider value={{ ...consoleFeedback, confirm }}>
          <ScreenProvider screen={{ menuId: '9', respId: '101' }}>{children}</ScreenProvider>
        </FeedbackContext.Provider>
      </DataProviderContext.Provider>
    );
    const { result } = renderHook(() => useDataProvider(), { wrapper });
    await result.current.saveOrUpdate(entity, { supplierId: 2 });
    expect(confirm).toHaveBeenCalledTimes(1);
    expect(calls).toEqual([undefined, ['GRADE_WARNING']]);
    const screens = (request as unknown as ReturnType<typeof vi.fn>).mock.calls.map(
      (c) => (c[2] as RequestOptions).screen,
    );
    expect(screens[1]).toEqual({ menuId: '9', respId: '101', confirmedWarnings: ['GRADE_WARNING'] });
  });
});
