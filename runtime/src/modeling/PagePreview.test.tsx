import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { EntityDef, PageDef } from '../meta';
import { GeneratedPagesContext } from '../pages/generatedPages';
import type { PageProps } from '../pages/types';
import { PagePreview } from './PagePreview';

const entities = { demo: { name: 'demo', primaryKey: 'id', fields: [] } as unknown as EntityDef };
const pages = [
  { path: 'demo/list', type: 'list', entity: 'demo', editPage: 'demo/edit' },
  { path: 'demo/edit', type: 'edit', entity: 'demo' },
] as unknown as PageDef[];

// Stand-ins for ListPage and EditPage: the preview reaches the generic pages only through the context.
const ListStub = ({ page }: PageProps) => <div>{`list ${page.path} in ${page.editMode}`}</div>;
const EditStub = ({ page }: PageProps) => <div>{`edit ${page.path}`}</div>;

describe('PagePreview', () => {
  it('shows the draft pages with the generic pages the page resolver provides', async () => {
    render(
      <GeneratedPagesContext.Provider value={{ ListPage: ListStub, EditPage: EditStub }}>
        <PagePreview open pages={pages} entities={entities} onClose={() => undefined} />
      </GeneratedPagesContext.Provider>,
    );
    // The list edits in a modal: its edit page is not published yet.
    expect(await screen.findByText('list demo/list in modal')).toBeTruthy();
  });

  it('renders closed without the generic pages (the designer outside a page resolver)', () => {
    const { container } = render(
      <PagePreview open={false} pages={pages} entities={entities} onClose={() => undefined} />,
    );
    expect(container.textContent).toBe('');
  });
});
