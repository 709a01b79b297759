import pino from "pino";
import pretty from "pino-pretty";

export type Logger = pino.Logger;
export type LogFormat = "pretty" | "json";

/** Human lines on a terminal, one JSON object per line otherwise (a log file, a collector); LOG_FORMAT decides. */
export function logFormat(chosen: LogFormat | undefined, stream: { isTTY?: boolean } = process.stdout): LogFormat {
  return chosen ?? (stream.isTTY ? "pretty" : "json");
}

export function createLogger(level: string, format: LogFormat = logFormat(undefined)): Logger {
  const options = { level, base: undefined, timestamp: pino.stdTimeFunctions.isoTime };
  if (format === "json") return pino(options);
  return pino(
    options,
    pretty({
      colorize: Boolean(process.stdout.isTTY),
      translateTime: "SYS:HH:MM:ss",
      ignore: "pid,hostname",
      sync: true,
    }),
  );
}
