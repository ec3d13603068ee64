// What was thrown may be anything: an Error, an HTTP error with a status, a string.

/** A property of something thrown, if it is an object that has it. */
export const field = (error: unknown, name: string): unknown =>
  typeof error === "object" && error !== null
    ? (error as Record<string, unknown>)[name]
    : undefined;
