/**
 * Registry engine: the API the CLI and the app's main-process services call. Plain Node, no Electron.
 *
 *   Checking   checkRegistry, checkEntry, checkEntries, checkLogo, readList/parseList, isRegistryRoot
 *   Writing    planWrite → (show plan.diff, plan.findings) → applyWrite; undo; registryHistory
 *   Remote     planChange(source, …): the same plan from any RegistrySource (e.g. one commit read over GitHub's API)
 *   Logos      fixLogo (with circle previews), toDataUrl
 *
 * Finding codes and their severities: findings.ts (FINDING_CODES), documented in docs/registry-tools.md ("Finding codes").
 */
export {
  ALL_FINDING_CODES,
  FINDING_CODES,
  countFindings,
  isFindingCode,
  sortFindings,
  type Finding,
  type FindingCode,
  type FindingCounts,
  type Severity,
} from './findings';
export { checkRegistry, type CheckRegistryOptions, type RegistryReport, type RegistrySummary, type ScanProgress } from './scanner';
export { checkEntries, checkEntry, type CheckEntryOptions } from './entry-rules';
export { checkLogo, LOGO_RULES, type LogoCheck, type LogoFacts } from './logo-rules';
export { parseList, readList, type EntrySpan, type ListDocument } from './list-reader';
export { formatList, type ListStyle } from './list-format';
export { isRegistryRoot, listChainFolders, rel as registryPaths } from './layout';
export {
  planChange,
  planWrite,
  type LogoInput,
  type PlanOptions,
  type PlannedChange,
  type PlannedFile,
  type WriteOperation,
  type WritePlan,
} from './write-plan';
export { folderSource, type RegistrySource } from './registry-source';
export { applyWrite, registryHistory, undo, type AppliedWrite, type UndoOptions, type UndoResult, type WriteOptions } from './write-apply';
export { recoverPendingWrite, rolledBackMessage, type RolledBack } from './write-journal';
export { defaultHistoryDir, KEEP_OPERATIONS, type HistoryRecord } from './history';
export { fixLogo, type CropBox, type FixLogoOptions, type LogoEncoding, type LogoFixResult } from './logo-fixer';
export { circlePreviews, PREVIEW_BACKGROUNDS, toDataUrl, type LogoPreviews } from './logo-preview';
export { RegistryError, type RegistryErrorCode } from './errors';
export { CHECK_PIXEL_LIMIT, FIX_PIXEL_LIMIT } from './sharp-loader';
