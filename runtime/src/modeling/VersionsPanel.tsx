/**
 * Every published version of a document (who, when, how, comment), the diff between two of
 * them, and rollback to an earlier one (confirmed; validated like any publish).
 */
import { Button, Popconfirm, Select, Space, Table, Tag } from 'antd';
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useFeedback } from '../core/feedback';
import { draftKey } from './entityDraft';
import type { DiffEntry, DocumentVersion } from './tableModelApi';
import type { Designer } from './useDesigner';

const show = (v: unknown) => (v === undefined ? '' : JSON.stringify(v));

export function VersionsPanel({ designer }: { designer: Designer }) {
  const { t } = useTranslation();
  const feedback = useFeedback();
  const [docKey, setDocKey] = useState<string>();
  const [versions, setVersions] = useState<DocumentVersion[]>([]);
  const [compare, setCompare] = useState<number[]>([]);
  const [diff, setDiff] = useState<DiffEntry[]>();
  const doc = designer.stored.find((d) => draftKey(d.kind, d.name) === docKey);
  const load = useCallback(() => {
    setDiff(undefined);
    setCompare([]);
    if (doc) designer.api.listVersions({ kind: doc.kind, name: doc.name }).then(setVersions, feedback.error);
  }, [doc, designer.api, feedback]);
  useEffect(load, [load]);
  const runDiff = async () => {
    if (!doc || compare.length !== 2) return;
    const [from, to] = [...compare].sort((a, b) => a - b);
    try {
      setDiff((await designer.api.diffVersions({ kind: doc.kind, name: doc.name }, from, to)).diff);
    } catch (e) {
      feedback.error(e);
    }
  };
  const rollback = async (versionNo: number) => {
    if (!doc) return;
    try {
      await designer.api.rollback({ kind: doc.kind, name: doc.name }, versionNo, doc.version);
      feedback.success(t('modeling.versions.rolledBack', { version: versionNo }));
      await designer.reload();
    } catch (e) {
      feedback.error(e);
    }
  };
  return (
    <Space direction="vertical" style={{ width: '100%' }}>
      <Space>
        <Select
          aria-label={t('modeling.versions.document')}
          placeholder={t('modeling.versions.document')}
          style={{ width: 320 }}
          value={docKey}
          onChange={setDocKey}
          showSearch
          options={designer.stored.map((d) => ({
            value: draftKey(d.kind, d.name),
            label: `${t(`modeling.kind.${d.kind}`)} ${d.name}`,
          }))}
        />
        <Button disabled={compare.length !== 2} onClick={runDiff}>
          {t('modeling.versions.compare')}
        </Button>
      </Space>
      <Table<DocumentVersion>
        size="small"
        rowKey="versionNo"
        dataSource={versions}
        pagination={false}
        aria-label={t('modeling.versions.title')}
        rowSelection={{ selectedRowKeys: compare, onChange: (keys) => setCompare((keys as number[]).slice(-2)) }}
        columns={[
          { key: 'versionNo', dataIndex: 'versionNo', title: t('modeling.column.version'), width: 80 },
          {
            key: 'changeType',
            dataIndex: 'changeType',
            title: t('modeling.versions.change'),
            width: 110,
            render: (v) => <Tag>{v}</Tag>,
          },
          { key: 'diffSummary', dataIndex: 'diffSummary', title: t('modeling.versions.summary'), ellipsis: true },
          { key: 'comment', dataIndex: 'comment', title: t('modeling.versions.comment'), ellipsis: true },
          { key: 'createdBy', dataIndex: 'createdBy', title: t('modeling.versions.by'), width: 90 },
          { key: 'creationDate', dataIndex: 'creationDate', title: t('modeling.versions.at'), width: 170 },
          {
            key: 'operate',
            title: t('modeling.column.operate'),
            width: 120,
            render: (_, v) =>
              v.versionNo === doc?.version ? null : (
                <Popconfirm
                  title={t('modeling.versions.confirmRollback', { version: v.versionNo })}
                  onConfirm={() => rollback(v.versionNo)}
                >
                  <Button type="link">{t('modeling.versions.rollback')}</Button>
                </Popconfirm>
              ),
          },
        ]}
      />
      {diff && (
        <Table<DiffEntry>
          size="small"
          rowKey={(d) => `${d.op}${d.path}`}
          dataSource={diff}
          pagination={false}
          aria-label={t('modeling.versions.diff')}
          columns={[
            {
              key: 'op',
              dataIndex: 'op',
              title: t('modeling.versions.op'),
              width: 90,
              render: (op) => t(`modeling.op.${op}`),
            },
            { key: 'path', dataIndex: 'path', title: t('modeling.versions.path') },
            { key: 'before', title: t('modeling.versions.before'), render: (_, d) => <code>{show(d.before)}</code> },
            { key: 'after', title: t('modeling.versions.after'), render: (_, d) => <code>{show(d.after)}</code> },
          ]}
        />
      )}
    </Space>
  );
}
