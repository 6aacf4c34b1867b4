import { useQuery } from '@tanstack/react-query';
import { apiRequest } from './api-client.ts';

export interface SiteFacts {
  contactEmail: string;
  contactPhone: string;
  campusMapEmbedUrl: string | null;
}

/** Deployment facts (contacts, map) from the server's configuration. */
export function useSiteFacts() {
  return useQuery({
    queryKey: ['site'],
    queryFn: () => apiRequest<SiteFacts>('/site'),
    staleTime: Infinity,
  });
}
