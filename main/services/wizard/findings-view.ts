import { FINDING_CODES, type Finding } from '../../registry/index';
import type { RegistryFinding } from '../../../domain/ipc/registry-channels';

/** A finding as the renderer gets it: the engine's finding plus what its code means in general. */
export function findingView(f: Finding): RegistryFinding {
  return { ...f, meaning: FINDING_CODES[f.code].summary };
}

export const findingViews = (findings: readonly Finding[]): RegistryFinding[] => findings.map(findingView);
