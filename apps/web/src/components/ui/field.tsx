import { useId, type InputHTMLAttributes, type ReactNode } from 'react';
import styles from './field.module.css';
import { cx } from './cx';

/**
 * A label above its control. `children` renders the control with the id the label points at
 * (an input, a select, a textarea, a combobox), so every control is named for screen readers
 * and tests alike.
 */
export function Field({
  label,
  hint,
  className,
  children,
}: {
  label: ReactNode;
  hint?: ReactNode;
  className?: string;
  children: (id: string, hintId: string | undefined) => ReactNode;
}) {
  const id = useId();
  const hintId = hint ? `${id}-hint` : undefined;
  return (
    <div className={cx(styles.field, className)}>
      <label htmlFor={id} className={styles.label}>
        {label}
      </label>
      {children(id, hintId)}
      {hint && (
        <p id={hintId} className={styles.hint}>
          {hint}
        </p>
      )}
    </div>
  );
}

/** A labelled text input: the common case of Field. */
export function TextField({
  label,
  hint,
  ...input
}: { label: string; hint?: ReactNode } & InputHTMLAttributes<HTMLInputElement>) {
  return (
    <Field label={label} hint={hint}>
      {(id, hintId) => <input id={id} aria-describedby={hintId} {...input} />}
    </Field>
  );
}

/** The form's current problem, announced to screen readers. */
export function FieldError({ message }: { message: string | null }) {
  if (!message) return null;
  return (
    <p role="alert" className={styles.formError}>
      {message}
    </p>
  );
}

/** The kit's field classes, for a form that lays out its own controls. */
export const fieldClass = styles.field;
export const fieldErrorClass = styles.formError;
