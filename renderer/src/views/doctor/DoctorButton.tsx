import { useMutation } from '@tanstack/react-query';
import type { ClientId } from '../../../../domain/assistant-clients';
import { useApi } from '../../app/api-context';
import { DoctorReportView } from './DoctorReportView';

/**
 * "Run the doctor" for one assistant (`client`) or one profile: runs `doctor:run` and shows the report
 * under the button. The run lives in the mutation cache; nothing else is stored.
 */
export function DoctorButton({ client, profile }: { client?: ClientId; profile?: string }) {
  const api = useApi();
  const run = useMutation({
    mutationFn: () => api.doctor.run({ ...(client ? { client } : {}), ...(profile ? { profile } : {}) }),
  });
  return (
    <div className="stack doctor">
      <button type="button" className="button small" disabled={run.isPending} onClick={() => run.mutate()}>
        {run.isPending ? 'Checking the connection…' : 'Run the connection doctor'}
      </button>
      {run.error && (
        <span className="pg-error-text" role="alert">
          {run.error.message}
        </span>
      )}
      {run.data && <DoctorReportView run={run.data} />}
    </div>
  );
}
