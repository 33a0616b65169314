/** The readers' pages (custom page widgets named by metadata pages with access "session"). */
import { NoticeDesc } from './NoticeDesc';
import { NoticeMore } from './NoticeMore';
import { NotificationDesc } from './NotificationDesc';
import { NotificationMore } from './NotificationMore';

export const READER_WIDGETS = { NotificationMore, NotificationDesc, NoticeMore, NoticeDesc } as const;
