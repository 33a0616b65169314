/**
 * "Preview" of the draft's pages with sample data, before anything is published: the generic
 * ListPage and EditPage over an in-memory provider (previewProvider.ts). The list edits in a
 * modal here (its edit page is not published yet, so it cannot be navigated to).
 */
import { Alert, Modal, Tabs } from 'antd';
import { useContext, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { DataProviderContext, PreferencesContext, ScreenProvider } from '../core/DataProviderContext';
import { QueryProvider } from '../core/queries';
import type { EntityDef, PageDef } from '../meta';
import { GeneratedPagesContext } from '../pages/generatedPages';
import { createPreviewProvider } from './previewProvider';

interface Props {
  open: boolean;
  pages: PageDef[];
  entities: Record<string, EntityDef>;
  onClose: () => void;
}

/** The list page as previewed: create/edit/view open the edit page's form in a modal. */
export function previewListPage(list: PageDef, pages: PageDef[]): PageDef {
  const edit =
    pages.find((p) => p.path === list.editPage) ?? pages.find((p) => p.type === 'edit' && p.entity === list.entity);
  const { editPage: _e, detailPage: _d, ...rest } = list;
  return {
    ...rest,
    editMode: 'modal',
    form: edit?.form ?? list.form,
    actions: [...(list.actions ?? []), ...(edit?.actions ?? [])],
  };
}

export function PagePreview({ open, pages, entities, onClose }: Props) {
  const { t } = useTranslation();
  const base = useContext(DataProviderContext);
  // The generic pages come from the page resolver that renders the designer (pages/generatedPages.ts).
  const generated = useContext(GeneratedPagesContext);
  const provider = useMemo(() => createPreviewProvider(base, entities, pages), [base, entities, pages]);
  // A screen id of its own: the granted-buttons cache must not mix the preview with real screens.
  const screen = useMemo(() => ({ menuId: `preview-${Date.now()}`, respId: 'preview' }), [open]); // eslint-disable-line react-hooks/exhaustive-deps -- a new id each time the preview opens
  if (open && !generated)
    throw new Error('PagePreview renders under the PageResolver, which provides the generic pages');
  const shown = pages.filter((p) => (p.type === 'list' || p.type === 'edit') && p.entity && entities[p.entity]);
  const items = shown.map((page) => ({
    key: page.path,
    label: `${t(`modeling.pageType.${page.type}`)} · ${page.path}`,
    children: !generated ? null : page.type === 'list' ? (
      <generated.ListPage page={previewListPage(page, pages)} entities={entities} />
    ) : (
      <generated.EditPage page={page} entities={entities} />
    ),
  }));
  return (
    <Modal open={open} onCancel={onClose} footer={null} width="90%" title={t('modeling.preview.title')} destroyOnClose>
      <Alert type="warning" showIcon message={t('modeling.preview.notice')} style={{ marginBottom: 12 }} />
      {items.length ? (
        // A query cache of its own: the draft's sample rows never mix with the published entities' lists.
        <QueryProvider>
          <DataProviderContext.Provider value={provider}>
            <PreferencesContext.Provider value={provider}>
              <ScreenProvider screen={screen}>
                <Tabs items={items} />
              </ScreenProvider>
            </PreferencesContext.Provider>
          </DataProviderContext.Provider>
        </QueryProvider>
      ) : (
        <Alert type="info" message={t('modeling.preview.nothing')} />
      )}
    </Modal>
  );
}
