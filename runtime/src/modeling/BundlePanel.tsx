/**
 * Metadata bundles: export chosen documents as a JSON file; import one after a preview of what
 * it changes here (new / unchanged / update with the diff, the DDL), refused as a whole when
 * this environment's copy has drifted from the one the bundle was made from.
 */
import { Alert, Button, Card, Checkbox, List, Space, Table, Tag } from 'antd';
import { useState, type ChangeEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { saveFile } from '../core/download';
import { useFeedback } from '../core/feedback';
import { draftKey } from './entityDraft';
import type { ImportPlanItem, ImportPreview } from './tableModelApi';
import type { Designer } from './useDesigner';

const STATUS_COLOR: Record<string, string> = { new: 'green', update: 'blue', unchanged: 'default', conflict: 'red' };

function saveJson(value: unknown, fileName: string) {
  saveFile({ blob: new Blob([JSON.stringify(value, null, 2)], { type: 'application/json' }), fileName });
}

function ExportCard({ designer }: { designer: Designer }) {
  const { t } = useTranslation();
  const feedback = useFeedback();
  const [chosen, setChosen] = useState<string[]>([]);
  const exportChosen = async () => {
    const documents = designer.stored
      .filter((d) => chosen.includes(draftKey(d.kind, d.name)))
      .map((d) => ({ kind: d.kind, name: d.name }));
    try {
      saveJson(
        await designer.api.exportBundle(documents),
        `meridian-metadata-${new Date().toISOString().slice(0, 10)}.json`,
      );
    } catch (e) {
      feedback.error(e);
    }
  };
  return (
    <Card size="small" title={t('modeling.bundle.export')}>
      <Checkbox.Group
        value={chosen}
        onChange={(v) => setChosen(v as string[])}
        options={designer.stored.map((d) => ({ value: draftKey(d.kind, d.name), label: draftKey(d.kind, d.name) }))}
      />
      <div style={{ marginTop: 8 }}>
        <Button onClick={exportChosen}>
          {chosen.length ? t('modeling.bundle.exportChosen') : t('modeling.bundle.exportAll')}
        </Button>
      </div>
    </Card>
  );
}

function ImportCard({ designer }: { designer: Designer }) {
  const { t } = useTranslation();
  const feedback = useFeedback();
  const [bundle, setBundle] = useState<unknown>();
  const [preview, setPreview] = useState<ImportPreview>();
  const read = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    setPreview(undefined);
    if (!file) return;
    try {
      const parsed = JSON.parse(await file.text());
      setBundle(parsed);
      setPreview(await designer.api.previewImport(parsed));
    } catch (e) {
      feedback.error(e instanceof SyntaxError ? new Error(t('modeling.bundle.notJson')) : e);
    }
  };
  const importIt = async () => {
    try {
      await designer.api.importBundle(bundle);
      feedback.success(t('modeling.bundle.imported'));
      setPreview(undefined);
      await designer.reload();
    } catch (e) {
      feedback.error(e);
    }
  };
  return (
    <Card size="small" title={t('modeling.bundle.import')}>
      <input type="file" accept=".json,application/json" aria-label={t('modeling.bundle.file')} onChange={read} />
      {preview && (
        <Space direction="vertical" style={{ width: '100%', marginTop: 12 }}>
          {!preview.importable && <Alert type="error" showIcon message={t('modeling.bundle.drift')} />}
          <Table<ImportPlanItem>
            size="small"
            rowKey={(d) => draftKey(d.kind, d.name)}
            dataSource={preview.documents}
            pagination={false}
            aria-label={t('modeling.bundle.preview')}
            columns={[
              { key: 'doc', title: t('modeling.column.name'), render: (_, d) => draftKey(d.kind, d.name) },
              {
                key: 'status',
                title: t('modeling.bundle.status'),
                render: (_, d) => <Tag color={STATUS_COLOR[d.status]}>{t(`modeling.bundle.status_${d.status}`)}</Tag>,
              },
              {
                key: 'diff',
                title: t('modeling.bundle.changes'),
                render: (_, d) => d.diff.map((x) => `${t(`modeling.op.${x.op}`)} ${x.path}`).join('; '),
              },
              { key: 'message', dataIndex: 'message', title: t('modeling.bundle.message') },
            ]}
          />
          {preview.migration.length > 0 && (
            <List
              size="small"
              bordered
              dataSource={preview.migration}
              renderItem={(l) => (
                <List.Item>
                  <code>{l}</code>
                </List.Item>
              )}
            />
          )}
          <Button type="primary" disabled={!preview.importable} onClick={importIt}>
            {t('modeling.bundle.doImport')}
          </Button>
        </Space>
      )}
    </Card>
  );
}

export function BundlePanel({ designer }: { designer: Designer }) {
  return (
    <Space direction="vertical" style={{ width: '100%' }}>
      <ExportCard designer={designer} />
      <ImportCard designer={designer} />
    </Space>
  );
}
