export * from './users.ts';
export * from './auth.ts';
export * from './products.ts';
export * from './engagement.ts';
export * from './audit.ts';
export * from './notifications.ts';
export * from './moderation.ts';
export * from './conversations.ts';
