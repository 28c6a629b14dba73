import type { StreamKey } from '@queuecast/contract';
import { Fragment, useState } from 'react';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { Dialog } from '../../../components/ui/dialog';
import { errorText } from '../../../lib/api-client';
import { notify } from '../../../lib/toast';
import { useNewStreamKey } from '../api/stream-key';
import {
  buttSettings,
  connectionSettings,
  ffmpegCommand,
  HIDDEN_KEY,
  mixxxSettings,
  type SettingLine,
} from '../go-live';
import styles from '../profile.module.css';

const HIDDEN_DOTS = '••••••••••••';

async function copy(text: string, what: string) {
  try {
    await navigator.clipboard.writeText(text);
    notify.success(`${what} copied`);
  } catch {
    notify.error('Could not copy; select the text instead.');
  }
}

/**
 * A DJ's connection settings for their own software: server, port, mount, username and the
 * stream key (hidden until shown), a new key on demand, and the same settings as BUTT, Mixxx
 * and an ffmpeg command line spell them.
 */
export function GoLive({ userId, streamKey }: { userId: number; streamKey: StreamKey }) {
  const [shown, setShown] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const renew = useNewStreamKey(userId);
  const s = connectionSettings(streamKey, window.location);
  const key = shown ? s.key : HIDDEN_KEY;
  const replace = () => {
    setConfirming(false);
    renew.mutate(undefined, {
      onSuccess: () => {
        setShown(true);
        notify.success('New stream key made; the old one no longer works.');
      },
      onError: (err) => notify.error(errorText(err, 'Failed to make a new key')),
    });
  };
  return (
    <Card title="Go live" titleId="go-live-title" className={styles.goLive} data-testid="go-live">
      <p className="muted">
        Stream from your own software to go on air. Your show starts with your first sound.
      </p>
      <dl className={styles.settings}>
        <dt>Server</dt>
        <dd>
          <code data-testid="live-server">{s.host}</code>
        </dd>
        <dt>Port</dt>
        <dd>
          <code data-testid="live-port">{s.port}</code>
        </dd>
        <dt>Mount</dt>
        <dd>
          <code data-testid="live-mount">{s.mount}</code>
        </dd>
        <dt>Username</dt>
        <dd>
          <code data-testid="live-username">{s.username}</code>
        </dd>
        <dt>Stream key</dt>
        <dd className={styles.keyRow}>
          <code data-testid="live-key">{shown ? s.key : HIDDEN_DOTS}</code>
          <Button size="sm" aria-pressed={shown} onClick={() => setShown((v) => !v)}>
            {shown ? 'Hide' : 'Show'}
          </Button>
          <Button size="sm" onClick={() => void copy(s.key, 'Stream key')}>
            Copy
          </Button>
          <Button
            size="sm"
            variant="danger"
            disabled={renew.isPending}
            onClick={() => setConfirming(true)}
          >
            New key
          </Button>
        </dd>
      </dl>
      <p className="muted">Your stream key is a password: keep it to yourself.</p>
      <Dialog
        open={confirming}
        title="Make a new stream key?"
        confirmLabel="New key"
        danger
        onConfirm={replace}
        onClose={() => setConfirming(false)}
      >
        <p>The old key stops working. Put the new one in your software before you go live.</p>
      </Dialog>
      <h3>BUTT</h3>
      <Settings lines={buttSettings(s, key)} label="BUTT settings" />
      <h3>Mixxx (Live Broadcasting)</h3>
      <Settings lines={mixxxSettings(s, key)} label="Mixxx settings" />
      <h3>ffmpeg</h3>
      <pre className={styles.command}>
        <code data-testid="ffmpeg-command">{ffmpegCommand(s, key)}</code>
      </pre>
      <Button size="sm" onClick={() => void copy(ffmpegCommand(s, s.key), 'Command')}>
        Copy command
      </Button>
    </Card>
  );
}

function Settings({ lines, label }: { lines: SettingLine[]; label: string }) {
  return (
    <div role="group" aria-label={label}>
      <dl className={styles.settings}>
        {lines.map(([field, value]) => (
          <Fragment key={field}>
            <dt>{field}</dt>
            <dd>
              <code>{value}</code>
            </dd>
          </Fragment>
        ))}
      </dl>
    </div>
  );
}
