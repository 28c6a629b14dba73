import { PAGES } from '@queuecast/contract';
import { useState, type FormEvent } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { FormError } from '../../../components/form-error';
import { FormField } from '../../../components/form-field';
import { errorText } from '../../../lib/api-client';
import styles from '../auth.module.css';
import { useDocumentTitle } from '../../../lib/document-title';
import { notify } from '../../../lib/toast';
import { useSignup } from '../api/signup';
import { validateSignup } from '../signup-rules';

export default function SignupPage() {
  useDocumentTitle('Sign Up');
  const location = useLocation();
  const navigate = useNavigate();
  const signup = useSignup();
  const [form, setForm] = useState(() => ({
    username: '',
    email: '',
    password: '',
    repeat: '',
    referralCode: decodeURIComponent(location.hash.replace(/^#/, '')),
  }));
  const [error, setError] = useState<string | null>(null);
  const set = (key: keyof typeof form) => (e: React.ChangeEvent<HTMLInputElement>) =>
    setForm((f) => ({ ...f, [key]: e.target.value }));

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const problem = validateSignup(form);
    setError(problem);
    if (problem) {
      notify.error(problem);
      return;
    }
    signup.mutate(
      {
        username: form.username.trim(),
        email: form.email.trim() || null,
        password: form.password,
        referralCode: form.referralCode.trim() || null,
      },
      {
        onSuccess: () => void navigate(PAGES.queue.path()),
        onError: (err) => {
          const message = errorText(err, 'Signup failed.', 'Something went wrong. Try again.');
          setError(message);
          notify.error(message);
        },
      },
    );
  };

  return (
    <section className={styles.authPage}>
      <h1>Sign Up</h1>
      <form onSubmit={submit} noValidate>
        <FormField
          label="Username"
          name="username"
          autoComplete="username"
          required
          value={form.username}
          onChange={set('username')}
        />
        <FormField
          label="Email (optional)"
          name="email"
          type="email"
          autoComplete="email"
          value={form.email}
          onChange={set('email')}
        />
        <FormField
          label="Password"
          name="password"
          type="password"
          autoComplete="new-password"
          required
          value={form.password}
          onChange={set('password')}
        />
        <FormField
          label="Repeat password"
          name="repeat"
          type="password"
          autoComplete="new-password"
          required
          value={form.repeat}
          onChange={set('repeat')}
        />
        <FormField
          label="Referral code"
          name="referralCode"
          value={form.referralCode}
          onChange={set('referralCode')}
        />
        <FormError message={error} />
        <button type="submit" disabled={signup.isPending}>
          Sign Up
        </button>
      </form>
      <p>
        Already have an account? <Link to={PAGES.login.path()}>Log In</Link>
      </p>
    </section>
  );
}
