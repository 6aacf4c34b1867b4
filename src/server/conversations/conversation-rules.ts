import { randomUUID } from 'node:crypto';
import {
  MESSAGE_MAIL_MIN_INTERVAL_MS,
  MESSAGE_RATE_LIMIT_BURST,
  MESSAGE_RATE_LIMIT_DAILY,
  type SystemEvent,
} from '#domain/conversations/conversation.constants.ts';
import { conversationMessages as m } from '#domain/conversations/conversation.messages.ts';
import type {
  ConversationListQuery,
  MessageListQuery,
  StartConversationBody,
} from '#domain/conversations/conversation.schemas.ts';
import type {
  ConversationDetail,
  ConversationPage,
  ConversationSummary,
  MarkReadResponse,
  Message,
  MessagePage,
  StartConversationResponse,
} from '#domain/conversations/conversation.wire.ts';
import { lockListingForMessage } from '../buy-requests/buy-requests.repository.ts';
import type { Clock } from '../clock.ts';
import type { Config } from '../config.ts';
import type { Database, Queryable, StatementRunner } from '../db/client.ts';
import { badRequest, conflict, forbidden, notFound } from '../http/errors.ts';
import { isUuid } from '../http/ids.ts';
import { type RateLimitRule, enforceRateLimits } from '../http/rate-limit.ts';
import { queueMail } from '../mail/outbox.ts';
import { type NotificationRecipient, type NotifyContext, notify } from '../notifications/notify.ts';
import type { NotificationReach } from '../notifications/notifications.repository.ts';
import { runWritten } from '../db/prepared.ts';
import { wantsEmail } from '../notifications/notifications.repository.ts';
import type { Storage } from '../storage/storage.ts';
import { type UserRow, profilePictureOf } from '../users/user.mapper.ts';
import { assertNoProhibitedWords } from '../moderation/prohibited-words.ts';
import { findUserById } from '../users/users.repository.ts';
import { transactionWithEvents } from '../events/event-bus.ts';
import {
  type ConversationHeaderRow,
  type ConversationViewRow,
  countUnreadMessages,
  findConversationView,
  findInboxPage,
  findMessagePage,
} from './conversation-reads.ts';
import {
  type ConversationRow,
  type MessageRow,
  type NewConversation,
  type Side,
  claimMailSlot,
  findConversationByListing,
  findOrOpenConversation,
  findConversationIdForListing,
  findConversationOf,
  findMessage,
  lockConversationForMessage,
  insertMessage,
  markRead,
  postInListingConversation,
  sideOf,
} from './conversations.repository.ts';

declare module '../events/event-bus.ts' {
  interface BusTopics {
    /** A message was added: the streams of both participants load it by id (bodies are too big for NOTIFY). */
    'conversation.message': { conversationId: string; messageId: string; userIds: string[] };
    /** A participant read a conversation up to lastReadAt. */
    'conversation.read': { conversationId: string; readerId: string; lastReadAt: string | null; userIds: string[] };
  }
}

declare module '../jobs/job-queue.ts' {
  interface JobKinds {
    /** Ten minutes after a message: e-mail it if still unread (at most one mail an hour per conversation). */
    'conversation.message-mail': { conversationId: string; messageId: string; recipientId: string };
  }
}

/** What adding a message needs (buy requests add theirs inside their own transaction). */
export interface MessageWriteContext extends NotifyContext {
  clock: Clock;
  config: NotifyContext['config'] & Pick<Config, 'messageMailDelayMs'>;
}

export interface ConversationContext extends MessageWriteContext {
  db: Database;
  /** The database handle's named statements (db/client.ts): the inbox's ids and the unread count. */
  statements: StatementRunner;
  storage: Storage;
}

/** Per user, whatever the conversation: a burst of 10 a minute and 200 a day. */
export const MESSAGES_PER_MINUTE: RateLimitRule = {
  name: 'message:burst',
  ...MESSAGE_RATE_LIMIT_BURST,
  message: m.tooManyPerMinute,
};
export const MESSAGES_PER_DAY: RateLimitRule = {
  name: 'message:daily',
  ...MESSAGE_RATE_LIMIT_DAILY,
  message: m.tooManyPerDay,
};

async function countMessage(ctx: ConversationContext, author: UserRow) {
  await enforceRateLimits(ctx.db, ctx.clock, [
    { rule: MESSAGES_PER_MINUTE, subject: author.id },
    { rule: MESSAGES_PER_DAY, subject: author.id },
  ]);
}

