// @vitest-environment happy-dom
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { GatewayFields, presetValues, type GatewayValues } from './GatewayFields';

afterEach(cleanup);

/** The fields as the profile form holds them: the URL beside, filled by a preset with one. */
function Harness() {
  const [values, setValues] = useState<GatewayValues>({ credentialHeader: '', secretHeader: '', rate: '' });
  const [url, setUrl] = useState('https://');
  return (
    <>
      <output aria-label="url">{url}</output>
      <GatewayFields
        values={values}
        onChange={setValues}
        onPreset={(preset) => {
          setValues(presetValues(preset));
          if (preset.url) setUrl(preset.url);
        }}
      />
    </>
  );
}

describe('GatewayFields', () => {
  it('the public preset fills its URL, X-TW-* headers and 1 request/s, and links where its credentials come from', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    await user.selectOptions(screen.getByLabelText('Gateway'), 'public');
    expect(screen.getByLabelText('url').textContent).toBe('https://mcp.trustwallet.com/tws');
    expect(screen.getByLabelText<HTMLInputElement>('Access id header').value).toBe('X-TW-CREDENTIAL');
    expect(screen.getByLabelText<HTMLInputElement>('Secret key header').value).toBe('X-TW-SECRET-KEY');
    expect(screen.getByLabelText<HTMLInputElement>('Requests per second (optional)').value).toBe('1');
    expect(screen.getByRole('link', { name: 'https://portal.trustwallet.com' })).toBeDefined();
  });

  it('a gateway at your own URL keeps the URL and gives the spec’s headers, no rate; fields can be edited', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    await user.selectOptions(screen.getByLabelText('Gateway'), 'custom');
    expect(screen.getByLabelText('url').textContent).toBe('https://');
    expect(screen.getByLabelText<HTMLInputElement>('Access id header').value).toBe('X-SVC-CREDENTIAL');
    expect(screen.getByLabelText<HTMLInputElement>('Requests per second (optional)').value).toBe('');
    const secret = screen.getByLabelText<HTMLInputElement>('Secret key header');
    await user.clear(secret);
    await user.type(secret, 'X-Key');
    expect(secret.value).toBe('X-Key');
  });
});
