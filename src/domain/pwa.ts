/** The installed app (web app manifest, issue 22): its names and colours, one definition. */
export const PWA_NAME = 'Campus Market';
export const PWA_SHORT_NAME = 'Campus Market';
export const PWA_DESCRIPTION = 'Buy and sell second-hand items with verified students of your campus.';
/** The brand colour (Tailwind brand-600): the title bar and the splash screen's icon background. */
export const PWA_THEME_COLOUR = '#4f46e5';
export const PWA_BACKGROUND_COLOUR = '#f8fafc';
/** Where the installed app opens: the shop's home (the guards send a signed-out visitor to sign in). */
export const PWA_START_URL = '/shop?source=pwa';
