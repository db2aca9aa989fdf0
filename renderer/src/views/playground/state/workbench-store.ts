import { create } from 'zustand';
import { persist } from 'zustand/middleware';
import type { CallOutcome } from '../../../../../domain/ipc/playground-channels';
import { parseArguments } from '../form/form-value';
import { quoteStepIds } from './tool-results';

export type Args = Record<string, unknown>;

/** The result on screen: the latest call's, or one opened from history. */
export interface ShownResult {
  readonly outcome: CallOutcome;
  readonly args: Args;
  readonly profile: string;
  readonly source: 'live' | 'history';
  /** From history: the result was too large to keep across restarts (its size in bytes). */
  readonly dropped?: number;
}

export interface RunningCall {
  readonly callId: string;
  readonly tool: string;
  readonly startedAt: number;
}

interface WorkbenchState {
  tool: string | undefined;
  search: string;
  /** Per tool: the arguments being edited (persisted, so a reload keeps them). */
  drafts: Record<string, Args>;
  mode: 'form' | 'json';
  jsonText: string;
  jsonError: string | undefined;
  /**
   * Why the last Run sent nothing, until a valid check of the arguments, the next Run or another tool. The
   * issues themselves are main's answer, in the query cache (useArgumentCheck); the form shows each one once
   * its field was touched or Run was pressed.
   */
  notSent: string | undefined;
  /** Pointers of the fields the user touched (focused and left, or changed) since the tool was opened. */
  touched: string[];
  /** Run was pressed for these arguments: every issue shows. */
  submitted: boolean;
  /** Counts refused Runs: each one moves focus to the first field to fix. */
  focusRequest: number;
  running: RunningCall | undefined;
  shown: ShownResult | undefined;
  /** Step ids of the last quote, offered by the route-step form. */
  stepIds: string[];
  selectTool: (tool: string, initial: Args) => void;
  setSearch: (search: string) => void;
  setDraft: (tool: string, args: Args) => void;
  setMode: (mode: 'form' | 'json') => void;
  setJsonText: (text: string) => void;
  /** The arguments to send, from whichever editor is showing; undefined (with jsonError set) when the JSON does not parse. */
  currentArgs: () => Args | undefined;
  touch: (pointers: readonly string[]) => void;
  /** Run was pressed: from now on every issue shows; the previous Run's refusal is over. */
  submit: () => void;
  /** Run was refused: say why and move focus to the first field to fix. */
  refuse: (notSent: string) => void;
  /** The arguments passed a check: a refused Run's "Not sent" goes (the form's messages follow the check). */
  clearNotSent: () => void;
  /** The arguments could not even be checked (main unreachable): nothing was sent. */
  notSentBecause: (notSent: string) => void;
  setRunning: (running: RunningCall | undefined) => void;
  show: (result: ShownResult | undefined) => void;
  /** Loads arguments into the editor (history's "Edit"), switching tool if needed. */
  load: (tool: string, args: Args) => void;
}

const pretty = (args: Args) => JSON.stringify(args, null, 2);
/**
 * The result that may stay on screen when a Run of `tool` sent nothing: its own last result, never another
 * tool's (beside the refused form it would read as this tool's answer).
 */
const resultOf = (shown: ShownResult | undefined, tool: string | undefined) => (shown?.outcome.tool === tool ? shown : undefined);
/** A tool opened or arguments loaded: nothing checked, touched or submitted yet. */
const fresh = (): Pick<WorkbenchState, 'jsonError' | 'notSent' | 'touched' | 'submitted'> => ({
  jsonError: undefined,
  notSent: undefined,
  touched: [],
  submitted: false,
});

export const useWorkbenchStore = create<WorkbenchState>()(
  persist(
    (set, get) => ({
      tool: undefined,
      search: '',
      drafts: {},
      mode: 'form',
      jsonText: '{}',
      jsonError: undefined,
      notSent: undefined,
      touched: [],
      submitted: false,
      focusRequest: 0,
      running: undefined,
      shown: undefined,
      stepIds: [],
      selectTool(tool, initial) {
        const drafts = get().drafts[tool] ? get().drafts : { ...get().drafts, [tool]: initial };
        set({ tool, drafts, jsonText: pretty(drafts[tool] ?? {}), ...fresh() });
      },
      setSearch: (search) => set({ search }),
      setDraft(tool, args) {
        set((s) => ({ drafts: { ...s.drafts, [tool]: args } }));
      },
      setMode(mode) {
        const { tool, drafts, jsonText } = get();
        if (mode === get().mode || !tool) return;
        if (mode === 'json') {
          set({ mode, jsonText: pretty(drafts[tool] ?? {}), jsonError: undefined });
          return;
        }
        const parsed = parseArguments(jsonText);
        if (!parsed.ok) {
          set({ jsonError: `${parsed.message} Fix it to switch back to the form.` });
          return;
        }
        set({ mode, drafts: { ...drafts, [tool]: parsed.value }, jsonError: undefined });
      },
      setJsonText: (jsonText) => set({ jsonText, jsonError: undefined }),
      currentArgs() {
        const { tool, drafts, mode, jsonText } = get();
        if (!tool) return undefined;
        if (mode === 'form') return drafts[tool] ?? {};
        const parsed = parseArguments(jsonText);
        if (!parsed.ok) {
          set({ jsonError: parsed.message });
          return undefined;
        }
        return parsed.value;
      },
      touch(pointers) {
        const touched = get().touched;
        const added = pointers.filter((p) => !touched.includes(p));
        if (added.length > 0) set({ touched: [...touched, ...added] });
      },
      submit: () => set({ submitted: true, notSent: undefined }),
      refuse: (notSent) => set((s) => ({ notSent, submitted: true, focusRequest: s.focusRequest + 1, shown: resultOf(s.shown, s.tool) })),
      clearNotSent: () => set((s) => (s.notSent === undefined ? s : { notSent: undefined })),
      notSentBecause: (notSent) => set((s) => ({ notSent, shown: resultOf(s.shown, s.tool) })),
      setRunning: (running) => set({ running }),
      show(shown) {
        const stepIds = shown && quoteStepIds(shown.outcome);
        set({ shown, ...(stepIds ? { stepIds } : {}) });
      },
      load(tool, args) {
        set((s) => ({
          tool,
          drafts: { ...s.drafts, [tool]: args },
          jsonText: pretty(args),
          ...fresh(),
        }));
      },
    }),
    { name: 'companion.playground.workbench', partialize: (s) => ({ tool: s.tool, drafts: s.drafts, mode: s.mode, jsonText: s.jsonText }) },
  ),
);
