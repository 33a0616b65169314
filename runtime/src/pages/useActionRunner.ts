/**
 * Runs a page action: client actions (create, edit, view, export) call back into the page;
 * endpoint actions call the server (delete, doBatchDelete, lifecycle actions such as doSubmit),
 * after a confirmation where deleting or where the action declares one, or after asking for the
 * text the action's `prompt` names (a reject reason), which is sent in the body. A lifecycle action
 * whose transition takes input (and that has no prompt of its own) first asks for those fields in
 * a dialog (transitionInput.tsx) and sends them next to id/ids.
 *
 * File actions (docs/developer-guide.md "File actions on pages") act on one record: `file:
 * download` saves the answer under its Content-Disposition name; `upload` first takes a file from
 * the page's hidden file input (`fileInput`, rendered by the page) and sends it as the action's
 * .xlsx upload, or stores it as an attachment and sends its id. While one runs, `busy` names it
 * (and the upload's percent) so that its button shows it working and cannot be pressed again.
 */
import { App, Input } from 'antd';
import { createElement, useCallback, useContext, useMemo, useRef, useState, type ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import { useLifecycleOf } from '../approvals/LifecycleContext';
import { useDataProvider, useScreen } from '../core/DataProviderContext';
import type { ActionTarget } from '../core/dataProvider';
import { saveFile } from '../core/download';
import { useFeedback } from '../core/feedback';
import { acceptsFile, actionKey, isFileAction, uploadAccept, type BusyAction } from '../core/pageActions';
import { useLabel } from '../i18n';
import type { DataRecord, EntityDef, PageAction } from '../meta';
import { AttachmentApiContext } from '../widgets/attachment/useAttachments';
import { inputBody, inputComplete, transitionInputFields, TransitionInputForm } from './transitionInput';

export interface ClientHandlers {
  create?: () => void;
  edit?: (row: DataRecord) => void;
  view?: (row: DataRecord) => void;
  export?: () => void;
  /** The export action's second format, offered next to its button. */
  exportCsv?: () => void;
  /** Called after an endpoint action succeeded (reload the list or the record). */
  done?: (action: PageAction) => void;
  /** Action openPage: opens `action.page` for the row (its id, in the query as `idParam`, default id). */
  openPage?: (path: string, row: DataRecord, idParam?: string) => void;
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

export interface ActionRunner {
  run: (action: PageAction, rows?: DataRecord[]) => void;
  /** The file action running now (its key and record), with the upload's percent. */
  busy?: BusyAction;
  /** The hidden file input upload actions open; the page renders it once. */
  fileInput: ReactElement;
}

/** The input's test id: an end-to-end test may also set its files right after pressing the upload button. */
export const FILE_INPUT_TEST_ID = 'page-action-file';

interface Pending {
  action: PageAction;
  row: DataRecord;
}

export function useActionRunner(entity: EntityDef, handlers: ClientHandlers): ActionRunner {
  const provider = useDataProvider();
  const attachments = useContext(AttachmentApiContext);
  const screen = useScreen();
  const feedback = useFeedback();
  const { modal } = App.useApp();
  const { t } = useTranslation();
  const label = useLabel();
  const lifecycle = useLifecycleOf(entity.name);
  const [busy, setBusy] = useState<BusyAction | undefined>(undefined);
  const running = useRef(false);
  const input = useRef<HTMLInputElement>(null);
  const pending = useRef<Pending | undefined>(undefined);

  const targetOf = useCallback(
    (action: PageAction): ActionTarget => ({ name: entity.name, area: entity.area, resource: action.resource }),
    [entity],
  );

  /** One file action at a time: its button shows it running, and a second press meanwhile does nothing. */
  const exclusive = useCallback(
    async (action: PageAction, row: DataRecord, work: (progress: (percent: number) => void) => Promise<void>) => {
      if (running.current) return;
      running.current = true;
      const key = actionKey(action);
      const id = row[entity.primaryKey];
      setBusy({ key, id });
      try {
        await work((percent) => setBusy({ key, id, percent }));
      } catch (error) {
        feedback.error(error);
      } finally {
        running.current = false;
        setBusy(undefined);
      }
    },
    [entity.primaryKey, feedback],
  );

  const download = useCallback(
    (action: PageAction, row: DataRecord) =>
      exclusive(action, row, async () => {
        const body = { [action.idField ?? 'id']: row[entity.primaryKey] };
        saveFile(await provider.fileAction(targetOf(action), action.action, body));
      }),
    [exclusive, provider, targetOf, entity.primaryKey],
  );

  const sendUpload = useCallback(
    (action: PageAction, row: DataRecord, file: File) =>
      exclusive(action, row, async (progress) => {
        const upload = action.upload!;
        const idField = action.idField ?? 'id';
        const id = row[entity.primaryKey];
        const target = targetOf(action);
        let msg = '';
        if (upload.send === 'xlsx') {
          msg = (await provider.uploadAction(target, action.action, file, { [idField]: String(id) })).msg;
        } else {
          // Stored through the file server first (its format and content checks), then named to the action.
          const formats = upload.accept?.replace(/\./g, '');
          const [stored] = await attachments.upload([file], { formats }, screen, progress);
          const body = { [idField]: id, [upload.field ?? 'attachmentId']: stored.id };
          if (action.file === 'download') saveFile(await provider.fileAction(target, action.action, body));
          else msg = (await provider.callAction(target, action.action, body)).msg;
        }
        feedback.success(msg || t('common.done'));
        handlers.done?.(action);
      }),
    [exclusive, provider, attachments, screen, feedback, handlers, t, targetOf, entity.primaryKey],
  );

  /** Opens the file chooser for an upload action; the chosen file runs it (onFileChosen). */
  const chooseFile = useCallback((action: PageAction, row: DataRecord) => {
    const element = input.current;
    if (!element || running.current) return;
    pending.current = { action, row };
    element.accept = uploadAccept(action) ?? '';
    element.value = '';
    element.click();
  }, []);

  const onFileChosen = useCallback(
    (event: { target: HTMLInputElement }) => {
      const file = event.target.files?.[0];
      const chosen = pending.current;
      pending.current = undefined;
      if (!file || !chosen) return;
      const accept = uploadAccept(chosen.action);
      if (!acceptsFile(accept, file.name)) {
        feedback.warning(t('fileAction.wrongType', { accept }));
        return;
      }
      void sendUpload(chosen.action, chosen.row, file);
    },
    [feedback, sendUpload, t],
  );

  const fileInput = useMemo(
    () =>
      createElement('input', {
        ref: input,
        type: 'file',
        style: { display: 'none' },
        'data-testid': FILE_INPUT_TEST_ID,
        'aria-label': t('fileAction.choose'),
        onChange: onFileChosen,
      }),
    [onFileChosen, t],
  );

  const callEndpoint = useCallback(
    async (action: PageAction, rows: DataRecord[], extra: Record<string, unknown> = {}) => {
      const ids = rows.map((row) => row[entity.primaryKey]);
      const many = action.placement === 'toolbar';
      let message = DELETE_ACTIONS.has(action.action) ? t('common.deleted') : t('common.done');
      if (action.action === 'delete' && !many) await provider.delete(entity, ids[0]);
      else if (DELETE_ACTIONS.has(action.action)) await provider.doBatchDelete(entity, ids);
      else if (action.resource || action.idField) {
        // On another resource, or naming the record's id its own way: a custom action, with its message.
        const body = action.withoutRows
          ? extra
          : many
            ? { ids, ...extra }
            : { [action.idField ?? 'id']: ids[0], ...extra };
        const answer = await provider.callAction(targetOf(action), action.action, body);
        const target = openTargetOf(answer.data);
        if (target) handlers.open?.(target);
        message = answer.msg || message;
      } else {
        const answer = await provider.lifecycleAction(
          entity,
          action.action,
          action.withoutRows ? extra : many ? { ids, ...extra } : { id: ids[0], ...extra },
        );
        const target = openTargetOf(answer);
        if (target) handlers.open?.(target);
      }
      feedback.success(message);
      handlers.done?.(action);
    },
    [provider, feedback, entity, handlers, t, targetOf],
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

  const run = useCallback(
    (action: PageAction, rows: DataRecord[] = []) => {
      const client = handlers[action.action as 'create' | 'edit' | 'view' | 'export' | 'exportCsv'];
      if (['create', 'export', 'exportCsv'].includes(action.action)) {
        if (client) (client as () => void)();
        else feedback.warning(t('common.notAvailable'));
        return;
      }
      if (action.action === 'openPage') {
        if (rows[0] && action.page && handlers.openPage) handlers.openPage(action.page, rows[0], action.idParam);
        return;
      }
      if (['edit', 'view'].includes(action.action)) {
        if (rows[0] && client) (client as (row: DataRecord) => void)(rows[0]);
        return;
      }
      if (rows.length === 0 && !action.withoutRows) {
        feedback.warning(t('common.selectRows'));
        return;
      }
      if (isFileAction(action)) {
        // A file action acts on one record: on a toolbar, exactly one selected row.
        if (rows.length > 1) {
          feedback.warning(t('fileAction.oneRow'));
          return;
        }
        const start = () => (action.upload ? chooseFile(action, rows[0]) : void download(action, rows[0]));
        if (!action.confirm) return start();
        modal.confirm({
          title: t('common.confirmTitle'),
          content: label(action.confirm),
          okText: t('common.ok'),
          cancelText: t('common.cancel'),
          onOk: start,
        });
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
      // A lifecycle action (the page entity's own endpoint) whose transition takes input.
      const inputs = action.resource || action.idField ? [] : transitionInputFields(lifecycle, action.action, entity);
      if (inputs.length) {
        let values: DataRecord = {};
        const dialog = modal.confirm({
          title: label(action.label),
          content: createElement(TransitionInputForm, {
            fields: inputs,
            label,
            onChange: (next: DataRecord) => {
              values = next;
              dialog.update({ okButtonProps: { disabled: !inputComplete(inputs, values) } });
            },
          }),
          okButtonProps: { disabled: !inputComplete(inputs, values) },
          okText: t('common.ok'),
          cancelText: t('common.cancel'),
          onOk: () => callEndpoint(action, rows, inputBody(values)).catch((error: unknown) => feedback.error(error)),
        });
        return;
      }
      const call = () => callEndpoint(action, rows).catch((error: unknown) => feedback.error(error));
      const text = confirmText(action, rows);
      if (!text) return void call();
      modal.confirm({
        title: t('common.confirmTitle'),
        content: text,
        okText: t('common.ok'),
        cancelText: t('common.cancel'),
        onOk: call,
      });
    },
    [handlers, feedback, callEndpoint, confirmText, modal, t, label, chooseFile, download, lifecycle, entity],
  );

  return { run, busy, fileInput };
}
