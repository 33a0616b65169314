/** /main/notice/noticeMore: every announcement the user may read, pinned first, paged; opens the detail in its tab. */
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { useHomeApi } from '../homeApi';
import { markedRead } from '../homeRules';
import { NoticeItem } from '../NoticeList';
import { ReaderList } from './ReaderList';

export function NoticeMore() {
  const { t } = useTranslation();
  const api = useHomeApi();
  const load = useCallback((pageIndex: number, pageRows: number) => api.findMyNotice(pageIndex, pageRows), [api]);
  return (
    <ReaderList
      title={t('home.allNotices')}
      load={load}
      empty={t('home.noNotices')}
      testId="notice-more"
      keyOf={(row) => String(row.noticeId)}
      renderItem={(row, markRead) => (
        <NoticeItem
          row={row}
          onOpen={() => {
            markRead(row, markedRead(row));
          }}
        />
      )}
    />
  );
}
