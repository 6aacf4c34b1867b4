import { zodResolver } from '@hookform/resolvers/zod';
import { useId } from 'react';
import { type FieldErrors, useForm, useWatch } from 'react-hook-form';
import { toast } from '#web/lib/toast.ts';
import type { z } from 'zod';
import { type BuyRequestForm, buyRequestFormSchema } from '#domain/buy-requests/buy-request.schemas.ts';
import { BUY_REQUEST_MESSAGE_MAX_CHARS } from '#domain/constants.ts';
import { buyRequestMessages as m } from '#domain/buy-requests/buy-request.messages.ts';
import type { Product } from '#domain/products/product.wire.ts';
import { serverOrNetworkMessageOf } from '#web/api/failure-message.ts';
import { Button } from '#web/components/ui/button.tsx';
import { Dialog } from '#web/components/ui/dialog.tsx';
import { Field, Textarea } from '#web/components/ui/field.tsx';
import { CardImage } from '#web/features/products/components/card-image.tsx';
import { useSendBuyRequest } from '../api/send-buy-request.ts';

export interface BuyRequestDialogProps {
  product: Product;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The open request's message, when the buyer is editing it. */
  initialMessage?: string;
}

/**
 * The buy-request dialog (spec 2 and 5): the product's first photo, a message box, and Send. A
 * blank message shows 'Please add a message before sending.' and nothing is sent.
 */
export function BuyRequestDialog({ product, open, onOpenChange, initialMessage = '' }: BuyRequestDialogProps) {
  const id = useId();
  const form = useForm<BuyRequestForm, unknown, z.output<typeof buyRequestFormSchema>>({
    resolver: zodResolver(buyRequestFormSchema),
    defaultValues: { buyerMessage: initialMessage },
  });
  const error = form.formState.errors.buyerMessage?.message;
  const length = useWatch({ control: form.control, name: 'buyerMessage' })?.length ?? 0;

  const send = useSendBuyRequest({
    onSuccess: (answer) => {
      toast.success(answer.msg || m.sent);
      onOpenChange(false);
    },
    onError: (failure) => toast.error(serverOrNetworkMessageOf(failure, m.sendFailed)),
  });
  // Spec 8 lists the blank-message refusal with the failures, which are toasts; it shows by the box too.
  const onInvalid = (errors: FieldErrors<BuyRequestForm>) => {
    if (errors.buyerMessage?.message) toast.error(errors.buyerMessage.message);
  };
  const onValid = ({ buyerMessage }: { buyerMessage: string }) => send.mutate({ productId: product._id, buyerMessage });

  return (
    <Dialog open={open} onOpenChange={onOpenChange} title={m.dialogTitle} description={m.dialogDescription}>
      <form noValidate onSubmit={form.handleSubmit(onValid, onInvalid)} className="space-y-4">
        <div className="flex items-center gap-3 rounded-xl bg-slate-50 p-2 ring-1 ring-slate-200">
          <CardImage image={product.images[0]} sizes="96px" className="w-24 shrink-0 rounded-lg" />
          <p className="min-w-0 font-semibold text-slate-900 [overflow-wrap:anywhere]">{product.title}</p>
        </div>
        <Field id={`${id}-message`} label={m.messageLabel} error={error} hint={`${length} / ${BUY_REQUEST_MESSAGE_MAX_CHARS}`}>
          <Textarea
            rows={5}
            maxLength={BUY_REQUEST_MESSAGE_MAX_CHARS}
            placeholder={m.messagePlaceholder}
            {...form.register('buyerMessage')}
          />
        </Field>
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <Button type="button" variant="secondary" onClick={() => onOpenChange(false)}>
            Cancel
          </Button>
          <Button type="submit" busy={send.isPending}>
            {send.isPending ? m.sendingButton : m.sendButton}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
