import pino, { type DestinationStream, type Logger } from "pino";
import { logLevelSetting } from "@/lib/config";

export type { Logger };

/**
 * The server's log: one JSON object a line on stdout (pino), at LOG_LEVEL and above. Request and
 * job lines carry a `requestId` (lib/observability/request-log.ts). Fields that could carry a
 * credential are censored wherever a caller puts them.
 */
function createLogger(destination?: DestinationStream, level: string = logLevelOrInfo()): Logger {
  const options = {
    level,
    timestamp: pino.stdTimeFunctions.isoTime,
    redact: {
      paths: ["authorization", "apiKey", "password", "secret", "token", "*.authorization", "*.apiKey", "*.password", "*.secret", "*.token"],
      censor: "[redacted]",
    },
  };
  return destination ? pino(options, destination) : pino(options);
}

/** LOG_LEVEL, or info while it is wrong: the start's fatal line then says so (lib/server-start.ts). */
function logLevelOrInfo(): string {
  try {
    return logLevelSetting();
  } catch {
    return "info";
  }
}

// On globalThis, so hot reload in `next dev` keeps one logger (and one stdout stream).
const holder = globalThis as unknown as { signetLogger?: Logger };

export function logger(): Logger {
  return (holder.signetLogger ??= createLogger());
}

/** Tests: send the log to `destination` (a stream they read) until the returned function restores it. */
export function logTo(destination: DestinationStream, level = "info"): () => void {
  const previous = holder.signetLogger;
  holder.signetLogger = createLogger(destination, level);
  return () => {
    holder.signetLogger = previous;
  };
}
