import toast from 'react-hot-toast';

/** Toast durations: 4 s plain and error, 2 s success, loading until dismissed. */
export const TOAST_DURATIONS = { blank: 4000, error: 4000, success: 2000, loading: Infinity };

export const notify = {
  info: (message: string) => toast(message),
  success: (message: string) => toast.success(message),
  /** With an `id`, a second error of the same id replaces the first instead of stacking. */
  error: (message: string, id?: string) => toast.error(message, id ? { id } : undefined),
  loading: (message: string) => toast.loading(message),
  dismiss: (id?: string) => toast.dismiss(id),
};
