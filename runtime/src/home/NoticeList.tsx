/**
 * The announcements card of both homes (docs/architecture.md "Spec: routes and home", "Spec: states"): 5
 * rows, pinned first, a red dot
 * on those the user never viewed (selfCount 0), "more" to the full list; a click opens the
 * announcement in its tab (which records the view) and clears the dot at once.
 */
import { PushpinOutlined } from '@ant-design/icons';
import { Badge, Card, List, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router-dom';
import { useTabActivated } from '../app/tabContext';
import { useLanguage } from '../i18n';
import type { DataRecord } from '../meta';
import { useHomeApi } from './homeApi';
import { localized, markedRead, noticeHasDot, readerTarget } from './homeRules';
import { HOME_LIST_ROWS } from './NotificationList';
import { useRemote } from './useRemote';

export function NoticeItem({ row, onOpen }: { row: DataRecord; onOpen: (row: DataRecord) => void }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const target = readerTarget('notice', row.noticeId, Number(row.viewCount ?? 0) + 1);
  const language = useLanguage();
  const dot = noticeHasDot(row);
  return (
    <List.Item>
      <div style={{ display: 'flex', alignItems: 'center', gap: 8, width: '100%', minWidth: 0 }}>
        {/* The red dot of a notice never viewed; a same-width gap keeps the titles aligned. */}
        <Badge
          status={dot ? 'error' : 'default'}
          style={{ visibility: dot ? 'visible' : 'hidden' }}
          title={dot ? t('home.unviewed') : undefined}
          data-testid={dot ? 'notice-dot' : undefined}
        />
        <Typography.Link
          href={`#${target}`}
          onClick={(event) => {
            // Through the router like every other opening (the href is for keyboard, screen readers, new tabs).
            event.preventDefault();
            onOpen(row);
            navigate(target);
          }}
          ellipsis
          style={{ flex: 1, minWidth: 0 }}
        >
          {row.topFlag === 'Y' && <PushpinOutlined aria-label={t('home.pinned')} style={{ marginRight: 6 }} />}
          {localized(row, 'noticeTitle', language)}
        </Typography.Link>
        <Typography.Text type="secondary" style={{ whiteSpace: 'nowrap', fontSize: 12 }}>
          {String(row.publishDate ?? '').slice(0, 10)}
        </Typography.Text>
      </div>
    </List.Item>
  );
}

export function NoticeList() {
  const { t } = useTranslation();
  const api = useHomeApi();
  const list = useRemote(() => api.findMyNotice(1, HOME_LIST_ROWS), [api]);
  useTabActivated(() => void list.reload());
  const open = (row: DataRecord) => {
    list.set((v) => v && { ...v, rows: v.rows.map((r) => (r.noticeId === row.noticeId ? markedRead(r) : r)) });
  };
  return (
    <Card
      size="small"
      title={t('home.notices')}
      extra={<Link to="/main/notice/noticeMore">{t('home.more')}</Link>}
      data-testid="home-notices"
    >
      <List
        size="small"
        loading={list.loading}
        dataSource={list.value?.rows ?? []}
        locale={{ emptyText: t('home.noNotices') }}
        renderItem={(row) => <NoticeItem row={row} onOpen={open} />}
      />
    </Card>
  );
}
