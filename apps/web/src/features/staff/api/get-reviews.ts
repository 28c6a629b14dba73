import { API, type ReviewList } from '@queuecast/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

export const getReviews = () => api<ReviewList>(API.reviews.path());

export const reviewsQuery = () =>
  queryOptions({ queryKey: ['staff', 'review'] as const, queryFn: getReviews });

/** Listeners' songs and uploads waiting for staff, oldest first as the server sends them. */
export const useReviews = () => useQuery(reviewsQuery());
