import { ConfigError, loadConfig } from '../config.js';

/** The problems loadConfig stops with, or [] when it starts. */
export function problemsOf(source: Record<string, string>): string[] {
  try {
    loadConfig(source);
    return [];
  } catch (error) {
    if (error instanceof ConfigError) return error.problems;
    throw error;
  }
}
