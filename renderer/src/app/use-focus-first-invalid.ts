/**
 * "Next was pressed with errors left: the first field to fix takes focus." One rule for every form: when
 * `request` changes (a counter the form bumps on a refused submit), the first `[aria-invalid="true"]`
 * inside the container takes focus. The first value is not a request, so opening a form moves nothing.
 */
import { useEffect, useRef, type RefObject } from 'react';

export function useFocusFirstInvalid(container: RefObject<HTMLElement | null>, request: number): void {
  const handled = useRef(request);
  useEffect(() => {
    if (request === handled.current) return;
    handled.current = request;
    container.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [container, request]);
}
