import { LIMITS } from '@queuecast/contract';
import { useId, useState } from 'react';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { FieldError } from '../../../components/ui/field';
import { useEndShow } from '../api/end-show';
import { banMinutesOf } from '../live-show-text';
import styles from './now-playing.module.css';

/** Staff end the show on air, after a confirm that sets how long its DJ may not come back. */
export default function EndShow({ dj }: { dj: string }) {
  const id = useId();
  const [open, setOpen] = useState(false);
  const [ban, setBan] = useState('0');
  const [problem, setProblem] = useState<string | null>(null);
  const end = useEndShow();
  const confirm = () => {
    const minutes = banMinutesOf(ban);
    if (minutes === null) {
      setProblem(`Enter whole minutes from 0 to ${LIMITS.liveBanMinutesMax}.`);
      return;
    }
    setOpen(false);
    end.mutate(minutes);
  };
  return (
    <>
      <Button
        variant="danger"
        size="sm"
        className={styles.endShow}
        disabled={end.isPending}
        onClick={() => {
          setProblem(null);
          setOpen(true);
        }}
      >
        End show
      </Button>
      <Dialog
        open={open}
        title="End the live show?"
        confirmLabel="End show"
        danger
        onConfirm={confirm}
        onClose={() => setOpen(false)}
      >
        <p>
          <bdi>{dj}</bdi> is taken off the air and the queue plays on.
        </p>
        <label htmlFor={id}>Minutes before {dj} may go live again</label>
        <input
          id={id}
          type="number"
          inputMode="numeric"
          min={0}
          max={LIMITS.liveBanMinutesMax}
          step={1}
          value={ban}
          onChange={(e) => {
            setBan(e.target.value);
            setProblem(null);
          }}
        />
        <FieldError message={problem} />
      </Dialog>
    </>
  );
}
