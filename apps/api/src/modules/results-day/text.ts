import en from './messages/en.json';
import { serverCatalogue } from '../../lib/messages.ts';

export const text = serverCatalogue('results-day', { en });
