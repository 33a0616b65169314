/** Read-only view of a record: the edit page's form, read-pretty (`?id=..&mode=view`). */
import { EditPage } from './EditPage';
import type { PageProps } from './types';

export function DetailPage(props: PageProps) {
  return <EditPage {...props} readPretty />;
}
