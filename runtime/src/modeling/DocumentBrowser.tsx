/**
 * The documents made here (entities, pages, lifecycles stored in the database) with their
 * current versions, and the application's shipped entities: open a stored one into the draft,
 * read a shipped one's fields, or start a new entity.
 */
import { Button, Card, Form, Input, Space, Table, Tag } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useFeedback } from '../core/feedback';
import { useLabel } from '../i18n';
import { documentRows, searchDocuments, type DocumentRow } from './documentRows';
import { draftKey, newEntity } from './entityDraft';
import type { TargetEntity } from './referenceTargets';
import { ShippedEntityView } from './ShippedEntityView';
import type { Designer } from './useDesigner';

interface NewEntityValues {
  name: string;
  cn: string;
  en: string;
}

function NewEntityForm({ designer, onOpened }: { designer: Designer; onOpened: () => void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<NewEntityValues>();
  const create = ({ name, cn, en }: NewEntityValues) => {
    designer.put([{ kind: 'entity', name, content: newEntity(name, { cn, en }) as never }]);
    designer.setOpenKey(draftKey('entity', name));
    form.resetFields();
    onOpened();
  };
  const required = [{ required: true, message: t('modeling.required') }];
  return (
    <Form form={form} name="newEntity" layout="inline" onFinish={create} aria-label={t('modeling.newEntity')}>
      <Form.Item
        name="name"
        label={t('modeling.entity.name')}
        rules={[...required, { pattern: /^[a-z][A-Za-z0-9]{1,80}$/, message: t('modeling.namePattern') }]}
      >
        <Input />
      </Form.Item>
      <Form.Item name="cn" label={t('modeling.entity.labelCn')} rules={required}>
        <Input />
      </Form.Item>
      <Form.Item name="en" label={t('modeling.entity.labelEn')} rules={required}>
        <Input />
      </Form.Item>
      <Button type="primary" htmlType="submit">
        {t('modeling.newEntity')}
      </Button>
    </Form>
  );
}

export function DocumentBrowser({ designer, onOpened }: { designer: Designer; onOpened: () => void }) {
  const { t } = useTranslation();
  const label = useLabel();
  const feedback = useFeedback();
  const [search, setSearch] = useState('');
  const [viewed, setViewed] = useState<TargetEntity>();
  const rows = useMemo(() => documentRows(designer.stored, designer.targets), [designer.stored, designer.targets]);
  const open = async (doc: DocumentRow) => {
    try {
      await designer.openStored(doc.kind, doc.name);
      onOpened();
    } catch (error) {
      feedback.error(error);
    }
  };
  return (
    <Space direction="vertical" style={{ width: '100%' }}>
      <Card size="small" title={t('modeling.newEntity')}>
        <NewEntityForm designer={designer} onOpened={onOpened} />
      </Card>
      <Input.Search
        allowClear
        value={search}
        onChange={(event) => setSearch(event.target.value)}
        placeholder={t('modeling.documentList.searchHint')}
        aria-label={t('modeling.documentList.search')}
        style={{ maxWidth: 360 }}
      />
      <Table<DocumentRow>
        size="small"
        rowKey="key"
        dataSource={searchDocuments(rows, search)}
        pagination={{ pageSize: 20, showSizeChanger: false }}
        aria-label={t('modeling.documents')}
        columns={[
          {
            key: 'kind',
            title: t('modeling.column.kind'),
            render: (_, d) => <Tag>{t(`modeling.kind.${d.kind}`)}</Tag>,
            width: 110,
          },
          { key: 'name', dataIndex: 'name', title: t('modeling.column.name') },
          {
            key: 'label',
            title: t('modeling.documentList.label'),
            render: (_, d) => (d.label ? label(d.label) : ''),
          },
          {
            key: 'source',
            title: t('modeling.documentList.source'),
            width: 110,
            render: (_, d) => (
              <Tag color={d.source === 'stored' ? 'blue' : undefined}>{t(`modeling.documentList.${d.source}`)}</Tag>
            ),
          },
          { key: 'version', dataIndex: 'version', title: t('modeling.column.version'), width: 90 },
          {
            key: 'open',
            title: t('modeling.column.operate'),
            width: 120,
            render: (_, d) =>
              d.entity ? (
                <Button type="link" onClick={() => setViewed(d.entity)}>
                  {t('modeling.documentList.view')}
                </Button>
              ) : (
                <Button type="link" onClick={() => open(d)}>
                  {t('modeling.open')}
                </Button>
              ),
          },
        ]}
      />
      <ShippedEntityView entity={viewed} onClose={() => setViewed(undefined)} />
    </Space>
  );
}
