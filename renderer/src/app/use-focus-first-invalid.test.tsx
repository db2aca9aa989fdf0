// @vitest-environment happy-dom
import { cleanup, render } from '@testing-library/react';
import { useRef } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { useFocusFirstInvalid } from './use-focus-first-invalid';

afterEach(cleanup);

function Form({ request }: { request: number }) {
  const ref = useRef<HTMLFormElement>(null);
  useFocusFirstInvalid(ref, request);
  return (
    <form ref={ref}>
      <input aria-label="Name" />
      <input aria-label="Website" aria-invalid="true" />
      <input aria-label="Commission" aria-invalid="true" />
    </form>
  );
}

describe('useFocusFirstInvalid', () => {
  it('moves focus to the first invalid field on each new request, not when the form opens', () => {
    const { rerender, getByLabelText } = render(<Form request={0} />);
    expect(document.activeElement).toBe(document.body);
    rerender(<Form request={1} />);
    expect(document.activeElement).toBe(getByLabelText('Website'));
    getByLabelText('Name').focus();
    rerender(<Form request={1} />);
    expect(document.activeElement).toBe(getByLabelText('Name'));
    rerender(<Form request={2} />);
    expect(document.activeElement).toBe(getByLabelText('Website'));
  });
});
