import { AuditLog, type AuditRecord } from '../../bridge/audit-log';
import { auditLogFile, type PathContext } from '../../platform/credentials/config-paths';

/**
 * The shared audit log, with the playground's own calls marked `"source": "playground"`: the Assistants
 * view's Activity then tells them from an assistant's calls (which carry no source).
 */
export class PlaygroundAuditLog extends AuditLog {
  constructor(paths: PathContext) {
    super(auditLogFile(paths));
  }

  override record(entry: AuditRecord): void {
    const marked: AuditRecord & { source: 'playground' } = { ...entry, source: 'playground' };
    super.record(marked);
  }
}
