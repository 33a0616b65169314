import { render, screen } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { describe, expect, it } from 'vitest';
import { i18n } from '../i18n';
import { FLAG_FALSE_COLOR, FLAG_TRUE_COLOR, FlagIcon } from './FlagIcon';

const show = (value: unknown) =>
  render(
    <I18nextProvider i18n={i18n}>
      <FlagIcon value={value} />
    </I18nextProvider>,
  );

describe('FlagIcon (docs/architecture.md "Spec: constants": green for true, grey for false)', () => {
  it('Y is a green icon, N a grey one', () => {
    show('Y');
    const yes = screen.getByRole('img');
    expect(yes.style.color).toBe('#52c41a');
    expect(FLAG_TRUE_COLOR).toBe('#52c41a');
  });

  it('N is grey', () => {
    show('N');
    expect(screen.getByRole('img').style.color).toBe('#bfbfbf');
    expect(FLAG_FALSE_COLOR).toBe('#bfbfbf');
  });

  it('anything else shows nothing', () => {
    const { container } = show('maybe');
    expect(container.textContent).toBe('');
    expect(container.querySelector('[role="img"]')).toBeNull();
  });
});
