import { z } from 'zod';
import { installZodMessages } from '#shared/i18n/zodMessages';

// Zod probes for eval (`new Function`) when it builds its first object schema, to pick a faster
// parser. Our CSP has no 'unsafe-eval', so the probe is blocked and reported as a violation on
// every page. This module is imported before any schema exists (first import of main.tsx).
z.config({ jitless: true });
// Zod's own messages (a rule with no sentence of ours) in the language the interface is read in.
installZodMessages();
