// @vitest-environment happy-dom
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { ExistingLogoCard } from './ExistingLogoCard';

afterEach(cleanup);

const previews = { light: 'data:image/png;base64,AA==', dark: 'data:image/png;base64,AA==', size: 96 };

describe('ExistingLogoCard', () => {
  it('says an entry has no logo yet', () => {
    render(<ExistingLogoCard existing={{ status: 'done', data: { present: false, findings: [] } }} replaced={false} />);
    expect(screen.getByText(/has no logo yet/)).toBeTruthy();
  });

  it('shows a current logo that meets the rules, and whether the new image replaces it', () => {
    const existing = { status: 'done' as const, data: { present: true, findings: [], previews } };
    const { rerender } = render(<ExistingLogoCard existing={existing} replaced={false} />);
    expect(screen.getByText('The current logo meets the rules.')).toBeTruthy();
    expect(screen.getByText(/stays as it is/)).toBeTruthy();
    rerender(<ExistingLogoCard existing={existing} replaced />);
    expect(screen.getByText('It will be replaced by the image below.')).toBeTruthy();
  });

  it('names the first rule the current logo breaks, and says when it cannot be read', () => {
    const broken = {
      code: 'logo-too-big',
      severity: 'error' as const,
      message: 'logo.png is 180 kB; the limit is 100 kB.',
      path: 'x',
      chain: null,
      id: null,
      meaning: 'The logo is too large.',
    };
    const { rerender } = render(
      <ExistingLogoCard existing={{ status: 'done', data: { present: true, findings: [broken] } }} replaced={false} />,
    );
    expect(screen.getByText(/The current logo breaks a rule: logo\.png is 180 kB/)).toBeTruthy();
    expect(screen.getByText('The current logo cannot be displayed.')).toBeTruthy();
    rerender(<ExistingLogoCard existing={{ status: 'error', message: 'The folder cannot be read.' }} replaced={false} />);
    expect(screen.getByText('The folder cannot be read.')).toBeTruthy();
  });
});
