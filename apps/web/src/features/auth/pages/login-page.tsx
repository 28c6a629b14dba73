import { PAGES } from '@queuecast/contract';
import { useState, type FormEvent } from 'react';
import { Link, Navigate, useNavigate } from 'react-router';
import { FormError } from '../../../components/form-error';
import { FormField } from '../../../components/form-field';
import { errorText } from '../../../lib/api-client';
import styles from '../auth.module.css';
import { useDocumentTitle } from '../../../lib/document-title';
import { useSession } from '../../../lib/session';
import { notify } from '../../../lib/toast';
import { useLogin } from '../api/login';

export default function LoginPage() {
  useDocumentTitle('Log In');
  const session = useSession();
  const navigate = useNavigate();
  const login = useLogin();
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);

  if (session && !login.isPending) return <Navigate to={PAGES.profile.path()} replace />;

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!username.trim() || !password) {
      setError('Please enter your username and password.');
      return;
    }
    setError(null);
    login.mutate(
      { username: username.trim(), password },
      {
        onSuccess: () => void navigate(PAGES.profile.path()),
        onError: (err) => {
          const message = errorText(err, 'Login failed', 'Network error');
          setError(message);
          notify.error(message);
        },
      },
    );
  };

  return (
    <section className={styles.authPage}>
      <h1>Log In</h1>
      <form onSubmit={submit} noValidate>
        <FormField
          label="Username"
          name="username"
          autoComplete="username"
          required
          value={username}
          onChange={(e) => setUsername(e.target.value)}
        />
        <FormField
          label="Password"
          name="password"
          type="password"
          autoComplete="current-password"
          required
          value={password}
          onChange={(e) => setPassword(e.target.value)}
        />
        <FormError message={error} />
        <button type="submit" disabled={login.isPending}>
          Log In
        </button>
      </form>
      <p>
        No account yet? <Link to={PAGES.signup.path()}>Sign Up</Link>
      </p>
    </section>
  );
}
