import type { ZodMiniType, output } from 'zod/mini';

/**
 * An answer the portal sent that does not have the shape this app relies on (a newer or older
 * server, a proxy's error page). Thrown by parseAnswer at the boundary, so no page works on half a
 * value; pages show LOAD_ERROR_TEXT (shared/errors) instead of crashing. The message names the
 * call, never the data (no personal data in logs).
 */
export class UnexpectedAnswerError extends Error {
  /** Which call answered (e.g. "GET session/user"). */
  readonly call: string;
  /** Where the answer differed (field paths), for the developer console. */
  readonly paths: string[];

  constructor(call: string, paths: string[]) {
    super(`Unexpected answer from ${call}${paths.length ? ` at ${paths.join(', ')}` : ''}`);
    this.name = 'UnexpectedAnswerError';
    this.call = call;
    this.paths = paths;
  }
}

export function isUnexpectedAnswer(error: unknown): error is UnexpectedAnswerError {
  return error instanceof UnexpectedAnswerError;
}

/** Parses an answer with its schema; throws UnexpectedAnswerError when it does not match. */
export function parseAnswer<S extends ZodMiniType>(schema: S, value: unknown, call: string): output<S> {
  const result = schema.safeParse(value);
  if (result.success) return result.data as output<S>;
  throw new UnexpectedAnswerError(
    call,
    result.error.issues.slice(0, 5).map((issue) => issue.path.map(String).join('.') || '(root)'),
  );
}
