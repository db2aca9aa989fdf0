import { FolderField } from '../parts/FolderField';
import { RegistrySource } from '../parts/RegistrySource';
import { StepHeading } from '../parts/common';
import { RemoteSource, SourceChoice } from '../remote/SourceChoice';
import { useWizardStore } from '../wizard-store';

export function FolderStep() {
  const source = useWizardStore((s) => s.draft.source);
  if (source === 'github')
    return (
      <>
        <StepHeading number={1} title="Where to submit">
          How should your entry reach the validator registry? Most people submit through GitHub: no download, no git.
        </StepHeading>
        <SourceChoice />
        <RemoteSource />
      </>
    );
  return (
    <>
      <StepHeading number={1} title="Registry folder">
        Where is your copy of the validator registry? The wizard writes your entry and logo there, exactly as the registry expects them.
      </StepHeading>
      <SourceChoice />
      <RegistrySource />
      <FolderField />
    </>
  );
}
