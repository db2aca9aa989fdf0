/**
 * "Check registry": scans every chain of the registry folder with a progress bar, then lists the
 * findings, filterable by chain and severity. Choosing a finding opens the wizard on that entry.
 */
import { useEffect } from 'react';
import { useApi } from '../../app/api-context';
import { hydrate } from '../validators/wizard-actions';
import { useFolder } from '../validators/wizard-queries';
import { followProgress, useCheckStore } from './check-store';
import { FindingsPanel } from './FindingsPanel';
import { ScanPanel } from './ScanPanel';
import '../validators/wizard.css';
import './registry-check.css';

export function RegistryCheckView() {
  const api = useApi();
  const folder = useFolder();
  const report = useCheckStore((s) => s.report);
  const running = useCheckStore((s) => s.status === 'running');
  useEffect(() => {
    void hydrate(api);
    return followProgress(api);
  }, [api]);
  const root = folder.status === 'done' && folder.data.isRegistry ? folder.data.root : null;
  return (
    <div className="stack check-view">
      <ScanPanel root={root} />
      {report && !running && <FindingsPanel report={report} />}
    </div>
  );
}
