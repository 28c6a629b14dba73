import { useRequestAllowance } from '../api/get-request-allowance';
import { serverNow, useTicking } from '../lib/server-clock';
import { allowanceText } from './request-allowance-rules';
import { cx } from './ui/cx';
import styles from './queue-cells.module.css';

/** The signed-in listener's remaining requests and cooldown; nothing while logged out. */
export function RequestAllowanceNote() {
  const allowance = useRequestAllowance();
  const now = useTicking(serverNow, 1000);
  if (!allowance) return null;
  return <p className={cx(styles.requestAllowance, 'muted')}>{allowanceText(allowance, now)}</p>;
}
