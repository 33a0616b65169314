/**
 * The state of a line grid's "add from another document" button (FormLines.pick), as antd-ready
 * props: whether the user holds the pick's button, the button, the modal, the header values still
 * missing, the picker's filter and the selection. OK appends one mapped line per chosen row to the
 * form's line array (rows already on the document are neither offered nor added twice); the
 * server fills and checks the lines again when the document is saved.
 */
import type { ArrayField } from '@formily/core';
import { useField, useForm } from '@formily/react';
import { pickedLines, pickQuery, type PickQuery } from '@meridian/metadata';
import type { ButtonProps, ModalProps } from 'antd';
import { useState, type Key } from 'react';
import { useTranslation } from 'react-i18next';
import { useFeedback } from '../../core/feedback';
import { useGrantedResources } from '../../core/useResources';
import type { DataRecord } from '../../meta';
import type { LinePickProps } from '../../schema/linePickProps';

export interface LinePickSelection {
  selectedRowKeys: Key[];
  onChange: (keys: Key[], rows: DataRecord[]) => void;
}

export interface LinePickController {
  /** The user holds the pick's button on this menu. */
  visible: boolean;
  buttonProps: ButtonProps;
  modalProps: ModalProps;
  /** "Fill in … first" when the header lacks values the filter needs; nothing is searched then. */
  missing?: string;
  /** The picker's search (header values resolved, rows already on the document left out). */
  query?: PickQuery;
  selection: LinePickSelection;
}

/** Line numbers for the new lines, after the largest one so far. */
export function numberLines(lines: DataRecord[], current: DataRecord[], lineNumField?: string): DataRecord[] {
  if (!lineNumField) return lines;
  const used = current.map((row) => Number(row[lineNumField])).filter((n) => Number.isFinite(n));
  const start = (used.length ? Math.max(...used) : 0) + 1;
  return lines.map((line, i) => ({ ...line, [lineNumField]: start + i }));
}

export function useLinePick(props: LinePickProps, lineNumField?: string): LinePickController {
  const field = useField<ArrayField>();
  const form = useForm();
  const feedback = useFeedback();
  const { t } = useTranslation();
  const { granted } = useGrantedResources();
  const [open, setOpen] = useState(false);
  const [query, setQuery] = useState<PickQuery>();
  const [selected, setSelected] = useState<{ keys: Key[]; rows: DataRecord[] }>({ keys: [], rows: [] });
  const current = (): DataRecord[] => (Array.isArray(field.value) ? (field.value as DataRecord[]) : []);

  const start = () => {
    // The header as it is now: the picker searches with the values on screen, saved or not.
    setQuery(pickQuery(props.pick, (name) => form.getValuesIn(name) as unknown, current()));
    setSelected({ keys: [], rows: [] });
    setOpen(true);
  };
  const confirm = async () => {
    const lines = numberLines(pickedLines(props.pick, selected.rows, current()), current(), lineNumField);
    if (lines.length) await field.push(...lines);
    setOpen(false);
    feedback.success(t('linePick.added', { count: lines.length }));
  };
  const missing = query?.missing.length
    ? t('linePick.missing', {
        fields: query.missing.map((name) => props.headerTitles[name] ?? name).join(t('reference.fieldSeparator')),
      })
    : undefined;

  return {
    visible: !props.resourceCode || granted.has(props.resourceCode),
    buttonProps: { onClick: start, children: props.label },
    modalProps: {
      open,
      title: props.label,
      width: 1100,
      destroyOnHidden: true,
      // the rows ticked so far are not dropped by a click beside the dialog
      maskClosable: false,
      okText: t('linePick.ok', { count: selected.keys.length }),
      okButtonProps: { disabled: !selected.keys.length },
      onOk: () => void confirm(),
      onCancel: () => setOpen(false),
    },
    missing,
    query,
    selection: { selectedRowKeys: selected.keys, onChange: (keys, rows) => setSelected({ keys, rows }) },
  };
}
