import { useQueryClient } from '@tanstack/react-query';
import { getRegistryChain } from '../../../../../domain/index';
import { ChainPicker } from '../parts/ChainPicker';
import { plural, Spinner, StepHeading } from '../parts/common';
import { chooseChain } from '../wizard-actions';
import { useWizardState } from '../wizard-queries';

export function ChainStep() {
  const client = useQueryClient();
  const { draft, folder, entries } = useWizardState();
  const { chain } = draft;
  const known = getRegistryChain(chain);
  return (
    <>
      <StepHeading number={2} title="Chain">
        Which network does your validator run on? Each chain has its own list of validators.
      </StepHeading>
      <ChainPicker
        chains={folder.status === 'done' ? folder.data.chains : null}
        value={chain}
        onChoose={(slug) => chooseChain(client, slug)}
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
