import type { PublicSite } from '../shared/event/api/event-content.ts';

/** GET /api/content for unit tests: the demo event with short, made-up content. */
export const PUBLIC_SITE: PublicSite = {
  event: {
    id: 1,
    name: 'Online Eisteddfod 2025',
    year: 2025,
    timeZone: 'Africa/Johannesburg',
    dates: {
      registrationOpens: '2025-03-24',
      registrationCloses: '2025-04-20',
      uploadsOpen: '2025-04-14',
      submissionStarts: '2025-04-21',
      submissionEnds: '2025-04-25',
      visualArtsDue: '2025-04-21',
      galaAwards: '2025-06-18',
      lateEntryFrom: '2025-04-21',
    },
    fees: {
      individualCents: 16000,
      groupSmallCents: 25000,
      groupLargeCents: 35000,
      groupLargeFromParticipants: 10,
      changeFeeCents: 25000,
      amendmentFeeCents: 25000,
      lateSurchargePercent: 50,
    },
  },
  content: {
    hostLine: 'Hosted by Test School · Open to schools worldwide',
    title: 'Online Eisteddfod 2025',
    intro: 'Perform and create from wherever you are.',
    artworks: [
      {
        title: 'Jacaranda Season',
        artist: 'Lerato M., Grade 9',
        image: 'a.svg',
        alt: 'A purple tree',
      },
      { title: 'City of Gold', artist: 'Ethan K., Grade 11', image: 'b.svg', alt: 'A skyline' },
      { title: 'Leap', artist: 'Amahle N., Grade 7', image: 'c.svg', alt: 'A dancer' },
    ],
    categories: [
      { section: 'Dramatic Arts', title: 'Languages, Speech & Drama', summary: 'Poetry.' },
      { section: 'Music', title: 'Instrumental & Vocal Music', summary: 'Piano.' },
      { section: 'Visual Arts & Design', title: 'Visual & Art Design', summary: 'Painting.' },
      { section: 'Dance', title: 'Dance', summary: 'Ballet.' },
    ],
    howItWorks: [
      { title: 'Register & choose categories', text: 'Register.' },
      { title: 'Prepare & upload performance', text: 'Upload.' },
      { title: 'Adjudication & results', text: 'Results.' },
    ],
    participatingSchools: Array.from({ length: 12 }, (_, i) => ({
      name: `School ${i + 1}`,
      logo: `school-${i + 1}.svg`,
    })),
    adjudicators: ['ann-one', 'ben-two', 'cat-three', 'dan-four'].map((slug) => ({
      slug,
      name: `Adjudicator ${slug}`,
      discipline: 'Music',
      portrait: `${slug}.svg`,
      summary: 'A musician.',
      bio: ['First paragraph.', 'Second paragraph.'],
    })),
    faq: Array.from({ length: 7 }, (_, i) => ({
      question: `Question ${i + 1}?`,
      answer: `Answer ${i + 1}.`,
    })),
    rules: ['Each student registers individually.', 'Performances are filmed for this event.'],
    social: [{ label: 'Facebook', url: 'https://www.facebook.com/test-eisteddfod' }],
    contactEmail: 'help@example.org',
  },
};
