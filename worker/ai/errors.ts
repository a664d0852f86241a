/** The AI provider failed or answered unusable output; callers report it as a service_error. */
export class AiServiceError extends Error {
  constructor(
    message: string,
    readonly tokens = 0,
  ) {
    super(message);
    this.name = "AiServiceError";
  }
}
