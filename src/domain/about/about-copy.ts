/*
 * Page copy only its page shows, kept out of messages.ts so that the first load of every other
 * screen does not carry it (messages.ts goes into the first file every visit loads).
 */

/** The About page (spec 1): mission, the six-step strip, highlights, guidelines and support. */
export const aboutMessages = {
  title: 'About Campus Market',
  mapTitle: 'Map of the campus',
  mapPlaceholder: 'The campus map will appear here once the site administrator adds it.',
  missionHeading: 'Our mission',
  mission:
    'Campus Market helps students pass on what they no longer need to someone on the same campus who does. ' +
    'Books, cycles, hostel furniture and gadgets find a second owner a short walk away, at a fair price, ' +
    'and less ends up in the bin when a semester ends.',
  stepsHeading: 'How it works',
  steps: [
    { title: 'Browse', text: 'Search and filter what students on your campus are selling.' },
    { title: 'Wishlist', text: 'Save the items you like to find them again later.' },
    { title: 'Request', text: 'Send the seller a buy request with a short message.' },
    { title: 'Response', text: 'The seller accepts or declines your request.' },
    { title: 'Contact', text: 'Meet up through institute e-mail or a messaging app.' },
    { title: 'Sell', text: 'List your own items with photos in a minute.' },
  ],
  highlightsHeading: 'Why students use it',
  highlights: [
    { title: 'Verified students only', text: 'Every account is confirmed with an institute e-mail address.' },
    { title: 'Right on campus', text: 'Buyers and sellers live and study a short walk apart.' },
    { title: 'Fair prices', text: 'See the original price and the discount on every listing.' },
    { title: 'Free to use', text: 'No fees and no commission: the whole price goes to the seller.' },
  ],
  guidelinesHeading: 'Community guidelines',
  guidelines: [
    'Describe items honestly, with real photos and their true condition.',
    'Be respectful in every message, whether you buy or sell.',
    'Meet in public places on campus and check the item before you pay.',
    'List only items you own and that are allowed on campus.',
    'Mark items as sold once they are gone, so nobody waits in vain.',
    'Misuse of the service leads to action against the account.',
  ],
  supportHeading: 'Need help?',
  support: 'Questions, problems or a listing to report? Write to us at',
} as const;
