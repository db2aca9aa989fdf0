import { FolderField } from '../parts/FolderField';
import { NoClonePath } from '../parts/NoClonePath';
import { RegistrySource } from '../parts/RegistrySource';
import { StepHeading } from '../parts/common';

export function FolderStep() {
  return (
    <>
      <StepHeading number={1} title="Registry folder">
        Where is your copy of the validator registry? The wizard writes your entry and logo there, exactly as the registry expects them.
      </StepHeading>
      <RegistrySource />
      <NoClonePath />
      <FolderField />
    </>
  );
}
