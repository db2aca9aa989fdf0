import type { Schema } from './schema-model';
import type { IssueMap, Path } from './form-value';

/** What every generated field receives. `schema` is already resolved ($ref followed, allOf merged). */
export interface FieldProps {
  readonly tool: string;
  /** The tool's whole input schema, for `$ref`s inside nested fields. */
  readonly root: Schema;
  readonly schema: Schema;
  readonly path: Path;
  readonly label: string;
  readonly required: boolean;
  readonly value: unknown;
  readonly onChange: (value: unknown) => void;
  readonly issues: IssueMap;
  /** All the arguments, for widgets that depend on a sibling (an address on the chosen chain). */
  readonly args: Record<string, unknown>;
}
