import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { pushKeys } from './api/push-subscriptions.ts';
import { pushDeviceState, turnPushOff, turnPushOn } from './push-device.ts';

/** This browser's push state for the signed-in account (asks the server which devices are theirs). */
export function usePushDevice() {
  return useQuery({ queryKey: pushKeys.device, queryFn: pushDeviceState, staleTime: 60_000 });
}

/** Turns push on (asking the browser's permission) or off for this device. */
export function useSetPushOnDevice() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (on: boolean) => (on ? turnPushOn() : turnPushOff()),
    onSettled: () => queryClient.invalidateQueries({ queryKey: pushKeys.all }),
  });
}
