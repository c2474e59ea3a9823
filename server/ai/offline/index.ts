/** The offline AI roles: the default when no provider key is configured. */
export { createOfflinePatient } from './patient';
export { createOfflineScorer } from './scorer';
export { createOfflineCoach } from './coach';
