import { tooFastText } from '../../components/request-rules';
import type { CallFailure } from '../../lib/api-client';

/** How long a loaded preview's object URL is kept before it is released: 10 minutes. */
export const PREVIEW_URL_LIFETIME_MS = 600_000;

/** Too fast says how long to wait; every other failure is 'Failed to fetch preview'. */
export function previewFailureText(failure: CallFailure): string {
  if (failure.kind === 'status' && failure.status === 429)
    return tooFastText('previewing', failure);
  return 'Failed to fetch preview';
}
