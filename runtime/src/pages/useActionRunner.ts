/**
 * Runs a page action: client actions (create, edit, view, export) call back into the page;
 * endpoint actions call the server (delete, doBatchDelete, lifecycle actions such as doSubmit),
 * after a confirmation where deleting or where the action declares one, or after asking for the
 * text the action's `prompt` names (a reject reason), which is sent in the body.
 */
import { App, Input } from 'antd';
import { createElement, useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { useDataProvider } from '../core/DataProviderContext';
import { useFeedback } from '../core/feedback';
import { useLabel } from '../i18n';
import type { DataRecord, EntityDef, PageAction } from '../meta';

export interface ClientHandlers {
  create?: () => void;
  edit?: (row: DataRecord) => void;
  view?: (row: DataRecord) => void;
  export?: () => void;
  /** The export action's second format, offered next to its button. */
  exportCsv?: () => void;
  /** Called after an endpoint action succeeded (reload the list or the record). */
  done?: (action: PageAction) => void;
  /** Action openPage: opens `action.page` for the row (its id). */
  openPage?: (path: string, row: DataRecord) => void;
  /** Opens the document an endpoint action answered with `{open: {path, id}}` (an order made from the demand pool). */
  open?: (target: OpenTarget) => void;
}

export interface OpenTarget {
  path: string;
  id?: string | number;
}

function openTargetOf(answer: unknown): OpenTarget | undefined {
  const open = (answer as { open?: OpenTarget } | null | undefined)?.open;
  return open && typeof open.path === 'string' ? open : undefined;
}

const DELETE_ACTIONS = new Set(['delete', 'doBatchDelete']);

export function useActionRunner(entity: EntityDef, handlers: ClientHandlers) {
  const provider = useDataProvider();
  const feedback = useFeedback();
  const { modal } = App.useApp();
  const { t } = useTranslation();
  const label = useLabel();

  const callEndpoint = useCallback(
    async (action: PageAction, rows: DataRecord[], extra: Record<string, string> = {}) => {
      const ids = rows.map((row) => row[entity.primaryKey]);
      const many = action.placement === 'toolbar';
      if (action.action === 'delete' && !many) await provider.delete(entity, ids[0]);
      else if (DELETE_ACTIONS.has(action.action)) await provider.doBatchDelete(entity, ids);
      else {
        const answer = await provider.lifecycleAction(
          entity,
          action.action,
          many ? { ids, ...extra } : { id: ids[0], ...extra },
        );
        const target = openTargetOf(answer);
        if (target) handlers.open?.(target);
      }
      feedback.success(DELETE_ACTIONS.has(action.action) ? t('common.deleted') : t('common.done'));
      handlers.done?.(action);
    },
    [provider, feedback, entity, handlers, t],
  );

  const confirmText = useCallback(
    (action: PageAction, rows: DataRecord[]): string | undefined => {
      if (action.confirm) return label(action.confirm);
      if (action.action === 'delete' && action.placement !== 'toolbar') return t('common.confirmDelete');
      if (DELETE_ACTIONS.has(action.action)) return t('common.confirmBatchDelete', { count: rows.length });
      return undefined;
    },
    [label, t],
  );

  return useCallback(
    (action: PageAction, rows: DataRecord[] = []) => {
      const client = handlers[action.action as 'create' | 'edit' | 'view' | 'export' | 'exportCsv'];
      if (['create', 'export', 'exportCsv'].includes(action.action)) {
        if (client) (client as () => void)();
        else feedback.warning(t('common.notAvailable'));
        return;
      }
      if (action.action === 'openPage') {
        if (rows[0] && action.page && handlers.openPage) handlers.openPage(action.page, rows[0]);
        return;
      }
      if (['edit', 'view'].includes(action.action)) {
        if (rows[0] && client) (client as (row: DataRecord) => void)(rows[0]);
        return;
      }
      if (rows.length === 0) {
        feedback.warning(t('common.selectRows'));
        return;
      }
      const { prompt } = action;
      if (prompt) {
        // The OK button waits for the text when it is required; the dialog closes once the call is done.
        let value = '';
        const required = prompt.required !== false;
        const dialog = modal.confirm({
          title: label(action.label),
          content: createElement(
            'label',
            { style: { display: 'block' } },
            label(prompt.label),
            createElement(Input.TextArea, {
              rows: 4,
              maxLength: prompt.maxLength ?? 1000,
              style: { marginTop: 8 },
              onChange: (event: { target: { value: string } }) => {
                value = event.target.value;
                dialog.update({ okButtonProps: { disabled: required && !value.trim() } });
              },
            }),
          ),
          okButtonProps: { disabled: required },
          okText: t('common.ok'),
          cancelText: t('common.cancel'),
          onOk: () =>
            callEndpoint(action, rows, { [prompt.field]: value.trim() }).catch((error: unknown) =>
              feedback.error(error),
            ),
        });
        return;
      }
      const run = () => callEndpoint(action, rows).catch((error: unknown) => feedback.error(error));
      const text = confirmText(action, rows);
      if (!text) return void run();
      modal.confirm({
        title: t('common.confirmTitle'),
        content: text,
        okText: t('common.ok'),
        cancelText: t('common.cancel'),
        onOk: run,
      });
    },
    [handlers, feedback, callEndpoint, confirmText, modal, t, label],
  );
}
