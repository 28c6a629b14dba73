import { API, type Referral, type ReferralList } from '@queuecast/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

export const getReferrals = async (): Promise<Referral[]> =>
  (await api<ReferralList>(API.referrals.path())).referrals;

export const referralsQuery = (userId: number) =>
  queryOptions({ queryKey: ['referrals', userId], queryFn: getReferrals });

export const useReferrals = (userId: number, enabled: boolean) =>
  useQuery({ ...referralsQuery(userId), enabled });
