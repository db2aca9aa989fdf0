/** Crash safety of the real `companion registry add`, part 2 of 2 of the 200 kills (see testing/registry-crash-suite.ts). */
import { describeCrashSafety } from './testing/registry-crash-suite';

describeCrashSafety(1);
