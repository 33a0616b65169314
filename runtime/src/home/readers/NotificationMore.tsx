/** /main/notification/notificationMore: all of the user's notifications, paged; opens the detail in its tab. */
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { useHomeApi } from '../homeApi';
import { markedRead } from '../homeRules';
import { NotificationItem } from '../NotificationList';
import { ReaderList } from './ReaderList';

export function NotificationMore() {
  const { t } = useTranslation();
  const api = useHomeApi();
  const load = useCallback((pageIndex: number, pageRows: number) => api.findMyNotification(pageIndex, pageRows), [api]);
  return (
    <ReaderList
      title={t('home.allNotifications')}
      load={load}
      empty={t('home.noNotifications')}
      testId="notification-more"
      keyOf={(row) => String(row.notificationId)}
      renderItem={(row, markRead) => (
        <NotificationItem
          row={row}
          onOpen={() => {
            markRead(row, markedRead(row));
          }}
        />
      )}
    />
  );
}
