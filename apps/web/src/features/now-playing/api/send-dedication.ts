import { API, type LiveLineItem, type LiveLinePost } from '@queuecast/contract';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** POST /api/live/line: a listener's dedication to the DJ on air. */
export const sendDedication = (body: LiveLinePost) =>
  api<LiveLineItem>(API.liveLine.path(), { method: 'POST', body });

export const useSendDedication = () => useMutation({ mutationFn: sendDedication });
