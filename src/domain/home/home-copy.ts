/*
 * Page copy only its page shows, kept out of messages.ts so that the first load of every other
 * screen does not carry it (messages.ts goes into the first file every visit loads).
 */

/** Home page copy (spec 2): the three banner slides and the section titles. */
export const homeMessages = {
  slides: [
    { heading: 'Welcome to the product', subheading: 'All your campus essentials, all in one place' },
    { heading: 'Shop, Sell, Save', subheading: 'Great prices from real students' },
    { heading: 'Hostel Ready?', subheading: 'Get furniture & supplies in minutes' },
  ],
  shopByCategories: 'Shop by Categories',
  recentlyAdded: 'Recently Added Products',
  exploreMore: 'Explore More',
} as const;