function otherIdOf(conversation: Pick<ConversationRow, 'buyerId' | 'sellerId'>, side: Side): string | null {
  return side === 'buyer' ? conversation.sellerId : conversation.buyerId;
}

export function toMessage(row: MessageRow): Message {
  return {
    _id: row.id,
    conversationId: row.conversationId,
    authorId: row.authorId,
    kind: row.kind,
    body: row.body,
    systemEvent: row.systemEvent,
    createdAt: row.createdAt.toISOString(),
  };
}

function toSummary(row: ConversationViewRow, viewerId: string, storage: Storage): ConversationSummary {
  const side: Side = row.buyerId === viewerId ? 'buyer' : 'seller';
  return {
    _id: row.id,
    role: side,
    otherParticipant: row.otherId
      ? {
          _id: row.otherId,
          name: row.otherName!,
          avatarUrl: profilePictureOf({ profilePictureKey: row.otherPictureKey }, storage).url,
          deleted: false,
        }
      : { _id: null, name: m.deletedUser, avatarUrl: null, deleted: true },
    listing: row.listingId
      ? {
          _id: row.listingId,
          title: row.listingTitle!,
          thumbnailUrl: row.thumbnailKey ? storage.urlFor(row.thumbnailKey) : null,
          price: row.listingPrice!,
          status: row.listingSoldOut ? 'sold' : 'available',
        }
      : { _id: null, title: row.productTitle, thumbnailUrl: null, price: row.productPrice, status: 'deleted' },
    lastMessage: row.lastCreatedAt
      ? { body: row.lastBody!, authorId: row.lastAuthorId, kind: row.lastKind!, createdAt: row.lastCreatedAt }
      : { body: '', authorId: null, kind: 'system', createdAt: row.lastMessageAt },
    unreadCount: side === 'buyer' ? row.buyerUnread : row.sellerUnread,
    updatedAt: row.lastMessageAt,
  };
}

/** The conversation's header for one of its participants; 404 for anyone else. */
async function detailOf(
  statements: StatementRunner,
  conversationId: string,
  viewer: UserRow,
  storage: Storage,
): Promise<ConversationDetail> {
  const row = await findConversationView(statements, viewer.id, conversationId);
  if (!row) throw notFound(m.notFound);
  return detailFrom(row, viewer, storage);
}

function detailFrom(row: ConversationHeaderRow, viewer: UserRow, storage: Storage): ConversationDetail {
  const summary = toSummary(row, viewer.id, storage);
  const otherLastReadAt = summary.role === 'buyer' ? row.sellerLastReadAt : row.buyerLastReadAt;
  return {
    ...summary,
    otherLastReadAt,
    blockedByMe: row.blockedByMe,
    canSend: row.otherId !== null && !(row.blockedByMe || row.blockedMe),
  };
}

/**
 * Adds a buy-request or system line to a conversation locked by `tx`: both sides' live streams
 * hear of it (on every instance) when the transaction commits. Text messages notify too (sendMessage).
 */
async function addLine(
  tx: Queryable,
  ctx: MessageWriteContext,
  conversation: ConversationRow,
  author: UserRow,
  message: { kind: 'buy-request' | 'system'; body: string; systemEvent?: SystemEvent },
): Promise<void> {
  const side = sideOf(conversation, author.id);
  if (!side) throw notFound(m.notFound);
  const row = await insertMessage(tx, conversation, { authorId: author.id, authorSide: side, ...message });
  const otherId = otherIdOf(conversation, side);
  const userIds = otherId ? [author.id, otherId] : [author.id];
  await ctx.events.publish(tx, 'conversation.message', { conversationId: conversation.id, messageId: row.id, userIds });
}

/**
 * What the recipient of a text message gets: an in-app notification at once and, a while later, a
 * job that e-mails it if it is still unread then. Both statements go out together (pipelined on
 * node-postgres); `reach` was read with the conversation's or the listing's lock.
 */
async function tellRecipient(
  tx: Queryable,
  ctx: MessageWriteContext,
  conversation: Pick<ConversationRow, 'id' | 'productId' | 'productTitle'>,
  author: UserRow,
  recipient: NotificationRecipient,
  message: MessageRow,
  reach: NotificationReach,
): Promise<void> {
  await Promise.all([
    notify(tx, ctx, {
      to: recipient,
      kind: 'message.received',
      payload: {
        productId: conversation.productId,
        productTitle: conversation.productTitle,
        conversationId: conversation.id,
        senderName: author.userName,
        message: message.body,
      },
      // Mailed only if still unread later: the job below decides.
      mail: false,
      reach,
    }),
    ctx.jobs.enqueue(
      tx,
      'conversation.message-mail',
      { conversationId: conversation.id, messageId: message.id, recipientId: recipient.id },
      ctx.config.messageMailDelayMs > 0
        ? { startAfter: new Date(ctx.clock.now().getTime() + ctx.config.messageMailDelayMs) }
        : {},
    ),
  ]);
}

