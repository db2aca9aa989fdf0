import { FINDING_CODES, type Finding } from '../../../registry/index';
import type { RegistryFinding } from '../../../domain/ipc/registry-channels';

/** The engine's messages name the CLI's fixer; in the app the same fixer is the "Fix logo" button. */
function inAppWords(message: string): string {
  return message.replace(/"companion logo fix"|companion logo fix/g, '“Fix logo” in the wizard');
}

/** A finding as the renderer gets it: the engine's finding, worded for the app, plus what its code means in general. */
export function findingView(f: Finding): RegistryFinding {
  return { ...f, message: inAppWords(f.message), meaning: FINDING_CODES[f.code].summary };
}

export const findingViews = (findings: readonly Finding[]): RegistryFinding[] => findings.map(findingView);
