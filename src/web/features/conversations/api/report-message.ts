import { useMutation } from '@tanstack/react-query';
import type { MessageReportReason } from '#domain/conversations/conversation-ui.messages.ts';
import { apiRequest } from '#web/api/api-client.ts';

/** Reports a message to the admins (issue 13's reports API); the answer's msg thanks the reporter. */
export function useReportMessage() {
  return useMutation({
    mutationFn: (report: { messageId: string; reason: MessageReportReason; details: string }) =>
      apiRequest<{ success: true; msg: string }>('/reports', {
        method: 'POST',
        body: {
          targetType: 'message',
          targetId: report.messageId,
          reason: report.reason,
          details: report.details.trim() || undefined,
        },
      }),
  });
}
