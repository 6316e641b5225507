import { z } from 'zod';

/** `POST /api/admin/parked-events/:id/retry` (202): the retry is recorded; the reactors' process runs it within a moment. */
export const ParkedEventRetryResponse = z.object({ id: z.string(), retryRequestedAt: z.string() });
export type ParkedEventRetryResponse = z.infer<typeof ParkedEventRetryResponse>;
