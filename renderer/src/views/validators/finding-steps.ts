/** Which wizard step fixes a finding (used by Review's "Go to …" buttons and the registry check). */
import type { RegistryFinding } from '../../../../domain/ipc/registry-channels';
import type { StepId } from './draft';

export function stepForFinding(f: Pick<RegistryFinding, 'code' | 'field'>): StepId {
  if (f.code.startsWith('logo') || f.code === 'assets-stray-file') return 'logo';
  if (f.field === 'id' || f.code.startsWith('id-')) return 'id';
  if (f.code.startsWith('list') || f.code === 'chain-unknown') return 'chain';
  return 'details';
}
