// The staff-members module's face (decision 010): its plugin, and what other modules may use of it.
export { default } from './staff-members.module.ts';
export {
  accountExists,
  addStaffMember,
  bootstrapOrganiser,
  createStaffAccount,
  invitationEmail,
} from './staff-accounts.ts';
