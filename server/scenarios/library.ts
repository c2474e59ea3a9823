import { fileURLToPath } from 'node:url';
import { loadLibrary } from './loadLibrary';

/**
 * The scenarios ChairTalk ships with, one JSON file each in `./shipped/` (see its README for
 * how to write one). Read from the source tree once per process, so a bad file stops the server
 * at start rather than surfacing mid-conversation. Ordered by difficulty, then title.
 */
export const scenarioLibrary = loadLibrary(fileURLToPath(new URL('./shipped/', import.meta.url)));
