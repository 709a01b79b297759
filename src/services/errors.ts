/** A request the service refuses; the API answers with the status and the message. */
export class ServiceError extends Error {
  constructor(
    readonly status: 400 | 401 | 403 | 404 | 409 | 429,
    message: string,
  ) {
    super(message);
  }
}

export const badRequest = (message: string) => new ServiceError(400, message);
