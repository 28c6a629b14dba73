import { LIMITS } from '@queuecast/contract';
import { useId, useState, type FormEvent } from 'react';
import { Button } from '../../../components/ui/button';
import { errorText } from '../../../lib/api-client';
import { notify } from '../../../lib/toast';
import { useSendDedication } from '../api/send-dedication';
import styles from './now-playing.module.css';

/** A signed-in listener's dedication to the DJ on air; the server's refusals come as toasts. */
export function DedicationForm({ dj }: { dj: string }) {
  const id = useId();
  const [message, setMessage] = useState('');
  const send = useSendDedication();
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const text = message.trim();
    if (!text || send.isPending) return;
    send.mutate(
      { message: text },
      {
        onSuccess: () => {
          setMessage('');
          notify.success('Sent to the DJ');
        },
        onError: (err) => notify.error(errorText(err, 'Failed to send to the DJ')),
      },
    );
  };
  return (
    <form className={styles.dedication} onSubmit={submit}>
      <label htmlFor={id} className="visually-hidden">
        Message to {dj}
      </label>
      <input
        id={id}
        value={message}
        maxLength={LIMITS.liveLineMax}
        placeholder="Send the DJ a dedication..."
        dir="auto"
        disabled={send.isPending}
        onChange={(e) => setMessage(e.target.value)}
      />
      <Button type="submit" size="sm" disabled={send.isPending || !message.trim()}>
        Send
      </Button>
    </form>
  );
}
