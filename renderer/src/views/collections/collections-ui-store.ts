/** What the user chose in the Collections view: the open collection (UI state; its content is a query). */
import { create } from 'zustand';

export interface CollectionsUi {
  /** The open collection's file name, '' for none. */
  open: string;
}

const initial: CollectionsUi = { open: '' };

export const useCollectionsUi = create<CollectionsUi>()(() => initial);

export function openCollection(file: string): void {
  useCollectionsUi.setState({ open: file });
}

/** Back to the state the app starts in (tests). */
export function resetCollectionsUi(): void {
  useCollectionsUi.setState(initial, true);
}
