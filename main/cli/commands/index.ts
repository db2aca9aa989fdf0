import type { Command } from '../command';
import { webCommand } from './web';
import { idCommands } from './ids';
import { registryCommands } from './registry';
import { logoCommands } from './logo';
import { bridgeCommand } from './bridge';
import { loginCommand } from './login';
import { logoutCommand } from './logout';
import { statusCommand } from './status';
import { clientsCommands } from './clients';

// Each feature adds its commands here, one import and one spread per module.
export const commands: readonly Command[] = [
  webCommand,
  ...idCommands,
  ...registryCommands,
  ...logoCommands,
  bridgeCommand,
  loginCommand,
  logoutCommand,
  statusCommand,
  ...clientsCommands,
];
