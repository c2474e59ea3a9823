/** The offline AI roles: the default when no provider key is configured. */
export { createOfflinePatient } from './patient';
export { createOfflineGrader } from './grader';
export { createOfflineCoach } from './coach';
