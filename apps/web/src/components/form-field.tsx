import { useId, type InputHTMLAttributes } from 'react';
import { fieldClass } from './ui/field';

/** A labelled input: the label names the control for screen readers and tests alike. */
export function FormField({
  label,
  ...input
}: { label: string } & InputHTMLAttributes<HTMLInputElement>) {
  const id = useId();
  return (
    <div className={fieldClass}>
      <label htmlFor={id}>{label}</label>
      <input id={id} {...input} />
    </div>
  );
}
