/** Toast durations: 4 s plain and error, 2 s success, loading until dismissed. */
export const TOAST_DURATIONS = { blank: 4000, error: 4000, success: 2000, loading: Infinity };

export type ToastKind = keyof typeof TOAST_DURATIONS;

export interface Toast {
  id: string;
  kind: ToastKind;
  message: string;
}

/** The most toasts kept at once: the oldest goes when a 21st arrives. */
export const TOAST_LIMIT = 20;

/**
 * The page's toasts: a small store that components/ui/toast.tsx shows. Kept here, free of any
 * screen, so that the plumbing (a 401, a live message) can notify too; no library, as the
 * first load has no room for one.
 */
let toasts: readonly Toast[] = [];
let counter = 0;
const timers = new Map<string, ReturnType<typeof setTimeout>>();
const listeners = new Set<() => void>();

function changed(next: readonly Toast[]) {
  toasts = next;
  listeners.forEach((l) => l());
}

function show(kind: ToastKind, message: string, id = `t${++counter}`): string {
  clearTimeout(timers.get(id));
  timers.delete(id);
  changed([...toasts.filter((t) => t.id !== id), { id, kind, message }].slice(-TOAST_LIMIT));
  const duration = TOAST_DURATIONS[kind];
  if (Number.isFinite(duration))
    timers.set(
      id,
      setTimeout(() => dismiss(id), duration),
    );
  return id;
}

function dismiss(id?: string) {
  const gone = id === undefined ? toasts : toasts.filter((t) => t.id === id);
  for (const t of gone) {
    clearTimeout(timers.get(t.id));
    timers.delete(t.id);
  }
  if (gone.length) changed(id === undefined ? [] : toasts.filter((t) => t.id !== id));
}

export const toastStore = {
  get: () => toasts,
  subscribe: (listener: () => void) => {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
};

export const notify = {
  info: (message: string) => show('blank', message),
  success: (message: string) => show('success', message),
  /** With an `id`, a second error of the same id replaces the first instead of stacking. */
  error: (message: string, id?: string) => show('error', message, id),
  loading: (message: string) => show('loading', message),
  dismiss,
};
