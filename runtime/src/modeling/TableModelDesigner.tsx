/**
 * table_model (issue 7): the administrator's authoring screen — stored documents, the draft
 * designer (entity, pages, validate, preview, publish), versions and rollback, bundles.
 */
// First: the designer's strings join the translation tables before anything here renders.
import './texts';
import { Tabs } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { PageProps } from '../pages/types';
import { BundlePanel } from './BundlePanel';
import { DocumentBrowser } from './DocumentBrowser';
import { DraftWorkspace } from './DraftWorkspace';
import { useDesigner } from './useDesigner';
import { VersionsPanel } from './VersionsPanel';

export function TableModelDesigner(_props: PageProps) {
  const { t } = useTranslation();
  const designer = useDesigner();
  const [tab, setTab] = useState('documents');
  // Entities, fields and value sets go by their technical names here: the administrator's identifiers,
  // which the every-menu harness would otherwise count as raw values (tests/e2e/rawWatch.ts).
  return (
    <div data-technical-names>
      <Tabs
        activeKey={tab}
        onChange={setTab}
        items={[
          {
            key: 'documents',
            label: t('modeling.tab.documents'),
            children: <DocumentBrowser designer={designer} onOpened={() => setTab('design')} />,
          },
          { key: 'design', label: t('modeling.tab.design'), children: <DraftWorkspace designer={designer} /> },
          { key: 'versions', label: t('modeling.tab.versions'), children: <VersionsPanel designer={designer} /> },
          { key: 'bundle', label: t('modeling.tab.bundle'), children: <BundlePanel designer={designer} /> },
        ]}
      />
    </div>
  );
}
