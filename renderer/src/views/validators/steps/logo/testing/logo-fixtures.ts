import type { LogoInspection } from '../../../../../../../domain/ipc/registry-channels';
import type { ChecklistRow } from '../../../logo-checklist';

/** A dropped 800×600 JPEG as main inspects it. */
export const anInspection = (over: Partial<LogoInspection> = {}): LogoInspection => ({
  logoId: 'l1',
  fileName: 'aurora.jpg',
  bytes: 240_000,
  format: 'jpeg',
  width: 800,
  height: 600,
  findings: [],
  display: 'data:image/png;base64,AA==',
  ...over,
});

export const aRow = (rule: ChecklistRow['rule'], status: ChecklistRow['status']): ChecklistRow => ({
  rule,
  label: rule,
  status,
  detail: '',
});

export const CENTRED = { left: 100, top: 0, width: 600, height: 600 };
