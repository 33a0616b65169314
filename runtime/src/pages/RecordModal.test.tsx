import { fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { describe, expect, it, vi } from 'vitest';
import { TestProviders } from '../test/render';
import { ScreenProvider } from '../core/DataProviderContext';
import { editPage, entities } from '../test/fixtures';
import { createFakeProvider } from '../test/fakeProvider';
import { RecordModal } from './RecordModal';

/** Opens the modal and clicks beside it (on the wrap around the dialog, as a mouse would). */
async function clickBeside(readPretty: boolean) {
  const onClose = vi.fn();
  render(
    <TestProviders provider={createFakeProvider()}>
      <MemoryRouter>
        <ScreenProvider screen={{ menuId: '100', respId: '1' }}>
          <RecordModal
            page={editPage}
            entities={entities}
            entity={entities[editPage.entity ?? '']}
            readPretty={readPretty}
            onClose={onClose}
            onSaved={() => undefined}
          />
        </ScreenProvider>
      </MemoryRouter>
    </TestProviders>,
  );
  await screen.findByRole('dialog', undefined, { timeout: 8000 });
  const wrap = document.querySelector('.ant-modal-wrap') as HTMLElement;
  fireEvent.mouseDown(wrap);
  fireEvent.mouseUp(wrap);
  fireEvent.click(wrap);
  return onClose;
}

describe('RecordModal, a click beside the dialog', () => {
  // A form being filled is not thrown away by a stray click (CI's browser suite lost its dialogs so,
  // clicking into a field while the dialog was still zooming in).
  it('keeps a form being filled open', async () => {
    expect(await clickBeside(false)).not.toHaveBeenCalled();
  });

  it('closes a read-only view', async () => {
    expect(await clickBeside(true)).toHaveBeenCalledTimes(1);
  });
});