/** A conversation about a listing between its seller and `buyerId`, as it is opened (the listing's title and price copied). */
function newConversation(
  listing: { id: string; sellerId: string; title: string; price: number },
  buyerId: string,
  clock: Clock,
): NewConversation {
  return {
    productId: listing.id,
    buyerId,
    sellerId: listing.sellerId,
    productTitle: listing.title,
    productPrice: listing.price,
    now: clock.now(),
  };
}

/**
 * POST /conversations: the caller (buyer) writes to the seller about a listing. The first message
 * opens the conversation; a listing already sold (or one's own) cannot start one.
 */
export async function startConversation(
  ctx: ConversationContext,
  buyer: UserRow,
  body: StartConversationBody,
): Promise<StartConversationResponse> {
  if (!isUuid(body.productId)) throw notFound(m.listingNotFound);
  await countMessage(ctx, buyer);
  // Each step one round trip, as a write waits a turn of a busy event loop for every one: the
  // seller, their reach and any block come with the listing's lock, the conversation is found or
  // opened by the statement that adds the message, and the notification, the mail job and the
  // answer's header go out together.
  return transactionWithEvents(ctx.db, async (tx) => {
    // Listing first, then conversation: the same order as buy requests and their decisions.
    const listing = await lockListingForMessage(tx, body.productId, buyer.id);
    if (!listing) throw notFound(m.listingNotFound);
    if (listing.sellerId === buyer.id) throw forbidden(m.ownListing);
    if (listing.blockedWithBuyer) throw forbidden(m.blocked);
    await assertNoProhibitedWords(ctx, tx, [body.body]);
    // A sold listing keeps the conversations it has, and opens none.
    if (listing.soldOut && !(await findConversationByListing(tx, listing.id, buyer.id))) throw conflict(m.listingSold);
    const { conversation, message } = await postBuyersText(tx, ctx, listing, buyer, body.body);
    const [, header] = await Promise.all([
      tellRecipient(tx, ctx, { ...conversation, productId: listing.id }, buyer, listing.seller, message, listing.sellerReach),
      findConversationView(inTransaction(tx), buyer.id, conversation.id),
    ]);
    await ctx.events.publish(tx, 'conversation.message', {
      conversationId: conversation.id,
      messageId: message.id,
      userIds: [buyer.id, listing.sellerId],
    });
    if (!header) throw new Error(`conversation ${conversation.id} vanished while it was answered`);
    return { success: true, conversation: detailFrom(header, buyer, ctx.storage), message: toMessage(message) };
  });
}

/** The transaction's connection as a statement runner: the reads written for the pool, seeing its writes. */
const inTransaction = (tx: Queryable): StatementRunner => ({ runStatement: (statement) => runWritten(tx, statement) });

/** The buyer's text in their conversation about the listing, opened if needed, in the caller's transaction. */
async function postBuyersText(
  tx: Queryable,
  ctx: MessageWriteContext,
  listing: { id: string; sellerId: string; title: string; price: number },
  buyer: UserRow,
  body: string,
): Promise<{ conversation: Pick<ConversationRow, 'id' | 'productTitle'>; message: MessageRow }> {
  const values = newConversation(listing, buyer.id, ctx.clock);
  const text = { kind: 'text', body } as const;
  const posted = await postInListingConversation(tx, values, {
    id: randomUUID(),
    authorId: buyer.id,
    authorSide: 'buyer',
    ...text,
  });
  if (posted) return posted;
  // A first message committed by someone else meanwhile opened it: find it, then add.
  const conversation = await findOrOpenConversation(tx, values);
  return { conversation, message: await insertMessage(tx, conversation, { authorId: buyer.id, authorSide: 'buyer', ...text }) };
}

