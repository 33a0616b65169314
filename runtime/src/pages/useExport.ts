/**
 * The list's export action: the server re-runs the list query (requestUrl must be a registered
 * listByPage endpoint, docs/architecture.md "Export neutralisation") and streams an Excel (or CSV) file,
 * saved through the
 * browser.
 * A long export shows a spinner with the elapsed seconds until the file has arrived.
 */
import { App } from 'antd';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { useExports } from '../core/DataProviderContext';
import { listPath } from '../core/dataProvider';
import { saveFile } from '../core/download';
import { useFeedback } from '../core/feedback';
import type { ListController } from '../core/useListController';
import { useLabel } from '../i18n';
import type { EntityDef, PageDef } from '../meta';
import type { ColumnDescriptor } from '../schema/columnDescriptor';
import { listFilter } from '../schema/listFilter';

/** docs/architecture.md "Spec: constants": sheet max 20001 rows for new exports. */
export const EXPORT_SHEET_MAX_ROW = 20001;

/** A loading message that counts the seconds; returns the function that closes it. */
function useProgressMessage() {
  const { message } = App.useApp();
  const { t } = useTranslation();
  return useCallback(() => {
    const key = `export-${Date.now()}`;
    const started = Date.now();
    // message.open answers a thenable that settles when the message closes; nobody waits for it here.
    const show = () =>
      void message.open({
        key,
        type: 'loading',
        duration: 0,
        content: t('export.running', { seconds: Math.round((Date.now() - started) / 1000) }),
      });
    show();
    const timer = setInterval(show, 1000);
    return () => {
      clearInterval(timer);
      message.destroy(key);
    };
  }, [message, t]);
}

export function useExport(page: PageDef, entity: EntityDef, list: ListController, columns: ColumnDescriptor[]) {
  const provider = useExports();
  const feedback = useFeedback();
  const { t } = useTranslation();
  const label = useLabel();
  const startProgress = useProgressMessage();
  return useCallback(
    async (format: 'excel' | 'csv' = 'excel') => {
      const shown = columns
        .filter((column) => !column.hidden)
        .map((column) => ({ key: column.key, title: column.title }));
      if (shown.length === 0) return feedback.warning(t('export.noColumns'));
      const { params, filter } = list.criteria;
      const requestParams = {
        params: { ...(page.grid?.searchParams ?? {}), ...params },
        filter: listFilter(page.grid, filter),
        orderBy: list.orderBy,
      };
      const stopProgress = startProgress();
      try {
        const file = await (format === 'csv' ? provider.exportCsv : provider.exportExcel)({
          requestUrl: listPath(entity, page.grid?.api),
          requestParams: JSON.stringify(requestParams),
          columns: JSON.stringify(shown),
          fileName: label(page.title),
          sheetMaxRow: EXPORT_SHEET_MAX_ROW,
        });
        stopProgress();
        saveFile(file);
        feedback.success(t('export.done'));
      } catch (error) {
        stopProgress();
        feedback.error(error);
      }
    },
    [provider, feedback, t, label, page, entity, list.criteria, list.orderBy, columns, startProgress],
  );
}
