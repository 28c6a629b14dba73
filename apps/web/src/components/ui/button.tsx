import type { ButtonHTMLAttributes } from 'react';
import styles from './button.module.css';
import { cx } from './cx';

export type ButtonVariant = 'default' | 'primary' | 'danger' | 'ghost' | 'link';

export interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  variant?: ButtonVariant;
  size?: 'sm' | 'md';
}

/** The kit's button: `primary` for a form's main action, `link` for an inline action. */
export function Button({
  variant = 'default',
  size = 'md',
  type = 'button',
  className,
  ...rest
}: ButtonProps) {
  return (
    <button
      type={type}
      className={cx(
        styles.button,
        variant !== 'default' && styles[variant],
        size === 'sm' && styles.sm,
        className,
      )}
      {...rest}
    />
  );
}
