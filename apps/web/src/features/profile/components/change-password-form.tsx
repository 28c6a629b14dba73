import { useState, type FormEvent } from 'react';
import { FormError } from '../../../components/form-error';
import { FormField } from '../../../components/form-field';
import { errorText } from '../../../lib/api-client';
import { notify } from '../../../lib/toast';
import { useChangePassword } from '../api/change-password';
import { validatePasswordChange } from '../password-rules';

export function ChangePasswordForm() {
  const change = useChangePassword();
  const [form, setForm] = useState({ current: '', next: '', confirm: '' });
  const [error, setError] = useState<string | null>(null);
  const set = (key: keyof typeof form) => (e: React.ChangeEvent<HTMLInputElement>) =>
    setForm((f) => ({ ...f, [key]: e.target.value }));

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const problem = validatePasswordChange(form);
    setError(problem);
    if (problem) return void notify.error(problem);
    change.mutate(
      { currentPassword: form.current, newPassword: form.next },
      {
        onSuccess: () => {
          setForm({ current: '', next: '', confirm: '' });
          notify.success('Password changed.');
        },
        onError: (err) => {
          const message = errorText(err, 'Failed to change password');
          setError(message);
          notify.error(message);
        },
      },
    );
  };

  return (
    <form onSubmit={submit} noValidate>
      <FormField
        label="Current password"
        type="password"
        autoComplete="current-password"
        value={form.current}
        onChange={set('current')}
      />
      <FormField
        label="New password"
        type="password"
        autoComplete="new-password"
        value={form.next}
        onChange={set('next')}
      />
      <FormField
        label="Confirm new password"
        type="password"
        autoComplete="new-password"
        value={form.confirm}
        onChange={set('confirm')}
      />
      <FormError message={error} />
      <button type="submit" disabled={change.isPending}>
        Change Password
      </button>
    </form>
  );
}
