import { groupIndianDigits } from '../number-format.ts';
import { OFFER_MAX_RUPEES, OFFER_MIN_RUPEES } from './offer.constants.ts';

/** "₹4,500": offers are whole rupees. */
export function rupees(amount: number): string {
  return `₹${groupIndianDigits(amount)}`;
}

/** Every user-facing text of offers, reservations and 'Sold elsewhere' (issue 23). */
export const offerMessages = {
  // Validation.
  amountRequired: 'Enter the amount you offer',
  amountWhole: 'An offer is a whole number of rupees',
  amountRange: `An offer is from ${rupees(OFFER_MIN_RUPEES)} to ${rupees(OFFER_MAX_RUPEES)}`,

  // Answers.
  offerSent: 'Your offer is sent to the seller',
  offerReplaced: 'Your new offer replaced your previous one',
  countered: 'Your counter-offer is sent',
  acceptedSold: 'Offer accepted: the listing is sold',
  withdrawn: 'You withdrew your offer',
  rejected: 'Offer rejected',
  reserved: 'The listing is marked Reserved',
  released: 'The listing is available again',
  soldElsewhere: 'The listing is marked as sold elsewhere',

  // Refusals.
  ownListing: 'You cannot make an offer on your own listing.',
  notYourTurn: 'This offer is waiting for the other side to answer.',
  awaitingBuyer: 'Your counter-offer is waiting for the buyer’s answer.',
  nothingToAnswer: 'There is no offer from the seller to answer.',
  expired: 'This offer has expired.',
  withdrawnAlready: 'This offer was withdrawn.',
  sameAmount: 'Counter with a different amount than the one offered.',
  notAReserveBuyer: 'You can only reserve the listing for a buyer who requested it.',
  alreadySold: 'This listing is already sold.',
  notReserved: 'This listing is not reserved.',
  onlyBuyer: 'Only the buyer who made this offer can withdraw it.',
  onlySeller: "Only this listing's seller can do this.",
  buyerRequired: 'Name the buyer whose offer you answer.',

  // Conversation lines.
  lineMade: (amount: number) => `Offered ${rupees(amount)}.`,
  lineReplaced: (amount: number, previous: number | null) =>
    previous === null
      ? `Offered ${rupees(amount)} instead of the asking price.`
      : `Offered ${rupees(amount)}, replacing the offer of ${rupees(previous)}.`,
  lineRequestReplaced: (previous: number) => `Withdrew the offer of ${rupees(previous)}: asks at the asking price.`,
  lineCountered: (amount: number) => `Countered with ${rupees(amount)}.`,
  lineAccepted: (amount: number) => `Accepted ${rupees(amount)}. The listing is sold.`,
  lineRejected: (amount: number) => `Declined the offer of ${rupees(amount)}.`,
  lineWithdrawn: 'Withdrew the offer.',
  lineExpired: (amount: number) => `The offer of ${rupees(amount)} expired without an answer.`,
  lineReserved: 'Reserved the listing for you.',
  lineReleased: 'The listing is no longer reserved for you.',
  lineSoldElsewhere: 'The seller sold this listing elsewhere.',
  defaultOfferMessage: (amount: number) => `I would like to offer ${rupees(amount)}.`,

  // Notification texts.
  notificationTitle: {
    made: 'New offer',
    replaced: 'Offer changed',
    countered: 'Counter-offer',
    accepted: 'Offer accepted',
    rejected: 'Offer declined',
    withdrawn: 'Offer withdrawn',
    expired: 'Offer expired',
  },
  reservedTitle: 'Reserved for you',
  releasedTitle: 'Reservation ended',
  soldElsewhereTitle: 'Listing sold elsewhere',

  // Web.
  makeOfferButton: 'Make an offer',
  offerDialogTitle: 'Make an offer',
  offerDialogDescription: (asking: string) =>
    `The asking price is ${asking}. Offer what you would pay in whole rupees; the seller can accept, decline or counter.`,
  amountLabel: 'Your offer (₹)',
  counterAmountLabel: 'Your counter-offer (₹)',
  optionalMessageLabel: 'Message (optional)',
  sendOfferButton: 'Send offer',
  sendingOffer: 'Sending…',
  acceptButton: 'Accept',
  rejectButton: 'Reject',
  counterButton: 'Counter',
  withdrawButton: 'Withdraw',
  counterDialogTitle: 'Counter-offer',
  counterDialogDescription: (current: string) => `The offer on the table is ${current}. Propose another amount.`,
  sendCounterButton: 'Send counter-offer',
  offerFromBuyer: (amount: number) => `Offers ${rupees(amount)}`,
  counterFromSeller: (amount: number) => `You countered with ${rupees(amount)}`,
  sellerCounter: (amount: number) => `The seller countered with ${rupees(amount)}`,
  yourOffer: (amount: number) => `Your offer: ${rupees(amount)}`,
  atAskingPrice: 'At the asking price',
  expiresAt: (when: string) => `Expires ${when}`,
  soldFor: (amount: string) => `Sold for ${amount}`,
  soldElsewhereLabel: 'Sold elsewhere',
  reservedBadge: 'Reserved',
  reserveButton: 'Reserve',
  releaseButton: 'Release reservation',
  soldElsewhereButton: 'Sold elsewhere',
  reserveDialogTitle: 'Reserve this listing',
  reserveDialogDescription: 'Hold it for one buyer. It stays visible with a Reserved badge and still takes requests and offers.',
  reserveForLabel: 'Reserve for',
  reserveForNobody: 'Nobody in particular',
  reserveConfirm: 'Reserve',
  soldElsewhereDialogTitle: 'Sold elsewhere?',
  soldElsewhereDialogDescription:
    'The listing will show as sold. Every open request and offer on it is declined and its buyer told. This cannot be undone.',
  soldElsewhereConfirm: 'Mark as sold',
  cancel: 'Cancel',
  reservedForYou: 'Reserved for you',
  reservedForSomeone: 'Reserved for another buyer',
  statusWithdrawn: 'Offer withdrawn',
  statusWithdrawnHint: 'You withdrew this offer. You can make a new one.',
  statusExpired: 'Offer expired',
  statusExpiredHint: 'Nobody answered within 48 hours. You can make a new offer.',
  actionFailed: 'Something went wrong. Please try again.',
} as const;
