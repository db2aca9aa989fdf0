/**
 * Browser mode's worker for the calls whose answers can be megabytes (a tool's result, a history entry):
 * it sends the request, reads the body and cuts it along its JSON structure (`cutJson`), all off the
 * page's main thread, then hands the bytes and the cut over without copying them (a transfer). The page
 * only decodes and parses, run by run, in slices (json-in-slices.ts). With the browser's developer tools
 * open, their own copy and decoding of the response happen here too, not on the page.
 */
import { cutJson } from './json-in-slices';

export interface InvokeRequest {
  readonly id: number;
  readonly token: string;
  readonly body: string;
}

export type InvokeAnswer =
  | { readonly id: number; readonly status: number; readonly bytes: ArrayBuffer; readonly cut?: Uint32Array }
  | { readonly id: number; readonly failed: true };

// Typed here rather than with the WebWorker library, which the renderer's DOM project does not load.
const scope = self as unknown as {
  onmessage: ((event: MessageEvent<InvokeRequest>) => void) | null;
  postMessage(message: InvokeAnswer, transfer?: Transferable[]): void;
};

scope.onmessage = (event) => {
  const { id, token, body } = event.data;
  fetch('/api/invoke', { method: 'POST', headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' }, body })
    .then(async (res) => {
      const bytes = await res.arrayBuffer();
      let cut: Uint32Array | undefined;
      try {
        cut = cutJson(new Uint8Array(bytes));
      } catch {
        // Malformed: the page's own parse finds the same fault and reports it.
      }
      if (cut) scope.postMessage({ id, status: res.status, bytes, cut }, [bytes, cut.buffer]);
      else scope.postMessage({ id, status: res.status, bytes }, [bytes]);
    })
    .catch(() => scope.postMessage({ id, failed: true }));
};
