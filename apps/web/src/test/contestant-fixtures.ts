import type { ParticipantProfile, ReferenceLists } from '@eisteddfod/shared';
import { writeStored } from '../lib/storage.ts';
import type { MockRequest } from './api-mock.ts';

export const CUSTOMER_ID = 42;

const reference: ReferenceLists = {
  sections: [],
  grades: [],
  genders: ['male', 'female', 'other'],
  instruments: [],
  countries: [],
  defaultCountry: 'South Africa',
  schools: ['Other School', 'Jacaranda Primary', 'Umhlanga College'],
};

export function contestant(changes: Partial<ParticipantProfile> = {}): ParticipantProfile {
  return {
    id: 7,
    customerId: CUSTOMER_ID,
    firstName: 'Ayanda',
    surname: 'Dlamini',
    email: null,
    mobileNumber: null,
    school: 'Jacaranda Primary',
    grade: '5',
    gender: 'female',
    profileImageLink: null,
    profilePictureName: null,
    orderItems: [],
    ...changes,
  };
}

export const groupItem = {
  id: 501,
  orderId: 90,
  itemCode: 'DR205',
  itemShortDescription: 'Choral Verse, Group',
  itemDescription: 'A group recites a poem of its choice.',
  isGroupItem: true,
  instruments: '',
  groupParticipants: [
    {
      firstName: 'Lerato',
      surname: 'Khumalo',
      school: 'Umhlanga College',
      gender: 'female',
      grade: '6',
    },
  ],
};

/** Stores what a logged-in customer has: a session token and the customer id. */
export function logIn(): void {
  writeStored('token', 'session-token');
  writeStored('customerId', String(CUSTOMER_ID));
}

/**
 * A server with these contestants (or a function giving the current ones) and the reference
 * lists; other calls answer `other`.
 */
export function contestantsServer(
  list: ParticipantProfile[] | (() => ParticipantProfile[]),
  other: (request: MockRequest) => [number, unknown?] = () => [500],
) {
  return (request: MockRequest): [number, unknown?] => {
    if (
      request.method === 'GET' &&
      request.path === `/api/Customers/${CUSTOMER_ID}/participant-profiles`
    ) {
      return [200, typeof list === 'function' ? list() : list];
    }
    if (request.method === 'GET' && request.path === '/api/reference') return [200, reference];
    return other(request);
  };
}
