import type { UploadResult } from '@queuecast/contract';

const STATUS_WORDS: Record<string, string> = {
  active: 'Active',
  missing_file: 'Missing file',
  review: 'Waiting for review',
};

/** A song's status in words; an unknown one as written, an empty one 'Unknown'. */
export function statusText(status: string | null | undefined): string {
  if (!status) return 'Unknown';
  return STATUS_WORDS[status] ?? status.replaceAll('_', ' ');
}

/** What a finished upload means for the song. */
export function uploadDoneText(result: Pick<UploadResult, 'status'>): string {
  switch (result.status) {
    case 'active':
      return 'Upload complete: the song is on the air rotation now.';
    case 'review':
      return 'Uploaded: the file waits for staff review.';
    default:
      return `Upload complete. Status: ${statusText(result.status)}.`;
  }
}
