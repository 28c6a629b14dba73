import { API, type UserRef, type UserRefList } from '@queuecast/contract';
import { useQuery } from '@tanstack/react-query';
import { api } from '../lib/api-client';
import { queryKeys } from './keys';

export async function getBlocks(): Promise<UserRef[]> {
  return (await api<UserRefList>(API.blocks.path())).users;
}

/** The users the signed-in user has blocked. */
export const useBlocks = (userId: number) =>
  useQuery({ queryKey: queryKeys.blocks(userId), queryFn: getBlocks, retry: false });
