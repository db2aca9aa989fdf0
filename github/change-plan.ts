/**
 * What the GitHub engine needs from a planned registry change, and what it offers the planner to read
 * from. The planner itself is the registry engine's (`planChange`): the app hands it in, as the bridge is
 * handed the gateway starter, so engines never import each other and the edit logic lives once. These
 * shapes are structural: the registry's RegistrySource and PlannedChange fit them as they are.
 */

/** Read access to the registry at one commit (the registry engine's RegistrySource). */
export interface RegistryFiles {
  readonly where: string;
  readonly remote: boolean;
  hasChain(chain: string): Promise<boolean>;
  listChains(): Promise<string[]>;
  readFile(relPath: string): Promise<Buffer | null>;
}

export interface ChangeFinding {
  readonly severity: 'error' | 'warning' | 'info';
  readonly code: string;
  readonly message: string;
}

/** A planned change (the registry engine's PlannedChange, as far as a pull request needs it). */
export interface ChangePlan {
  readonly operation: { readonly kind: 'add' | 'update' | 'disable' };
  readonly chain: string;
  readonly id: string;
  readonly entry: Readonly<Record<string, unknown>>;
  readonly entryJson: string;
  readonly findings: readonly ChangeFinding[];
  readonly blocking: readonly ChangeFinding[];
  readonly overrides: readonly string[];
  readonly files: readonly { readonly path: string; readonly before: Buffer | null; readonly after: Buffer }[];
  readonly diff: string;
  readonly summary: string;
}

/** Plans the change on the files of one commit: `(files) => planChange(files, operation, options)`. */
export type Planner<P extends ChangePlan = ChangePlan> = (files: RegistryFiles) => Promise<P>;
