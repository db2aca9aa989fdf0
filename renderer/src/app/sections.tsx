import type { ReactElement } from 'react';
import { OverviewView } from '../views/OverviewView';
import { AboutView } from '../views/AboutView';
import { AssistantsView } from '../views/assistants/AssistantsView';
import { WizardView } from '../views/validators/WizardView';
import { RegistryCheckView } from '../views/registry-check/RegistryCheckView';
import { PlaygroundView } from '../views/playground/PlaygroundView';
import { CollectionsView } from '../views/collections/CollectionsView';
import { SettingsView } from '../views/settings/SettingsView';
import { icons } from './icons';

export interface Section {
  readonly id: string;
  readonly label: string;
  readonly icon: ReactElement;
  readonly view: () => ReactElement;
}

/** Only sections that work are listed; each feature adds its own. */
export const sections: readonly Section[] = [
  { id: 'overview', label: 'Overview', icon: icons.overview!, view: OverviewView },
  { id: 'assistants', label: 'Assistants', icon: icons.assistants!, view: AssistantsView },
  { id: 'playground', label: 'Tool playground', icon: icons.playground!, view: PlaygroundView },
  { id: 'collections', label: 'Collections', icon: icons.collections!, view: CollectionsView },
  { id: 'validators', label: 'Submit a validator', icon: icons.validators!, view: WizardView },
  { id: 'registry-check', label: 'Check registry', icon: icons.registryCheck!, view: RegistryCheckView },
  { id: 'settings', label: 'Settings', icon: icons.settings!, view: SettingsView },
  { id: 'about', label: 'About', icon: icons.about!, view: AboutView },
];
