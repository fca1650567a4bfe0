import { ApiError } from '../portal/src/api/client.ts';

/** A read that failed the way a busy or restarting server answers: 503 with the API's error shape. */
export const serverNotAnswering = () =>
  new ApiError(503, 'Service Unavailable', JSON.stringify({ message: 'The server is not answering.', id: 'service_unavailable' }));
