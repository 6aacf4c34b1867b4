import { CalendarCheck, MapPin } from 'lucide-react';
import { useState } from 'react';
import { meetupMessages as m } from '#domain/meetups/meetup.messages.ts';
import type { Meetup } from '#domain/meetups/meetup.wire.ts';
import { messageOf } from '#web/api/failure-message.ts';
import { Button } from '#web/components/ui/button.tsx';
import { toast } from '#web/lib/toast.ts';
import { useConversationMeetup } from '../api/get-conversation-meetup.ts';
import { useAcceptMeetup } from '../api/meetup-actions.ts';
import { formatMeetupTime } from './meetup-time.ts';
import { ProposeMeetupDialog } from './propose-meetup-dialog.tsx';

function MapLink({ meetup }: { meetup: Meetup }) {
  if (!meetup.spot.mapUrl) return null;
  return (
    <a href={meetup.spot.mapUrl} target="_blank" rel="noreferrer" className="ml-1 font-medium text-brand-700 underline">
      {m.openMap}
      <span className="sr-only"> ({meetup.spot.name})</span>
    </a>
  );
}

/**
 * The top of a conversation: the agreed meet-up (spot and time), the proposal waiting for an
 * answer (accept, or suggest another), and a way to propose one.
 */
export function MeetupPanel({
  conversationId,
  otherName,
  canPropose,
}: {
  conversationId: string;
  otherName: string;
  canPropose: boolean;
}) {
  const meetup = useConversationMeetup(conversationId);
  const accept = useAcceptMeetup(conversationId);
  const [dialog, setDialog] = useState<string | null>(null);
  if (!meetup.data) return null;
  const { accepted, proposal } = meetup.data;
  if (!accepted && !proposal && !canPropose) return null;

  return (
    <section aria-label={m.panelTitle} className="space-y-2 border-b border-slate-200 bg-white px-3 py-2 text-sm sm:px-4">
      {accepted && (
        <p className="flex items-start gap-2 rounded-lg bg-emerald-50 px-3 py-2 text-emerald-900">
          <CalendarCheck className="mt-0.5 h-4 w-4 shrink-0" aria-hidden="true" />
          <span>
            <strong className="font-semibold">{m.agreedTitle}: </strong>
            {m.agreed(accepted.spot.name, formatMeetupTime(accepted.meetAt))}
            <MapLink meetup={accepted} />
          </span>
        </p>
      )}
      {proposal && (
        <div className="flex flex-wrap items-center gap-2 rounded-lg bg-amber-50 px-3 py-2 text-amber-950">
          <MapPin className="h-4 w-4 shrink-0" aria-hidden="true" />
          <p className="min-w-0 flex-1">
            {proposal.mine
              ? m.proposedByYou(proposal.spot.name, formatMeetupTime(proposal.meetAt))
              : m.proposedByThem(proposal.proposerName, proposal.spot.name, formatMeetupTime(proposal.meetAt))}
            <MapLink meetup={proposal} />
          </p>
          {canPropose && !proposal.mine && (
            <Button
              size="sm"
              busy={accept.isPending}
              onClick={() =>
                accept.mutate(proposal._id, {
                  onSuccess: (answer) => toast.success(answer.msg),
                  onError: (error) => toast.error(messageOf(error, m.failed)),
                })
              }
            >
              {m.accept}
            </Button>
          )}
          {canPropose && (
            <Button size="sm" variant="secondary" onClick={() => setDialog(proposal.mine ? m.changeProposal : m.suggestAnother)}>
              {proposal.mine ? m.changeProposal : m.suggestAnother}
            </Button>
          )}
        </div>
      )}
      {!proposal && canPropose && (
        <Button size="sm" variant="secondary" onClick={() => setDialog(m.dialogTitle)}>
          <MapPin className="h-4 w-4" aria-hidden="true" />
          {m.propose}
        </Button>
      )}
      {dialog && (
        <ProposeMeetupDialog
          open
          onOpenChange={(open) => !open && setDialog(null)}
          conversationId={conversationId}
          title={dialog === m.dialogTitle ? m.dialogTitle : `${m.dialogTitle} · ${otherName}`}
        />
      )}
    </section>
  );
}
