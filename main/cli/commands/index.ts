import type { Command } from '../command';
import { webCommand } from './web';
import { idCommands } from './ids';

// Each feature adds its commands here, one import and one spread per module.
export const commands: readonly Command[] = [
  webCommand,
  ...idCommands,
];
