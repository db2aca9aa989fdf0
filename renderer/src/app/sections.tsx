import type { ReactElement } from 'react';
import { OverviewView } from '../views/OverviewView';
import { AboutView } from '../views/AboutView';
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
  { id: 'about', label: 'About', icon: icons.about!, view: AboutView },
];
