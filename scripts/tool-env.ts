// The configuration for a command-line tool: read as the server reads it, or exit 2 with its problems.
import { ConfigError, readEnv, type Env } from "../app/server/env.server.ts";

export function toolEnv(): Env {
  try {
    return readEnv();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(2);
    }
    throw error;
  }
}
