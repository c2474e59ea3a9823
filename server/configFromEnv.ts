import { ConfigError, loadConfig, type Config } from './config';

/**
 * The entry points' one reading of the environment: a wrong value prints which variable is
 * wrong and stops the process before anything starts.
 */
export function configFromEnvOrExit(env: NodeJS.ProcessEnv): Config {
  try {
    return loadConfig(env);
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
}
