/**
 * Warnings the user confirms (docs/developer-guide.md "Warnings the user confirms"): a write the
 * server answers with 409 and data {warningCode} (e.g. GRADE_WARNING, a supplier's grade) is shown
 * to the user with the server's message; on OK the same request is sent again with the code in the
 * confirmedWarnings header (with any confirmed before it: one call may raise several warnings in
 * turn), on cancel nothing is saved and WarningDeclined is thrown, which feedback does not report.
 * Every screen gets it: useDataProvider wraps its provider with confirmingProvider.
 */
import { isApiError } from './apiError';
import type { DataProvider } from './dataProvider';
import type { ScreenIds } from './request';

/** The user declined a warning: nothing was saved and there is nothing to report. */
export class WarningDeclined extends Error {
  constructor(readonly warningCode: string) {
    super(`Warning ${warningCode} declined`);
    this.name = 'WarningDeclined';
  }
}

export const isWarningDeclined = (error: unknown): error is WarningDeclined => error instanceof WarningDeclined;

/** At most this many warnings in turn for one call (a server repeating a confirmed code stops here). */
const MAX_WARNINGS = 5;

/**
 * The provider whose writes ask `confirm` for each warning and re-send with it confirmed. Reads are
 * not wrapped (a read raises no warning).
 */
export function confirmingProvider(
  provider: DataProvider,
  screen: ScreenIds,
  confirm: (text: string) => Promise<boolean>,
): DataProvider {
  async function run<R>(send: (p: DataProvider) => Promise<R>): Promise<R> {
    const confirmed = [...(screen.confirmedWarnings ?? [])];
    let current = provider;
    for (;;) {
      try {
        return await send(current);
      } catch (error) {
        const code = isApiError(error) ? error.warningCode : null;
        if (!code || confirmed.includes(code) || confirmed.length >= MAX_WARNINGS) throw error;
        if (!(await confirm((error as Error).message))) throw new WarningDeclined(code);
        confirmed.push(code);
        current = provider.forScreen({ ...screen, confirmedWarnings: [...confirmed] });
      }
    }
  }
  return {
    ...provider,
    saveOrUpdate: (entity, record) => run((p) => p.saveOrUpdate(entity, record)),
    doBatchSaveOrUpdate: (entity, rows) => run((p) => p.doBatchSaveOrUpdate(entity, rows)),
    delete: (entity, id) => run((p) => p.delete(entity, id)),
    doBatchDelete: (entity, ids) => run((p) => p.doBatchDelete(entity, ids)),
    lifecycleAction: (entity, action, target) => run((p) => p.lifecycleAction(entity, action, target)),
    callAction: (target, action, body) => run((p) => p.callAction(target, action, body)),
    forScreen: (next) => confirmingProvider(provider.forScreen(next), next, confirm),
  };
}
