import type { ContestantResults, Gala, ParticipantProfile } from '@eisteddfod/shared';
import { CONTESTANT_ID } from './catalogue-server.ts';

// The results-day answers of the family screens' fake API (family-api.ts).

/** A contestant's released results (Ayanda's in the probe): a section title, a marked entry and one not marked. */
export const resultsOf = (ayanda: ParticipantProfile): ContestantResults => ({
  contestantId: CONTESTANT_ID,
  firstName: ayanda.firstName,
  surname: ayanda.surname,
  eventName: 'Online Eisteddfod 2025',
  releaseAt: '2025-06-18T16:00:00.000Z',
  released: true,
  titles: [
    {
      section: 'Visual Arts & Design',
      bandLabel: 'Intermediate (Grades 4-6)',
      score: 91.5,
      certificate: {
        label: 'Section Winner certificate',
        url: '/api/Certificates/9/File?expires=1&signature=x',
        verificationCode: 'WINS-CODE-0001',
        verificationUrl: 'http://localhost/certificates/verify/WINS-CODE-0001',
      },
    },
  ],
  entries: [
    {
      orderItemId: 41,
      itemCode: 'VA102',
      itemTitle: 'Painting – Own Choice (Grades 4–7)',
      section: 'Visual Arts & Design',
      categoryName: 'Painting',
      published: true,
      scores: [
        { name: 'Concept and originality', value: 27, maxValue: 30 },
        { name: 'Composition', value: 17, maxValue: 20 },
      ],
      total: 44,
      medal: 'MERIT',
      comment: 'A bold, confident painting.',
      certificates: [
        {
          label: 'Certificate',
          url: '/api/Certificates/3/File?expires=1&signature=y',
          verificationCode: 'ENTR-CODE-0003',
          verificationUrl: 'http://localhost/certificates/verify/ENTR-CODE-0003',
        },
      ],
    },
    {
      orderItemId: 42,
      itemCode: 'VA202',
      itemTitle: 'Drawing – Own Choice (Grades 4–7)',
      section: 'Visual Arts & Design',
      categoryName: 'Drawing',
      published: false,
      scores: [],
      total: null,
      medal: null,
      comment: null,
      certificates: [],
    },
  ],
});

/** The released gala: medals of a section, its winner and a showcased artwork and video. */
export const gala: Gala = {
  eventName: 'Online Eisteddfod 2025',
  year: 2025,
  timeZone: 'Africa/Johannesburg',
  galaDate: '2025-06-18',
  releaseAt: '2025-06-18T16:00:00.000Z',
  released: true,
  sections: [
    {
      section: 'Visual Arts & Design',
      entries: 6,
      medals: { DIPLOMA: 2, GOLD: 3, SILVER: 1, BRONZE: 0, MERIT: 0 },
    },
  ],
  winners: [
    {
      section: 'Visual Arts & Design',
      bandLabel: 'Intermediate (Grades 4-6)',
      name: 'Priya N.',
      score: 91.5,
    },
  ],
  showcase: [
    {
      section: 'Visual Arts & Design',
      bandLabel: 'Intermediate (Grades 4-6)',
      name: 'Priya N.',
      itemCode: 'VA102',
      itemTitle: 'Painting – Own Choice (Grades 4–7)',
      kind: 'image',
      url: '/api/uploads/41/file.png?signature=a',
      embed: false,
      posterUrl: null,
      medal: 'DIPLOMA',
    },
    {
      section: 'Music',
      bandLabel: 'Senior (Grades 7-9)',
      name: 'Sipho D.',
      itemCode: 'MU201',
      itemTitle: 'Piano solo',
      kind: 'video',
      url: '/api/uploads/42/file.mp4?signature=b',
      embed: false,
      posterUrl: '/api/uploads/42/poster.jpg?signature=c',
      medal: 'GOLD',
    },
  ],
};
