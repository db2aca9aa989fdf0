import { getRegistryChain } from '../../../../../domain/index';
import { useApi } from '../../../app/api-context';
import { ChainPicker } from '../parts/ChainPicker';
import { plural, Spinner, StepHeading } from '../parts/common';
import { chooseChain } from '../wizard-actions';
import { useWizardStore } from '../wizard-store';

export function ChainStep() {
  const api = useApi();
  const chain = useWizardStore((s) => s.draft.chain);
  const folder = useWizardStore((s) => s.folder);
  const entries = useWizardStore((s) => s.entries);
  const known = getRegistryChain(chain);
  return (
    <>
      <StepHeading number={2} title="Chain">
        Which network does your validator run on? Each chain has its own list of validators.
      </StepHeading>
      <ChainPicker
        chains={folder.status === 'done' ? folder.data.chains : null}
        value={chain}
        onChoose={(slug) => void chooseChain(api, slug)}
      />
      <div aria-live="polite" className="chain-status">
        {known && entries.chain === chain && entries.status === 'loading' && <Spinner label={`Reading the ${known.name} list…`} />}
        {known && entries.chain === chain && entries.status === 'done' && (
          <p className="callout ok">
            {known.name}: {plural(entries.data.length, 'validator')} listed. Ids look like <code>{known.exampleId}</code>.
          </p>
        )}
        {known && entries.chain === chain && entries.status === 'error' && (
          <p className="callout error" role="alert">
            {entries.message}
          </p>
        )}
      </div>
    </>
  );
}