/** POST /conversations/:id/messages: while the other account exists and neither side blocked the other. */
export async function sendMessage(
  ctx: ConversationContext,
  author: UserRow,
  conversationId: string,
  body: string,
): Promise<Message> {
  if (!isUuid(conversationId)) throw notFound(m.notFound);
  await countMessage(ctx, author);
  const row = await transactionWithEvents(ctx.db, async (tx) => {
    const locked = await lockConversationForMessage(tx, conversationId, author.id);
    if (!locked) throw notFound(m.notFound);
    const { conversation, recipient } = locked;
    if (!recipient) throw forbidden(m.otherUserDeleted);
    if (recipient.blocked) throw forbidden(m.blocked);
    await assertNoProhibitedWords(ctx, tx, [body]);
    const side = sideOf(conversation, author.id)!;
    const message = await insertMessage(tx, conversation, { authorId: author.id, authorSide: side, kind: 'text', body });
    await tellRecipient(tx, ctx, conversation, author, recipient, message, recipient.reach);
    await ctx.events.publish(tx, 'conversation.message', {
      conversationId: conversation.id,
      messageId: message.id,
      userIds: [author.id, recipient.id],
    });
    return message;
  });
  return toMessage(row);
}

/**
 * A message in the buyer's conversation about a listing (opened if needed), in the caller's
 * transaction, which has locked the listing: the other side hears of it through the live stream.
 * Buy-request and system messages only; a text message also notifies (addMessage).
 */
async function postInBuyersConversation(
  tx: Queryable,
  ctx: MessageWriteContext,
  listing: { id: string; sellerId: string; title: string; price: number },
  buyerId: string,
  author: UserRow,
  message: { kind: 'buy-request' | 'system'; body: string; systemEvent?: SystemEvent },
): Promise<void> {
  const values = newConversation(listing, buyerId, ctx.clock);
  const authorSide = sideOf({ buyerId, sellerId: listing.sellerId }, author.id);
  if (!authorSide) throw notFound(m.notFound);
  const posted = await postInListingConversation(tx, values, { id: randomUUID(), authorId: author.id, authorSide, ...message });
  if (!posted) {
    // A first message committed by someone else meanwhile opened it: find it, then add.
    await addLine(tx, ctx, await findOrOpenConversation(tx, values), author, message);
    return;
  }
  const otherId = otherIdOf(posted.conversation, authorSide);
  await ctx.events.publish(tx, 'conversation.message', {
    conversationId: posted.conversation.id,
    messageId: posted.message.id,
    userIds: otherId ? [author.id, otherId] : [author.id],
  });
}

/** The buyer's buy-request message, in the buy request's transaction: it appears in their conversation about the listing. */
export async function postBuyRequestMessage(
  tx: Queryable,
  ctx: MessageWriteContext,
  listing: { id: string; sellerId: string; title: string; price: number },
  buyer: UserRow,
  body: string,
): Promise<void> {
  await postInBuyersConversation(tx, ctx, listing, buyer.id, buyer, { kind: 'buy-request', body });
}

/**
 * The seller's decision on a buy request, as a system line in the buyer's conversation (same
 * transaction). Offers (issue 23) post their steps the same way, with the actor (buyer or seller)
 * as author and their own text.
 */
export async function postDecisionLine(
  tx: Queryable,
  ctx: MessageWriteContext,
  listing: { id: string; sellerId: string; title: string; price: number },
  seller: UserRow,
  buyerId: string,
  event: SystemEvent,
  text?: string,
): Promise<void> {
  const body = text ?? (event === 'accepted' ? m.systemAccepted : m.systemRejected);
  await postInBuyersConversation(tx, ctx, listing, buyerId, seller, { kind: 'system', body, systemEvent: event });
}

function cursorOf(value: string | undefined): string | undefined {
  if (value === undefined) return undefined;
  if (!isUuid(value)) throw badRequest(m.cursorInvalid);
  return value;
}

/** GET /conversations: the inbox, newest activity first. */
export async function listInbox(
  ctx: ConversationContext,
  viewer: UserRow,
  query: ConversationListQuery,
): Promise<ConversationPage> {
  const rows = await findInboxPage(ctx.statements, viewer.id, query.limit + 1, cursorOf(query.before));
  const page = rows.slice(0, query.limit);
  return {
    success: true,
    conversations: page.map((row) => toSummary(row, viewer.id, ctx.storage)),
    nextCursor: rows.length > query.limit ? (page.at(-1)?.id ?? null) : null,
    // Every row carries the total; a page past the end has none to carry it.
    unreadCount: rows[0]?.unreadCount ?? (await countUnreadMessages(ctx.statements, viewer.id)),
  };
}

export async function getConversation(
  ctx: ConversationContext,
  viewer: UserRow,
  conversationId: string,
): Promise<ConversationDetail> {
  return detailOf(ctx.statements, conversationId, viewer, ctx.storage);
}

