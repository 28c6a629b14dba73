import { fieldErrorClass } from './ui/field';

/** The form's current problem, announced to screen readers. */
export function FormError({ message }: { message: string | null }) {
  if (!message) return null;
  return (
    <p role="alert" className={fieldErrorClass}>
      {message}
    </p>
  );
}
