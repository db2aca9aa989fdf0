/** UI state of the Assistants view: only what the user chose here. What main answers is in assistants-queries.ts. */
import { create } from 'zustand';

interface AssistantsUi {
  /** The profile chosen in the picker; null until the user picks one (main's default is used). */
  profile: string | null;
}

const initial: AssistantsUi = { profile: null };

export const useAssistantsUi = create<AssistantsUi>()(() => initial);

export function chooseProfile(profile: string): void {
  useAssistantsUi.setState({ profile });
}

/** Back to the state the app starts in (tests). */
export function resetAssistantsUi(): void {
  useAssistantsUi.setState(initial, true);
}