export async function getConversationForListing(
  ctx: ConversationContext,
  viewer: UserRow,
  productId: string,
): Promise<ConversationDetail> {
  const id = await findConversationIdForListing(ctx.db, productId, viewer.id);
  if (!id) throw notFound(m.notFound);
  return detailOf(ctx.statements, id, viewer, ctx.storage);
}

/** GET /conversations/:id/messages: newest first, older pages by cursor. */
export async function listMessages(
  ctx: ConversationContext,
  viewer: UserRow,
  conversationId: string,
  query: MessageListQuery,
): Promise<MessagePage> {
  const rows = await findMessagePage(ctx.statements, conversationId, viewer.id, query.limit + 1, cursorOf(query.before));
  const first = rows[0];
  if (!first) throw notFound(m.notFound);
  const messages = first.id === null ? [] : rows.slice(0, query.limit);
  return {
    success: true,
    messages: messages.map((row) => ({
      _id: row.id!,
      conversationId,
      authorId: row.authorId,
      kind: row.kind,
      body: row.body,
      systemEvent: row.systemEvent,
      createdAt: row.createdAt,
    })),
    nextCursor: rows.length > query.limit ? (messages.at(-1)?.id ?? null) : null,
    otherLastReadAt: first.buyerId === viewer.id ? first.sellerLastReadAt : first.buyerLastReadAt,
  };
}

/** POST /conversations/:id/read: everything in it read; both sides' streams hear of it ('Seen', the badge). */
export async function readConversation(
  ctx: ConversationContext,
  viewer: UserRow,
  conversationId: string,
): Promise<MarkReadResponse> {
  const lastReadAt = await ctx.db.transaction(async (tx) => {
    const conversation = await findConversationOf(tx, conversationId, viewer.id, 'update');
    if (!conversation) throw notFound(m.notFound);
    const side = sideOf(conversation, viewer.id)!;
    const readAt = await markRead(tx, conversation.id, side);
    const otherId = otherIdOf(conversation, side);
    await ctx.events.publish(tx, 'conversation.read', {
      conversationId: conversation.id,
      readerId: viewer.id,
      lastReadAt: readAt?.toISOString() ?? null,
      userIds: otherId ? [viewer.id, otherId] : [viewer.id],
    });
    return readAt;
  });
  return {
    success: true,
    unreadCount: await countUnreadMessages(ctx.statements, viewer.id),
    lastReadAt: lastReadAt?.toISOString() ?? null,
  };
}

export async function unreadMessageCount(ctx: ConversationContext, viewer: UserRow): Promise<number> {
  return countUnreadMessages(ctx.statements, viewer.id);
}

/**
 * The delayed mail job: when it runs (ten minutes after the message), it e-mails the message only
 * if the recipient still has not read it, wants such mails, and had none about this conversation
 * within the hour. Everything is re-read here: the message may be read, or the account gone.
 */
export async function mailIfStillUnread(
  ctx: ConversationContext,
  job: { conversationId: string; messageId: string; recipientId: string },
): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    const conversation = await findConversationOf(tx, job.conversationId, job.recipientId, 'update');
    if (!conversation) return;
    const side = sideOf(conversation, job.recipientId)!;
    const message = await findMessage(tx, job.messageId);
    if (!message || message.conversationId !== conversation.id) return;
    const readAt = side === 'buyer' ? conversation.buyerLastReadAt : conversation.sellerLastReadAt;
    if (readAt && readAt.getTime() >= message.createdAt.getTime()) return;
    if (!(await wantsEmail(tx, job.recipientId, 'message.received'))) return;
    const now = ctx.clock.now();
    if (!(await claimMailSlot(tx, conversation.id, side, now, new Date(now.getTime() - MESSAGE_MAIL_MIN_INTERVAL_MS)))) return;
    const recipient = await findUserById(tx, job.recipientId);
    if (!recipient) return;
    const author = message.authorId ? await findUserById(tx, message.authorId) : undefined;
    await queueMail(tx, ctx, {
      kind: 'message.received',
      to: recipient.email,
      userId: recipient.id,
      data: {
        recipientName: recipient.userName,
        payload: {
          productId: conversation.productId,
          productTitle: conversation.productTitle,
          conversationId: conversation.id,
          senderName: author?.userName ?? m.deletedUser,
          message: message.body,
        },
      },
      eventKey: `message-mail:${message.id}:${recipient.id}`,
    });
  });
}
