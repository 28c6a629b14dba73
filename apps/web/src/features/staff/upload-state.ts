/**
 * The upload form's states: idle, uploading (bytes going up, then 'analysing' while the
 * server checks and measures the file, or waits for its turn to), success or error. Choosing another file goes back to
 * idle and clears the messages.
 */
export type UploadPhase = 'idle' | 'uploading' | 'analysing' | 'success' | 'error';

export interface UploadState {
  phase: UploadPhase;
  /** Whole percent of the request sent, 0 to 100. */
  percent: number;
  /** The success or error text. */
  message: string | null;
}

export type UploadEvent =
  | { type: 'pick' }
  | { type: 'start' }
  | { type: 'progress'; sent: number; total: number }
  | { type: 'sent' }
  | { type: 'done'; message: string }
  | { type: 'fail'; message: string };

export const IDLE: UploadState = { phase: 'idle', percent: 0, message: null };

export const NO_FILE = 'Please select a file to upload.';
export const UPLOAD_FAILED = 'Upload failed';

export function uploadReducer(state: UploadState, event: UploadEvent): UploadState {
  switch (event.type) {
    case 'pick':
      return IDLE;
    case 'start':
      return { phase: 'uploading', percent: 0, message: null };
    case 'progress':
      if (state.phase !== 'uploading') return state;
      return { ...state, percent: Math.max(state.percent, percentOf(event.sent, event.total)) };
    case 'sent':
      return state.phase === 'uploading' ? { ...state, phase: 'analysing', percent: 100 } : state;
    case 'done':
      return { phase: 'success', percent: 100, message: event.message };
    case 'fail':
      return { phase: 'error', percent: 0, message: event.message };
  }
}

/**
 * What the form says while the server works on a sent file: its place in the analysis queue
 * when the server said it waits, else that it is being analysed.
 */
export function analysingText(status: { state: 'queued' | 'analysing'; position?: number } | null) {
  if (status?.state === 'queued' && status.position !== undefined) {
    return status.position === 1
      ? 'Waiting for analysis: next in line…'
      : `Waiting for analysis: ${status.position} in line…`;
  }
  return 'Analysing…';
}

/** Busy: the form takes no new upload. */
export const isBusy = (state: UploadState): boolean =>
  state.phase === 'uploading' || state.phase === 'analysing';

function percentOf(sent: number, total: number): number {
  if (!(total > 0) || !(sent >= 0)) return 0;
  return Math.min(100, Math.floor((sent / total) * 100));
}

/** A file's size for the picker: bytes, KB or MB with one decimal. */
export function sizeText(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`;
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}
