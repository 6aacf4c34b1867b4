import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from './api-client.ts';

export interface SiteFacts {
  contactEmail: string;
  contactPhone: string;
  campusMapEmbedUrl: string | null;
}

/** Deployment facts (contacts, map) from the server's configuration: they change only with a deploy. */
export const siteFactsQuery = queryOptions({
  queryKey: ['site'],
  queryFn: () => apiRequest<SiteFacts>('/site'),
  staleTime: Infinity,
});

export function useSiteFacts() {
  return useQuery(siteFactsQuery);
}
