import { API, type LiveKickResult } from '@queuecast/contract';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** POST /api/live/kick: staff end the show on air; its DJ may not connect for `banMinutes`. */
export const endShow = (banMinutes: number) =>
  api<LiveKickResult>(API.liveKick.path(), { method: 'POST', body: { ban_minutes: banMinutes } });

export const useEndShow = () => useMutation({ mutationFn: endShow });
