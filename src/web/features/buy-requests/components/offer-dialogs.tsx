import { zodResolver } from '@hookform/resolvers/zod';
import { useId } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import {
  type CounterForm,
  type OfferForm,
  counterFormSchema,
  offerFormSchema,
} from '#domain/buy-requests/buy-request.schemas.ts';
import { OFFER_MAX_RUPEES, OFFER_MIN_RUPEES } from '#domain/buy-requests/offer.constants.ts';
import { offerMessages as om, rupees } from '#domain/buy-requests/offer.messages.ts';
import { BUY_REQUEST_MESSAGE_MAX_CHARS } from '#domain/constants.ts';
import { buyRequestMessages as m } from '#domain/buy-requests/buy-request.messages.ts';
import { formatPrice } from '#domain/products/pricing.ts';
import type { Product } from '#domain/products/product.wire.ts';
import { serverOrNetworkMessageOf } from '#web/api/failure-message.ts';
import { Button } from '#web/components/ui/button.tsx';
import { Dialog } from '#web/components/ui/dialog.tsx';
import { Field, Input, Textarea } from '#web/components/ui/field.tsx';
import { toast } from '#web/lib/toast.ts';
import { type OfferStep, useOfferStep } from '../api/offer-actions.ts';
import { useSendBuyRequest } from '../api/send-buy-request.ts';

/** The amount box: whole rupees only, a number keypad on phones. */
const amountInput = { type: 'number', inputMode: 'numeric', min: OFFER_MIN_RUPEES, max: OFFER_MAX_RUPEES, step: 1 } as const;

export interface MakeOfferDialogProps {
  product: Product;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

/** 'Make an offer' (issue 23): an amount in whole rupees and an optional message to the seller. */
export function MakeOfferDialog({ product, open, onOpenChange }: MakeOfferDialogProps) {
  const id = useId();
  const form = useForm<OfferForm, unknown, z.output<typeof offerFormSchema>>({
    resolver: zodResolver(offerFormSchema),
    defaultValues: { buyerMessage: '' },
  });
  const send = useSendBuyRequest({
    onSuccess: (answer) => {
      toast.success(answer.msg || om.offerSent);
      onOpenChange(false);
    },
    onError: (failure) => toast.error(serverOrNetworkMessageOf(failure, m.sendFailed)),
  });
  const onValid = ({ offerAmount, buyerMessage }: z.output<typeof offerFormSchema>) =>
    send.mutate({ productId: product._id, offerAmount, ...(buyerMessage ? { buyerMessage } : {}) });

  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title={om.offerDialogTitle}
      description={om.offerDialogDescription(formatPrice(product.price))}
    >
      <form noValidate onSubmit={form.handleSubmit(onValid)} className="space-y-4">
        <p className="font-semibold text-slate-900 [overflow-wrap:anywhere]">{product.title}</p>
        <Field id={`${id}-amount`} label={om.amountLabel} error={form.formState.errors.offerAmount?.message}>
          <Input {...amountInput} autoFocus {...form.register('offerAmount', { valueAsNumber: true })} />
        </Field>
        <Field id={`${id}-message`} label={om.optionalMessageLabel} error={form.formState.errors.buyerMessage?.message}>
          <Textarea
            rows={3}
            maxLength={BUY_REQUEST_MESSAGE_MAX_CHARS}
            placeholder={m.messagePlaceholder}
            {...form.register('buyerMessage')}
          />
        </Field>
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <Button type="button" variant="secondary" onClick={() => onOpenChange(false)}>
            {om.cancel}
          </Button>
          <Button type="submit" busy={send.isPending}>
            {send.isPending ? om.sendingOffer : om.sendOfferButton}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}

export interface CounterDialogProps {
  productId: string;
  /** The seller names the buyer they answer; a buyer leaves it out. */
  buyerId?: string;
  /** The amount on the table now. */
  current: number;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

/** Counter an offer with another whole-rupee amount. */
export function CounterDialog({ productId, buyerId, current, open, onOpenChange }: CounterDialogProps) {
  const id = useId();
  const form = useForm<CounterForm, unknown, z.output<typeof counterFormSchema>>({ resolver: zodResolver(counterFormSchema) });
  const step = useOfferStep({
    onSuccess: (answer) => {
      toast.success(answer.msg || om.countered);
      onOpenChange(false);
    },
    onError: (failure) => toast.error(serverOrNetworkMessageOf(failure, om.actionFailed)),
  });
  const onValid = ({ amount }: { amount: number }) => {
    const draft: OfferStep = { action: 'counter', productId, amount, ...(buyerId ? { buyerId } : {}) };
    step.mutate(draft);
  };
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title={om.counterDialogTitle}
      description={om.counterDialogDescription(rupees(current))}
    >
      <form noValidate onSubmit={form.handleSubmit(onValid)} className="space-y-4">
        <Field id={`${id}-amount`} label={om.counterAmountLabel} error={form.formState.errors.amount?.message}>
          <Input {...amountInput} autoFocus {...form.register('amount', { valueAsNumber: true })} />
        </Field>
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <Button type="button" variant="secondary" onClick={() => onOpenChange(false)}>
            {om.cancel}
          </Button>
          <Button type="submit" busy={step.isPending}>
            {om.sendCounterButton}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
