/**
 * The delivery note's lines (purDeliveryManage/purDeliveryNoteEdit, form.lines[].widget): the
 * generic line grid, and for a receiver (btnReceive granted) of a SHIPPED note a "receive by line"
 * dialog entering received, accepted and rejected quantities per line, sent to
 * srmPurDeliveryNoteRestful/doReceive. The list's 收货 button receives everything in full.
 */
import type { ArrayField } from '@formily/core';
import { observer, useField, useForm } from '@formily/react';
import { Button, Input, Modal, Space, Table } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useScreen } from '../../../core/DataProviderContext';
import { useFeedback } from '../../../core/feedback';
import { useInvalidateEntity } from '../../../core/queries';
import { request } from '../../../core/request';
import { useGrantedResources } from '../../../core/useResources';
import { formatCellText } from '../../../schema/cellValue';
import type { LineGridProps } from '../../../schema/lineSchema';
import { LineGrid } from '../../../widgets/LineGrid';
import { initialEntries, receiveBody, type NoteLine, type ReceiptEntry } from './receiveLines';

const RECEIVE = '/api/srmServer/v1/srmPurDeliveryNoteRestful/doReceive';
const NOTE = { area: 'srmServer', name: 'srmPurDeliveryNote' };
const QTY_FIELDS = ['receivedQty', 'acceptedQty', 'rejectedQty'] as const;

export const DeliveryNoteLines = observer(function DeliveryNoteLines(props: LineGridProps) {
  const field = useField<ArrayField>();
  const form = useForm();
  const screen = useScreen();
  const feedback = useFeedback();
  const invalidate = useInvalidateEntity();
  const { granted } = useGrantedResources();
  const { t } = useTranslation();
  const [entries, setEntries] = useState<ReceiptEntry[] | null>(null);
  const [saving, setSaving] = useState(false);
  const lines = (Array.isArray(field.value) ? [...field.value] : []) as NoteLine[];
  const values = form.values as { deliveryNoteId?: number; status?: string };
  const canReceive =
    values.status === 'SHIPPED' && typeof values.deliveryNoteId === 'number' && granted.has('btnReceive');
  const columnOf = (key: string) => props.columns.find((c) => c.key === key);
  const titleOf = (key: string) => columnOf(key)?.title ?? key;
  // The shipped quantity as the line grid shows it (its field type's rule, core/format).
  const shippedText = (line: NoteLine | undefined) => {
    const column = columnOf('shipQty');
    return column ? formatCellText(column, line?.shipQty) : String(line?.shipQty ?? '');
  };

  const submit = async () => {
    if (!entries || values.deliveryNoteId === undefined) return;
    const body = receiveBody(values.deliveryNoteId, entries);
    if ('invalid' in body) return feedback.warning(t('delivery.badQuantity', { line: body.invalid + 1 }));
    setSaving(true);
    try {
      const answer = await request<{ status?: string; receivedDate?: string; lines?: NoteLine[] }>(RECEIVE, body, {
        screen,
      });
      if (answer.data) {
        form.setValuesIn('status', answer.data.status);
        form.setValuesIn('receivedDate', answer.data.receivedDate);
        if (answer.data.lines) field.setValue(answer.data.lines);
      }
      invalidate(NOTE);
      setEntries(null);
      feedback.success(t('delivery.received'));
    } catch (error) {
      feedback.error(error);
    } finally {
      setSaving(false);
    }
  };

  const edit = (index: number, key: (typeof QTY_FIELDS)[number], value: string) =>
    setEntries((current) => current && current.map((e, i) => (i === index ? { ...e, [key]: value } : e)));

  return (
    <>
      {canReceive && (
        <Space style={{ marginBottom: 8 }}>
          <Button type="primary" onClick={() => setEntries(initialEntries(lines))}>
            {t('delivery.receiveByLine')}
          </Button>
        </Space>
      )}
      <LineGrid {...props} />
      <Modal
        open={entries !== null}
        title={t('delivery.receiveByLine')}
        width={860}
        okText={t('delivery.receive')}
        confirmLoading={saving}
        onOk={() => void submit()}
        onCancel={() => setEntries(null)}
        maskClosable={false}
        destroyOnHidden
      >
        <Table<ReceiptEntry>
          size="small"
          bordered
          pagination={false}
          rowKey={(row) => String(row.deliveryNoteLineId)}
          dataSource={entries ?? []}
          columns={[
            {
              key: 'item',
              title: titleOf('itemName'),
              render: (_v, row) => {
                const line = lines.find((l) => l.deliveryNoteLineId === row.deliveryNoteLineId);
                return `${line?.lineNum ?? ''} ${line?.itemCode ?? ''} ${line?.itemName ?? ''}`;
              },
            },
            {
              key: 'shipQty',
              title: titleOf('shipQty'),
              width: 120,
              render: (_v, row) => shippedText(lines.find((l) => l.deliveryNoteLineId === row.deliveryNoteLineId)),
            },
            ...QTY_FIELDS.map((key) => ({
              key,
              title: titleOf(key),
              width: 140,
              render: (_v: unknown, row: ReceiptEntry, index: number) => (
                <Input
                  aria-label={`${titleOf(key)} ${index + 1}`}
                  value={row[key]}
                  inputMode="decimal"
                  onChange={(e) => edit(index, key, e.target.value)}
                />
              ),
            })),
          ]}
        />
      </Modal>
    </>
  );
});
