import type { UserRef } from '@queuecast/contract';
import { useState } from 'react';
import { useBlocks } from '../api/get-blocks';
import { useSetBlocked } from '../api/set-blocked';

/** Block or Unblock the partner, after a short confirmation. */
export function BlockToggle({ userId, partner }: { userId: number; partner: UserRef }) {
  const blocks = useBlocks(userId);
  const change = useSetBlocked(userId, partner);
  const [confirming, setConfirming] = useState(false);
  if (!blocks.data) return null;
  const blocked = blocks.data.some((u) => u.id === partner.id);
  const action = blocked ? 'Unblock' : 'Block';

  if (!confirming) {
    return (
      <button type="button" className="inbox-block" onClick={() => setConfirming(true)}>
        {action}
      </button>
    );
  }
  return (
    <div className="inbox-confirm" role="group" aria-label={`${action} ${partner.username}?`}>
      <span>
        {blocked
          ? `Unblock ${partner.username}? They can message you again.`
          : `Block ${partner.username}? They can no longer message you.`}
      </span>
      <button
        type="button"
        disabled={change.isPending}
        onClick={() => change.mutate(!blocked, { onSettled: () => setConfirming(false) })}
      >
        {`Yes, ${action.toLowerCase()}`}
      </button>
      <button type="button" onClick={() => setConfirming(false)}>
        Cancel
      </button>
    </div>
  );
}
