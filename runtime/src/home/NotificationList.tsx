/**
 * The notifications card of both homes (docs/architecture.md "Spec: routes and home", "Spec: states"): 5
 * rows, a red New tag while
 * viewFlag is N, bold while unread (selfCount 0), "more" to the full list; a click marks it read
 * at once; its link opens the detail in its tab (which saves the read).
 */
import { Card, List, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router-dom';
import { useTabActivated } from '../app/tabContext';
import { useLanguage } from '../i18n';
import type { DataRecord } from '../meta';
import { useHomeApi } from './homeApi';
import { localized, markedRead, notificationIsNew, notificationIsUnread, readerTarget } from './homeRules';
import { useRemote } from './useRemote';

export const HOME_LIST_ROWS = 5;

export function NotificationItem({ row, onOpen }: { row: DataRecord; onOpen: (row: DataRecord) => void }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const target = readerTarget('notification', row.notificationId, Number(row.selfCount ?? 0) + 1);
  const language = useLanguage();
  return (
    <List.Item>
      <div style={{ display: 'flex', alignItems: 'center', gap: 8, width: '100%', minWidth: 0 }}>
        <Typography.Link
          href={`#${target}`}
          onClick={(event) => {
            // Through the router like every other opening (the href is for keyboard, screen readers, new tabs).
            event.preventDefault();
            onOpen(row);
            navigate(target);
          }}
          strong={notificationIsUnread(row)}
          ellipsis
          style={{ flex: 1, minWidth: 0 }}
        >
          {localized(row, 'notificationTitle', language)}
        </Typography.Link>
        {notificationIsNew(row) && (
          <Tag color="red" style={{ marginInlineEnd: 0 }}>
            {t('home.new')}
          </Tag>
        )}
        <Typography.Text type="secondary" style={{ whiteSpace: 'nowrap', fontSize: 12 }}>
          {String(row.sendDate ?? row.creationDate ?? '').slice(0, 16)}
        </Typography.Text>
      </div>
    </List.Item>
  );
}

export function NotificationList() {
  const { t } = useTranslation();
  const api = useHomeApi();
  const list = useRemote(() => api.findMyNotification(1, HOME_LIST_ROWS), [api]);
  useTabActivated(() => void list.reload());
  const open = (row: DataRecord) => {
    list.set(
      (v) => v && { ...v, rows: v.rows.map((r) => (r.notificationId === row.notificationId ? markedRead(r) : r)) },
    );
  };
  return (
    <Card
      size="small"
      title={t('home.notifications')}
      extra={<Link to="/main/notification/notificationMore">{t('home.more')}</Link>}
      data-testid="home-notifications"
    >
      <List
        size="small"
        loading={list.loading}
        dataSource={list.value?.rows ?? []}
        locale={{ emptyText: t('home.noNotifications') }}
        renderItem={(row) => <NotificationItem row={row} onOpen={open} />}
      />
    </Card>
  );
}
