/**
 * Switching between "No clone needed" (a pull request through GitHub) and a copy of the registry on this
 * computer from any step, with the same draft: chain, id, details and the fixed logo carry over.
 */
import { useQueryClient } from '@tanstack/react-query';
import type { Draft } from '../draft';
import { switchPath } from '../wizard-actions';

export function PathSwitch({ source }: { source: Draft['source'] }) {
  const client = useQueryClient();
  const other = source === 'github' ? 'folder' : 'github';
  return (
    <p className="path-switch muted small">
      {source === 'github' ? 'Submitting through GitHub, no clone needed.' : 'Writing to a copy of the registry on this computer.'}{' '}
      <button type="button" className="button subtle small" onClick={() => switchPath(client, other)}>
        {other === 'github' ? 'Submit through GitHub instead' : 'Use a copy on this computer instead'}
      </button>{' '}
      <span>(your entry so far comes along)</span>
    </p>
  );
}
