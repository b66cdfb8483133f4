// The accounts module's face (decision 010): its plugin, and what other modules may use of it.
export { default } from './accounts.module.ts';
export {
  findCustomer,
  findCustomerIdByIdentity,
  findLoginIdentities,
  insertCustomerWithIdentities,
  setRole,
} from './accounts.repository.ts';
export { type AccountsService } from './accounts.service.ts';
export { toInternationalNumber } from './phone-numbers.ts';
export { pinEmailSubjects } from './text.ts';
export { type ContactDetails, provedAddresses } from './proved-addresses.ts';
export { findProvedAddresses, shareProvedAddress } from './proved-addresses.repository.ts';
export { readLanguage } from './account-language.ts';
