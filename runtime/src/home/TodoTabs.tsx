/**
 * "My to-do" / "my done" (docs/architecture.md "Spec: routes and home"): title, document type (SYS_TOBEDO)
 * and creation time,
 * up to 500 rows, 250 px high, newest first (the server's order, so the newest is in sight); clicking a
 * tab or showing the home's shell tab again reloads the lists, clicking an item opens it.
 */
import type { TodoKind } from '@meridian/metadata';
import { Button, Card, Table, Tabs } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useTabActivated } from '../app/tabContext';
import { useLanguage } from '../i18n';
import type { DataRecord } from '../meta';
import { LookupTag } from '../widgets/LookupTag';
import { useHomeApi } from './homeApi';
import { localized, todoOpening } from './homeRules';
import { useOpenTodo } from './useOpenTodo';
import { useRemote } from './useRemote';

/** docs/architecture.md "Spec: constants": home tab height 250. */
export const TODO_LIST_HEIGHT = 250;

function TodoTable({
  kind,
  rows,
  loading,
  onOpen,
  done,
}: {
  kind: TodoKind;
  rows: DataRecord[];
  loading: boolean;
  onOpen: (row: DataRecord) => void;
  done: boolean;
}) {
  const { t } = useTranslation();
  const language = useLanguage();
  const key = kind === 'internal' ? 'todoId' : 'supplierTodoId';
  return (
    <Table<DataRecord>
      size="small"
      rowKey={(row) => String(row[key])}
      dataSource={rows}
      loading={loading}
      pagination={false}
      scroll={{ y: TODO_LIST_HEIGHT }}
      locale={{ emptyText: done ? t('home.noDone') : t('home.noTodo') }}
      columns={[
        {
          key: 'title',
          title: t('home.todoTitle'),
          ellipsis: true,
          render: (_, row) => {
            const title = localized(row, 'pendingTitle', language);
            // Only items that go somewhere or are handled by opening are links; others are plain text.
            const opening = todoOpening(kind, row);
            // A button, not an <a> without href: reachable by keyboard and named as what it does.
            return opening.navigate || opening.handle ? (
              <Button
                type="link"
                size="small"
                style={{ padding: 0, height: 'auto', whiteSpace: 'normal', textAlign: 'left' }}
                onClick={() => onOpen(row)}
              >
                {title}
              </Button>
            ) : (
              <span>{title}</span>
            );
          },
        },
        {
          key: 'billType',
          title: t('home.todoType'),
          width: 130,
          render: (_, row) => <LookupTag lookupType="SYS_TOBEDO" code={row.billType} />,
        },
        {
          key: 'creationDate',
          title: done ? t('home.handledAt') : t('home.createdAt'),
          width: 160,
          render: (_, row) => String((done ? row.handleDate : row.creationDate) ?? ''),
        },
      ]}
    />
  );
}

export function TodoTabs({ kind }: { kind: TodoKind }) {
  const { t } = useTranslation();
  const api = useHomeApi();
  const [active, setActive] = useState<'todo' | 'done'>('todo');
  const pending = useRemote(() => api.findMyTodo(kind, 'N'), [api, kind]);
  const done = useRemote(() => api.findMyTodo(kind, 'Y'), [api, kind]);
  // After an opening the item may have moved: both lists reload.
  const open = useOpenTodo(kind, () => Promise.all([pending.reload(), done.reload()]).then(() => undefined));
  // The home stays open in its tab: back on it, both lists are read again (documents may have closed items).
  useTabActivated(() => {
    void pending.reload();
    void done.reload();
  });
  const count = (n?: number) => (n === undefined ? '' : ` (${n})`);
  return (
    <Card size="small" data-testid="home-todos" styles={{ body: { paddingTop: 0 } }}>
      <Tabs
        activeKey={active}
        // Spec: clicking a tab reloads its list (also the one already shown).
        onTabClick={(key) => {
          setActive(key as 'todo' | 'done');
          void (key === 'todo' ? pending.reload() : done.reload());
        }}
        items={[
          {
            key: 'todo',
            label: `${t('home.myTodo')}${count(pending.value?.rows.length)}`,
            children: (
              <TodoTable
                kind={kind}
                rows={pending.value?.rows ?? []}
                loading={pending.loading}
                onOpen={(row) => void open(row)}
                done={false}
              />
            ),
          },
          {
            key: 'done',
            label: `${t('home.myDone')}${count(done.value?.rows.length)}`,
            children: (
              <TodoTable
                kind={kind}
                rows={done.value?.rows ?? []}
                loading={done.loading}
                onOpen={(row) => void open(row)}
                done
              />
            ),
          },
        ]}
      />
    </Card>
  );
}
